// Ambiguities: every interpretation switch of the data is a place where the
// text can be read in more than one way. For each switch, the items whose
// result it can change (values, tests, stacks, the verdict on an action, an
// army list's constraints) are compared reading against reading in one
// situation a game can reach: the first that differs, in the least extreme
// situation that shows it, leads the finding, with by how much (the score
// needed and the odds of a test, the value, the verdict); the others are
// listed. A switch whose readings never decide differently is reported too,
// as a note: either the passages agree after all, or what they decide is not
// in the data.
//
// A switch that `fills` a gap note is no ambiguity: the text says nothing
// there, and the options are readings the engine could take of the silence.
// Its finding is the same analysis filed as one cause of that gap's finding
// (report.cpp, group_by_cause): the data's reading and what it decides.
#include <fmt/format.h>

#include <algorithm>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/probability_text.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

// What one item gives on a situation, in words: "needs 7 or less on 2D6
// (58.33%)", "3", "forbidden", "cannot be computed (no row …)".
std::string outcome_text(Context& c, const Root& root, const Situation& s) {
  const Replay r = c.replay(root, s);
  if (r.failed)
    return fmt::format("cannot be computed ({})", r.error ? r.error->message : "evaluation fails");
  switch (root.kind) {
    case RootKind::test: {
      const TestResult& t = *r.test;
      std::string odds =
          t.probability ? fmt::format(", {}%", dice::percent_text(*t.probability)) : "";
      return fmt::format("needs {}{} on {}{}", t.needed, t.at_least ? "+" : " or less",
                         c.rs.tests[root.index].dice_text, odds);
    }
    case RootKind::value:
      return value_text(c.rs, c.rs.values[root.index].type, *r.value);
    case RootKind::stack:
    case RootKind::skill_cost:
      return fmt::format("{}", *r.number);
    case RootKind::invariant:
      return r.value->number ? "holds" : "fails";
    case RootKind::permission:
      return r.value->number ? "applies" : "does not apply";
    case RootKind::skill_allowed:
      return r.value->number ? "allowed" : "not allowed";
  }
  return "?";
}

// Values and stacks an expression reads directly.
void direct_reads(const Expr& e, std::vector<bool>& values, std::vector<bool>& stacks) {
  if (e.kind == ExprKind::value) values.at(e.ref) = true;
  if (e.kind == ExprKind::with_stack) stacks.at(e.ref) = true;
  for (const Expr& a : e.args) direct_reads(a, values, stacks);
}

// Values and stacks some other item reads: those items show the switch's
// effect already, so the report leads with the items that use them.
struct ReadBy {
  std::vector<bool> values, stacks;
};
ReadBy read_by_others(const Ruleset& rs) {
  ReadBy out{std::vector<bool>(rs.values.size()), std::vector<bool>(rs.stacks.size())};
  for (const ValueItem& v : rs.values) direct_reads(v.expr, out.values, out.stacks);
  for (const Stack& st : rs.stacks) {
    if (st.base) direct_reads(*st.base, out.values, out.stacks);
    for (const Stage& g : st.stages) {
      for (const Entry& e : g.entries) {
        if (e.when) direct_reads(*e.when, out.values, out.stacks);
        direct_reads(e.operand, out.values, out.stacks);
      }
    }
  }
  for (std::uint32_t i = 0; i < rs.tests.size(); ++i) {
    const Test& t = rs.tests[i];
    direct_reads(t.target, out.values, out.stacks);
    if (t.count) direct_reads(*t.count, out.values, out.stacks);
    if (t.stack) out.stacks[*t.stack] = true;
    for (const Face& f : t.faces) {
      if (f.when) direct_reads(*f.when, out.values, out.stacks);
    }
  }
  for (const Permission& p : rs.permissions) {
    if (p.when) direct_reads(*p.when, out.values, out.stacks);
  }
  for (const Invariant& inv : rs.invariants) direct_reads(inv.cond, out.values, out.stacks);
  for (const Skill& s : rs.skills) {
    if (s.allowed) direct_reads(*s.allowed, out.values, out.stacks);
    if (s.cost) direct_reads(*s.cost, out.values, out.stacks);
  }
  return out;
}

// One item whose result a switch may change.
struct Decider {
  int rank = 0;  // tests first: the odds say most to a reader
  std::optional<Root> root;
  std::optional<std::uint32_t> action;   // a value of the `action` domain
  std::optional<std::uint32_t> dice_of;  // a test whose number of dice this is
  Term term;
  Support support;
  std::string label;
};

int rank_of(RootKind k) {
  switch (k) {
    case RootKind::test:
      return 0;
    case RootKind::value:
      return 1;
    case RootKind::stack:
      return 1;
    case RootKind::skill_cost:
      return 2;
    case RootKind::skill_allowed:
      return 3;
    case RootKind::invariant:
      return 4;
    case RootKind::permission:
      return 5;
  }
  return 5;
}

// The items whose result the switch may change: with `inner` false, those
// no other item reads (tests, verdicts, top values, a test's number of
// dice); with `inner` true, the values and stacks other items read, for a
// switch whose effect the items above hide.
std::vector<Decider> deciders_of(Context& c, std::uint32_t sw, const ReadBy& read_by, bool inner) {
  std::vector<Decider> out;
  for (const Root& root : c.roots()) {
    if (!root.support.switches[sw]) continue;
    // Permissions show through the verdict on their action, below.
    if (root.kind == RootKind::permission) continue;
    const bool read = (root.kind == RootKind::value && read_by.values[root.index]) ||
                      (root.kind == RootKind::stack && read_by.stacks[root.index]);
    if (read != inner) continue;
    out.push_back(Decider{rank_of(root.kind), root, std::nullopt, std::nullopt, root.term,
                          root.support, fmt::format("{} '{}'", root.item.kind, root.item.name)});
  }
  if (inner) return out;
  for (std::uint32_t t = 0; t < c.rs.tests.size(); ++t) {
    const Test& test = c.rs.tests[t];
    if (!test.count) continue;
    const Support sup = c.support.of_expr(*test.count);
    if (!sup.switches[sw]) continue;
    out.push_back(Decider{1, std::nullopt, std::nullopt, t, c.smt.expr(*test.count), sup,
                          fmt::format("the dice of test '{}'", test.name)});
  }
  if (c.rs.action_domain) {
    const Domain& actions = c.rs.domains[*c.rs.action_domain];
    for (std::uint32_t a = 0; a < actions.values.size(); ++a) {
      Support sup{std::vector<bool>(c.rs.givens.size()), std::vector<bool>(c.rs.switches.size())};
      for (std::uint32_t p : permissions_of(c.rs, a)) {
        if (c.rs.permissions[p].when) sup.merge(c.support.of_expr(*c.rs.permissions[p].when));
      }
      if (!sup.switches[sw]) continue;
      out.push_back(Decider{2, std::nullopt, a, std::nullopt, c.smt.action_verdict(a), sup,
                            fmt::format("action '{}'", actions.values[a])});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Decider& a, const Decider& b) { return a.rank < b.rank; });
  return out;
}

std::string decided_text(Context& c, const Decider& d, const Situation& s) {
  if (d.root) return outcome_text(c, *d.root, s);
  Evaluator ev(c.rs, s);
  if (d.dice_of) {
    auto n = ev.eval(*c.rs.tests[*d.dice_of].count);
    return n ? fmt::format("{} dice", n->number) : "cannot be computed";
  }
  auto v = ev.action(*d.action);
  return v ? std::string(to_string(v->verdict)) : "cannot be decided";
}

// Army lists whose constraints read the switch: an army of two divisions
// legal under one reading that the evaluator finds illegal under the other.
std::vector<std::string> army_instances(Context& c, std::uint32_t sw) {
  std::vector<std::string> out;
  const Switch& s = c.rs.switches[sw];
  for (std::uint32_t l = 0; l < c.rs.army_lists.size(); ++l) {
    const ArmyList& list = c.rs.army_lists[l];
    bool reads = false;
    for (const Constraint& k : list.constraints)
      reads = reads || (k.when && c.support.of_expr(*k.when).switches[sw]);
    if (!reads) continue;
    // An army legal under `legal_under`, checked under `other`.
    auto shows = [&](std::uint32_t legal_under, std::uint32_t other) -> std::optional<std::string> {
      ArmyQuery q;
      q.divisions = 2;
      // Every other switch at its default: the army shows this reading only.
      for (std::uint32_t other_sw = 0; other_sw < c.rs.switches.size(); ++other_sw) {
        q.fixed_switches.emplace_back(
            other_sw, other_sw == sw ? legal_under : c.rs.switches[other_sw].default_option);
      }
      q.illegal_under = std::make_pair(sw, other);
      auto army = c.smt.army(l, q);
      if (!army) return std::nullopt;
      Army there = *army;
      there.switches[sw] = other;
      std::vector<std::string> evidence;
      const std::string why = evaluator_check(c.rs, l, there, evidence);
      if (why.empty()) return std::nullopt;
      return fmt::format("army list '{}': {} is legal under '{}' but not under '{}' ({})",
                         list.name, fmt::join(army_lines(c.rs, list, *army), "; "),
                         s.options[legal_under].name, s.options[other].name, why);
    };
    for (std::uint32_t o = 0; o < s.options.size(); ++o) {
      if (o == s.default_option) continue;
      auto line = shows(o, s.default_option);
      if (!line) line = shows(s.default_option, o);
      if (line) out.push_back(std::move(*line));
    }
  }
  return out;
}

}  // namespace

void analyse_ambiguities(Context& c) {
  const ReadBy read_by = read_by_others(c.rs);
  for (std::uint32_t sw = 0; sw < c.rs.switches.size(); ++sw) {
    const Switch& s = c.rs.switches[sw];
    if (s.options.size() < 2) continue;
    const std::uint32_t def = s.default_option;
    // A switch that fills a note is the data's reading of a silence (a gap)
    // or of a misprint (an erratum), filed under that note's kind.
    const Category filled = !s.fills                                         ? Category::ambiguity
                            : c.rs.notes[*s.fills].kind == NoteKind::erratum ? Category::erratum
                                                                             : Category::gap;
    Finding f = c.finding(filled, Severity::warning, s.name, "");
    // What the readings decide, as the lead line: two readings of a text, or
    // the data's reading of a gap or a misprint.
    auto headline = [&](const std::string& what) {
      if (!s.fills)
        return fmt::format("'{}': the text reads two ways, and they decide differently: {}", s.name,
                           what);
      return fmt::format(
          "the data's reading, switch '{}' (default '{}'), decides differently "
          "from its other options: {}",
          s.name, s.options[def].name, what);
    };
    if (s.fills) f.cause = c.finding(filled, Severity::warning, c.rs.notes[*s.fills].name, "").id;
    f.items.push_back(c.item({ItemKind::switch_, sw}));
    std::vector<std::string> readings;
    for (const SwitchOption& o : s.options) {
      f.items.push_back(
          FindingItem{s.name + "=" + o.name, "reading", o.refs.empty() ? s.refs : o.refs, o.span});
      readings.push_back(fmt::format("'{}' ({})", o.name, o.description));
    }
    f.action = fmt::format("Say which reading the text means: {}.", fmt::join(readings, ", or "));

    bool headline_done = false;
    Witness headline_witness;
    // The lead: the solver finds the least extreme situation where the
    // readings give `d` different results (for a test, different odds
    // first: two scores both beyond the dice differ only on paper), and the
    // evaluator confirms them.
    auto lead_with = [&](const Decider& d) {
      for (std::uint32_t o = 0; o < s.options.size(); ++o) {
        if (o == def) continue;
        const Term a = c.smt.with_switch(d.term, sw, def), b = c.smt.with_switch(d.term, sw, o);
        Term differs = c.smt.and_(c.smt.differ(a, b), c.smt.and_(c.reached(a), c.reached(b)));
        Witness w;
        SmtStatus st = SmtStatus::unsat;
        if (d.root && d.root->kind == RootKind::test &&
            !c.rs.tests[d.root->index].dice.terms.empty()) {
          const Test& t = c.rs.tests[d.root->index];
          const std::int64_t lo = dice::min_total(t.dice), hi = dice::max_total(t.dice);
          // A natural face that always succeeds or fails (with no condition)
          // flattens the odds one step further at its end.
          bool best_wins = false, worst_fails = false;
          for (const Face& face : t.faces) {
            if (!face.natural || face.when) continue;
            const std::int64_t best = t.at_least ? hi : lo, worst = t.at_least ? lo : hi;
            best_wins = best_wins || (face.face == best && face.outcome == FaceOutcome::success);
            worst_fails =
                worst_fails || (face.face == worst && face.outcome == FaceOutcome::failure);
          }
          const std::int64_t low_edge =
              t.at_least ? lo + (worst_fails ? 1 : 0) : lo - 1 + (best_wins ? 1 : 0);
          const std::int64_t high_edge =
              t.at_least ? hi - (best_wins ? 1 : 0) : hi - 1 - (worst_fails ? 1 : 0);
          const Term low = c.smt.constant(low_edge), high = c.smt.constant(high_edge);
          const Term both_low = c.smt.and_(c.smt.le(a, low), c.smt.le(b, low));
          const Term both_high = c.smt.and_(c.smt.lt(high, a), c.smt.lt(high, b));
          const Term odds_differ = c.smt.and_(differs, c.smt.not_(c.smt.or_(both_low, both_high)));
          st = c.smt.check({odds_differ, c.legal}, &w);
          if (st == SmtStatus::sat) differs = odds_differ;
        }
        if (st != SmtStatus::sat) st = c.smt.check({differs, c.legal}, &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(f.items.front(), fmt::format("{}:{}", s.name, d.label),
                       fmt::format("whether the readings of '{}' change {}", s.name, d.label));
        }
        if (st != SmtStatus::sat) continue;
        w = c.typical({differs, c.legal}, w, d.support);
        Situation under_def = w.situation(c.rs), under_o = w.situation(c.rs);
        under_def.set_switch(sw, def);
        under_o.set_switch(sw, o);
        const std::string x = decided_text(c, d, under_def), y = decided_text(c, d, under_o);
        if (x == y) {
          // The translation says the readings differ here; the evaluator
          // must agree, or the finding is Umpire's bug, not the text's.
          c.internal_error(
              f, fmt::format("the evaluator gives {} under both readings of '{}' for {}", x, s.name,
                             d.label));
          continue;
        }
        headline_done = true;
        headline_witness = w;
        f.message = headline(fmt::format("{}: {} under '{}', {} under '{}'", d.label, x,
                                         s.options[def].name, y, s.options[o].name));
        Support shown = d.support;
        shown.switches[sw] = false;
        f.witness = c.witness_lines(w, &shown);
        if (d.root) f.evidence = c.replay(*d.root, under_def).evidence;
        return true;
      }
      return false;
    };
    // Whether the readings give `d` different results in situation `w`,
    // by the evaluator: the line that says so, if they do.
    auto differs_on = [&](const Decider& d, const Witness& w) -> std::optional<std::string> {
      Situation under_def = w.situation(c.rs);
      under_def.set_switch(sw, def);
      const std::string x = decided_text(c, d, under_def);
      for (std::uint32_t o = 0; o < s.options.size(); ++o) {
        if (o == def) continue;
        Situation under_o = w.situation(c.rs);
        under_o.set_switch(sw, o);
        const std::string y = decided_text(c, d, under_o);
        if (x != y)
          return fmt::format("{}: {} under '{}', {} under '{}'", d.label, x, s.options[def].name, y,
                             s.options[o].name);
      }
      return std::nullopt;
    };
    // One query over every item: whether any decides differently under some
    // reading. Its situation says which do (the evaluator); the first of
    // them leads, and the others that change in the lead's own situation are
    // listed with it — no more solver work per item.
    constexpr std::size_t instances_shown = 6;
    auto examine = [&](const std::vector<Decider>& deciders) {
      if (deciders.empty()) return;
      Term any = c.smt.truth(false);
      for (const Decider& d : deciders) {
        for (std::uint32_t o = 0; o < s.options.size(); ++o) {
          if (o != def) {
            const Term a = c.smt.with_switch(d.term, sw, def), b = c.smt.with_switch(d.term, sw, o);
            any = c.smt.or_(any,
                            c.smt.and_(c.smt.differ(a, b), c.smt.and_(c.reached(a), c.reached(b))));
          }
        }
      }
      Witness first;
      const SmtStatus st = c.smt.check({any, c.legal}, &first);
      if (st == SmtStatus::unknown) {
        c.not_proved(f.items.front(), fmt::format("{}:any", s.name),
                     fmt::format("whether the readings of '{}' change anything", s.name));
      }
      if (st != SmtStatus::sat) return;
      std::optional<std::size_t> lead;
      for (std::size_t k = 0; k < deciders.size() && !lead; ++k) {
        if (differs_on(deciders[k], first) && lead_with(deciders[k])) lead = k;
      }
      // The evaluator found no item that differs where the solver said one
      // does: try each in turn (the solver's own query per item).
      for (std::size_t k = 0; k < deciders.size() && !lead; ++k) {
        if (lead_with(deciders[k])) lead = k;
      }
      if (!lead) return;
      for (std::size_t k = 0; k < deciders.size() && f.instances.size() < instances_shown; ++k) {
        if (k == *lead) continue;
        if (auto line = differs_on(deciders[k], headline_witness))
          f.instances.push_back("in the same situation, " + *line);
      }
    };
    examine(deciders_of(c, sw, read_by, false));
    for (std::string& line : army_instances(c, sw)) {
      if (!headline_done) {
        headline_done = true;
        f.message = headline(line);
      } else {
        f.instances.push_back(std::move(line));
      }
    }
    // Items that read other items can hide a difference (a verdict the
    // reading does not change): the values and stacks they read, then.
    if (!headline_done) examine(deciders_of(c, sw, read_by, true));
    if (headline_done) {
      f.explanation = fmt::format(
          "The passages cited allow {} readings, and a game can reach a situation where they give "
          "different results, "
          "so two players reading the same text can both be right. The data encodes each reading "
          "behind switch '{}' "
          "(default '{}'); the witness is the least extreme situation found where they differ.",
          s.options.size(), s.name, s.options[def].name);
    } else if (s.fills) {
      f.severity = Severity::note;
      f.message = fmt::format(
          "the data's reading, switch '{}' (default '{}'), decides nothing differently from its "
          "other options",
          s.name, s.options[def].name);
    } else {
      f.severity = Severity::note;
      f.message = fmt::format(
          "'{}': the text reads two ways, but no item of the data decides differently under them",
          s.name);
      f.action = fmt::format(
          "Check whether the readings of '{}' can matter in a game: if they cannot, the passages "
          "agree after all; if they can, the data does not encode what they decide yet.",
          s.name);
      f.explanation =
          "Every value, test, verdict and army list that reads the switch gives the same result "
          "under "
          "each reading in every situation a game can reach.";
    }
    c.add(std::move(f));
  }
}

}  // namespace umpire::verify
