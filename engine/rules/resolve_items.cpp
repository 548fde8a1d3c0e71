// The resolution phases, item by item (docs/rules-format.md).
#include <algorithm>
#include <boost/variant/apply_visitor.hpp>
#include <boost/variant/get.hpp>
#include <set>

#include "engine/core/suggest.hpp"
#include "engine/rules/resolve.hpp"
#include "grammar/dice/dice_parser.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {
namespace {

Expr bool_literal(bool b, Span span) {
  Expr e;
  e.kind = ExprKind::literal;
  e.type = Type{TypeKind::boolean, 0, 1, 0, false};
  e.literal = Val::boolean(b);
  e.span = span;
  return e;
}

// `skill in holder`, and-ed with `when` if any.
Expr holder_condition(const Ruleset& rs, const Skill& skill, std::optional<Expr> when, Span span) {
  Expr value;
  value.kind = ExprKind::literal;
  value.type = Type{TypeKind::enumeration, 0, 0, rs.givens[skill.holder].type.ref, false};
  value.literal = Val::enumeration(skill.value);
  value.span = span;
  Expr holder;
  holder.kind = ExprKind::given;
  holder.ref = skill.holder;
  holder.type = rs.givens[skill.holder].type;
  holder.span = span;
  Expr in;
  in.kind = ExprKind::in;
  in.type = Type{TypeKind::boolean, 0, 1, 0, false};
  in.span = span;
  in.args.push_back(std::move(value));
  in.args.push_back(std::move(holder));
  if (!when) return in;
  Expr both;
  both.kind = ExprKind::and_;
  both.type = in.type;
  both.span = span;
  both.args.push_back(std::move(in));
  both.args.push_back(std::move(*when));
  return both;
}

}  // namespace

void Resolver::declare() {
  struct V {
    Resolver& r;
    void operator()(const ast::Domain& d) {
      r.declare_one(r.rs_.domains, r.ast_domains_, d, ItemKind::domain, d.name.name);
    }
    void operator()(const ast::Given& g) {
      r.declare_one(r.rs_.givens, r.ast_givens_, g, ItemKind::given, ast::join(g.name));
    }
    void operator()(const ast::Switch& s) {
      r.declare_one(r.rs_.switches, r.ast_switches_, s, ItemKind::switch_, s.name.name);
    }
    void operator()(const ast::Value& x) {
      r.declare_one(r.rs_.values, r.ast_values_, x, ItemKind::value, x.name.name);
    }
    void operator()(const ast::Table& x) {
      r.declare_one(r.rs_.tables, r.ast_tables_, x, ItemKind::table, x.name.name);
    }
    void operator()(const ast::Modifiers& x) {
      r.declare_one(r.rs_.stacks, r.ast_stacks_, x, ItemKind::stack, x.name.name);
    }
    void operator()(const ast::Test& x) {
      r.declare_one(r.rs_.tests, r.ast_tests_, x, ItemKind::test, x.name.name);
    }
    void operator()(const ast::Record& x) {
      r.declare_one(r.rs_.records, r.ast_records_, x, ItemKind::record, x.name.name);
    }
    void operator()(const ast::Profile& x) {
      r.declare_one(r.rs_.profiles, r.ast_profiles_, x, ItemKind::profile, x.name.name);
    }
    void operator()(const ast::Skill& x) {
      r.declare_one(r.rs_.skills, r.ast_skills_, x, ItemKind::skill, x.name.name);
    }
    void operator()(const ast::Permission& x) {
      r.declare_one(r.rs_.permissions, r.ast_permissions_, x, ItemKind::permission, x.name.name);
    }
    void operator()(const ast::ArmyList& x) {
      r.declare_one(r.rs_.army_lists, r.ast_army_lists_, x, ItemKind::army_list, x.name.name);
    }
    void operator()(const ast::Invariant& x) {
      r.declare_one(r.rs_.invariants, r.ast_invariants_, x, ItemKind::invariant, x.name.name);
    }
    void operator()(const ast::Assume& x) {
      r.declare_one(r.rs_.assumptions, r.ast_assumptions_, x, ItemKind::assumption, x.name.name);
    }
    void operator()(const ast::Note& x) {
      r.declare_one(r.rs_.notes, r.ast_notes_, x, ItemKind::note, x.name.name);
    }
  };
  V v{*this};
  for (const auto& item : m_.items) {
    if (item) boost::apply_visitor(v, item->item);
  }
}

void Resolver::resolve_domain(const ast::Domain& d, Domain& out) {
  out.refs = citations(d.refs);
  if (const auto* body = boost::get<ast::EnumBody>(&d.body)) {
    std::set<std::string> seen;
    for (const ast::Ident& v : body->values) {
      if (!seen.insert(v.name).second) {
        diags_.report(rules::Diag::name_duplicate, v.span, "'{}' appears twice in domain '{}'",
                      v.name, out.name);
        continue;
      }
      out.values.push_back(v.name);
    }
    if (out.values.size() > max_enum_values) {
      diags_
          .report(rules::Diag::type_out_of_range, d.name.span,
                  "domain '{}' has {} values; at most {} are allowed", out.name, out.values.size(),
                  max_enum_values)
          .hint("split it into several domains");
      out.values.resize(max_enum_values);
    }
  } else {
    const auto& t = boost::get<ast::IntType>(d.body);
    out.is_int = true;
    out.lo = t.lo.value;
    out.hi = t.hi.value;
    if (out.lo > out.hi) {
      diags_.report(rules::Diag::type_empty_range, t.span, "empty range {}..{}", out.lo, out.hi);
      out.hi = out.lo;
    }
  }
}

void Resolver::resolve_switch(const ast::Switch& s, Switch& out) {
  out.refs = citations(s.refs);
  Domain d;
  d.name = out.name;
  d.span = s.span;
  for (const ast::SwitchOption& o : s.options) {
    if (std::find(d.values.begin(), d.values.end(), o.name.name) != d.values.end()) {
      diags_.report(rules::Diag::name_duplicate, o.name.span, "option '{}' appears twice",
                    o.name.name);
      continue;
    }
    d.values.push_back(o.name.name);
    out.options.push_back({o.name.name, o.description.text, citations(o.refs), o.span});
  }
  auto def = d.find(s.default_option.name);
  if (!def) {
    auto diag =
        diags_.report(rules::Diag::name_unknown, s.default_option.span,
                      "'{}' is not an option of switch '{}'", s.default_option.name, out.name);
    if (auto best = closest_match(s.default_option.name, d.values))
      diag.hint("did you mean '{}'?", *best);
  } else {
    out.default_option = *def;
  }
  out.domain = static_cast<std::uint32_t>(rs_.domains.size());
  rs_.domains.push_back(std::move(d));
  if (s.fills) resolve_fills(*s.fills, out);
}

// `fills NOTE` names a `gap` or `erratum` note of this ruleset (a
// variant's includes its base's): the case the text leaves open, or the
// misprint, that the switch's default reads.
void Resolver::resolve_fills(const ast::Ident& note, Switch& out) {
  const auto fillable = [](const std::string& kind) { return kind == "gap" || kind == "erratum"; };
  std::vector<std::string> names;
  for (std::size_t i = 0; i < ast_notes_.size(); ++i) {
    if (fillable(ast_notes_[i]->kind)) names.push_back(ast_notes_[i]->name.name);
  }
  auto ref = rs_.find(note.name);
  if (ref && ref->kind == ItemKind::note && fillable(ast_notes_[ref->index]->kind)) {
    out.fills = ref->index;
    return;
  }
  const std::string what = !ref ? std::string("no item")
                           : ref->kind == ItemKind::note
                               ? "a note of kind '" + ast_notes_[ref->index]->kind + "'"
                               : fmt::format("a {}", to_string(ref->kind));
  auto diag = diags_.report(rules::Diag::name_unknown, note.span,
                            "switch '{}' fills '{}', which is {}, not a gap or erratum note of "
                            "this ruleset or its base",
                            out.name, note.name, what);
  if (auto best = closest_match(note.name, names))
    diag.hint("did you mean '{}'?", *best);
  else
    diag.hint(
        "name a `gap NAME \"…\"` note recording the case the text leaves open, or an `erratum` "
        "note recording the misprint");
}

void Resolver::resolve_record(const ast::Record& r, Record& out) {
  out.refs = citations(r.refs);
  for (const ast::Column& c : r.fields) {
    if (out.find(c.name.name)) {
      diags_.report(rules::Diag::name_duplicate, c.name.span, "field '{}' appears twice",
                    c.name.name);
      continue;
    }
    auto t = resolve_type(c.type);
    if (t) out.fields.push_back({c.name.name, *t, c.span});
  }
}

void Resolver::resolve_table(const ast::Table& t, Table& out) {
  out.refs = citations(t.refs);
  out.partial = t.partial;
  bool ok = true;
  std::set<std::string> names;
  auto columns = [&](const std::vector<ast::Column>& in, std::vector<Field>& fields, bool key) {
    for (const ast::Column& c : in) {
      if (!names.insert(c.name.name).second) {
        diags_.report(rules::Diag::name_duplicate, c.name.span, "'{}' appears twice in table '{}'",
                      c.name.name, out.name);
        ok = false;
        continue;
      }
      auto type = resolve_type(c.type);
      if (!type) {
        ok = false;
        continue;
      }
      if (key && !(type->numeric() || type->kind == TypeKind::enumeration ||
                   type->kind == TypeKind::boolean)) {
        diags_.report(rules::Diag::type_mismatch, c.type.span,
                      "a table key must be an integer, a boolean or an enumeration");
        ok = false;
        continue;
      }
      fields.push_back({c.name.name, *type, c.span});
    }
  };
  columns(t.keys, out.keys, true);
  columns(t.columns, out.columns, false);
  if (!ok) return;
  for (const ast::Row& row : t.rows) {
    if (row.keys.size() != out.keys.size() || row.results.size() != out.columns.size()) {
      diags_.report(rules::Diag::table_arity, row.span,
                    "row has {} keys and {} results; table '{}' has {} and {}", row.keys.size(),
                    row.results.size(), out.name, out.keys.size(), out.columns.size());
      continue;
    }
    Row r;
    r.refs = citations(row.refs);
    r.span = row.span;
    bool row_ok = true;
    for (std::size_t k = 0; k < row.keys.size(); ++k) {
      auto p = resolve_pattern(row.keys[k], out.keys[k].type);
      if (p)
        r.keys.push_back(*p);
      else
        row_ok = false;
    }
    // `=> none, none …` in a partial table: an entry the text leaves out on
    // purpose (Table::absent), whatever the columns' types.
    const bool absent = out.partial && std::all_of(row.results.begin(), row.results.end(),
                                                   [](const ast::Literal& l) {
                                                     return boost::get<ast::NoneLit>(&l) != nullptr;
                                                   });
    if (absent) {
      if (r.refs.empty()) {
        diags_
            .report(rules::Diag::ref_missing, row.span,
                    "a row of '{}' without an entry must cite where the text says so", out.name)
            .hint("add ref \"FILE § Section heading\" after the row");
      }
      if (row_ok) out.absent.push_back(std::move(r));
      continue;
    }
    for (std::size_t c = 0; c < row.results.size(); ++c) {
      auto v = resolve_literal(row.results[c], out.columns[c].type);
      if (v)
        r.results.push_back(*v);
      else
        row_ok = false;
    }
    if (row_ok) out.rows.push_back(std::move(r));
  }
  if (out.rows.size() + out.absent.size() == t.rows.size()) check_table_coverage(out);
}

void Resolver::resolve_profile(const ast::Profile& p, Profile& out) {
  out.refs = citations(p.refs);
  auto ref = rs_.find(p.record.name);
  if (!ref || ref->kind != ItemKind::record) {
    auto d = diags_.report(rules::Diag::name_unknown, p.record.span, "no record named '{}'",
                           p.record.name);
    std::vector<std::string> records;
    for (const auto& [name, r] : rs_.items)
      if (r.kind == ItemKind::record) records.push_back(name);
    if (auto best = closest_match(p.record.name, records)) d.hint("did you mean '{}'?", *best);
    return;
  }
  out.record = ref->index;
  const Record& rec = rs_.records[ref->index];
  out.values.assign(rec.fields.size(), Val::none());
  std::vector<bool> set(rec.fields.size(), false);
  for (const ast::FieldValue& f : p.fields) {
    auto i = rec.find(f.name.name);
    if (!i) {
      std::vector<std::string> fields;
      for (const Field& fl : rec.fields) fields.push_back(fl.name);
      auto d = diags_.report(rules::Diag::name_unknown, f.name.span,
                             "record '{}' has no field '{}'", rec.name, f.name.name);
      if (auto best = closest_match(f.name.name, fields)) d.hint("did you mean '{}'?", *best);
      continue;
    }
    if (set[*i]) {
      diags_.report(rules::Diag::name_duplicate, f.name.span, "field '{}' is given twice",
                    f.name.name);
      continue;
    }
    set[*i] = true;
    if (auto v = resolve_literal(f.value, rec.fields[*i].type)) out.values[*i] = *v;
  }
  for (std::size_t i = 0; i < set.size(); ++i) {
    if (set[i] || rec.fields[i].type.optional) continue;
    diags_
        .report(rules::Diag::profile_missing_field, p.name.span,
                "profile '{}' gives no value for '{}'", out.name, rec.fields[i].name)
        .label(rec.fields[i].span, "field declared here");
  }
}

std::optional<Entry> Resolver::resolve_entry(const ast::Entry& e, const Stack& stack) {
  struct V {
    Resolver& r;
    Entry& out;
    const Stack& stack;
    bool operator()(const ast::ShortOp& o) const {
      out.op = o.sign == '+' ? OpKind::add : OpKind::sub;
      out.operand.kind = ExprKind::literal;
      out.operand.literal = Val::integer(o.amount.value);
      out.operand.type = Type{TypeKind::integer, o.amount.value, o.amount.value, 0, false};
      out.operand.span = o.amount.span;
      return true;
    }
    bool operator()(const ast::ExprOp& o) const {
      static const std::pair<const char*, OpKind> ops[] = {{"add", OpKind::add},
                                                           {"sub", OpKind::sub},
                                                           {"set", OpKind::set},
                                                           {"cap", OpKind::cap},
                                                           {"floor", OpKind::floor}};
      for (const auto& [name, kind] : ops)
        if (o.op == name) out.op = kind;
      auto x = r.resolve_expr(o.operand, &stack.type);
      if (!x) return false;
      if (!x->type.numeric()) {
        r.diags_.report(rules::Diag::type_mismatch, o.operand.span,
                        "'{}' needs an integer, found '{}'", o.op, type_name(r.rs_, x->type));
        return false;
      }
      out.operand = std::move(*x);
      return true;
    }
    bool operator()(const ast::MulOp& o) const {
      out.op = OpKind::mul;
      out.factor = o.factor.value;
      return true;
    }
    bool operator()(const ast::DivOp& o) const {
      out.op = OpKind::div;
      out.factor = o.divisor.value;
      out.round_up = o.rounding == "up";
      if (o.divisor.value <= 0) {
        r.diags_.report(rules::Diag::type_out_of_range, o.divisor.span, "divisor must be positive");
        return false;
      }
      return true;
    }
  };
  Entry out;
  out.name = e.name.name;
  out.span = e.span;
  out.refs = citations(e.refs);
  if (!boost::apply_visitor(V{*this, out, stack}, e.op)) return std::nullopt;
  if (e.when) {
    auto w = resolve_cond(*e.when);
    if (!w) return std::nullopt;
    out.when = std::move(*w);
  }
  return out;
}

void Resolver::resolve_stack_body(const ast::Modifiers& m, Stack& out) {
  out.clamp = m.clamp;
  out.refs = citations(m.refs);
  if (m.base) {
    auto b = resolve_expr(*m.base, &out.type);
    // A base read from a partial table may be absent: evaluation reports it.
    if (b) {
      Type t = b->type;
      t.optional = false;
      if (check_assignable(t, out.type, m.base->span, "the base", &*b)) out.base = std::move(*b);
    }
  }
  std::set<std::string> stages, entries;
  for (const ast::Stage& s : m.stages) {
    if (!stages.insert(s.name.name).second) {
      diags_.report(rules::Diag::name_duplicate, s.name.span, "stage '{}' appears twice in '{}'",
                    s.name.name, out.name);
      continue;
    }
    Stage stage;
    stage.name = s.name.name;
    stage.span = s.span;
    if (s.policy == "first")
      stage.policy = Policy::first;
    else if (s.policy == "most_penalising")
      stage.policy = Policy::most_penalising;
    else if (s.policy == "most_favourable")
      stage.policy = Policy::most_favourable;
    for (const ast::Entry& e : s.entries) {
      if (!entries.insert(e.name.name).second) {
        diags_.report(rules::Diag::name_duplicate, e.name.span, "entry '{}' appears twice in '{}'",
                      e.name.name, out.name);
        continue;
      }
      if (auto entry = resolve_entry(e, out)) stage.entries.push_back(std::move(*entry));
    }
    out.stages.push_back(std::move(stage));
  }
}

// `given NAME : TYPE rolled "DICE"`: the dice must parse and every total
// they can throw must lie in the given's type.
void Resolver::resolve_rolled(const ast::Str& text, Given& out) {
  const Span span{text.span.file, text.span.begin + 1, text.span.end > 0 ? text.span.end - 1 : 0};
  DiagnosticEngine dice_diags(0);
  auto d = dice::parse(text.text, span, dice_diags);
  if (!d) {
    auto diag = diags_.report(rules::Diag::dice_invalid, span, "'{}' is not valid dice notation",
                              text.text);
    for (const Diagnostic& inner : dice_diags.diagnostics()) diag.note("{}", inner.message);
    diag.hint("see docs/dice.md for the notation");
    return;
  }
  if (!out.type.numeric() || dice::min_total(*d) < out.type.lo ||
      dice::max_total(*d) > out.type.hi) {
    diags_
        .report(rules::Diag::type_out_of_range, span,
                "'{}' throws {}..{}, outside the type '{}' of '{}'", text.text, dice::min_total(*d),
                dice::max_total(*d), type_name(rs_, out.type), out.name)
        .hint("widen the given's type to hold every total");
    return;
  }
  out.rolled = std::move(*d);
  out.rolled_text = text.text;
}

void Resolver::resolve_test(const ast::Test& t, Test& out) {
  out.refs = citations(t.refs);
  if (t.unbounded) {
    out.unbounded = citations(*t.unbounded);
    if (out.unbounded.empty()) {
      diags_
          .report(rules::Diag::ref_missing, t.span,
                  "test '{}' is 'unbounded' without saying where the text says so", out.name)
          .hint("write 'unbounded ref \"FILE § Section\"'");
    }
  }
  out.dice_text = t.dice.text;
  out.dice_span =
      Span{t.dice.span.file, t.dice.span.begin + 1, t.dice.span.end > 0 ? t.dice.span.end - 1 : 0};
  DiagnosticEngine dice_diags(0);
  if (auto d = dice::parse(t.dice.text, out.dice_span, dice_diags)) {
    out.dice = std::move(*d);
  } else {
    auto diag = diags_.report(rules::Diag::dice_invalid, out.dice_span,
                              "'{}' is not valid dice notation", t.dice.text);
    for (const Diagnostic& inner : dice_diags.diagnostics()) diag.note("{}", inner.message);
    diag.hint("see docs/dice.md for the notation");
  }
  const Type count_type{TypeKind::integer, 0, 100, 0, false};
  if (t.count) {
    auto c = resolve_expr(*t.count, &count_type);
    if (c && check_assignable(c->type, count_type, t.count->span, "the dice count", &*c))
      out.count = std::move(*c);
  }
  out.at_least = t.comparison == "at_least";
  if (auto target = resolve_expr(t.target, nullptr)) {
    if (target->type.numeric()) {
      out.target = std::move(*target);
    } else {
      diags_.report(rules::Diag::type_mismatch, t.target.span,
                    "the target must be an integer, found '{}'", type_name(rs_, target->type));
    }
  }
  if (t.mods) {
    auto ref = rs_.find(t.mods->stack.name);
    if (!ref || ref->kind != ItemKind::stack) {
      diags_.report(rules::Diag::name_unknown, t.mods->stack.span, "no modifiers named '{}'",
                    t.mods->stack.name);
    } else {
      out.stack = ref->index;
      out.on_roll = t.mods->on == "roll";
    }
  }
  for (const ast::Face& f : t.faces) {
    Face face;
    face.natural = f.kind == "natural";
    face.span = f.span;
    if (f.face) face.face = f.face->value;
    if (face.natural && !f.face) {
      diags_.report(rules::Diag::syntax_expected, f.span, "'natural' needs a face value");
      continue;
    }
    if (f.outcome.name == "success") {
      face.outcome = FaceOutcome::success;
    } else if (f.outcome.name == "failure") {
      face.outcome = FaceOutcome::failure;
    } else if (rs_.find(f.outcome.name)) {
      face.outcome = FaceOutcome::item;
      face.item = f.outcome.name;
    } else {
      auto names = visible_names();
      names.push_back("success");
      names.push_back("failure");
      auto d = diags_.report(rules::Diag::name_unknown, f.outcome.span,
                             "'{}' is neither success, failure nor an item", f.outcome.name);
      if (auto best = closest_match(f.outcome.name, names)) d.hint("did you mean '{}'?", *best);
      continue;
    }
    if (f.when) {
      auto w = resolve_cond(*f.when);
      if (!w) continue;
      face.when = std::move(*w);
    }
    out.faces.push_back(std::move(face));
  }
}

std::optional<Permission> Resolver::resolve_perm(const ast::PermClause& p,
                                                 const std::string& name) {
  Permission out;
  out.name = name;
  out.span = p.span;
  out.modality = p.modality == "can"      ? Modality::can
                 : p.modality == "cannot" ? Modality::cannot
                                          : Modality::must;
  if (!rs_.action_domain) {
    diags_
        .report(rules::Diag::name_unknown, p.action.span,
                "permissions name values of a domain 'action', which is not declared")
        .hint("declare: domain action { charge, shoot, ... }");
    return std::nullopt;
  }
  const Domain& actions = rs_.domains[*rs_.action_domain];
  auto a = actions.find(p.action.name);
  if (!a) {
    auto d = diags_.report(rules::Diag::name_unknown, p.action.span,
                           "'{}' is not a value of domain 'action'", p.action.name);
    if (auto best = closest_match(p.action.name, actions.values))
      d.hint("did you mean '{}'?", *best);
    return std::nullopt;
  }
  out.action = *a;
  if (p.when) {
    auto w = resolve_cond(*p.when);
    if (!w) return std::nullopt;
    out.when = std::move(*w);
  }
  for (const ast::Ident& l : p.lifts) {
    auto ref = rs_.find(l.name);
    if (!ref || ref->kind != ItemKind::permission) {
      diags_.report(rules::Diag::name_unknown, l.span, "no permission named '{}'", l.name);
      return std::nullopt;
    }
    if (out.modality != Modality::can) {
      diags_.report(rules::Diag::type_mismatch, l.span, "only 'can' lifts a permission");
      return std::nullopt;
    }
    out.lifts.push_back(ref->index);
  }
  return out;
}

void Resolver::resolve_skill(const ast::Skill& s, std::uint32_t id) {
  Skill& out = rs_.skills[id];
  out.special = s.kind == "special";
  out.refs = citations(s.refs);
  auto holder = rs_.find(ast::join(s.holder));
  if (!holder || holder->kind != ItemKind::given ||
      rs_.givens[holder->index].type.kind != TypeKind::set) {
    diags_.report(rules::Diag::type_mismatch, s.holder.span,
                  "the holder '{}' must be a given of type 'set of DOMAIN'", ast::join(s.holder));
    return;
  }
  out.holder = holder->index;
  const Domain& dom = rs_.domains[rs_.givens[holder->index].type.ref];
  auto value = dom.find(out.name);
  if (!value) {
    diags_
        .report(rules::Diag::name_unknown, s.name.span,
                "'{}' is not a value of '{}', the domain of its holder '{}'", out.name, dom.name,
                ast::join(s.holder))
        .hint("add '{}' to domain '{}'", out.name, dom.name);
    return;
  }
  out.value = *value;
  for (const ast::SkillClause& clause : s.clauses) {
    if (const auto* cost = boost::get<ast::CostClause>(&clause)) {
      if (auto x = resolve_expr(cost->cost, nullptr); x && x->type.numeric()) {
        out.cost = std::move(*x);
        out.cost_per = cost->per ? cost->per->name : "";
      } else if (x) {
        diags_.report(rules::Diag::type_mismatch, cost->cost.span, "a cost must be an integer");
      }
    } else if (const auto* allowed = boost::get<ast::AllowedClause>(&clause)) {
      if (auto x = resolve_cond(allowed->cond)) out.allowed = std::move(*x);
    } else if (const auto* req = boost::get<ast::RequiresClause>(&clause)) {
      for (const ast::Ident& n : req->names) {
        auto ref = rs_.find(n.name);
        if (!ref || ref->kind != ItemKind::skill) {
          diags_.report(rules::Diag::name_unknown, n.span, "no skill named '{}'", n.name);
          continue;
        }
        (req->kind == "requires" ? out.requires_skills : out.excludes_skills).push_back(ref->index);
      }
    } else if (const auto* effect = boost::get<ast::EffectClause>(&clause)) {
      if (effect->stage.parts.size() != 2) {
        diags_.report(rules::Diag::syntax_expected, effect->stage.span, "expected STACK.STAGE");
        continue;
      }
      auto ref = rs_.find(effect->stage.parts[0]);
      if (!ref || ref->kind != ItemKind::stack) {
        diags_.report(rules::Diag::name_unknown, effect->stage.span, "no modifiers named '{}'",
                      effect->stage.parts[0]);
        continue;
      }
      Stack& stack = rs_.stacks[ref->index];
      auto st = std::find_if(stack.stages.begin(), stack.stages.end(),
                             [&](const Stage& x) { return x.name == effect->stage.parts[1]; });
      if (st == stack.stages.end()) {
        diags_.report(rules::Diag::name_unknown, effect->stage.span,
                      "modifiers '{}' have no stage '{}'", stack.name, effect->stage.parts[1]);
        continue;
      }
      for (const Stage& other : stack.stages) {
        for (const Entry& e : other.entries) {
          if (e.name == effect->entry.name.name) {
            diags_.report(rules::Diag::name_duplicate, effect->entry.name.span,
                          "entry '{}' already exists in '{}'", e.name, stack.name);
          }
        }
      }
      auto entry = resolve_entry(effect->entry, stack);
      if (!entry) continue;
      entry->when = holder_condition(rs_, out, std::move(entry->when), effect->span);
      entry->skill = id;
      if (entry->refs.empty()) entry->refs = out.refs;
      st->entries.push_back(std::move(*entry));
      out.effects.push_back({ref->index, static_cast<std::uint32_t>(st - stack.stages.begin()),
                             static_cast<std::uint32_t>(st->entries.size() - 1)});
    } else if (const auto* perm = boost::get<ast::PermClause>(&clause)) {
      const std::string name = fmt::format("{}.{}.{}", out.name, perm->modality, perm->action.name);
      if (auto p = resolve_perm(*perm, name)) {
        p->when = holder_condition(rs_, out, std::move(p->when), perm->span);
        p->skill = id;
        p->refs = out.refs;
        out.permissions.push_back(static_cast<std::uint32_t>(rs_.permissions.size()));
        rs_.permissions.push_back(std::move(*p));
      }
    } else if (const auto* reroll = boost::get<ast::RerollClause>(&clause)) {
      auto ref = rs_.find(reroll->test.name);
      if (!ref || ref->kind != ItemKind::test) {
        diags_.report(rules::Diag::name_unknown, reroll->test.span, "no test named '{}'",
                      reroll->test.name);
        continue;
      }
      Reroll rr;
      rr.test = ref->index;
      rr.scope = reroll->scope == "one_failed_die" ? RerollScope::one_failed_die
                 : reroll->scope == "failed"       ? RerollScope::failed
                                                   : RerollScope::any;
      rr.span = reroll->span;
      std::optional<Expr> when;
      if (reroll->when) {
        when = resolve_cond(*reroll->when);
        if (!when) continue;
      }
      rr.when = holder_condition(rs_, out, std::move(when), reroll->span);
      out.rerolls.push_back(std::move(rr));
    }
  }
}

void Resolver::resolve_army_list(const ast::ArmyList& a, ArmyList& out) {
  out.refs = citations(a.refs);
  auto profile_ids = [&](const std::vector<ast::Ident>& names, std::vector<std::uint32_t>& ids) {
    for (const ast::Ident& n : names) {
      auto ref = rs_.find(n.name);
      if (!ref || ref->kind != ItemKind::profile) {
        auto d = diags_.report(rules::Diag::name_unknown, n.span, "no profile named '{}'", n.name);
        std::vector<std::string> profiles;
        for (const auto& [name, r] : rs_.items)
          if (r.kind == ItemKind::profile) profiles.push_back(name);
        if (auto best = closest_match(n.name, profiles)) d.hint("did you mean '{}'?", *best);
        continue;
      }
      ids.push_back(ref->index);
    }
  };
  profile_ids(a.units, out.units);
  struct AmountOf {
    decltype(profile_ids)& ids;
    Amount operator()(const ast::CountOf& c) const {
      Amount out;
      out.kind = c.fn == "count" ? Amount::Kind::count : Amount::Kind::points;
      if (const auto* set = boost::get<ast::SetLit>(&c.selector))
        ids(set->values, out.profiles);
      else
        out.all = true;
      return out;
    }
    Amount operator()(const ast::Quantity& q) const {
      Amount out;
      out.kind = q.name == "total_points" ? Amount::Kind::total_points : Amount::Kind::divisions;
      return out;
    }
    Amount operator()(const ast::IntLit& i) const {
      Amount out;
      out.kind = Amount::Kind::constant;
      out.value = i.value;
      return out;
    }
  };
  std::set<std::string> names;
  for (const ast::Constraint& c : a.constraints) {
    if (!names.insert(c.name.name).second) {
      diags_.report(rules::Diag::name_duplicate, c.name.span, "constraint '{}' appears twice",
                    c.name.name);
      continue;
    }
    Constraint k;
    k.name = c.name.name;
    k.span = c.span;
    k.refs = citations(c.refs);
    k.per_division = c.per_division;
    k.lhs = boost::apply_visitor(AmountOf{profile_ids}, c.lhs);
    static const std::pair<const char*, CmpOp> ops[] = {{"==", CmpOp::eq}, {"!=", CmpOp::ne},
                                                        {"<", CmpOp::lt},  {"<=", CmpOp::le},
                                                        {">", CmpOp::gt},  {">=", CmpOp::ge}};
    for (const auto& [name, op] : ops)
      if (c.op == name) k.op = op;
    if (const auto* pc = boost::get<ast::Percent>(&c.rhs)) {
      k.rhs_kind = Constraint::Rhs::percent;
      k.percent = pc->percent.value;
      k.rhs = boost::apply_visitor(AmountOf{profile_ids}, pc->of);
    } else if (const auto* pe = boost::get<ast::PerEvery>(&c.rhs)) {
      k.rhs_kind = Constraint::Rhs::per_every;
      k.count = pe->count.value;
      k.every = pe->every.value;
      k.round_up = pe->started;
      if (k.every <= 0) {
        diags_.report(rules::Diag::type_out_of_range, pe->every.span,
                      "'per' needs a positive amount");
        continue;
      }
      k.rhs = boost::apply_visitor(AmountOf{profile_ids}, pe->of);
    } else {
      k.rhs = boost::apply_visitor(AmountOf{profile_ids}, boost::get<ast::CExpr>(c.rhs));
    }
    if (c.when) {
      auto w = resolve_cond(*c.when);
      if (!w) continue;
      k.when = std::move(*w);
    }
    out.constraints.push_back(std::move(k));
  }
}

void Resolver::run() {
  rs_.id = m_.header.id.name;
  rs_.title = m_.header.title.text;
  rs_.lineage = m_.lineage;
  rs_.sources = m_.sources;
  rs_.differences = m_.differences;
  for (Difference& d : rs_.differences) {
    for (Citation& c : d.refs) {
      ast::Refs one{ast::Str{}};
      one[0].span = c.span;
      one[0].text = c.section;
      c = citations(one).front();
    }
  }
  declare();
  const std::size_t user_domains = rs_.domains.size();
  for (std::size_t i = 0; i < user_domains; ++i) resolve_domain(*ast_domains_[i], rs_.domains[i]);
  if (auto a = rs_.find("action");
      a && a->kind == ItemKind::domain && !rs_.domains[a->index].is_int) {
    rs_.action_domain = a->index;
  }
  for (std::size_t i = 0; i < rs_.switches.size(); ++i)
    resolve_switch(*ast_switches_[i], rs_.switches[i]);
  for (std::size_t i = 0; i < rs_.records.size(); ++i)
    resolve_record(*ast_records_[i], rs_.records[i]);
  for (std::size_t i = 0; i < rs_.givens.size(); ++i) {
    if (auto t = resolve_type(ast_givens_[i]->type)) rs_.givens[i].type = *t;
    if (ast_givens_[i]->rolled) resolve_rolled(*ast_givens_[i]->rolled, rs_.givens[i]);
  }
  for (std::size_t i = 0; i < rs_.tables.size(); ++i) resolve_table(*ast_tables_[i], rs_.tables[i]);
  for (std::size_t i = 0; i < rs_.profiles.size(); ++i)
    resolve_profile(*ast_profiles_[i], rs_.profiles[i]);
  for (std::size_t i = 0; i < rs_.stacks.size(); ++i) {
    auto t = resolve_type(ast_stacks_[i]->type);
    if (t && !t->numeric()) {
      diags_.report(rules::Diag::type_mismatch, ast_stacks_[i]->type.span,
                    "modifiers compute integers, not '{}'", type_name(rs_, *t));
    }
    if (t) rs_.stacks[i].type = *t;
  }
  type_ok_.assign(rs_.values.size(), false);
  for (std::size_t i = 0; i < rs_.values.size(); ++i) {
    if (auto t = resolve_type(ast_values_[i]->type)) {
      rs_.values[i].type = *t;
      type_ok_[i] = true;
    }
  }
  for (std::size_t i = 0; i < rs_.values.size(); ++i) {
    ValueItem& v = rs_.values[i];
    v.refs = citations(ast_values_[i]->refs);
    if (!type_ok_[i]) continue;
    if (auto e = resolve_value(ast_values_[i]->expr, &v.type)) {
      if (check_assignable(e->type, v.type, ast_values_[i]->expr.span,
                           fmt::format("value '{}'", v.name), &*e)) {
        v.expr = std::move(*e);
      }
    }
  }
  for (std::size_t i = 0; i < rs_.stacks.size(); ++i)
    resolve_stack_body(*ast_stacks_[i], rs_.stacks[i]);
  for (std::size_t i = 0; i < rs_.tests.size(); ++i) resolve_test(*ast_tests_[i], rs_.tests[i]);
  // Standalone permissions keep their item index; skills append theirs after.
  for (std::size_t i = 0; i < ast_permissions_.size(); ++i) {
    const ast::Permission& p = *ast_permissions_[i];
    if (auto perm = resolve_perm(p.clause, p.name.name)) {
      perm->refs = citations(p.refs);
      perm->span = p.span;
      rs_.permissions[i] = std::move(*perm);
    } else {
      rs_.permissions[i].refs = citations(p.refs);
    }
  }
  for (std::size_t i = 0; i < rs_.skills.size(); ++i)
    resolve_skill(*ast_skills_[i], static_cast<std::uint32_t>(i));
  for (std::size_t i = 0; i < rs_.army_lists.size(); ++i)
    resolve_army_list(*ast_army_lists_[i], rs_.army_lists[i]);
  for (std::size_t i = 0; i < rs_.invariants.size(); ++i) {
    Invariant& inv = rs_.invariants[i];
    inv.refs = citations(ast_invariants_[i]->refs);
    if (auto c = resolve_cond(ast_invariants_[i]->cond))
      inv.cond = std::move(*c);
    else
      inv.cond = bool_literal(true, inv.span);
  }
  for (std::size_t i = 0; i < rs_.assumptions.size(); ++i) {
    Assumption& a = rs_.assumptions[i];
    a.refs = citations(ast_assumptions_[i]->refs);
    if (auto c = resolve_cond(ast_assumptions_[i]->cond))
      a.cond = std::move(*c);
    else
      a.cond = bool_literal(true, a.span);
  }
  for (std::size_t i = 0; i < rs_.notes.size(); ++i) {
    TextNote& n = rs_.notes[i];
    n.refs = citations(ast_notes_[i]->refs);
    const std::string& kind = ast_notes_[i]->kind;
    n.kind = kind == "erratum"         ? NoteKind::erratum
             : kind == "ambiguity"     ? NoteKind::ambiguity
             : kind == "contradiction" ? NoteKind::contradiction
                                       : NoteKind::gap;
    n.text = ast_notes_[i]->text.text;
    if (ast_notes_[i]->fix) n.fix = ast_notes_[i]->fix->text;
  }
  check_cycles();
  // Every item cites its source.
  for (const auto& [name, ref] : rs_.items) {
    if (ref.kind == ItemKind::given) continue;
    if (!rs_.refs_of(ref).empty()) continue;
    diags_
        .report(rules::Diag::ref_missing, rs_.span_of(ref), "{} '{}' cites no source",
                to_string(ref.kind), name)
        .hint("add ref \"FILE § Section heading\"");
  }
}

}  // namespace umpire::rules
