// Impossible and automatic tests: the score a test needs, after its
// modifiers, ranges over an interval Z3 finds by optimisation; when that
// interval leaves what the dice can roll, the test can be impossible (or
// certain) in the witness situation. The evaluator replays the witness and
// gives the exact odds, natural and double faces included: a natural-face
// rule that still lets the roll succeed "rescues" the test.
#include <fmt/format.h>

#include "engine/core/dice/probability_text.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

std::string odds_text(const TestResult& t, const std::string& dice) {
  if (!t.probability) return {};
  return fmt::format(
      "chance of success with {} needing {}{}: {}% ({}){}", dice, t.needed,
      t.at_least ? "+" : " or less", dice::percent_text(*t.probability),
      dice::fraction_text(*t.probability),
      t.faces_included ? "" : " (natural faces not included: the dice are not plain)");
}

}  // namespace

void analyse_tests(Context& c) {
  for (const Root& root : c.roots()) {
    if (root.kind != RootKind::test) continue;
    const Test& t = c.rs.tests[root.index];
    if (t.dice.terms.empty()) continue;
    const std::int64_t dmin = dice::min_total(t.dice), dmax = dice::max_total(t.dice);
    const Term ok = c.smt.not_(c.smt.fails(root.term));
    SmtStatus lo_status = SmtStatus::sat, hi_status = SmtStatus::sat;
    auto lo = c.smt.optimise(root.term, false, {ok, c.legal}, &lo_status);
    auto hi = c.smt.optimise(root.term, true, {ok, c.legal}, &hi_status);
    if (lo_status == SmtStatus::unknown || hi_status == SmtStatus::unknown) {
      c.not_proved(root.item, t.name, fmt::format("the extreme scores test '{}' can need", t.name));
    }
    if (!lo || !hi) continue;
    c.report.extremes.push_back(
        Extreme{c.rs.id, fmt::format("{} (score needed on {})", t.name, t.dice_text),
                t.at_least ? "at least" : "at most", lo->value, hi->value, lo->exact && hi->exact});
    // The least extreme situation beyond the dice, not the extreme one:
    // the first score past what they roll, in a game a reader recognises.
    auto report = [&](const Optimum& extreme, bool impossible) {
      const bool past_high = t.at_least == impossible;
      const Term beyond = past_high
                              ? c.smt.lt(c.smt.constant(impossible ? dmax : dmax - 1), root.term)
                              : c.smt.lt(root.term, c.smt.constant(impossible ? dmin : dmin + 1));
      const std::vector<Term> query{ok, c.legal, beyond};
      Optimum o = extreme;
      o.witness = c.typical(query, extreme.witness, root.support);
      const Situation s = o.witness.situation(c.rs);
      const Replay r = c.replay(root, s);
      const Category cat = impossible ? Category::impossible_test : Category::automatic_test;
      Finding f = c.finding(cat, Severity::warning, t.name, "");
      f.items.push_back(root.item);
      f.witness = c.witness_lines(o.witness, &root.support);
      f.evidence = r.evidence;
      f.cause = fmt::format("{}:{}:{}", to_string(cat), c.rs.id,
                            t.stack ? c.rs.stacks[*t.stack].name : t.name);
      const bool beyond_dice =
          r.test && (past_high ? r.test->needed > (impossible ? dmax : dmax - 1)
                               : r.test->needed < (impossible ? dmin : dmin + 1));
      if (r.failed || !r.test || !beyond_dice) {
        f.message = fmt::format("test '{}' needs a score beyond the dice", t.name);
        c.internal_error(f,
                         r.failed ? "the evaluator fails" : "the evaluator computes another score");
        return;
      }
      const TestResult& tr = *r.test;
      o.value = tr.needed;
      f.probability = odds_text(tr, t.dice_text);
      const bool zero = tr.probability && *tr.probability == 0;
      const bool one = tr.probability && *tr.probability == 1;
      const std::string need = fmt::format("{}{}", o.value, t.at_least ? "+" : " or less");
      // A natural or double face the text gives already settles the case:
      // the text states what happens, which is no defect.
      if (impossible && tr.probability && !zero) {
        c.prove(fmt::format(
            "test '{}' can need {} on {}, and its natural-face rule still lets it succeed", t.name,
            need, t.dice_text));
        return;
      }
      if (!impossible && tr.probability && !one) {
        c.prove(fmt::format(
            "test '{}' can need only {} on {}, and its natural-face rule still lets it fail",
            t.name, need, t.dice_text));
        return;
      }
      // The text lets the modifiers decide the test on purpose: a fact, cited.
      if (!t.unbounded.empty()) {
        c.prove(fmt::format("test '{}' can need {} on {} ({}), as the text allows ({})", t.name,
                            need, t.dice_text, impossible ? "hopeless" : "certain",
                            t.unbounded.front().text()));
        return;
      }
      // With no natural face at all, every such test has the same cause.
      if (t.faces.empty()) f.cause = fmt::format("natural-faces:{}", c.rs.id);
      if (impossible) {
        f.message = fmt::format("test '{}' can need {} on {}: it cannot succeed", t.name, need,
                                t.dice_text);
        f.action = fmt::format(
            "Say whether '{}' can still succeed when its modifiers ask {} on {} (a natural {} that "
            "always succeeds?), or limit the modifiers.",
            t.name, need, t.dice_text, past_high ? dmax : dmin);
        f.explanation =
            "After its modifiers the score needed is beyond what the dice can roll and no "
            "natural-face "
            "rule rescues it: the test can never succeed in this situation, which a game reaches.";
      } else {
        f.severity = Severity::note;
        f.message = fmt::format("test '{}' can need only {} on {}: it always succeeds", t.name,
                                need, t.dice_text);
        f.action = fmt::format(
            "Say whether '{}' can still fail when its modifiers ask only {} on {} (a natural {} "
            "that always fails?), or limit the modifiers.",
            t.name, need, t.dice_text, past_high ? dmax : dmin);
        f.explanation =
            "After its modifiers every roll of the dice reaches the score needed: the roll decides "
            "nothing "
            "in this situation, which a game reaches.";
      }
      if (t.faces.empty()) {
        f.action =
            "Say whether the best roll of the dice always succeeds and the worst always fails, "
            "whatever the "
            "modifiers (a natural 6 that always hits, a natural 1 that always misses): without "
            "such a rule, "
            "the tests listed here are hopeless or certain in games.";
      }
      c.add(std::move(f));
    };
    if (t.at_least) {
      if (hi->value > dmax) report(*hi, true);
      if (lo->value <= dmin) report(*lo, false);
    } else {
      if (lo->value < dmin) report(*lo, true);
      if (hi->value >= dmax) report(*hi, false);
    }
  }
}

}  // namespace umpire::verify
