#include "engine/rulesets/wab/phases/leadership_roll.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "engine/core/dice/expr.hpp"

namespace umpire::wab {

std::optional<bool> roll_test(Context& cx, const Action& a, UnitId u, const RolledTest& t,
                              const replay::Notes& why) {
  const rules::Test& data = cx.rules.rs().tests[cx.rules.test(t.test)];
  if (a.against)
    cx.checker.outcome(t.check, a.span, "as the score to test against", a.against, t.needed, why);
  const auto purpose = [&] { return fmt::format("{} of {}", t.what, cx.quoted(u)); };
  auto roll = cx.dice.take(data.dice, a.roll(""), cx.checker, t.check, purpose);
  if (!roll) return std::nullopt;
  cx.checker.read_roll(data.dice, *roll, [&] {
    replay::RollReading r;
    r.higher_is_better = data.at_least;
    r.pass = t.needed;
    r.side = cx.setup.units[u].side;
    r.what = purpose();
    return r;
  });
  const bool passed = data.at_least ? roll->total >= t.needed : roll->total <= t.needed;
  const auto notes = [&] {
    std::vector<std::string> out{fmt::format(
        "{} rolled {}; {} {} passes: the test {}", dice::to_string(data.dice), roll->total,
        data.at_least ? "at least" : "at most", t.needed, passed ? "passes" : "fails")};
    for (std::string& n : why.lines()) out.push_back(std::move(n));
    return out;
  };
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  return cx.checker.outcome(t.check, stated, "the test", a.stated.passed, passed, "passes", "fails",
                            notes);
}

}  // namespace umpire::wab
