#include "engine/rulesets/sabreur_hex/field_audit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/rulesets/sabreur_hex/diagnostics.hpp"

namespace umpire::sabreur {
namespace {

using log::ast::Verb;
using log::ast::Word;

constexpr std::array entries{
#define UMPIRE_FIELD(verb, part, word, disposition, text) \
  FieldEntry{Verb::verb, FieldPart::part, Word::word, {Disposition::disposition, text, true}},
#define UMPIRE_STATEMENT(verb, text)
#include "engine/rulesets/sabreur_hex/fields.def"
#undef UMPIRE_STATEMENT
#undef UMPIRE_FIELD
};

struct Statement {
  Verb verb;
  std::string_view text;
};

constexpr std::array statements{
#define UMPIRE_FIELD(verb, part, word, disposition, text)
#define UMPIRE_STATEMENT(verb, text) Statement{Verb::verb, text},
#include "engine/rulesets/sabreur_hex/fields.def"
#undef UMPIRE_STATEMENT
#undef UMPIRE_FIELD
};

// The field as the message names it: 'mod', the outcome '=> total', a dice
// roll, a 'blunder' roll.
std::string field_name(FieldPart part, Word word) {
  const std::string name(log::ast::word_text(word));
  switch (part) {
    case FieldPart::clause:
      return "'" + name + "'";
    case FieldPart::outcome:
      return "the outcome '=> " + name + "'";
    case FieldPart::roll:
      return word == Word::none ? std::string("a dice roll") : "a '" + name + "' roll";
  }
  return name;
}

// Rolls the engine reads more than one of on a statement: the dice a flight
// throws for each friend it passes (flight.cpp).
bool many_rolls(Verb verb, Word label) {
  return verb == Verb::flee && label == Word::effect;
}

}  // namespace

std::span<const FieldEntry> field_table() {
  return entries;
}

bool statement_covered(Verb verb) {
  return std::any_of(statements.begin(), statements.end(),
                     [&](const Statement& s) { return s.verb == verb; });
}

FieldRule field_rule(Verb verb, FieldPart part, Word word) {
  for (const Statement& s : statements) {
    if (s.verb == verb) return {Disposition::covered, s.text, true};
  }
  for (const FieldEntry& e : entries) {
    if (e.verb == verb && e.part == part && e.word == word) return e.rule;
  }
  // Not in the table: a clause the schema gives this statement is always
  // listed (test SabreurFieldAudit.EveryClauseOfEveryStatementIsListed); an
  // outcome or a roll the engine does not read would be accepted and ignored.
  if (part == FieldPart::outcome)
    return {Disposition::refused,
            "the engine computes what this statement does and reads no such outcome"};
  if (part == FieldPart::roll)
    return {Disposition::refused, word == Word::none
                                      ? "this statement throws no dice of its own"
                                      : "this statement throws no dice of that name"};
  return {Disposition::refused, "this statement takes no such clause in Sabreur-hex"};
}

bool audit_fields(const log::ast::Log& log, replay::NotCheckedLog& unchecked,
                  DiagnosticEngine& diags) {
  bool ok = true;
  const auto refuse = [&](const log::ast::Statement& s, FieldPart part, Word word, Span span,
                          std::string_view why) {
    ok = false;
    report(diags, Diag::field_not_meaningful, span, "{} is not meaningful on a Sabreur-hex '{}'",
           field_name(part, word), log::ast::verb_name(s.verb))
        .note("{}", why)
        .hint("remove it; docs/checks.md § Fields lists what each statement takes");
  };
  const auto judge = [&](const log::ast::Statement& s, FieldPart part, Word word, Span span) {
    const FieldRule rule = field_rule(s.verb, part, word);
    if (rule.disposition == Disposition::unchecked) unchecked.add(rule.text, span);
    if (rule.disposition == Disposition::refused) refuse(s, part, word, span, rule.text);
  };
  // The dice the statement's rolls were read as so far: a roll labelled
  // `hit` and an unlabelled one are the same dice to the engine, which
  // reads the first (Action::roll_or_main); so are two of a label.
  std::vector<std::string_view> dice;
  for (const log::ast::Line& line : log.lines) {
    if (!line.has_statement) continue;
    const log::ast::Statement& s = line.statement;
    dice.clear();
    for (const log::ast::Clause& c : log.clauses_of(s)) {
      const auto values = log.values_of(c);
      const bool roll = !values.empty() && values[0].kind == log::ast::ValueKind::roll;
      if (roll && !many_rolls(s.verb, c.key)) {
        const FieldRule rule = field_rule(s.verb, FieldPart::roll, c.key);
        if (rule.disposition == Disposition::checked) {
          if (std::find(dice.begin(), dice.end(), rule.text) != dice.end()) {
            refuse(s, FieldPart::roll, c.key, c.span,
                   "these dice were written already on the statement; the engine reads the first "
                   "roll");
            continue;
          }
          dice.push_back(rule.text);
        }
      }
      judge(s, roll ? FieldPart::roll : FieldPart::clause, c.key, c.span);
    }
    for (const log::ast::Clause& c : log.outcomes(s)) judge(s, FieldPart::outcome, c.key, c.span);
  }
  return ok;
}

std::string fields_markdown() {
  std::string out =
      "\n## Fields\n\n"
      "What the Sabreur-hex engine does with each field a statement of a log can\n"
      "carry (engine/rulesets/sabreur_hex/fields.def): *checked* (the check it takes\n"
      "part in), *not checked* (counted in the verdict under that aspect), *refused*\n"
      "(`sabreur.field.not-meaningful`: an error at the field, exit 2, the log not\n"
      "replayed), or *record* (a name, a note, or what the engine reports itself). An\n"
      "outcome (`=> ...`) or a dice roll not listed for a statement is refused: the\n"
      "engine would not read it; so is a second roll of the same dice.\n\n"
      "| statement | field | the engine | |\n"
      "|---|---|---|---|\n";
  for (const Statement& s : statements) {
    out +=
        fmt::format("| `{}` | every field | record | {} |\n", log::ast::verb_name(s.verb), s.text);
  }
  for (const FieldEntry& e : entries) {
    const std::string_view word = log::ast::word_text(e.word);
    const std::string field = e.part == FieldPart::clause    ? fmt::format("`{}`", word)
                              : e.part == FieldPart::outcome ? fmt::format("`=> {}`", word)
                              : e.word == Word::none         ? std::string("dice roll")
                                                             : fmt::format("`{}` roll", word);
    const std::string_view what = e.rule.disposition == Disposition::checked     ? "checked"
                                  : e.rule.disposition == Disposition::unchecked ? "not checked"
                                  : e.rule.disposition == Disposition::refused   ? "refused"
                                                                                 : "record";
    const std::string text = e.rule.disposition == Disposition::checked
                                 ? fmt::format("`{}`", e.rule.text)
                                 : std::string(e.rule.text);
    out += fmt::format("| `{}` | {} | {} | {} |\n", log::ast::verb_name(e.verb), field, what, text);
  }
  return out;
}

}  // namespace umpire::sabreur
