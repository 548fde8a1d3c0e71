// The portable RNG against published reference outputs and against the test
// vectors of docs/dice.md, which were computed from the specification by an
// independent implementation (docs/dice.md § Test vectors).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/dice/rng.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace umpire::dice {
namespace {

// Reference outputs of SplitMix64 seeded with 0, as published with the
// algorithm (and reproduced by every port of it).
TEST(DiceRng, SplitMix64MatchesPublishedOutputsForSeedZero) {
  SplitMix64 sm(0);
  EXPECT_EQ(sm.next(), 0xE220A8397B1DCDAFULL);
  EXPECT_EQ(sm.next(), 0x6E789E6AA1B965F4ULL);
  EXPECT_EQ(sm.next(), 0x06C45D188009454FULL);
  EXPECT_EQ(sm.next(), 0xF88BB8A8724C81ECULL);
}

// xoshiro256** from the raw state {1, 2, 3, 4}: the reference outputs used by
// the authors' test suite and its ports.
TEST(DiceRng, Xoshiro256StarStarMatchesReferenceFromState1234) {
  Rng rng = Rng::from_state({1, 2, 3, 4});
  const std::array<std::uint64_t, 10> expected = {
      11520ULL,
      0ULL,
      1509978240ULL,
      1215971899390074240ULL,
      1216172134540287360ULL,
      607988272756665600ULL,
      16172922978634559625ULL,
      8476171486693032832ULL,
      10595114339597558777ULL,
      2904607092377533576ULL,
  };
  for (const std::uint64_t e : expected) EXPECT_EQ(rng.next(), e);
}

// The first step computed by hand from the definition, independently of the
// class: result = rotl(s1 * 5, 7) * 9.
TEST(DiceRng, FirstOutputFollowsTheScramblerDefinition) {
  const std::uint64_t s1 = 0x0123456789ABCDEFULL;
  const std::uint64_t m = s1 * 5;
  const std::uint64_t expected = ((m << 7) | (m >> 57)) * 9;
  Rng rng = Rng::from_state({42, s1, 7, 9});
  EXPECT_EQ(rng.next(), expected);
}

TEST(DiceRng, SeedingUsesFourSplitMixOutputs) {
  SplitMix64 sm(0);
  const Rng rng(0);
  for (const std::uint64_t word : rng.state()) EXPECT_EQ(word, sm.next());
}

struct Vector {
  std::uint64_t seed;
  std::array<std::uint64_t, 4> raw;
  std::array<std::uint32_t, 12> d6;
};

// docs/dice.md § Test vectors.
const Vector vectors[] = {
    {0,
     {0x99EC5F36CB75F2B4ULL, 0xBF6E1F784956452AULL, 0x1A5F849D4933E6E0ULL, 0x6AA594F1262D2D2CULL},
     {3, 3, 5, 5, 4, 3, 3, 2, 2, 2, 5, 4}},
    {1,
     {0xB3F2AF6D0FC710C5ULL, 0x853B559647364CEAULL, 0x92F89756082A4514ULL, 0x642E1C7BC266A3A7ULL},
     {2, 5, 3, 6, 6, 5, 3, 4, 2, 5, 2, 5}},
    {42,
     {0x15780B2E0C2EC716ULL, 0x6104D9866D113A7EULL, 0xAE17533239E499A1ULL, 0xECB8AD4703B360A1ULL},
     {1, 1, 6, 6, 5, 1, 5, 4, 5, 6, 2, 2}},
    {0xDEADBEEF,
     {0xC5555444A74D7E83ULL, 0x65C30D37B4B16E38ULL, 0x54F773200A4EFA23ULL, 0x429AED75FB958AF7ULL},
     {6, 3, 6, 4, 5, 4, 2, 5, 4, 1, 3, 6}},
};

TEST(DiceRng, RawOutputsMatchTestVectors) {
  for (const Vector& v : vectors) {
    Rng rng(v.seed);
    for (const std::uint64_t e : v.raw) EXPECT_EQ(rng.next(), e) << "seed " << v.seed;
  }
}

TEST(DiceRng, D6FacesMatchTestVectors) {
  for (const Vector& v : vectors) {
    Rng rng(v.seed);
    for (const std::uint32_t e : v.d6) EXPECT_EQ(rng.face(6), e) << "seed " << v.seed;
  }
}

// With no rejection, a face is x mod sides + 1 of the raw output.
TEST(DiceRng, FaceIsRawOutputModuloSidesPlusOne) {
  Rng raw(2026);
  Rng faces(2026);
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t x = raw.next();
    EXPECT_EQ(faces.face(20), x % 20 + 1);
  }
  Rng d1000(2026);
  const std::array<std::uint32_t, 5> expected = {110, 513, 419, 587, 995};
  for (const std::uint32_t e : expected) EXPECT_EQ(d1000.face(1000), e);
}

// The rejection rule, driven by a scripted source: for 3 sides,
// 2^64 mod 3 = 1, so only 2^64 - 1 is rejected; for 1000 sides the top 616
// values are.
TEST(DiceRng, RejectionDiscardsTheIncompleteTopBlock) {
  std::vector<std::uint64_t> script = {UINT64_MAX, UINT64_MAX, 5};
  std::size_t at = 0;
  const auto next = [&] { return script.at(at++); };
  EXPECT_EQ(unbiased_face(3, next), 3u);  // 5 mod 3 + 1, after two rejections
  EXPECT_EQ(at, 3u);

  script = {UINT64_MAX - 1, 0};
  at = 0;
  EXPECT_EQ(unbiased_face(3, next), (UINT64_MAX - 1) % 3 + 1);  // the last accepted value
  EXPECT_EQ(at, 1u);

  const std::uint64_t first_rejected = UINT64_MAX - 615;  // 2^64 - 616
  script = {first_rejected, first_rejected - 1};
  at = 0;
  EXPECT_EQ(unbiased_face(1000, next), (first_rejected - 1) % 1000 + 1);
  EXPECT_EQ(at, 2u);

  // Powers of two divide 2^64: nothing is ever rejected.
  script = {UINT64_MAX};
  at = 0;
  EXPECT_EQ(unbiased_face(8, next), 8u);
}

// Drawing an expression: docs/dice.md § Drawing an expression, vectors
// computed from the specification independently.
Roll draw_text(std::string_view text, std::uint64_t seed) {
  DiagnosticEngine diags;
  const auto expr = parse(text, {}, diags);
  EXPECT_TRUE(expr.has_value()) << text;
  Rng rng(seed);
  return draw(*expr, rng);
}

TEST(DiceRng, DrawVectors) {
  const Roll elite = draw_text("3d6kl2", 42);
  ASSERT_EQ(elite.dice.size(), 3u);
  EXPECT_EQ(elite.natural_faces(), (std::vector<std::uint16_t>{1, 1, 6}));
  EXPECT_FALSE(elite.dice[2].kept);
  EXPECT_EQ(elite.total, 2);

  // The first die shows 1, is re-rolled and shows 1 again, which stands; the
  // d3 is a D6 showing 5, halved up to 3.
  const Roll orders = draw_text("2d6r1+d3+1", 7);
  ASSERT_EQ(orders.dice.size(), 3u);
  EXPECT_EQ(orders.dice[0].faces, (Throw{1, 1}));
  EXPECT_EQ(orders.dice[1].faces, (Throw{3, 0}));
  EXPECT_EQ(orders.dice[2].faces, (Throw{5, 0}));
  EXPECT_EQ(orders.dice[2].value, 3);
  EXPECT_EQ(orders.total, 8);

  // Re-rolls come after every first throw of the term: 2 5 3 6, then the
  // re-roll of the 2 (a 6), then the subtracted d6 (a 5).
  const Roll mixed = draw_text("4d6kh3r<3-d6", 1);
  ASSERT_EQ(mixed.dice.size(), 5u);
  EXPECT_EQ(mixed.dice[0].faces, (Throw{2, 6}));
  EXPECT_EQ(mixed.natural_faces(), (std::vector<std::uint16_t>{6, 5, 3, 6, 5}));
  EXPECT_FALSE(mixed.dice[2].kept);
  EXPECT_EQ(mixed.total, 12);
}

TEST(DiceRng, SameSeedSameRolls) {
  DiagnosticEngine diags;
  const auto expr = parse("10d6r1+3d6kh2-d3", {}, diags);
  ASSERT_TRUE(expr);
  Rng a(99), b(99), c(100);
  bool differs = false;
  for (int i = 0; i < 50; ++i) {
    const Roll ra = draw(*expr, a);
    EXPECT_EQ(ra.dice, draw(*expr, b).dice);
    differs = differs || ra.dice != draw(*expr, c).dice;
  }
  EXPECT_TRUE(differs);
}

}  // namespace
}  // namespace umpire::dice
