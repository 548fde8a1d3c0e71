#include "engine/core/diagnostic.hpp"

#include <gtest/gtest.h>

namespace umpire {
namespace {

TEST(DiagnosticEngine, BuilderFillsEveryField) {
  DiagnosticEngine diags;
  const Span s{FileId{0}, 4, 7};
  diags.error("log.syntax.expected-hex", s, "expected a hex like {}", "5,7")
      .span_label("here")
      .label(Span{FileId{0}, 0, 2}, "unit declared here")
      .note("hexes are column,row")
      .rule("002_87c3dc452f850204.txt", "Le tir")
      .hint("write {} instead", "5,7")
      .fixit(s, "5,7");
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  const Diagnostic& d = diags.diagnostics()[0];
  EXPECT_EQ(d.id, "log.syntax.expected-hex");
  EXPECT_EQ(d.message, "expected a hex like 5,7");
  EXPECT_EQ(d.span_label, "here");
  ASSERT_EQ(d.labels.size(), 1u);
  EXPECT_EQ(d.labels[0].message, "unit declared here");
  EXPECT_EQ(d.notes, std::vector<std::string>{"hexes are column,row"});
  ASSERT_TRUE(d.rule.has_value());
  EXPECT_EQ(d.rule->to_string(), "002_87c3dc452f850204.txt \u00a7 Le tir");
  EXPECT_EQ(d.hint, "write 5,7 instead");
  EXPECT_EQ(d.fixits.size(), 1u);
}

TEST(DiagnosticEngine, SortsByFileThenPositionStably) {
  DiagnosticEngine diags;
  diags.error("b", Span{FileId{1}, 0, 1}, "file 1");
  diags.error("a", Span{FileId{0}, 9, 10}, "late");
  diags.warning("c", Span{FileId{0}, 2, 3}, "early");
  diags.note("d", Span{}, "no span");
  diags.error("e", Span{FileId{0}, 2, 5}, "early too");
  std::vector<std::string> ids;
  for (const Diagnostic& d : diags.sorted()) ids.push_back(d.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"d", "c", "e", "a", "b"}));
}

TEST(DiagnosticEngine, ErrorLimitDropsButCounts) {
  DiagnosticEngine diags(3);
  for (int i = 0; i < 10; ++i) diags.error("x", Span{FileId{0}, 0, 1}, "error {}", i).note("n");
  diags.warning("w", Span{}, "still kept");
  EXPECT_EQ(diags.count(Severity::error), 10u);
  EXPECT_EQ(diags.dropped(), 7u);
  EXPECT_EQ(diags.diagnostics().size(), 4u);
  EXPECT_TRUE(diags.limit_reached());
  EXPECT_EQ(summary(diags), "10 errors and 1 warning");
}

TEST(DiagnosticEngine, SummaryNamesEachSeverity) {
  DiagnosticEngine diags;
  EXPECT_EQ(summary(diags), "no issues");
  diags.not_checked("sabreur.victory", Span{}, "victory conditions");
  EXPECT_EQ(summary(diags), "1 not checked");
  diags.error("x", Span{}, "e");
  diags.warning("y", Span{}, "w");
  diags.warning("y", Span{}, "w");
  EXPECT_EQ(summary(diags), "1 error, 2 warnings and 1 not checked");
}

TEST(DiagnosticEngine, AbsorbKeepsDetailAndCounts) {
  DiagnosticEngine a, b;
  b.error("x", Span{}, "from b").hint("h");
  a.absorb(std::move(b));
  ASSERT_EQ(a.diagnostics().size(), 1u);
  EXPECT_EQ(a.diagnostics()[0].hint, "h");
  EXPECT_EQ(a.count(Severity::error), 1u);
  EXPECT_TRUE(b.diagnostics().empty());
}

}  // namespace
}  // namespace umpire
