#include "engine/rules/describe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/core/source_manager.hpp"

namespace umpire::rules {
namespace {

std::string refs_line(const Citations& refs) {
  std::string out;
  for (const Citation& c : refs) out += "  [" + c.text() + "]";
  return out;
}

std::string pattern_text(const Ruleset& rs, const Field& key, const Pattern& p) {
  if (p.any) return "_";
  if (key.type.kind == TypeKind::enumeration) {
    const Domain& d = rs.domains[key.type.ref];
    std::string out;
    int n = 0;
    for (std::size_t i = 0; i < d.values.size(); ++i) {
      if (!(p.bits >> i & 1U)) continue;
      out += (n++ ? ", " : "") + d.values[i];
    }
    return n == 1 ? out : "{" + out + "}";
  }
  if (key.type.kind == TypeKind::boolean)
    return p.lo == p.hi ? (p.lo != 0 ? "true" : "false") : "_";
  if (p.lo == p.hi) return std::to_string(p.lo);
  if (p.hi == key.type.hi) return fmt::format("{}+", p.lo);
  if (p.lo == key.type.lo) return fmt::format("{}-", p.hi);
  return fmt::format("{}..{}", p.lo, p.hi);
}

std::string op_name(ExprKind k) {
  switch (k) {
    case ExprKind::add:
      return "+";
    case ExprKind::sub:
      return "-";
    case ExprKind::eq:
      return "==";
    case ExprKind::ne:
      return "!=";
    case ExprKind::lt:
      return "<";
    case ExprKind::le:
      return "<=";
    case ExprKind::gt:
      return ">";
    case ExprKind::ge:
      return ">=";
    case ExprKind::in:
      return "in";
    case ExprKind::and_:
      return "and";
    case ExprKind::or_:
      return "or";
    case ExprKind::implies:
      return "implies";
    default:
      return "?";
  }
}

std::string entry_text(const Ruleset& rs, const Entry& e) {
  std::string op;
  switch (e.op) {
    case OpKind::add:
      op = "add " + expr_text(rs, e.operand);
      break;
    case OpKind::sub:
      op = "sub " + expr_text(rs, e.operand);
      break;
    case OpKind::mul:
      op = fmt::format("mul {}", e.factor);
      break;
    case OpKind::div:
      op = fmt::format("div {} {}", e.factor, e.round_up ? "up" : "down");
      break;
    case OpKind::set:
      op = "set " + expr_text(rs, e.operand);
      break;
    case OpKind::cap:
      op = "cap " + expr_text(rs, e.operand);
      break;
    case OpKind::floor:
      op = "floor " + expr_text(rs, e.operand);
      break;
  }
  std::string out = e.name + ": " + op;
  if (e.when) out += " when " + expr_text(rs, *e.when);
  return out;
}

std::size_t width(const std::string& s) {
  return count_code_points(s);
}

}  // namespace

std::string text_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  }
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      line += rows[r][c];
      if (c + 1 < rows[r].size()) line += std::string(widths[c] - width(rows[r][c]) + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    if (r == 0) {
      std::string rule;
      for (std::size_t c = 0; c < widths.size(); ++c)
        rule += std::string(widths[c], '-') + (c + 1 < widths.size() ? "  " : "");
      out += rule + "\n";
    }
  }
  return out;
}

std::string expr_text(const Ruleset& rs, const Expr& e) {
  auto a = [&](std::size_t i) { return expr_text(rs, e.args[i]); };
  switch (e.kind) {
    case ExprKind::literal:
      return value_text(rs, e.type, e.literal);
    case ExprKind::given:
      return rs.givens[e.ref].name;
    case ExprKind::switch_:
      return rs.switches[e.ref].name;
    case ExprKind::value:
      return rs.values[e.ref].name;
    case ExprKind::field:
      return a(0) + "." + rs.records[e.args[0].type.ref].fields[e.index].name;
    case ExprKind::lookup: {
      const Table& t = rs.tables[e.ref];
      std::string out = t.name + "." + t.columns[e.index].name + "(";
      for (std::size_t k = 0; k < e.args.size(); ++k)
        out += (k ? ", " : "") + t.keys[k].name + " = " + a(k);
      return out + ")";
    }
    case ExprKind::neg:
      return "-(" + a(0) + ")";
    case ExprKind::mul:
      return fmt::format("({}) * {}", a(0), e.factor);
    case ExprKind::div:
      return fmt::format("div({}, {}, {})", a(0), e.factor, e.round_up ? "up" : "down");
    case ExprKind::min:
      return "min(" + a(0) + ", " + a(1) + ")";
    case ExprKind::max:
      return "max(" + a(0) + ", " + a(1) + ")";
    case ExprKind::cases: {
      std::string out = "cases {";
      const std::size_t arms = (e.args.size() - 1) / 2;
      for (std::size_t i = 0; i < arms; ++i) out += " when " + a(2 * i) + " => " + a(2 * i + 1);
      return out + " else => " + expr_text(rs, e.args.back()) + " }";
    }
    case ExprKind::with_stack:
      return "(" + a(0) + " with " + rs.stacks[e.ref].name + ")";
    case ExprKind::not_:
      return "not (" + a(0) + ")";
    case ExprKind::and_:
    case ExprKind::or_:
    case ExprKind::implies:
      return "(" + a(0) + " " + op_name(e.kind) + " " + a(1) + ")";
    default:
      return a(0) + " " + op_name(e.kind) + " " + a(1);
  }
}

std::string describe_ruleset(const Ruleset& rs) {
  std::string out = fmt::format("{}: {}\n", rs.id, rs.title);
  if (rs.lineage.size() > 1) out += "extends " + rs.lineage[1] + "\n";
  std::map<ItemKind, std::vector<std::string>> by_kind;
  for (const auto& [name, ref] : rs.items) by_kind[ref.kind].push_back(name);
  for (const auto& [kind, names] : by_kind) {
    out += fmt::format("\n{} ({}):\n", to_string(kind), names.size());
    std::string line = " ";
    for (const std::string& n : names) {
      if (line.size() + n.size() > 98) {
        out += line + "\n";
        line = " ";
      }
      line += " " + n;
    }
    out += line + "\n";
  }
  if (!rs.differences.empty()) {
    out += fmt::format("\ndifferences from {} ({}):\n",
                       rs.lineage.size() > 1 ? rs.lineage[1] : "base", rs.differences.size());
    for (const Difference& d : rs.differences) {
      out += fmt::format("  {} {}{}\n", d.operation, d.item,
                         d.intentional ? ": " + d.why : " (undeclared)");
    }
  }
  return out;
}

std::string describe_item(const Ruleset& rs, ItemRef ref) {
  const std::string& name = rs.name_of(ref);
  std::string out = fmt::format("{} {}{}\n", to_string(ref.kind), name, refs_line(rs.refs_of(ref)));
  switch (ref.kind) {
    case ItemKind::domain: {
      const Domain& d = rs.domains[ref.index];
      out += d.is_int ? fmt::format("  int {}..{}\n", d.lo, d.hi)
                      : "  " + fmt::format("{}", fmt::join(d.values, ", ")) + "\n";
      break;
    }
    case ItemKind::given:
      out += "  type " + type_name(rs, rs.givens[ref.index].type) + "\n";
      break;
    case ItemKind::switch_: {
      const Switch& s = rs.switches[ref.index];
      // A switch that fills a gap or an erratum is the engine's reading of a
      // silence or a misprint, not one of two readings of a passage: say
      // which note it answers.
      if (s.fills) {
        const TextNote& n = rs.notes[*s.fills];
        out +=
            fmt::format("  fills {} {}\n", n.kind == NoteKind::erratum ? "erratum" : "gap", n.name);
      }
      for (std::size_t i = 0; i < s.options.size(); ++i) {
        out += fmt::format("  {} {}: {}{}\n", i == s.default_option ? "*" : "-", s.options[i].name,
                           s.options[i].description, refs_line(s.options[i].refs));
      }
      break;
    }
    case ItemKind::value: {
      const ValueItem& v = rs.values[ref.index];
      out += "  " + type_name(rs, v.type) + " = " + expr_text(rs, v.expr) + "\n";
      break;
    }
    case ItemKind::table: {
      const Table& t = rs.tables[ref.index];
      std::vector<std::vector<std::string>> rows(1);
      for (const Field& k : t.keys) rows[0].push_back(k.name);
      for (const Field& c : t.columns) rows[0].push_back(c.name);
      for (const Row& r : t.rows) {
        std::vector<std::string> cells;
        for (std::size_t k = 0; k < t.keys.size(); ++k)
          cells.push_back(pattern_text(rs, t.keys[k], r.keys[k]));
        for (std::size_t c = 0; c < t.columns.size(); ++c)
          cells.push_back(value_text(rs, t.columns[c].type, r.results[c]));
        rows.push_back(std::move(cells));
      }
      out += "\n" + text_table(rows);
      if (t.partial) out += "(partial: other keys have no entry)\n";
      break;
    }
    case ItemKind::stack: {
      const Stack& s = rs.stacks[ref.index];
      out += "  " + type_name(rs, s.type) + (s.clamp ? " clamp" : "") +
             (s.base ? " base " + expr_text(rs, *s.base) : "") + "\n";
      for (const Stage& st : s.stages) {
        static const char* policies[] = {"all", "first", "most_penalising", "most_favourable"};
        out += fmt::format("  stage {} ({})\n", st.name, policies[static_cast<int>(st.policy)]);
        for (const Entry& e : st.entries) {
          out += "    " + entry_text(rs, e) +
                 (e.skill ? " (skill " + rs.skills[*e.skill].name + ")" : "") + refs_line(e.refs) +
                 "\n";
        }
      }
      break;
    }
    case ItemKind::test: {
      const Test& t = rs.tests[ref.index];
      out += "  roll " + t.dice_text +
             (t.count ? " (each of " + expr_text(rs, *t.count) + " dice)" : "") + "\n";
      out += std::string("  success ") + (t.at_least ? "at least " : "at most ") +
             expr_text(rs, t.target) + "\n";
      if (t.stack)
        out += "  modifiers " + rs.stacks[*t.stack].name + (t.on_roll ? " on roll" : " on target") +
               "\n";
      for (const Face& f : t.faces) {
        out += fmt::format(
            "  {} => {}{}\n",
            f.natural ? fmt::format("natural {}", f.face)
                      : (f.face ? fmt::format("double {}", f.face) : std::string("double")),
            f.outcome == FaceOutcome::success   ? "success"
            : f.outcome == FaceOutcome::failure ? "failure"
                                                : f.item,
            f.when ? " when " + expr_text(rs, *f.when) : "");
      }
      break;
    }
    case ItemKind::record: {
      const Record& r = rs.records[ref.index];
      std::vector<std::vector<std::string>> rows(1, {"profile"});
      for (const Field& f : r.fields) rows[0].push_back(f.name);
      for (const Profile& p : rs.profiles) {
        if (&rs.records[p.record] != &r) continue;
        std::vector<std::string> cells{p.name};
        for (std::size_t i = 0; i < r.fields.size(); ++i)
          cells.push_back(value_text(rs, r.fields[i].type, p.values[i]));
        rows.push_back(std::move(cells));
      }
      out += "\n" + text_table(rows);
      break;
    }
    case ItemKind::profile: {
      const Profile& p = rs.profiles[ref.index];
      const Record& r = rs.records[p.record];
      out += "  record " + r.name + "\n";
      for (std::size_t i = 0; i < r.fields.size(); ++i) {
        out += fmt::format("  {} = {}\n", r.fields[i].name,
                           value_text(rs, r.fields[i].type, p.values[i]));
      }
      break;
    }
    case ItemKind::skill: {
      const Skill& s = rs.skills[ref.index];
      out += std::string("  ") + (s.special ? "special rule" : "skill") + ", held in " +
             rs.givens[s.holder].name + "\n";
      if (s.cost)
        out += "  cost " + expr_text(rs, *s.cost) +
               (s.cost_per.empty() ? "" : " per " + s.cost_per) + "\n";
      if (s.allowed) out += "  allowed when " + expr_text(rs, *s.allowed) + "\n";
      for (std::uint32_t r : s.requires_skills) out += "  requires " + rs.skills[r].name + "\n";
      for (std::uint32_t r : s.excludes_skills) out += "  excludes " + rs.skills[r].name + "\n";
      for (const EffectRef& e : s.effects) {
        const Stack& st = rs.stacks[e.stack];
        out += "  effect " + st.name + "." + st.stages[e.stage].name + " " +
               entry_text(rs, st.stages[e.stage].entries[e.entry]) + "\n";
      }
      for (std::uint32_t p : s.permissions) {
        const Permission& perm = rs.permissions[p];
        static const char* mods[] = {"can", "cannot", "must"};
        out += fmt::format("  {} {}\n", mods[static_cast<int>(perm.modality)],
                           rs.domains[*rs.action_domain].values[perm.action]);
      }
      for (const Reroll& r : s.rerolls) out += "  reroll " + rs.tests[r.test].name + "\n";
      break;
    }
    case ItemKind::permission: {
      const Permission& p = rs.permissions[ref.index];
      static const char* mods[] = {"can", "cannot", "must"};
      out += fmt::format("  {} {}{}\n", mods[static_cast<int>(p.modality)],
                         rs.action_domain ? rs.domains[*rs.action_domain].values[p.action] : "?",
                         p.when ? " when " + expr_text(rs, *p.when) : "");
      break;
    }
    case ItemKind::army_list: {
      const ArmyList& a = rs.army_lists[ref.index];
      std::string units;
      for (std::uint32_t u : a.units) units += (units.empty() ? "" : ", ") + rs.profiles[u].name;
      out += "  units " + units + "\n";
      for (const Constraint& c : a.constraints)
        out += "  constraint " + c.name + refs_line(c.refs) + "\n";
      break;
    }
    case ItemKind::invariant:
      out += "  " + expr_text(rs, rs.invariants[ref.index].cond) + "\n";
      break;
    case ItemKind::assumption:
      out += "  assumed: " + expr_text(rs, rs.assumptions[ref.index].cond) + "\n";
      break;
    case ItemKind::note: {
      const TextNote& n = rs.notes[ref.index];
      out += fmt::format("  {}: {}\n", to_string(n.kind), n.text);
      break;
    }
  }
  return out;
}

std::string render_breakdown(const std::vector<Step>& steps) {
  std::string out;
  for (const Step& s : steps) {
    out += std::string(static_cast<std::size_t>(2 + 2 * s.depth), ' ') + s.text +
           refs_line(s.refs) + "\n";
  }
  return out;
}

}  // namespace umpire::rules
