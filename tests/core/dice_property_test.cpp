// Properties over random valid dice expressions (rapidcheck).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/recorded.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/dice_parser.hpp"
#include "tests/core/dice_brute_force.hpp"

namespace umpire::dice {
namespace {

// A valid expression: up to `max_terms` terms, at most `max_count` dice per
// term, sides drawn from `sides`, with keep and re-roll options.
rc::Gen<Expr> valid_expr(int max_terms, int max_count, std::vector<std::uint16_t> sides) {
  return rc::gen::exec([=] {
    Expr e;
    const int terms = *rc::gen::inRange(1, max_terms + 1);
    const int dice_at = *rc::gen::inRange(0, terms);  // at least this term throws dice
    for (int i = 0; i < terms; ++i) {
      const bool negative = *rc::gen::arbitrary<bool>();
      if (i != dice_at && *rc::gen::inRange(0, 3) == 0) {
        const auto c = *rc::gen::inRange<std::int64_t>(0, 20);
        e.terms.push_back(constant_term(negative ? -c : c));
        continue;
      }
      DiceTerm d = make_dice(static_cast<std::uint16_t>(*rc::gen::inRange(1, max_count + 1)),
                             *rc::gen::elementOf(sides));
      if (d.count >= 2 && *rc::gen::arbitrary<bool>()) {
        d.keep = *rc::gen::arbitrary<bool>() ? Keep::highest : Keep::lowest;
        d.kept = static_cast<std::uint16_t>(*rc::gen::inRange(1, static_cast<int>(d.count)));
      }
      switch (*rc::gen::inRange(0, 4)) {
        case 0: {
          const auto v = static_cast<std::uint16_t>(*rc::gen::inRange(1, d.sides + 1));
          d.reroll = {v, v};
          break;
        }
        case 1:
          d.reroll = {1, static_cast<std::uint16_t>(*rc::gen::inRange(1, d.sides + 1))};
          break;
        case 2:
          d.reroll = {static_cast<std::uint16_t>(*rc::gen::inRange(1, d.sides + 1)), d.sides};
          break;
        default:
          break;
      }
      e.terms.push_back(dice_term(d, negative));
    }
    return e;
  });
}

rc::Gen<Expr> any_expr() {
  return valid_expr(4, 8, {2, 3, 4, 6, 8, 10, 12, 20, 100});
}
// Physical outcomes the brute force enumerates: faces, or pairs of faces for
// a die that may be re-rolled.
std::uint64_t outcomes(const Expr& e) {
  std::uint64_t n = 1;
  for (const Term& t : e.terms) {
    if (!t.is_dice) continue;
    const std::uint64_t p = t.dice.physical_sides();
    for (std::uint16_t i = 0; i < t.dice.count; ++i) n *= t.dice.reroll.active() ? p * p : p;
  }
  return n;
}

// Small enough to enumerate quickly.
rc::Gen<Expr> tiny_expr() {
  return rc::gen::suchThat(valid_expr(3, 2, {2, 3, 4, 6}),
                           [](const Expr& e) { return outcomes(e) <= 20000; });
}

RC_GTEST_PROP(DiceProperty, GeneratedExpressionsAreValid, ()) {
  const Expr e = *any_expr();
  RC_ASSERT(check(e) == "");
}

RC_GTEST_PROP(DiceProperty, DistributionSumsToOneOverTheSupport, ()) {
  const Expr e = *any_expr();
  const Distribution d = distribution(e);
  Count sum = 0;
  for (const Count& w : d.ways()) sum += w;
  RC_ASSERT(sum == d.total());
  RC_ASSERT(d.min() == min_total(e));
  RC_ASSERT(d.max() == max_total(e));
  RC_ASSERT(d.ways(d.min()) > 0);
  RC_ASSERT(d.ways(d.max()) > 0);
  RC_ASSERT(d.at_least(d.min()) == 1);
  RC_ASSERT(d.at_most(d.max()) == 1);
}

RC_GTEST_PROP(DiceProperty, DistributionMatchesBruteForce, ()) {
  const Expr e = *tiny_expr();
  const Distribution d = distribution(e);
  const auto reference = testing::brute_distribution(e);
  for (std::int64_t v = d.min() - 1; v <= d.max() + 1; ++v) {
    const auto it = reference.find(v);
    RC_ASSERT(d.probability(v) == (it == reference.end() ? Probability(0) : it->second));
  }
}

RC_GTEST_PROP(DiceProperty, DrawsLandInTheSupport, (std::uint64_t seed)) {
  const Expr e = *any_expr();
  const Distribution d = distribution(e);
  Rng rng(seed);
  for (int i = 0; i < 20; ++i) {
    const Roll roll = draw(e, rng);
    RC_ASSERT(roll.dice.size() == dice_count(e));
    RC_ASSERT(d.ways(roll.total) > 0);
  }
}

// A drawn roll written down as recorded faces passes the check and
// evaluates to the same roll.
RC_GTEST_PROP(DiceProperty, DrawnRollsCheckAsRecorded, (std::uint64_t seed)) {
  const Expr e = *any_expr();
  Rng rng(seed);
  const Roll roll = draw(e, rng);
  std::vector<RecordedDie> faces;
  for (const RolledDie& die : roll.dice) {
    RecordedDie r;
    r.first = die.faces.first;
    r.rerolled = die.faces.rerolled();
    r.second = die.faces.second;
    faces.push_back(r);
  }
  DiagnosticEngine diags;
  const auto checked = check_recorded(e, faces, {}, diags);
  RC_ASSERT(checked.has_value());
  RC_ASSERT(checked->dice == roll.dice);
  RC_ASSERT(checked->total == roll.total);
}

RC_GTEST_PROP(DiceProperty, PrintParseRoundTrip, ()) {
  const Expr e = *any_expr();
  const std::string text = to_string(e);
  DiagnosticEngine diags;
  const auto parsed = parse(text, {}, diags);
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == e);
  RC_ASSERT(to_string(*parsed) == text);
}

// Arbitrary text never crashes the parser: it parses or reports an error.
RC_GTEST_PROP(DiceProperty, ArbitraryTextParsesOrReports, ()) {
  const std::string text = *rc::gen::container<std::string>(
      rc::gen::elementOf(std::string("0123456789dDkhlr<>+-, =x\t")));
  DiagnosticEngine diags;
  const auto parsed = parse(text, {}, diags);
  RC_ASSERT(parsed.has_value() != diags.has_errors());
  if (parsed) RC_ASSERT(check(*parsed) == "");
  DiagnosticEngine face_diags;
  const auto faces = parse_faces(text, {}, face_diags);
  RC_ASSERT(faces.has_value() != face_diags.has_errors());
}

}  // namespace
}  // namespace umpire::dice
