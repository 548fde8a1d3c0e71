// A variant against its base. Every difference the variant makes (override,
// removal, added or removed entry, added value) not declared `intentional`
// is reported; and every value and test present in both whose result can
// change because of such an undeclared difference is reported with a
// witness situation where base and variant disagree under every reading of
// the variant's own switches (one reading that agrees makes the difference
// that switch's ambiguity, which the switch analysis reports). Both rulesets are
// translated into one Z3 context, so givens of the same name and type are
// the same variables; the evaluator of each ruleset replays the witness.
#include <fmt/format.h>

#include <map>
#include <set>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

// Names of the items an expression reads, transitively.
class Dependencies {
 public:
  explicit Dependencies(const Ruleset& rs) : rs_(rs) {}
  void expr(const Expr& e, std::set<std::string>& out) {
    switch (e.kind) {
      case ExprKind::given:
        type(rs_.givens[e.ref].type, out);
        break;
      case ExprKind::switch_:
        out.insert(rs_.switches[e.ref].name);
        break;
      case ExprKind::value:
        if (out.insert(rs_.values[e.ref].name).second) expr(rs_.values[e.ref].expr, out);
        break;
      case ExprKind::lookup:
        out.insert(rs_.tables[e.ref].name);
        break;
      case ExprKind::with_stack:
        stack(e.ref, out);
        break;
      default:
        break;
    }
    for (const Expr& a : e.args) expr(a, out);
  }
  void stack(std::uint32_t id, std::set<std::string>& out) {
    const Stack& st = rs_.stacks[id];
    if (!out.insert(st.name).second) return;
    if (st.base) expr(*st.base, out);
    for (const Stage& stage : st.stages) {
      for (const Entry& e : stage.entries) {
        if (e.when) expr(*e.when, out);
        expr(e.operand, out);
        if (e.skill) out.insert(rs_.skills[*e.skill].name);
      }
    }
  }
  void type(const Type& t, std::set<std::string>& out) {
    if (t.kind == TypeKind::enumeration || t.kind == TypeKind::set)
      out.insert(rs_.domains[t.ref].name);
    if (t.kind == TypeKind::profile) {
      out.insert(rs_.records[t.ref].name);
      for (const Profile& p : rs_.profiles) {
        if (p.record == t.ref) out.insert(p.name);
      }
    }
  }

 private:
  const Ruleset& rs_;
};

// The base's side of a witness: the base's own variables in the same
// solution (a given whose domain the variant changes is another variable
// there, which the variant's witness does not set), with each switch the
// variant settles at its one reading, as settled_in_base reads the base.
Situation base_situation(const Ruleset& variant, const Ruleset& base, const Witness& wb) {
  Situation out = wb.situation(base);
  for (const Switch& vs : variant.switches) {
    auto ref = base.find(vs.name);
    if (!ref || ref->kind != ItemKind::switch_ || vs.options.size() != 1) continue;
    const Switch& bs = base.switches[ref->index];
    if (bs.options.size() == 1) continue;
    std::uint32_t option = bs.default_option;
    for (std::uint32_t o = 0; o < bs.options.size(); ++o)
      if (bs.options[o].name == vs.options[0].name) option = o;
    out.set_switch(ref->index, option);
  }
  return out;
}

// Witness lines for what the base reads that the variant's witness does not
// show: its givens the variant lacks or reads with another domain.
std::vector<std::string> base_only_lines(const Ruleset& variant, const Ruleset& base,
                                         const Witness& w, const Witness& wb,
                                         const Support& base_read) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < base.givens.size() && i < wb.givens.size(); ++i) {
    if (!base_read.givens[i] || !wb.givens[i]) continue;
    const std::string value = value_text(base, base.givens[i].type, *wb.givens[i]);
    auto ref = variant.find(base.givens[i].name);
    if (ref && ref->kind == ItemKind::given && ref->index < w.givens.size() &&
        w.givens[ref->index] &&
        value_text(variant, variant.givens[ref->index].type, *w.givens[ref->index]) == value)
      continue;
    out.push_back(fmt::format("{} = {} (in base '{}')", base.givens[i].name, value, base.id));
  }
  return out;
}

// "int 0..6", "bool", "enum troop_class", "optional int 1..3".
std::string variant_type_text(const Ruleset& rs, const Type& t) {
  std::string out = t.optional ? "optional " : "";
  switch (t.kind) {
    case TypeKind::boolean:
      return out + "bool";
    case TypeKind::integer:
      return out + fmt::format("int {}..{}", t.lo, t.hi);
    case TypeKind::roll:
      return out + fmt::format("roll {}..{}", t.lo, t.hi);
    case TypeKind::enumeration:
      return out + fmt::format("enum {}", rs.domains[t.ref].name);
    case TypeKind::set:
      return out + fmt::format("set of {}", rs.domains[t.ref].name);
    case TypeKind::profile:
      return out + fmt::format("profile {}", rs.records[t.ref].name);
  }
  return out;
}

}  // namespace

void analyse_variant(Context& c, const Ruleset& base, SmtModel& base_smt) {
  const Ruleset& rs = c.rs;
  std::set<std::string> undeclared, declared;
  for (const Difference& d : rs.differences) (d.intentional ? declared : undeclared).insert(d.item);
  // Undeclared overrides whose every difference from the base one reading of
  // the variant's own switches removes, with those switches' names.
  std::map<std::string, std::vector<std::string>> explained_by_switches;
  // Given types must agree for the shared variables to mean the same thing;
  // the first given that does not, with both types, if any. A given the
  // base lacks is comparable: the base reads no such fact, so its result
  // holds for every value of it (listed in the finding, `variant_only`).
  struct TypeChange {
    std::string given, variant_type, base_type;
  };
  auto incomparable = [&](const Support& sup) -> std::optional<TypeChange> {
    for (std::size_t i = 0; i < rs.givens.size(); ++i) {
      if (!sup.givens[i]) continue;
      auto ref = base.find(rs.givens[i].name);
      if (!ref) continue;
      if (ref->kind != ItemKind::given)
        return TypeChange{rs.givens[i].name, variant_type_text(rs, rs.givens[i].type),
                          fmt::format("a {} of the same name", to_string(ref->kind))};
      const Type& a = rs.givens[i].type;
      const Type& b = base.givens[ref->index].type;
      bool same = a.kind == b.kind && a.lo == b.lo && a.hi == b.hi && a.optional == b.optional;
      if ((a.kind == TypeKind::enumeration || a.kind == TypeKind::set) && same)
        same = rs.domains[a.ref].values == base.domains[b.ref].values;
      if (!same)
        return TypeChange{rs.givens[i].name, variant_type_text(rs, a), variant_type_text(base, b)};
    }
    return std::nullopt;
  };
  auto variant_only = [&](const Support& sup) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < rs.givens.size(); ++i)
      if (sup.givens[i] && !base.find(rs.givens[i].name)) out.push_back(rs.givens[i].name);
    return out;
  };
  // A base term read with each switch the variant settles (overrides with
  // one reading) at that reading, as to_base sets it: the base's variable of
  // a switch whose options differ is not the variant's.
  auto settled_in_base = [&](Term t) {
    for (const Switch& vs : rs.switches) {
      auto ref = base.find(vs.name);
      if (!ref || ref->kind != ItemKind::switch_ || vs.options.size() != 1) continue;
      const Switch& bs = base.switches[ref->index];
      if (bs.options.size() == 1) continue;
      std::uint32_t option = bs.default_option;
      for (std::uint32_t o = 0; o < bs.options.size(); ++o)
        if (bs.options[o].name == vs.options[0].name) option = o;
      t = base_smt.with_switch(t, ref->index, option);
    }
    return t;
  };
  // `t` read under every combination of options of the switches it reads
  // that the base does not have.
  auto under_every_reading = [&](Term t, const Support& sup) {
    std::vector<Term> out{t};
    for (std::uint32_t s = 0; s < rs.switches.size(); ++s) {
      if (!sup.switches[s] || base.find(rs.switches[s].name)) continue;
      std::vector<Term> next;
      for (const Term u : out) {
        for (std::uint32_t o = 0; o < rs.switches[s].options.size(); ++o)
          next.push_back(c.smt.with_switch(u, s, o));
      }
      out = std::move(next);
    }
    return out;
  };
  Dependencies deps(rs);
  SupportIndex base_support(base);
  // The base's givens whose domain the variant changes are the base's own
  // variables: the queries bound them to the base's domains.
  const Term base_domains = c.smt.import(base_smt, base_smt.domains());
  // `intended`: compare through the declared differences, for a note with
  // both values; otherwise through the undeclared ones, for drift.
  auto compare = [&](ItemKind kind, std::uint32_t vi, std::uint32_t bi, const std::string& name,
                     bool intended) {
    std::set<std::string> reads{name};
    Support sup;
    if (kind == ItemKind::value) {
      deps.expr(rs.values[vi].expr, reads);
      sup = c.support.of_value(vi);
    } else {
      const Test& t = rs.tests[vi];
      deps.expr(t.target, reads);
      if (t.stack) deps.stack(*t.stack, reads);
      sup = c.support.of_test(vi);
    }
    std::vector<std::string> causes;
    for (const std::string& u : intended ? declared : undeclared) {
      if (reads.count(u)) causes.push_back(u);
    }
    if (causes.empty()) return;
    // A declared difference is noted once, on the item it changes.
    if (intended && kind == ItemKind::value && !declared.count(name)) return;
    if (auto change = incomparable(sup)) {
      if (intended) return;
      // Not silently skipped: the comparison needs the same situations on both sides.
      Finding f = c.finding(
          Category::not_encoded, Severity::not_checked, fmt::format("drift:{}", name),
          fmt::format("not compared with base '{}': '{}' reads given '{}', {} here but {} there",
                      base.id, name, change->given, change->variant_type, change->base_type));
      f.items.push_back(c.item({kind, vi}));
      f.explanation = fmt::format(
          "'{}' may change through undeclared difference{} {}, but the variant declares given '{}' "
          "as {} and the "
          "base as {}: a situation of one is not a situation of the other, so no single witness "
          "can be replayed "
          "on both. Give the given the same type in both, or declare the difference intentional.",
          name, causes.size() == 1 ? "" : "s", fmt::format("'{}'", fmt::join(causes, "', '")),
          change->given, change->variant_type, change->base_type);
      c.add(std::move(f));
      return;
    }
    const Term tv = kind == ItemKind::value ? c.smt.value(vi) : c.smt.test_needed(vi);
    const Term tb = c.smt.import(
        base_smt,
        settled_in_base(kind == ItemKind::value ? base_smt.value(bi) : base_smt.test_needed(bi)));
    // A difference that one reading of the variant's own switches removes is
    // that switch's ambiguity, reported as such: drift is a change under
    // every reading of them.
    std::vector<Term> readings{tv};
    if (!intended) readings = under_every_reading(tv, sup);
    Term differs = c.smt.not_(c.smt.fails(tb));
    for (const Term t : readings)
      differs = c.smt.and_(differs, c.smt.and_(c.smt.not_(c.smt.fails(t)),
                                               c.smt.holds(c.smt.not_(c.smt.eq(t, tb)))));
    Witness w;
    const std::vector<Term> query{differs, c.legal, base_domains};
    const SmtStatus st = c.smt.check(query, &w);
    if (st == SmtStatus::sat) w = c.typical(query, w, sup);
    if (st == SmtStatus::unsat && readings.size() > 1 && undeclared.count(name)) {
      std::vector<std::string> names;
      for (std::uint32_t s = 0; s < rs.switches.size(); ++s)
        if (sup.switches[s] && !base.find(rs.switches[s].name))
          names.push_back(rs.switches[s].name);
      explained_by_switches.emplace(name, std::move(names));
    }
    if (st == SmtStatus::unknown) {
      c.not_proved(c.item({kind, vi}), name + ":drift",
                   fmt::format("whether '{}' differs from base '{}'", name, base.id));
    }
    if (st != SmtStatus::sat) return;
    Witness wb;
    const SmtStatus at = c.smt.check_at(query, w, base_smt, &wb);
    if (at == SmtStatus::unknown) {
      c.not_proved(c.item({kind, vi}), name + ":drift",
                   fmt::format("the base's side of the witness where '{}' differs from base '{}'",
                               name, base.id));
      return;
    }
    if (at != SmtStatus::sat) {
      c.internal_error(c.finding(Category::variant_drift, Severity::warning, name,
                                 fmt::format("'{}' drifts", name)),
                       "the solver does not confirm its own witness with the base's givens");
      return;
    }
    const Situation sb = base_situation(rs, base, wb);
    const Situation sv = w.situation(rs);
    Evaluator ev(rs, sv), eb(base, sb);
    std::string a, b;
    if (kind == ItemKind::value) {
      auto x = ev.value(vi);
      auto y = eb.value(bi);
      a = x ? value_text(rs, rs.values[vi].type, *x) : "(error)";
      b = y ? value_text(base, base.values[bi].type, *y) : "(error)";
    } else {
      auto x = ev.test(vi);
      auto y = eb.test(bi);
      a = x ? fmt::format("needs {}", x->needed) : "(error)";
      b = y ? fmt::format("needs {}", y->needed) : "(error)";
    }
    Finding f = c.finding(
        intended ? Category::variant_intended : Category::variant_drift,
        intended ? Severity::note : Severity::warning, name,
        fmt::format("'{}' gives {} where base '{}' gives {}, through {}difference{} {}", name, a,
                    base.id, b, intended ? "declared " : "undeclared ",
                    causes.size() == 1 ? "" : "s", fmt::format("'{}'", fmt::join(causes, "', '"))));
    f.cause = intended ? "" : fmt::format("variant:{}:{}", rs.id, causes.front());
    f.action =
        intended ? fmt::format("Nothing to do: the variant states this change of '{}'.", name)
                 : fmt::format(
                       "Say whether the variant means to change '{}' (through {}), or restore the "
                       "base's rule.",
                       name, fmt::format("'{}'", fmt::join(causes, "', '")));
    f.items.push_back(c.item({kind, vi}));
    f.witness = c.witness_lines(w, &sup);
    for (std::string& l : base_only_lines(
             rs, base, w, wb,
             kind == ItemKind::value ? base_support.of_value(bi) : base_support.of_test(bi)))
      f.witness.push_back(std::move(l));
    f.evidence = breakdown_lines(ev.breakdown());
    f.evidence.push_back(fmt::format("-- base {}:", base.id));
    for (const std::string& l : breakdown_lines(eb.breakdown())) f.evidence.push_back(l);
    f.explanation =
        intended
            ? "The variant changes this result on purpose; the witness shows both values."
            : "The variant changes this result in the witness situation, and the change comes from "
              "a difference that is not declared intentional. Declare it, or restore the base "
              "rule.";
    if (const auto only = variant_only(sup); !only.empty())
      f.explanation += fmt::format(
          " The base has no given {}: its result is the same whatever the witness sets there.",
          fmt::format("'{}'", fmt::join(only, "', '")));
    if (a == b) {
      c.internal_error(f, "the evaluators of base and variant agree");
      return;
    }
    c.add(std::move(f));
  };
  for (const bool intended : {false, true}) {
    for (std::uint32_t v = 0; v < rs.values.size(); ++v) {
      auto ref = base.find(rs.values[v].name);
      if (ref && ref->kind == ItemKind::value)
        compare(ItemKind::value, v, ref->index, rs.values[v].name, intended);
    }
    for (std::uint32_t t = 0; t < rs.tests.size(); ++t) {
      auto ref = base.find(rs.tests[t].name);
      if (ref && ref->kind == ItemKind::test)
        compare(ItemKind::test, t, ref->index, rs.tests[t].name, intended);
    }
  }
  for (const Difference& d : rs.differences) {
    if (d.intentional) continue;
    if (auto it = explained_by_switches.find(d.item); it != explained_by_switches.end()) {
      c.prove(
          fmt::format("'{}' differs from base '{}' ({}) only where a reading of switch{} {} agrees "
                      "with the base: "
                      "the difference is that ambiguity",
                      d.item, base.id, d.operation, it->second.size() == 1 ? "" : "es",
                      fmt::format("'{}'", fmt::join(it->second, "', '"))));
      continue;
    }
    Finding f = c.finding(
        Category::variant_difference, Severity::warning, fmt::format("{}:{}", d.item, d.operation),
        fmt::format("'{}' differs from base '{}' ({}) and is not declared intentional", d.item,
                    base.id, d.operation));
    f.cause = fmt::format("variant:{}:{}", rs.id, d.item);
    f.action = fmt::format(
        "Say whether the variant changes '{}' on purpose, or restore the base's rule.", d.item);
    FindingItem item{d.item, d.operation, d.refs, d.span};
    if (auto ref = rs.find(d.item)) item.refs = rs.refs_of(*ref);
    f.items.push_back(item);
    f.explanation = fmt::format(
        "A variant states its differences from its base; this one is not declared. If it is meant, "
        "add "
        "`intentional {} \"why\"` with a citation; otherwise it is drift from the base rules.",
        d.item);
    c.add(std::move(f));
  }
}

}  // namespace umpire::verify
