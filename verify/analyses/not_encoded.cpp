// Constructs the verifier does not translate, each reported as a
// `not-encoded` finding (severity "not checked") so nothing is skipped
// silently: what the translation met and could not encode, re-rolls (not
// folded into the odds the analyses compute), face rules that trigger
// another item (the triggered item is analysed on its own, not chained), and
// dice whose odds leave natural faces out.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

void analyse_not_encoded(Context& c) {
  const Ruleset& rs = c.rs;
  for (const NotEncoded& n : c.smt.not_encoded()) {
    Finding f = c.finding(Category::not_encoded, Severity::not_checked,
                          fmt::format("{}@{}", n.what, n.span.begin),
                          fmt::format("not encoded: {}", n.what));
    f.items.push_back(FindingItem{n.what, "construct", {}, n.span});
    f.explanation =
        "The translation to Z3 does not encode this construct: analyses treat it as unknown, so "
        "findings that depend on it may be missing.";
    c.add(std::move(f));
  }
  for (std::uint32_t s = 0; s < rs.skills.size(); ++s) {
    for (const Reroll& r : rs.skills[s].rerolls) {
      const std::string test = rs.tests[r.test].name;
      Finding f = c.finding(
          Category::not_encoded, Severity::not_checked,
          fmt::format("reroll:{}:{}", rs.skills[s].name, test),
          fmt::format("not encoded: re-roll of test '{}' by '{}'", test, rs.skills[s].name));
      f.items.push_back(c.item({ItemKind::skill, s}));
      f.items.push_back(c.item({ItemKind::test, r.test}));
      f.explanation =
          "Re-rolls are not folded into the odds the verifier reports for tests; impossible and "
          "automatic tests are judged on the first roll only.";
      c.add(std::move(f));
    }
  }
  for (std::uint32_t t = 0; t < rs.tests.size(); ++t) {
    const Test& test = rs.tests[t];
    for (const Face& face : test.faces) {
      if (face.outcome != FaceOutcome::item) continue;
      Finding f = c.finding(
          Category::not_encoded, Severity::not_checked,
          fmt::format("trigger:{}:{}", test.name, face.item),
          fmt::format("not encoded: '{}' triggering '{}' on a face", test.name, face.item));
      FindingItem item = c.item({ItemKind::test, t});
      item.span = face.span;
      f.items.push_back(item);
      f.explanation =
          "The verifier analyses the triggered item on its own; the chain from this test's faces "
          "to it "
          "(and its probability) is not followed.";
      c.add(std::move(f));
    }
  }
}

}  // namespace umpire::verify
