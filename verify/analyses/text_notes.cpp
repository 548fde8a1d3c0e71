// Gaps and errata the data already knows. A `gap` or `erratum` note of the
// data is the author's own finding about the text, reported as written with
// its citations. A `partial` table is a table the text leaves incomplete:
// each lookup of it is asked for key combinations a game reaches and no row
// covers (up to a handful, each a witness the evaluator confirms); a partial
// table no game can reach a hole of is not a gap in practice and is proved
// covered instead. A gap some switch `fills` (the engine's reading of the
// silence) is the root cause of that switch's finding (ambiguities.cpp),
// which group_by_cause folds into it with its witness.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

constexpr std::size_t holes_shown = 6;

void notes(Context& c) {
  for (std::uint32_t i = 0; i < c.rs.notes.size(); ++i) {
    const TextNote& n = c.rs.notes[i];
    Category category = Category::gap;
    std::string action = "Say in the text what happens in this case.";
    std::string explanation =
        "The data's author found a case the text does not settle, and recorded it with this "
        "note rather than invent a rule.";
    switch (n.kind) {
      case NoteKind::gap:
        break;
      case NoteKind::erratum:
        category = Category::erratum;
        action = "Correct the passage.";
        explanation =
            "The data's author found a misprint or a garbled passage, and recorded how the data "
            "reads it.";
        break;
      case NoteKind::ambiguity:
        category = Category::ambiguity;
        action = "Say which reading the text means.";
        explanation =
            "The data's author found two readings of the passage; what they decide is not in the "
            "data "
            "(the engine's procedure, or a rule the data does not encode), so the verifier shows "
            "no "
            "witness.";
        break;
      case NoteKind::contradiction:
        category = Category::contradiction;
        action = "Say which passage wins.";
        explanation =
            "The data's author found passages that rule the same case differently, in a part of "
            "the rules "
            "the data does not encode as items, so the verifier shows no witness.";
        break;
    }
    Finding f = c.finding(category, Severity::warning, n.name, n.text);
    f.items.push_back(c.item({ItemKind::note, i}));
    f.action = n.fix.empty() ? action : n.fix;
    std::vector<std::string> fillers;
    for (const Switch& s : c.rs.switches) {
      if (s.fills == i) fillers.push_back(fmt::format("'{}'", s.name));
    }
    if (!fillers.empty()) {
      f.cause = f.id;
      explanation += fmt::format(
          " The engine needs a reading of the {} all the same: {} {} {} the options, and "
          "the data's reading is the default; where it decides differently from the other "
          "options, the witness shows it.",
          n.kind == NoteKind::erratum ? "misprint" : "silence",
          fillers.size() == 1 ? "switch" : "switches", fmt::join(fillers, " and "),
          fillers.size() == 1 ? "encodes" : "encode");
    }
    f.explanation = explanation;
    c.add(std::move(f));
  }
}

// The values of integer key `k` around `keys[k]` that no row of `t` covers,
// the other keys as in `keys`: from the last covered value below to the
// first covered above (the key's bounds where none is).
std::pair<std::int64_t, std::int64_t> hole_around(const Table& t, const std::vector<Val>& keys,
                                                  std::size_t k) {
  const Type& kt = t.keys[k].type;
  const std::int64_t v = keys[k].number;
  std::int64_t lo = kt.lo, hi = kt.hi;
  for (const Row& row : t.rows) {
    bool others = true;
    for (std::size_t j = 0; j < keys.size() && j < row.keys.size() && others; ++j) {
      if (j != k) others = row.keys[j].matches(t.keys[j].type.kind, keys[j].number);
    }
    if (!others) continue;
    const Pattern& p = row.keys[k];
    const std::int64_t from = p.any ? kt.lo : p.lo, to = p.any ? kt.hi : p.hi;
    if (to < v) lo = std::max(lo, to + 1);
    if (from > v) hi = std::min(hi, from - 1);
  }
  return {lo, hi};
}

void partial_tables(Context& c) {
  for (std::uint32_t ti = 0; ti < c.rs.tables.size(); ++ti) {
    const Table& t = c.rs.tables[ti];
    if (!t.partial) continue;
    Finding f = c.finding(Category::gap, Severity::warning, t.name, "");
    // The table's hole is one cause with the failures it makes (failures.cpp).
    f.cause = f.id;
    f.items.push_back(c.item({ItemKind::table, ti}));
    std::vector<std::string> holes;
    std::vector<Term> blocked;  // key combinations already shown
    Support shown{std::vector<bool>(c.rs.givens.size()), std::vector<bool>(c.rs.switches.size())};
    bool unknown = false;
    for (const Expr* lookup : lookups_of(c.rs, ti)) {
      const Term value = c.smt.expr(*lookup);
      std::vector<Term> keys;
      for (const Expr& k : lookup->args) keys.push_back(c.smt.expr(k));
      const Support sup = c.support.of_expr(*lookup);
      // The key with the most values: the holes shown differ on it first,
      // so that one row missing for many formations does not fill the list.
      std::size_t widest = 0;
      auto width = [&](std::size_t k) {
        const Type& kt = t.keys[k].type;
        return kt.kind == TypeKind::enumeration
                   ? static_cast<std::int64_t>(c.rs.domains[kt.ref].values.size())
                   : kt.hi - kt.lo + 1;
      };
      for (std::size_t k = 1; k < t.keys.size() && k < keys.size(); ++k) {
        if (width(k) > width(widest)) widest = k;
      }
      std::vector<Term> fresh;  // the widest key away from the values shown
      while (holes.size() < holes_shown) {
        // Keys the text leaves out on purpose (rows `=> none`) are no hole.
        std::vector<Term> query{c.smt.is_none(value), c.smt.not_(c.smt.fails(value)), c.legal,
                                c.smt.not_(absent_keys(c, *lookup))};
        for (Term b : blocked) query.push_back(b);
        Witness w;
        std::vector<Term> diverse = query;
        diverse.insert(diverse.end(), fresh.begin(), fresh.end());
        SmtStatus st = fresh.empty() ? SmtStatus::unsat : c.smt.check(diverse, &w);
        if (st == SmtStatus::sat)
          query = diverse;
        else
          st = c.smt.check(query, &w);
        if (st == SmtStatus::unknown) unknown = true;
        if (st != SmtStatus::sat) break;
        w = c.typical(query, w, sup);
        const Situation s = w.situation(c.rs);
        Evaluator ev(c.rs, s);
        std::vector<Val> key_values;
        for (std::size_t k = 0; k < lookup->args.size() && k < t.keys.size(); ++k) {
          auto v = ev.eval(lookup->args[k]);
          if (!v) break;
          key_values.push_back(*v);
        }
        // Of a range of key `k`'s values, the part a game reaches (the other
        // keys as in the witness): what the optimiser proves, else the range.
        auto reached_part = [&](std::size_t k, std::pair<std::int64_t, std::int64_t> span) {
          if (span.first == span.second) return span;
          std::vector<Term> within = query;
          for (std::size_t j = 0; j < key_values.size(); ++j) {
            if (j != k)
              within.push_back(
                  c.smt.eq(keys[j], c.smt.literal(lookup->args[j].type, key_values[j])));
          }
          within.push_back(c.smt.le(c.smt.constant(span.first), keys[k]));
          within.push_back(c.smt.le(keys[k], c.smt.constant(span.second)));
          if (auto least = c.smt.optimise(keys[k], false, within); least && least->exact)
            span.first = std::max(span.first, least->value);
          if (auto most = c.smt.optimise(keys[k], true, within); most && most->exact)
            span.second = std::min(span.second, most->value);
          return span;
        };
        // An integer key's hole is a range of values: the one around the
        // witness's value that no row covers (the other keys as they are),
        // as far as a game reaches it.
        std::vector<std::pair<std::int64_t, std::int64_t>> spans(key_values.size());
        std::vector<std::string> parts;
        for (std::size_t k = 0; k < key_values.size(); ++k) {
          const Type& kt = t.keys[k].type;
          spans[k] = {key_values[k].number, key_values[k].number};
          if (kt.numeric()) spans[k] = reached_part(k, hole_around(t, key_values, k));
          parts.push_back(
              spans[k].first == spans[k].second
                  ? fmt::format("{} = {}", t.keys[k].name, value_text(c.rs, kt, key_values[k]))
                  : fmt::format("{} = {}..{}", t.keys[k].name, spans[k].first, spans[k].second));
        }
        // The evaluator must find no row for these keys, or the translation is wrong.
        auto row = key_values.size() == t.keys.size() ? ev.lookup(ti, key_values) : std::nullopt;
        if (key_values.size() != t.keys.size() || (row && !row->empty())) {
          c.internal_error(f, fmt::format("the evaluator finds a row of '{}' for {}", t.name,
                                          fmt::join(parts, ", ")));
          break;
        }
        if (holes.empty()) {
          f.witness = c.witness_lines(w, &sup);
          shown = sup;
        }
        holes.push_back(fmt::format("{}", fmt::join(parts, ", ")));
        // Another combination next time: these key values (an integer
        // key's whole hole), as constants.
        auto inside = [&](std::size_t k) {
          if (spans[k].first == spans[k].second) {
            return c.smt.eq(keys[k], c.smt.literal(lookup->args[k].type, key_values[k]));
          }
          return c.smt.and_(c.smt.le(c.smt.constant(spans[k].first), keys[k]),
                            c.smt.le(keys[k], c.smt.constant(spans[k].second)));
        };
        Term other = c.smt.truth(false);
        for (std::size_t k = 0; k < key_values.size(); ++k)
          other = c.smt.or_(other, c.smt.not_(inside(k)));
        blocked.push_back(other);
        if (widest < key_values.size()) fresh.push_back(c.smt.not_(inside(widest)));
      }
    }
    if (unknown)
      c.not_proved(f.items.front(), t.name,
                   fmt::format("which keys of partial table '{}' a game reaches", t.name));
    if (holes.empty()) {
      c.prove(fmt::format("partial table '{}' has a row for every key a game reaches{}", t.name,
                          t.absent.empty() ? "" : ", but those the text leaves out on purpose"));
      continue;
    }
    f.message =
        fmt::format("table '{}' gives nothing for keys a game reaches: {}", t.name, holes.front());
    for (std::size_t h = 1; h < holes.size(); ++h)
      f.instances.push_back("also no row for " + holes[h]);
    f.action = fmt::format(
        "Give the result of '{}' for these cases, or say that they cannot occur.", t.name);
    f.explanation =
        "The data marks the table partial because the text prints no entry for these keys; a game "
        "can "
        "reach them (the witness is one such situation), so a player meets a case the text does "
        "not "
        "settle.";
    c.add(std::move(f));
  }
}

}  // namespace

// Every lookup expression of `table` in the data.
static void lookups_in(const Expr& e, std::uint32_t table, std::vector<const Expr*>& out) {
  if (e.kind == ExprKind::lookup && e.ref == table) out.push_back(&e);
  for (const Expr& a : e.args) lookups_in(a, table, out);
}

std::vector<const Expr*> lookups_of(const Ruleset& rs, std::uint32_t table) {
  std::vector<const Expr*> out;
  for (const ValueItem& v : rs.values) lookups_in(v.expr, table, out);
  for (const Stack& st : rs.stacks) {
    if (st.base) lookups_in(*st.base, table, out);
    for (const Stage& g : st.stages) {
      for (const Entry& e : g.entries) {
        if (e.when) lookups_in(*e.when, table, out);
        lookups_in(e.operand, table, out);
      }
    }
  }
  for (const Test& t : rs.tests) {
    lookups_in(t.target, table, out);
    if (t.count) lookups_in(*t.count, table, out);
  }
  for (const Permission& p : rs.permissions) {
    if (p.when) lookups_in(*p.when, table, out);
  }
  for (const Invariant& inv : rs.invariants) lookups_in(inv.cond, table, out);
  return out;
}

Term absent_keys(Context& c, const Expr& lookup) {
  const Table& t = c.rs.tables[lookup.ref];
  Term any = c.smt.truth(false);
  for (const Row& row : t.absent) {
    Term all = c.smt.truth(true);
    for (std::size_t k = 0; k < row.keys.size() && k < lookup.args.size(); ++k) {
      const Pattern& p = row.keys[k];
      if (p.any) continue;
      const Term key = c.smt.expr(lookup.args[k]);
      Term match = c.smt.truth(false);
      if (t.keys[k].type.kind == TypeKind::enumeration) {
        for (std::uint32_t i = 0; i < max_enum_values; ++i) {
          if (p.bits >> i & 1U)
            match =
                c.smt.or_(match, c.smt.eq(key, c.smt.literal(t.keys[k].type, Val::enumeration(i))));
        }
      } else {
        match =
            c.smt.and_(c.smt.le(c.smt.constant(p.lo), key), c.smt.le(key, c.smt.constant(p.hi)));
      }
      all = c.smt.and_(all, match);
    }
    any = c.smt.or_(any, all);
  }
  return any;
}

void analyse_text_notes(Context& c) {
  notes(c);
  partial_tables(c);
}

}  // namespace umpire::verify
