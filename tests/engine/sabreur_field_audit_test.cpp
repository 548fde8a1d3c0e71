// Nothing written in a Sabreur-hex log is accepted and then ignored: every
// field each statement can carry (the log schema) is checked by the engine,
// counted `not checked`, or refused (fields.def). One test per field, by
// table: the field written on its statement, and what the audit does.
#include <gtest/gtest.h>

#include <string>

#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/field_audit.hpp"
#include "engine/run/run.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/log/schema.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur {
namespace field_audit_test {  // its own names in the unity build of engine_tests
namespace {

using log::ast::Verb;
using log::ast::Word;

// The positional values each statement takes, for a line that parses.
std::string args_of(Verb verb) {
  switch (verb) {
    case Verb::ruleset:
      return " sabreur-hex";
    case Verb::data:
      return " \"corpus/rulesets/sabreur-hex.rules\"";
    case Verb::event:
      return " \"Open\"";
    case Verb::side:
      return " french";
    case Verb::hex:
      return " 5,5 wood";
    case Verb::terrain:
      return " wood";
    case Verb::edge:
      return " north";
    case Verb::army:
      return " french";
    case Verb::general:
      return " g1";
    case Verb::unit:
      return " f9";
    case Verb::deploy:
      return " f1";
    case Verb::end:
      return "";
    case Verb::order_points:
      return "";
    case Verb::order:
      return " f1";
    case Verb::activate:
      return " f1";
    case Verb::move:
      return " f1 frontal";
    case Verb::form:
      return " f1 line";
    case Verb::charge:
      return " f1 a1";
    case Verb::assault:
      return " f1 a1";
    case Verb::respond:
      return " a1 hold";
    case Verb::shoot:
      return " f1 a1";
    case Verb::combat:
      return " f1";
    case Verb::attack:
      return " f1 a1";
    case Verb::support:
      return " f1 f2";
    case Verb::result:
      return "";
    case Verb::test:
      return " f1 morale";
    case Verb::save:
      return " f1";
    case Verb::rally:
      return " f1";
    case Verb::pursue:
      return " f1 a1";
    case Verb::flee:
      return " f1";
    case Verb::evade:
      return " f1";
    case Verb::special:
      return " f1 transfer-losses";
    case Verb::remove:
      return " f1";
    case Verb::state:
      return " f1 panicked";
    default:
      return "";
  }
}

// A value for a key of `verb`, as the schema takes it.
std::string clause_of(Verb verb, Word key) {
  const std::string k(log::ast::word_text(key));
  switch (key) {
    case Word::to:
    case Word::at:
    case Word::path:
    case Word::from:
      if (verb == Verb::flee && key == Word::from) return k + " a1";
      return k + " 5,5";
    case Word::facing:
      return k + " n";
    case Word::formation:
      return k + " line";
    case Word::distance:
    case Word::range:
    case Word::round:
    case Word::table:
    case Word::cost:
    case Word::dice:
    case Word::against:
    case Word::points:
    case Word::command:
    case Word::strength:
    case Word::models:
    case Word::stamina:
    case Word::ranks:
    case Word::vp:
    case Word::height:
    case Word::rotation:
      return k + " 3";
    case Word::mod:
      return k + " -1";
    case Word::through:
    case Word::vs:
      return k + " a1";
    case Word::target:
      return verb == Verb::special ? k + " f2" : k + " 4+";
    case Word::by:
      return verb == Verb::rally || verb == Verb::order ? k + " g1" : k + " order";
    case Word::rect:
      return k + " 5,5 2x2";
    case Word::polygon:
      return k + " 1,1 2,2 3,1";
    case Word::stats:
    case Word::skills:
    case Word::special:
    case Word::equipment:
      return k + " (a)";
    case Word::score:
      return k + " (french 1)";
    case Word::base:
      return k + " 40x40";
    case Word::sha256:
      return k + " \"" + std::string(64, '0') + "\"";
    case Word::version:
    case Word::name:
    case Word::player:
    case Word::list:
    case Word::edition:
    case Word::reason:
      return k + " \"x\"";
    case Word::winner:
    case Word::home:
      return k + " french";
    default:
      return k + " line_infantry";  // profile, type, quality, general...
  }
}

std::string outcome_of(Word key) {
  const std::string k(log::ast::word_text(key));
  switch (key) {
    case Word::pass:
    case Word::fail:
    case Word::draw:
    case Word::destroyed:
    case Word::cancelled:
      return "=> " + k;
    case Word::to:
      return "=> to 5,5";
    case Word::facing:
      return "=> facing n";
    case Word::formation:
      return "=> formation line";
    case Word::result:
      return "=> result won";
    case Word::state:
      return "=> state shaken";
    case Word::winner:
      return "=> winner f1";
    default:
      return "=> " + k + " 1";
  }
}

std::string roll_of(Word label) {
  return label == Word::none ? "2d6=3,4" : std::string(log::ast::word_text(label)) + " 2d6=3,4";
}

struct Audited {
  SourceManager sources;
  DiagnosticEngine diags{0};
  replay::NotCheckedLog unchecked;
  bool ok = true;
  bool parsed = true;
};

std::unique_ptr<Audited> audit(const std::string& line) {
  auto a = std::make_unique<Audited>();
  const FileId file = a->sources.add("fields.ulog", line + "\n");
  const log::ast::Log ast = log::parse_log(a->sources, file, a->diags);
  a->parsed = !a->diags.has_errors() && ast.lines.size() == 1;
  a->ok = audit_fields(ast, a->unchecked, a->diags);
  return a;
}

std::string line_of(Verb verb, FieldPart part, Word word) {
  const std::string head = std::string(log::ast::verb_name(verb)) + args_of(verb);
  switch (part) {
    case FieldPart::clause:
      return head + " " + clause_of(verb, word);
    case FieldPart::outcome:
      return head + " " + outcome_of(word);
    case FieldPart::roll:
      return head + " " + roll_of(word);
  }
  return head;
}

// What the audit must do with the field, as the table says.
void expect_disposition(Verb verb, FieldPart part, Word word, const FieldRule& rule) {
  const std::string line = line_of(verb, part, word);
  SCOPED_TRACE(line);
  const auto a = audit(line);
  ASSERT_TRUE(a->parsed) << "the test writes the field as the schema takes it";
  switch (rule.disposition) {
    case Disposition::refused: {
      EXPECT_FALSE(a->ok);
      ASSERT_EQ(a->diags.diagnostics().size(), 1u);
      const Diagnostic& d = a->diags.diagnostics()[0];
      EXPECT_EQ(d.id, "sabreur.field.not-meaningful");
      // At the field: the clause, outcome or roll, never the whole line.
      EXPECT_GT(d.span.begin, log::ast::verb_name(verb).size()) << d.message;
      EXPECT_NE(d.message.find("not meaningful on a Sabreur-hex"), std::string::npos) << d.message;
      break;
    }
    case Disposition::unchecked:
      EXPECT_TRUE(a->ok);
      EXPECT_TRUE(a->diags.diagnostics().empty());
      EXPECT_EQ(a->unchecked.total(), 1u) << "counted in the verdict";
      break;
    case Disposition::checked:
      EXPECT_TRUE(a->ok);
      EXPECT_TRUE(a->diags.diagnostics().empty());
      EXPECT_EQ(a->unchecked.total(), 0u);
      // The check it takes part in is one of the engine's (docs/checks.md,
      // each exercised by a fail_ log), or the log's pin.
      EXPECT_TRUE(check_table().find(rule.text) != nullptr ||
                  rule.text == "log.data.digest-mismatch")
          << rule.text;
      break;
    case Disposition::covered:
      EXPECT_TRUE(a->ok);
      EXPECT_TRUE(a->diags.diagnostics().empty());
      EXPECT_EQ(a->unchecked.total(), 0u);
      break;
  }
}

TEST(SabreurFieldAudit, EveryClauseOfEveryStatementIsListed) {
  for (std::size_t v = 0; v <= static_cast<std::size_t>(Verb::end); ++v) {
    const auto verb = static_cast<Verb>(v);
    for (const log::detail::KeySpec& key : log::detail::verb_spec(verb).keys) {
      SCOPED_TRACE(std::string(log::ast::verb_name(verb)) + " " +
                   std::string(log::ast::word_text(key.key)));
      EXPECT_TRUE(field_rule(verb, FieldPart::clause, key.key).listed)
          << "fields.def decides every clause";
    }
  }
}

TEST(SabreurFieldAudit, EachFieldOfTheTableIsCheckedCountedOrRefused) {
  for (const FieldEntry& e : field_table()) expect_disposition(e.verb, e.part, e.word, e.rule);
}

TEST(SabreurFieldAudit, AnOutcomeOrARollTheEngineDoesNotReadIsRefused) {
  std::size_t judged = 0;
  for (std::size_t v = 0; v <= static_cast<std::size_t>(Verb::end); ++v) {
    const auto verb = static_cast<Verb>(v);
    const log::detail::VerbSpec& spec = log::detail::verb_spec(verb);
    if (spec.outcomes) {
      for (const log::detail::KeySpec& key : log::detail::outcome_keys()) {
        expect_disposition(verb, FieldPart::outcome, key.key,
                           field_rule(verb, FieldPart::outcome, key.key));
        ++judged;
      }
    }
    if (spec.rolls) {
      expect_disposition(verb, FieldPart::roll, Word::none,
                         field_rule(verb, FieldPart::roll, Word::none));
      for (const std::string& label : log::detail::roll_labels()) {
        const Word w = log::detail::roll_label(label);
        expect_disposition(verb, FieldPart::roll, w, field_rule(verb, FieldPart::roll, w));
        ++judged;
      }
    }
  }
  EXPECT_GT(judged, 300u);
}

TEST(SabreurFieldAudit, ASecondRollOfTheSameDiceIsRefused) {
  // The engine reads the first (Action::roll_or_main): `hit` and an
  // unlabelled roll are the same dice on a fire.
  const auto twice = audit("shoot f1 a1 range 3 hit 2d6=3,4 2d6=5,6 => hits 1");
  EXPECT_FALSE(twice->ok);
  ASSERT_EQ(twice->diags.diagnostics().size(), 1u);
  EXPECT_EQ(twice->diags.diagnostics()[0].span.begin, 32u) << "at the second roll";
  EXPECT_FALSE(audit("test f1 morale 2d6=3,4 2d6=1,1")->ok);
  // A flight throws one die for each friend it passes.
  EXPECT_TRUE(audit("flee f1 d6=4 effect d6=2 effect d6=5 path 5,5")->ok);
}

// Essling's log, and the same with `text` inserted before the first
// `where` after the first `after`.
struct Essling {
  SourceManager sources;
  FileId file, changed;
  Essling(std::string_view after, std::string_view where, std::string_view text) {
    std::string error;
    file = *sources.load(umpire::test::source_dir() / "replays/sabreur-hex/essling-village.ulog",
                         error);
    std::string log(sources.text(file));
    log.insert(log.find(where, log.find(after)), text);
    changed = sources.add("changed.ulog", log);
  }
};

TEST(SabreurFieldAudit, AModOnAFireIsRefusedAndTheLogIsNotReplayed) {
  // The probe's reproducer: parsed, ignored, and the verdict said `0 not
  // checked`.
  Essling e("\n    shoot ", " hit ", " mod -1");
  SourceManager& sources = e.sources;
  DiagnosticEngine diags(0);
  const run::RunResult r = run::run_log(sources, e.changed, diags);
  EXPECT_TRUE(r.field_errors);
  EXPECT_TRUE(r.input_errors()) << "exit 2";
  EXPECT_FALSE(r.replayed);
  const auto it =
      std::find_if(diags.diagnostics().begin(), diags.diagnostics().end(),
                   [](const Diagnostic& d) { return d.id == "sabreur.field.not-meaningful"; });
  ASSERT_NE(it, diags.diagnostics().end());
  EXPECT_EQ(sources.text(it->span), "mod -1");
  EXPECT_NE(it->message.find("'mod' is not meaningful on a Sabreur-hex 'shoot'"), std::string::npos)
      << it->message;
}

TEST(SabreurFieldAudit, AFieldNotCheckedIsCountedInTheVerdict) {
  Essling e("\n    move ", " facing ", " distance 1");
  DiagnosticEngine diags(0);
  const run::RunResult before = run::run_log(e.sources, e.file, diags);
  DiagnosticEngine after_diags(0);
  const run::RunResult after = run::run_log(e.sources, e.changed, after_diags);
  ASSERT_TRUE(after.replayed);
  EXPECT_EQ(after.replay.not_checked_aspects, before.replay.not_checked_aspects + 1);
  EXPECT_EQ(after.replay.not_checked, before.replay.not_checked + 1);
  EXPECT_EQ(after.replay.final_hash, before.replay.final_hash) << "the replay itself is the same";
}

}  // namespace
}  // namespace field_audit_test
}  // namespace umpire::sabreur
