// The battle-log grammar: values, spans, recovery, and bad input.
#include "grammar/log/parser.hpp"

#include <gtest/gtest.h>

#include "engine/core/input_limits.hpp"
#include "grammar/log/printer.hpp"
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
  const auto p = parse(
      R"(unit R1 "Legio \"X\"" stats (clash 7, morale 4+, short 0/3) base 120X40mm points 36)");
  ASSERT_FALSE(p->diags.has_errors()) << ids(p->diags).front();
  const ast::Log& log = p->log;
  const ast::Statement& s = only_statement(*p);
  EXPECT_EQ(s.verb, ast::Verb::unit);
  const auto args = log.args(s);
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[0].text, "r1") << "ids are case-insensitive, canonical lower case";
  EXPECT_EQ(args[1].kind, ast::ValueKind::text);
  EXPECT_EQ(args[1].text, "Legio \"X\"");
  const auto clauses = log.clauses_of(s);
  ASSERT_EQ(clauses.size(), 3u);
  const ast::Value& stats = log.values_of(clauses[0])[0];
  ASSERT_EQ(stats.kind, ast::ValueKind::list);
  const auto entries = log.entries_of(stats);
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(log.values_of(entries[1])[1].kind, ast::ValueKind::target);
  EXPECT_EQ(log.values_of(entries[1])[1].integer, 4);
  const auto parts = log.parts_of(log.values_of(entries[2])[1]);
  EXPECT_EQ(std::vector<std::int64_t>(parts.begin(), parts.end()),
            (std::vector<std::int64_t>{0, 3}));
  EXPECT_EQ(p->sources.text(entries[1].span), "morale 4+");
  const ast::Value& base = log.values_of(clauses[1])[0];
  EXPECT_EQ(base.kind, ast::ValueKind::size);
  EXPECT_EQ(base.x, 120);
  EXPECT_EQ(base.y, 40);
  EXPECT_EQ(base.unit, ast::SizeUnit::mm);
  EXPECT_EQ(base.text, "120x40mm");
}

TEST(Parser, RollsKeepNotationFacesAndSpans) {
  const auto p = parse("turn 1 a\n  test r1 morale 3D6kl2=6,2,3 reroll d6r1=1r4 => pass\n");
  ASSERT_FALSE(p->diags.has_errors());
  const ast::Log& log = p->log;
  const ast::Statement& s = log.lines.at(1).statement;
  const auto clauses = log.clauses_of(s);
  ASSERT_EQ(clauses.size(), 2u);
  const ast::Value& roll = log.values_of(clauses[0])[0];
  EXPECT_EQ(clauses[0].key, ast::Word::none);
  EXPECT_EQ(roll.text, "3d6kl2");
  const auto faces = log.faces_of(roll);
  ASSERT_EQ(faces.size(), 3u);
  EXPECT_EQ(faces[1].value, 2);
  EXPECT_EQ(p->sources.text(roll.notation_span()), "3D6kl2");
  EXPECT_EQ(p->sources.text(faces[2].span), "3");
  EXPECT_EQ(p->sources.text(log.faces_span(roll)), "6,2,3");
  const ast::Value& reroll = log.values_of(clauses[1])[0];
  EXPECT_EQ(clauses[1].key, ast::Word::reroll);
  const auto reroll_faces = log.faces_of(reroll);
  ASSERT_EQ(reroll_faces.size(), 1u);
  EXPECT_TRUE(reroll_faces[0].rerolled);
  EXPECT_EQ(reroll_faces[0].value, 1);
  EXPECT_EQ(reroll_faces[0].second, 4);
  ASSERT_EQ(log.outcomes(s).size(), 1u);
  EXPECT_EQ(log.outcomes(s)[0].key, ast::Word::pass);
  EXPECT_EQ(p->sources.text(s.span), "test r1 morale 3D6kl2=6,2,3 reroll d6r1=1r4 => pass");
}

TEST(Parser, IdsThatLookLikeDiceAreIds) {
  // `d1` has no '=': it is a division id, not a one-sided die.
  const auto p = parse("order d1 by g1 2d6=3,4 => moves 2\n");
  ASSERT_FALSE(p->diags.has_errors());
  const ast::Statement& s = only_statement(*p);
  ASSERT_EQ(p->log.args(s).size(), 1u);
  EXPECT_EQ(p->log.args(s)[0].kind, ast::ValueKind::word);
  EXPECT_EQ(p->log.args(s)[0].text, "d1");
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
  EXPECT_EQ(ids(p->diags),
            (std::vector<std::string>{"log.syntax.unknown-statement", "log.syntax.expected-integer",
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
  EXPECT_EQ(table->diags.diagnostics()[0].message,
            "expected a position in inches like 30,12.5 after 'at'");
}

TEST(Parser, OffTableIsADestinationAndTakesAnEdge) {
  const auto p = parse("flee a5 path 10,5 to off-table south facing n");
  ASSERT_FALSE(p->diags.has_errors()) << ids(p->diags).front();
  const ast::Statement& s = only_statement(*p);
  const auto clauses = p->log.clauses_of(s);
  ASSERT_EQ(clauses.size(), 3u);
  EXPECT_EQ(clauses[1].key, ast::Word::to);
  const auto to = p->log.values_of(clauses[1]);
  ASSERT_EQ(to.size(), 2u);
  EXPECT_EQ(to[0].text, "off-table");
  EXPECT_EQ(to[1].text, "south");
  EXPECT_EQ(p->sources.text(clauses[1].span), "to off-table south");
  EXPECT_EQ(clauses[2].key, ast::Word::facing)
      << "the edge is optional and ends at the next keyword";
  // Only `off-table` stands for a position; an edge only after it.
  EXPECT_EQ(ids(parse("move r1 to north\n")->diags),
            std::vector<std::string>{"log.syntax.expected-position"});
  EXPECT_EQ(ids(parse("move r1 to 5,7 north\n")->diags),
            std::vector<std::string>{"log.syntax.unknown-keyword"});
  const auto bad_edge = parse("flee r1 to off-table up\n");
  ASSERT_EQ(ids(bad_edge->diags), std::vector<std::string>{"log.syntax.expected-edge"});
  EXPECT_EQ(
      bad_edge->diags.diagnostics()[0].message,
      "expected a table edge: 'north', 'south', 'east' or 'west' after 'off-table', found 'up'");
  EXPECT_EQ(bad_edge->sources.text(bad_edge->diags.diagnostics()[0].span), "up");
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

TEST(Parser, AVeryLongLineGivesAShortMessage) {
  // 200 kB: below the limit of a line (limits::log_line_bytes).
  const auto p = parse(std::string(200'000, 'a') + "\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.word-too-long"}));
  EXPECT_LT(p->diags.diagnostics()[0].message.size(), 100u);
  const auto q = parse("unit u1 \"" + std::string(200'000, 'x') + "\" points 3\n");
  EXPECT_TRUE(q->diags.diagnostics().empty()) << "long texts are fine";
}

TEST(Parser, ALineLongerThanTheLimitIsRefusedUnread) {
  // A megabyte of numbers once took fifty times its size to read.
  std::string numbers;
  while (numbers.size() <= limits::log_line_bytes) numbers += " 1234567";
  const auto p = parse("ulog 1\nhex" + numbers + " wood\nscenario \"after\"\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.limit.line-length"}));
  EXPECT_EQ(p->diags.diagnostics()[0].span.begin, 7u) << "at the start of the offending line";
  EXPECT_LT(p->diags.diagnostics()[0].message.size(), 100u);
  ASSERT_EQ(p->log.lines.size(), 2u) << "the lines around it are read";
  const auto q = parse("unit u1 \"" + std::string(limits::log_line_bytes, 'x') + "\"\n");
  EXPECT_EQ(ids(q->diags), (std::vector<std::string>{"log.limit.line-length"}));
}

TEST(Parser, AnUnknownEscapeInATextIsAnErrorWithACaret) {
  // `fmt` once printed "C:\notes\turn1.txt \o/" as "C:notesturn1.txt o/".
  const auto p = parse("scenario \"C:\\notes\\turn1.txt \\o/\"\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.unknown-escape"}));
  const Diagnostic& d = p->diags.diagnostics()[0];
  EXPECT_EQ(d.span.begin, 12u) << "at the first backslash";
  EXPECT_EQ(d.span.end, 14u) << "the escape as written";
  EXPECT_NE(d.message.find("'\\n'"), std::string::npos) << d.message;
  ASSERT_EQ(d.fixits.size(), 1u);
  EXPECT_EQ(d.fixits[0].replacement, "\\\\");
  EXPECT_TRUE(p->log.lines.empty()) << "the line is dropped, so fmt never prints it";
  EXPECT_FALSE(format_log(p->sources.text(p->file), p->file, p->diags)) << "fmt refuses the log";
  // The two escapes of the format, and a backslash doubled, are kept.
  const auto q = parse("scenario \"C:\\\\notes \\\"quoted\\\"\"\n");
  ASSERT_TRUE(q->diags.diagnostics().empty()) << ids(q->diags).front();
  EXPECT_EQ(q->log.args(only_statement(*q))[0].text, "C:\\notes \"quoted\"");
  EXPECT_EQ(print_log(q->log), "scenario \"C:\\\\notes \\\"quoted\\\"\"\n") << "printed as written";
  // A backslash that ends the line leaves the text open.
  EXPECT_EQ(ids(parse("scenario \"C:\\")->diags),
            (std::vector<std::string>{"log.syntax.unterminated-text"}));
}

TEST(Parser, AControlCharacterInATextOrACommentIsRefused) {
  // An escape sequence in a name would drive the terminal of whoever prints
  // the log or a message quoting it.
  const auto p = parse(
      "unit f1 \"Evil\x1b]0;x\x07\" points 3\nscenario \"a\xC2\x9B"
      "2J\"\nulog 1  # \x07\n"
      "scenario \"tab\there\"  # and\ttab\n");
  EXPECT_EQ(ids(p->diags),
            (std::vector<std::string>{"log.input.control-character", "log.input.control-character",
                                      "log.input.control-character"}));
  EXPECT_EQ(p->diags.diagnostics()[0].span.begin, 13u);
  EXPECT_EQ(p->diags.diagnostics()[1].span.end - p->diags.diagnostics()[1].span.begin, 2u)
      << "a C1 control whole";
  EXPECT_NE(p->diags.diagnostics()[2].message.find("comment"), std::string::npos);
  EXPECT_EQ(p->log.lines.size(), 1u) << "a tab is a text's like any character";
}

TEST(Parser, AByteOrderMarkIsNamedAndRefused) {
  const auto p = parse("\xEF\xBB\xBFulog 1\nscenario \"x\"\n");
  ASSERT_EQ(ids(p->diags), (std::vector<std::string>{"log.input.byte-order-mark"}));
  EXPECT_EQ(p->diags.diagnostics()[0].span.begin, 0u);
  EXPECT_EQ(p->diags.diagnostics()[0].span.end, 3u);
  EXPECT_EQ(p->log.lines.size(), 2u) << "the rest of the log is read";
  EXPECT_EQ(ids(parse("scenario \"\xEF\xBB\xBF in a text\"\n")->diags), std::vector<std::string>{})
      << "U+FEFF inside a text is a character like any other";
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

TEST(Parser, ALineThatFailsLeavesNothingBehind) {
  // The second line fails inside its list, after values were stored; the
  // shared vectors must hold only what the kept lines use.
  const auto p = parse("unit u1 \"A\" skills (a, b)\nunit u2 skills (c, (d\nunit u3 skills (e)\n");
  EXPECT_EQ(ids(p->diags), (std::vector<std::string>{"log.syntax.nested-list"}));
  ASSERT_EQ(p->log.lines.size(), 2u);
  const ast::Log& log = p->log;
  const ast::Statement& third = log.lines[1].statement;
  EXPECT_EQ(log.args(third)[0].text, "u3");
  const ast::Value& skills = log.values_of(log.clauses_of(third)[0])[0];
  ASSERT_EQ(log.entries_of(skills).size(), 1u);
  EXPECT_EQ(log.values_of(log.entries_of(skills)[0])[0].text, "e");
  EXPECT_EQ(log.entries.size(), 3u) << "two entries of u1, one of u3";
}

TEST(Parser, WordsAreViewsIntoTheSourceUnlessLowerCased) {
  const auto p = parse("unit r1 \"plain\" type Heavy\n");
  ASSERT_FALSE(p->diags.has_errors());
  const ast::Log& log = p->log;
  const std::string_view text = p->sources.text(p->file);
  const auto args = log.args(only_statement(*p));
  EXPECT_EQ(args[0].text.data(), text.data() + 5) << "already lower case: no copy";
  EXPECT_EQ(args[1].text.data(), text.data() + 9) << "no escape: no copy";
  const ast::Value& type = log.values_of(log.clauses_of(only_statement(*p))[0])[0];
  EXPECT_EQ(type.text, "heavy");
  EXPECT_NE(type.text.data(), text.data() + 21) << "capitals: a lower-cased copy";
}

TEST(Parser, ReadingLineByLineGivesTheSameLines) {
  const std::string text = "ulog 1\n\n# c\nruleset wab  # r\nmoove\nside a \"A\"\n";
  const auto whole = parse(text);
  DiagnosticEngine diags(0);
  LineReader reader(whole->sources.text(whole->file), whole->file, diags);
  ast::Log scratch;
  std::vector<std::string> seen;
  while (reader.next(scratch)) {
    const ast::Line& line = scratch.lines.back();
    seen.push_back(std::string(whole->sources.text(line.span)) +
                   (line.blank_before ? " (after blank)" : ""));
    scratch.clear();
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"ulog 1", "# c (after blank)", "ruleset wab  # r",
                                            "side a \"A\""}));
  EXPECT_EQ(ids(diags), ids(whole->diags));
}

TEST(Parser, AnInputOverFourGigabytesIsRefusedUpFront) {
  // A view of the size only: the reader must refuse it before touching a byte.
  const char byte = 'x';
  const std::string_view huge(&byte, std::size_t{UINT32_MAX} + 1);
  DiagnosticEngine diags(0);
  const ast::Log log = parse_log_text(huge, FileId{0}, diags);
  EXPECT_EQ(ids(diags), (std::vector<std::string>{"log.input.too-large"}));
  EXPECT_TRUE(log.lines.empty());
  EXPECT_EQ(diags.diagnostics()[0].span, (Span{FileId{0}, 0, 0}));
}

TEST(Parser, EveryVerbHasItsSchemaEntry) {
  for (std::size_t i = 0; i <= static_cast<std::size_t>(ast::Verb::end); ++i) {
    const auto verb = static_cast<ast::Verb>(i);
    EXPECT_EQ(detail::verb_spec(verb).verb, verb) << ast::verb_name(verb);
    EXPECT_EQ(detail::find_verb(ast::verb_name(verb)), verb);
    EXPECT_EQ(ast::find_word(ast::verb_name(verb)), ast::word_of(verb));
  }
}

// The scanner gives every word of the language its id once, and every
// other word none; the binder and lowering compare those ids.
TEST(Parser, WordsAreNumberedOnceByTheScanner) {
  constexpr unsigned word_count = 1
#define UMPIRE_LOG_VERB(name, text, group) +1
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
#define UMPIRE_LOG_WORD(name, text) +1
#include "grammar/log/words.def"
#undef UMPIRE_LOG_WORD
      ;
  for (unsigned i = 1; i < word_count; ++i) {
    const auto word = static_cast<ast::Word>(i);
    EXPECT_EQ(ast::find_word(ast::word_text(word)), word) << ast::word_text(word);
  }
  for (const std::string_view other : {"r1", "b12", "line", "frontal", "hits2", "tos", "t",
                                       "off-tables", "agree", "facings", "nn", "e", "w"}) {
    EXPECT_EQ(ast::find_word(other), ast::Word::none) << other;
  }
  const auto p = parse("move R1 frontal TO 5,7 Facing NE path 4,7 5,7\n");
  ASSERT_FALSE(p->diags.has_errors()) << ids(p->diags).front();
  const ast::Statement& s = only_statement(*p);
  EXPECT_EQ(p->log.args(s)[0].word, ast::Word::none);
  const auto clauses = p->log.clauses_of(s);
  ASSERT_EQ(clauses.size(), 3u);
  EXPECT_EQ(clauses[0].key, ast::Word::to);
  EXPECT_EQ(clauses[1].key, ast::Word::facing);
  EXPECT_EQ(p->log.values_of(clauses[1])[0].word, ast::Word::ne)
      << "capitals are lower-cased first";
  EXPECT_EQ(clauses[2].key, ast::Word::path);
  // Keys, outcomes and labels print as the schema spells them.
  EXPECT_EQ(ast::word_text(ast::Word::off_table), "off-table");
  EXPECT_EQ(detail::roll_label("hit"), ast::Word::hit);
  EXPECT_EQ(detail::roll_label("hits"), ast::Word::none);
  EXPECT_TRUE(detail::is_roll_label(ast::Word::distance));
  EXPECT_FALSE(detail::is_roll_label(ast::Word::none));
}

}  // namespace
}  // namespace umpire::log
