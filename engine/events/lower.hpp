#pragma once
// Lowering: from the log AST to a Battle. Resolves unit, general, division and
// side references, checks positions against the battlefield, parses every
// dice notation with the dice library and checks recorded faces, types the
// stated outcomes, and orders turns. Semantic errors become diagnostics
// (`log.unit.duplicate`, `log.profile.unknown`, `dice.recorded.count`,
// `log.turn.out-of-order`...); lowering goes on after each so that one run
// reports them all.
#include "engine/core/diagnostic.hpp"
#include "engine/events/battle.hpp"
#include "engine/events/profile_catalogue.hpp"
#include "grammar/log/ast.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::events {

struct LowerOptions {
  const ProfileCatalogue* profiles = nullptr;  // null: profiles not checked
};

Battle lower(const log::ast::Log& log, const LowerOptions& options, DiagnosticEngine& diags);

// Parses and lowers in one pass, one line at a time, without keeping the
// syntax tree: memory is the battle and the text. Syntax errors are reported
// to `diags` as parse_log reports them; when there is any, nothing is lowered
// and the result is nullopt (lowering needs a log that parses). Otherwise
// the diagnostics are those of parse_log then lower. `release` is told how
// far the text has been read (log::LineReader), so that a mapped file can
// give back the pages behind the reader.
std::optional<Battle> parse_and_lower(std::string_view text, FileId file,
                                      const LowerOptions& options, DiagnosticEngine& diags,
                                      log::ReleaseText release = {});

}  // namespace umpire::events
