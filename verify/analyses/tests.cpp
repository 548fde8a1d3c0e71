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
  return fmt::format("chance of success with {} needing {}{}: {}% ({}){}", dice, t.needed, t.at_least ? "+" : " or less",
                     dice::percent_text(*t.probability), dice::fraction_text(*t.probability),
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
    c.report.extremes.push_back(Extreme{c.rs.id, fmt::format("{} (score needed on {})", t.name, t.dice_text),
                                        t.at_least ? "at least" : "at most", lo->value, hi->value,
                                        lo->exact && hi->exact});
    auto report = [&](const Optimum& o, bool impossible) {
      const Situation s = o.witness.situation(c.rs);
      const Replay r = c.replay(root, s);
      const Category cat = impossible ? Category::impossible_test : Category::automatic_test;
      Finding f = c.finding(cat, Severity::warning, t.name, "");
      f.items.push_back(root.item);
      f.witness = c.witness_lines(o.witness, &root.support);
      f.evidence = r.evidence;
      if (r.failed || !r.test || r.test->needed != o.value) {
        f.message = fmt::format("test '{}' needs {}", t.name, o.value);
        c.internal_error(f, r.failed ? "the evaluator fails" : "the evaluator computes another score");
        return;
      }
      const TestResult& tr = *r.test;
      f.probability = odds_text(tr, t.dice_text);
      const bool zero = tr.probability && *tr.probability == 0;
      const bool one = tr.probability && *tr.probability == 1;
      const std::string need = fmt::format("{}{}", o.value, t.at_least ? "+" : " or less");
      if (impossible) {
        const bool rescued = tr.probability && !zero;
        f.severity = rescued ? Severity::note : Severity::warning;
        f.message = rescued ? fmt::format("test '{}' can need {} on {}: only a natural-face rule lets it succeed",
                                          t.name, need, t.dice_text)
                            : fmt::format("test '{}' can need {} on {}: it cannot succeed", t.name, need, t.dice_text);
        f.explanation = rescued
                            ? "After its modifiers the score needed is beyond what the dice can roll, yet a natural or "
                              "double face rule still counts as a success: check that the text means this."
                            : "After its modifiers the score needed is beyond what the dice can roll and no natural-face "
                              "rule rescues it: the test can never succeed in this situation. If the text says a "
                              "natural 6 always succeeds, add `natural 6 => success`; otherwise cap the modifiers.";
      } else {
        const bool spoiled = tr.probability && !one;
        f.severity = Severity::note;
        f.message = spoiled ? fmt::format("test '{}' can need only {} on {}: only a natural-face rule makes it fail",
                                          t.name, need, t.dice_text)
                            : fmt::format("test '{}' can need only {} on {}: it always succeeds", t.name, need,
                                          t.dice_text);
        f.explanation = "After its modifiers every roll of the dice reaches the score needed: the roll decides nothing "
                        "in this situation. That may be intended (a bonus large enough to make the roll a formality); "
                        "if not, a floor on the target or a natural 1 failure rule is missing.";
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
