// Recorded dice: checking the faces a player wrote, and evaluating them.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/dice/recorded.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace umpire::dice {
namespace {

// Parses "EXPR=FACES" as one source, the way a log line holds it, and checks
// the faces; the faces span starts after '='.
struct Checked {
  std::optional<Roll> roll;
  DiagnosticEngine diags;
  Span faces_span;
};

Checked check_text(const std::string& text) {
  Checked out;
  const auto eq = static_cast<std::uint32_t>(text.find('='));
  const FileId file{0};
  const auto expr = parse(text.substr(0, eq), {file, 0, eq}, out.diags);
  EXPECT_TRUE(expr.has_value()) << text;
  out.faces_span = {file, eq + 1, static_cast<std::uint32_t>(text.size())};
  const auto faces = parse_faces(text.substr(eq + 1), out.faces_span, out.diags);
  EXPECT_TRUE(faces.has_value()) << text;
  if (expr && faces) out.roll = check_recorded(*expr, *faces, out.faces_span, out.diags);
  return out;
}

TEST(DiceRecorded, ValidRollsEvaluate) {
  const Checked two = check_text("2d6=3,5");
  ASSERT_TRUE(two.roll);
  EXPECT_EQ(two.roll->total, 8);
  EXPECT_TRUE(two.diags.diagnostics().empty());

  const Checked elite = check_text("3d6kl2=6,2,4");
  ASSERT_TRUE(elite.roll);
  EXPECT_EQ(elite.roll->total, 6);
  EXPECT_FALSE(elite.roll->dice[0].kept);
  EXPECT_TRUE(elite.roll->dice[1].kept);
  EXPECT_EQ(elite.roll->natural_faces(), (std::vector<std::uint16_t>{6, 2, 4}));

  // Ties: the die thrown first is kept.
  const Checked tie = check_text("3d6kh2=5,5,5");
  ASSERT_TRUE(tie.roll);
  EXPECT_TRUE(tie.roll->dice[0].kept);
  EXPECT_TRUE(tie.roll->dice[1].kept);
  EXPECT_FALSE(tie.roll->dice[2].kept);
  EXPECT_EQ(tie.roll->total, 10);

  // A d3 is written as its D6 face; 5 stands for 3.
  const Checked orders = check_text("d3+1=5");
  ASSERT_TRUE(orders.roll);
  EXPECT_EQ(orders.roll->total, 4);
  EXPECT_EQ(orders.roll->dice[0].value, 3);
  EXPECT_EQ(orders.roll->natural_faces(), (std::vector<std::uint16_t>{5}));

  // Re-rolls: the second face stands, even when it is in the re-roll range.
  const Checked reroll = check_text("3d6r1=1r4,6,1r1");
  ASSERT_TRUE(reroll.roll);
  EXPECT_EQ(reroll.roll->total, 4 + 6 + 1);
  EXPECT_EQ(reroll.roll->dice[0].faces, (Throw{1, 4}));
  EXPECT_EQ(reroll.roll->natural_faces(), (std::vector<std::uint16_t>{4, 6, 1}));

  const Checked several = check_text("2d6-d3+2d6kh1=6,6,2,1,3");
  ASSERT_TRUE(several.roll);
  EXPECT_EQ(several.roll->total, 12 - 1 + 3);
  EXPECT_EQ(several.roll->natural_faces(2), (std::vector<std::uint16_t>{1, 3}));
}

TEST(DiceRecorded, WrongCountIsReportedOnTheFaces) {
  const Checked c = check_text("2d6=3,5,4");
  EXPECT_FALSE(c.roll);
  ASSERT_EQ(c.diags.diagnostics().size(), 1u);
  const Diagnostic& d = c.diags.diagnostics()[0];
  EXPECT_EQ(d.id, "dice.recorded.count");
  EXPECT_EQ(d.span, c.faces_span);
  EXPECT_EQ(d.message, "'2d6' throws 2 dice but 3 faces are written");
  EXPECT_FALSE(d.hint.empty());

  const Checked kept = check_text("3d6kl2=2,4");
  ASSERT_EQ(kept.diags.diagnostics().size(), 1u);
  EXPECT_EQ(kept.diags.diagnostics()[0].id, "dice.recorded.count");
  EXPECT_EQ(kept.diags.diagnostics()[0].notes.size(), 1u);  // dice set aside are written too
}

TEST(DiceRecorded, FacesOutOfRangeAreReportedEach) {
  const Checked c = check_text("3d6=7,0,2");
  EXPECT_FALSE(c.roll);
  ASSERT_EQ(c.diags.diagnostics().size(), 2u);
  EXPECT_EQ(c.diags.diagnostics()[0].id, "dice.recorded.face-out-of-range");
  EXPECT_EQ(c.diags.diagnostics()[0].span.begin, 4u);
  EXPECT_EQ(c.diags.diagnostics()[0].message, "face 7 is not on a d6");
  EXPECT_EQ(c.diags.diagnostics()[1].span.begin, 6u);
  EXPECT_EQ(c.diags.diagnostics()[1].hint, "a d6 shows 1 to 6");

  const Checked d3 = check_text("d3=4r7");
  ASSERT_EQ(d3.diags.diagnostics().size(), 1u);
  EXPECT_EQ(d3.diags.diagnostics()[0].span.begin, 5u);  // the re-rolled face
  EXPECT_NE(d3.diags.diagnostics()[0].hint.find("D6 face"), std::string::npos);

  const Checked huge = check_text("d6=99999999999999999999");
  ASSERT_EQ(huge.diags.diagnostics().size(), 1u);
  EXPECT_EQ(huge.diags.diagnostics()[0].id, "dice.recorded.face-out-of-range");
}

TEST(DiceRecorded, RerollsMustBeWrittenExactlyWhereDue) {
  const Checked missing = check_text("2d6r1=1,5");
  EXPECT_FALSE(missing.roll);
  ASSERT_EQ(missing.diags.diagnostics().size(), 1u);
  EXPECT_EQ(missing.diags.diagnostics()[0].id, "dice.recorded.missing-reroll");
  EXPECT_EQ(missing.diags.diagnostics()[0].span.begin, 6u);
  EXPECT_EQ(missing.diags.diagnostics()[0].message,
            "'2d6r1' re-rolls a 1 but no re-roll is written");

  const Checked extra = check_text("2d6r1=3r4,5");
  ASSERT_EQ(extra.diags.diagnostics().size(), 1u);
  EXPECT_EQ(extra.diags.diagnostics()[0].id, "dice.recorded.unexpected-reroll");
  EXPECT_EQ(extra.diags.diagnostics()[0].span.begin, 6u);
  EXPECT_EQ(extra.diags.diagnostics()[0].span.end, 9u);

  const Checked none = check_text("2d6=3r4,5");
  ASSERT_EQ(none.diags.diagnostics().size(), 1u);
  EXPECT_EQ(none.diags.diagnostics()[0].id, "dice.recorded.unexpected-reroll");

  // d3r1 re-rolls the value 1, that is D6 faces 1 and 2.
  EXPECT_TRUE(check_text("d3r1=2r6").roll);
  EXPECT_FALSE(check_text("d3r1=2").roll);
  EXPECT_FALSE(check_text("d3r1=3r6").roll);
}

}  // namespace
}  // namespace umpire::dice
