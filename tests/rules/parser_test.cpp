// The rules grammar: what parses, what it produces, and the diagnostics of
// what does not (position, expected token, recovery at the next item).
#include <gtest/gtest.h>

#include <boost/variant/get.hpp>

#include "engine/core/source_manager.hpp"
#include "grammar/rules/rules_parser.hpp"

namespace umpire::rules {
namespace {

struct Parsed {
  SourceManager sources;
  DiagnosticEngine diags{0};
  ParsedFile file;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  const FileId f = p->sources.add("t.rules", text);
  p->file = parse_rules(p->sources, f, p->diags);
  return p;
}

TEST(RulesParser, HeaderAndItems) {
  auto p = parse(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n"
      "domain troop_class { infantry, cavalry } ref \"TABLEAU DE PANIQUE\"\n"
      "given unit.shaken : bool\n");
  ASSERT_TRUE(p->file.header_ok);
  EXPECT_FALSE(p->diags.has_errors());
  EXPECT_EQ(p->file.file.header.id.name, "demo");
  ASSERT_EQ(p->file.file.header.sources.size(), 1u);
  ASSERT_EQ(p->file.file.items.size(), 2u);
  const auto& item = boost::get<ast::PlainItem>(p->file.file.items[0]);
  EXPECT_EQ(ast::item_name(item), "troop_class");
  EXPECT_EQ(ast::item_kind(item), "domain");
  const auto& given = boost::get<ast::Given>(boost::get<ast::PlainItem>(p->file.file.items[1]));
  EXPECT_EQ(ast::join(given.name), "unit.shaken");
  // Spans are byte offsets of the whole item.
  EXPECT_EQ(p->sources.text(given.span), "given unit.shaken : bool");
}

TEST(RulesParser, TablePatterns) {
  auto p = parse(
      "ruleset demo \"Demo\"\n"
      "table t ref \"x\" {\n  key score : int -5..12\n  key c : cls\n  column r : roll 2..6 "
      "optional\n"
      "  row 10+, _ => 4+\n  row 1-, {a, b} => none\n  row 3..5, a => 5+\n  row 2, b => 6+\n}\n");
  ASSERT_FALSE(p->diags.has_errors());
  const auto& table = boost::get<ast::Table>(boost::get<ast::PlainItem>(p->file.file.items[0]));
  ASSERT_EQ(table.rows.size(), 4u);
  EXPECT_NE(boost::get<ast::AtLeastPat>(&table.rows[0].keys[0]), nullptr);
  EXPECT_NE(boost::get<ast::Wildcard>(&table.rows[0].keys[1]), nullptr);
  EXPECT_NE(boost::get<ast::AtMostPat>(&table.rows[1].keys[0]), nullptr);
  EXPECT_NE(boost::get<ast::SetLit>(&table.rows[1].keys[1]), nullptr);
  EXPECT_NE(boost::get<ast::RangePat>(&table.rows[2].keys[0]), nullptr);
  EXPECT_EQ(boost::get<ast::RollLit>(table.rows[0].results[0]).value, 4);
  EXPECT_NE(boost::get<ast::NoneLit>(&table.rows[1].results[0]), nullptr);
}

TEST(RulesParser, ConditionsAndParentheses) {
  auto p = parse(
      "ruleset demo \"Demo\"\n"
      "value v : bool ref \"x\" = (a or b) and not c in {x, y} implies (d + 1) * 2 >= 3\n"
      "value w : int 0..9 ref \"x\" = cases { when a => min(1, div(e, 2, up)) else => t.c(k = 1) "
      "with s }\n");
  ASSERT_FALSE(p->diags.has_errors());
  ASSERT_EQ(p->file.file.items.size(), 2u);
  const auto& v = boost::get<ast::Value>(boost::get<ast::PlainItem>(p->file.file.items[0]));
  ASSERT_TRUE(v.expr.implies.has_value());
  EXPECT_EQ(v.expr.lhs.parts.size(), 1u);
  EXPECT_EQ(v.expr.lhs.parts[0].parts.size(), 2u);  // (a or b) and not ...
}

TEST(RulesParser, ReportsExpectedTokenAtPosition) {
  auto p = parse("ruleset demo \"Demo\"\ndomain d { a b }\n");
  ASSERT_EQ(p->diags.diagnostics().size(), 1u);
  const Diagnostic& d = p->diags.diagnostics()[0];
  EXPECT_EQ(d.id, "rules.syntax.expected");
  EXPECT_EQ(d.message, "expected '}'");
  EXPECT_EQ(p->sources.text(d.span), "b");
  EXPECT_EQ(p->sources.line_column(d.span.file, d.span.begin).line, 2u);
}

TEST(RulesParser, RecoversAtNextItem) {
  auto p = parse(
      "ruleset demo \"Demo\"\n"
      "domain d { a b }\n"
      "given g : bool\n"
      "value v : int 0..3 ref \"x\" = 1 +\n"
      "given h : int 0..2\n");
  EXPECT_EQ(p->diags.count(Severity::error), 2u);
  ASSERT_EQ(p->file.file.items.size(), 2u);  // g and h survive
}

TEST(RulesParser, MissingHeader) {
  auto p = parse("domain d { a }\n");
  EXPECT_FALSE(p->file.header_ok);
  ASSERT_GE(p->diags.diagnostics().size(), 1u);
  EXPECT_EQ(p->diags.diagnostics()[0].id, "rules.syntax.expected");
}

TEST(RulesParser, RejectsInvalidUtf8) {
  auto p = parse("ruleset demo \"D\xff\"\n");
  ASSERT_EQ(p->diags.diagnostics().size(), 1u);
  EXPECT_EQ(p->diags.diagnostics()[0].id, "rules.syntax.invalid-utf8");
  EXPECT_EQ(p->diags.diagnostics()[0].span.begin, 15u);
}

TEST(RulesParser, RejectsDeepNesting) {
  std::string deep = "ruleset demo \"D\"\nvalue v : int 0..1 ref \"x\" = ";
  for (int i = 0; i < 200; ++i) deep += "(";
  deep += "1";
  for (int i = 0; i < 200; ++i) deep += ")";
  auto p = parse(deep + "\n");
  ASSERT_EQ(p->diags.diagnostics().size(), 1u);
  EXPECT_EQ(p->diags.diagnostics()[0].id, "rules.syntax.too-deep");
}

TEST(RulesParser, ReservedWordsAreNotNames) {
  auto p = parse("ruleset demo \"D\"\ngiven and : bool\n");
  EXPECT_TRUE(p->diags.has_errors());
  // Contextual keywords are fine as names.
  auto q = parse("ruleset demo \"D\"\ngiven target.table : bool\ngiven count : int 0..3\n");
  EXPECT_FALSE(q->diags.has_errors());
  EXPECT_EQ(q->file.file.items.size(), 2u);
}

TEST(RulesParser, VariantOperations) {
  auto p = parse(
      "ruleset v \"V\"\nextends base\nsource \"004_b7c666874e8df030.txt\"\n"
      "override domain d { a } ref \"x\"\nremove old ref \"y\"\n"
      "add entry s.stage e: -1 when a ref \"z\"\nremove entry s.f\nadd value d { b, c }\n"
      "intentional d \"why\" ref \"w\"\n");
  ASSERT_FALSE(p->diags.has_errors());
  ASSERT_TRUE(p->file.file.header.extends.has_value());
  EXPECT_EQ(p->file.file.header.extends->name, "base");
  ASSERT_EQ(p->file.file.items.size(), 6u);
  EXPECT_NE(boost::get<ast::Override>(&p->file.file.items[0]), nullptr);
  EXPECT_NE(boost::get<ast::Remove>(&p->file.file.items[1]), nullptr);
  EXPECT_NE(boost::get<ast::AddEntry>(&p->file.file.items[2]), nullptr);
  EXPECT_NE(boost::get<ast::RemoveEntry>(&p->file.file.items[3]), nullptr);
  EXPECT_NE(boost::get<ast::AddValues>(&p->file.file.items[4]), nullptr);
  EXPECT_NE(boost::get<ast::Intentional>(&p->file.file.items[5]), nullptr);
}

}  // namespace
}  // namespace umpire::rules
