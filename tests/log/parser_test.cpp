// The battle-log grammar: values, spans, recovery, and bad input.
#include <gtest/gtest.h>

#include "grammar/log/parser.hpp"
#include "grammar/log/schema.hpp"

namespace umpire::log {
namespace {

struct Parsed {
  SourceManager sources;
  DiagnosticEngine diags{0};
  ast::Log log;
  FileId file;
};

std::unique_ptr<Parsed> parse(std::string text) {
  auto p = std::make_unique<Parsed>();
  p->file = p->sources.add("test.ulog", std::move(text));
  p->log = parse_log(p->sources, p->file, p->diags);
  return p;
}

std::vector<std::string> ids(const DiagnosticEngine& diags) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.diagnostics()) out.push_back(d.id);
  return out;
}

const ast::Statement& only_statement(const Parsed& p) {
  EXPECT_EQ(p.log.lines.size(), 1u);
  return p.log.lines.at(0).statement;
}

TEST(Parser, ReadsEveryKindOfValue) {
  const auto p = parse(R"(unit R1 "Legio \"X\"" stats (clash 7, morale 4+, short 0/3) base 120X40mm points 36)");
  ASSERT_FALSE(p->diags.has_errors()) << ids(p->diags).front();
  const ast::Statement& s = only_statement(*p);
  EXPECT_EQ(s.verb, ast::Verb::unit);
  ASSERT_EQ(s.args.size(), 2u);
  EXPECT_EQ(s.args[0].text, "r1") << "ids are case-insensitive, canonical lower case";
  EXPECT_EQ(s.args[1].kind, ast::ValueKind::text);
  EXPECT_EQ(s.args[1].text, "Legio \"X\"");
  ASSERT_EQ(s.clauses.size(), 3u);
  const ast::Value& stats = s.clauses[0].values.at(0);
  ASSERT_EQ(stats.kind, ast::ValueKind::list);
  ASSERT_EQ(stats.entries.size(), 3u);
  EXPECT_EQ(stats.entries[1].values.at(1).kind, ast::ValueKind::target);
  EXPECT_EQ(stats.entries[1].values.at(1).integer, 4);
  EXPECT_EQ(stats.entries[2].values.at(1).parts, (std::vector<std::int64_t>{0, 3}));
  const ast::Value& base = s.clauses[1].values.at(0);
  EXPECT_EQ(base.kind, ast::ValueKind::size);
  EXPECT_EQ(base.x, 120);
  EXPECT_EQ(base.y, 40);
  EXPECT_EQ(base.unit, "mm");
}

TEST(Parser, RollsKeepNotationFacesAndSpans) {
  const auto p = parse("turn 1 a\n  test r1 morale 3D6kl2=6,2,3 reroll d6r1=1r4 => pass\n");
  ASSERT_FALSE(p->diags.has_errors());
  const ast::Statement& s = p->log.lines.at(1).statement;
  ASSERT_EQ(s.clauses.size(), 2u);
  const ast::Value& roll = s.clauses[0].values.at(0);
  EXPECT_EQ(s.clauses[0].key, "");
  EXPECT_EQ(roll.text, "3d6kl2");
  ASSERT_EQ(roll.faces.size(), 3u);
  EXPECT_EQ(roll.faces[1].value, 2);
  EXPECT_EQ(p->sources.text(roll.notation_span), "3D6kl2");
  EXPECT_EQ(p->sources.text(roll.faces[2].span), "3");
  const ast::Value& reroll = s.clauses[1].values.at(0);
  EXPECT_EQ(s.clauses[1].key, "reroll");
  ASSERT_EQ(reroll.faces.size(), 1u);
  EXPECT_TRUE(reroll.faces[0].rerolled);
  EXPECT_EQ(reroll.faces[0].value, 1);
  EXPECT_EQ(reroll.faces[0].second, 4);
  ASSERT_EQ(s.outcomes.size(), 1u);
  EXPECT_EQ(s.outcomes[0].key, "pass");
  EXPECT_EQ(p->sources.text(s.span), "test r1 morale 3D6kl2=6,2,3 reroll d6r1=1r4 => pass");
}

TEST(Parser, IdsThatLookLikeDiceAreIds) {
  // `d1` has no '=': it is a division id, not a one-sided die.
  const auto p = parse("order d1 by g1 2d6=3,4 => moves 2\n");
  ASSERT_FALSE(p->diags.has_errors());
  const ast::Statement& s = only_statement(*p);
  ASSERT_EQ(s.args.size(), 1u);
  EXPECT_EQ(s.args[0].kind, ast::ValueKind::word);
  EXPECT_EQ(s.args[0].text, "d1");
}

TEST(Parser, CommentsAndBlankLinesAreKept) {
  const auto p = parse("# header\nulog 1   # version\n\n\nruleset wab\n");
  ASSERT_FALSE(p->diags.has_errors());
  ASSERT_EQ(p->log.lines.size(), 3u);
  EXPECT_FALSE(p->log.lines[0].has_statement);
  EXPECT_EQ(p->log.lines[0].comment, "header");
  EXPECT_EQ(p->log.lines[1].comment, "version");
  EXPECT_EQ(p->sources.text(p->log.lines[1].statement.span), "ulog 1");
  EXPECT_TRUE(p->log.lines[2].blank_before);
}

TEST(Parser, RecoversAtEachLineAndReportsEveryError) {
  const auto p = parse("ulog 1\nmoove r1\nulog x\nruleset wab\ndeploy r1 at\n");
  EXPECT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.unknown-statement", "log.syntax.expected-integer",
                                                     "log.syntax.expected-position"}));
  ASSERT_EQ(p->log.lines.size(), 2u) << "the good lines are kept";
  EXPECT_EQ(p->log.lines[1].statement.verb, ast::Verb::ruleset);
  const Diagnostic& d = p->diags.diagnostics()[0];
  EXPECT_EQ(d.hint, "did you mean 'move'?");
  ASSERT_EQ(d.fixits.size(), 1u);
  EXPECT_EQ(d.fixits[0].replacement, "move");
}

TEST(Parser, ExpectationsAreWordedForTheBattlefield) {
  const auto hex = parse("map hex 12x10\ndeploy r1 at foo\n");
  ASSERT_EQ(ids(hex->diags), (std::vector<std::string>{"log.syntax.expected-hex"}));
  EXPECT_EQ(hex->diags.diagnostics()[0].message, "expected a hex like 5,7 after 'at', found 'foo'");
  const auto table = parse("table 72x48\ndeploy r1 at\n");
  ASSERT_EQ(ids(table->diags), (std::vector<std::string>{"log.syntax.expected-position"}));
  EXPECT_EQ(table->diags.diagnostics()[0].message, "expected a position in inches like 30,12.5 after 'at'");
}

TEST(Parser, MisspelledKeywordsGetSuggestions) {
  const auto p = parse("turn 1 a\nshoot r1 r2 weapn bows\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.unknown-keyword"}));
  EXPECT_EQ(p->diags.diagnostics()[0].hint, "did you mean 'weapon'?");
}

TEST(Parser, BinaryJunkIsReportedWithPositions) {
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
  const auto p = parse(junk);
  EXPECT_TRUE(p->diags.has_errors());
  for (const Diagnostic& d : p->diags.diagnostics()) {
    EXPECT_TRUE(d.span.valid());
    EXPECT_LE(d.span.end, junk.size());
  }
}

TEST(Parser, NonUtf8IsReportedOnce) {
  const auto p = parse("scenario \"caf\xe9\"\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.input.invalid-utf8"}));
  EXPECT_EQ(p->diags.diagnostics()[0].span.begin, 13u);
}

TEST(Parser, AOneMegabyteLineGivesAShortMessage) {
  const auto p = parse(std::string(1 << 20, 'a') + "\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.word-too-long"}));
  EXPECT_LT(p->diags.diagnostics()[0].message.size(), 100u);
  const auto q = parse("unit u1 \"" + std::string(1 << 20, 'x') + "\" points 3\n");
  EXPECT_TRUE(q->diags.diagnostics().empty()) << "long texts are fine";
}

TEST(Parser, DeepNestingIsRejectedWithoutRecursion) {
  const auto p = parse("unit u1 skills " + std::string(100000, '(') + "\n");
  EXPECT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.nested-list"}));
}

TEST(Parser, TruncatedInputIsReported) {
  const auto p = parse("turn 1 a\n  test r1 morale 2d6=3,");
  EXPECT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.expected-face"}));
  const auto q = parse("scenario \"unterminated");
  EXPECT_EQ(ids(q->diags), (std::vector<std::string>{"log.syntax.unterminated-text"}));
}

TEST(Parser, EveryVerbHasItsSchemaEntry) {
  for (std::size_t i = 0; i <= static_cast<std::size_t>(ast::Verb::end); ++i) {
    const auto verb = static_cast<ast::Verb>(i);
    EXPECT_EQ(detail::verb_spec(verb).verb, verb) << ast::verb_name(verb);
    EXPECT_EQ(detail::find_verb(ast::verb_name(verb)), verb);
  }
}

}  // namespace
}  // namespace umpire::log
