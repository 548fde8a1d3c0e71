#pragma once
// Every field a statement of a Sabreur-hex log carries is checked by the
// engine, counted `not checked`, or refused (fields.def): a `mod` written
// on a fire was read, ignored, and the verdict said `0 not checked`. The
// audit reads the syntax tree, where each field has its span, before the
// replay.
#include <span>
#include <string>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/checker.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::sabreur {

enum class FieldPart : std::uint8_t { clause, outcome, roll };
enum class Disposition : std::uint8_t { checked, unchecked, refused, covered };

struct FieldRule {
  Disposition disposition = Disposition::refused;
  std::string_view text;  // the check, the aspect not checked, or why it is refused (fields.def)
  bool listed = false;    // in fields.def, rather than refused for not being there
};

// A line of fields.def.
struct FieldEntry {
  log::ast::Verb verb;
  FieldPart part;
  log::ast::Word word;
  FieldRule rule;
};
std::span<const FieldEntry> field_table();
// The statements the engine reports as a whole (UMPIRE_STATEMENT).
bool statement_covered(log::ast::Verb verb);

// What the engine does with `word` as a `part` of `verb` (ast::Word::none:
// an unlabelled roll). A statement the engine reports as a whole covers
// its fields; an outcome or roll of an action not in the table is refused.
FieldRule field_rule(log::ast::Verb verb, FieldPart part, log::ast::Word word);

// The table as docs/checks.md § Fields prints it.
std::string fields_markdown();

// Reports each refused field (`sabreur.field.not-meaningful`, at the field)
// and adds each field not checked to `unchecked`, the verdict's count.
// False when a field was refused: the log is not replayed, as one with a
// syntax error is not.
bool audit_fields(const log::ast::Log& log, replay::NotCheckedLog& unchecked,
                  DiagnosticEngine& diags);

}  // namespace umpire::sabreur
