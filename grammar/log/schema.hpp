#pragma once
// Which values each statement takes: positional arguments, then keyed
// clauses, dice rolls, `=> outcomes` and `agreed`. The X3 grammar reads the
// values of a line; the schema binds them to a statement and words what was
// expected when they do not fit ("expected a hex like 5,7 after 'to'").
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "grammar/log/ast.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/raw_line.hpp"

namespace umpire::log::detail {

// Bit set of the value kinds a slot accepts.
using KindMask = std::uint16_t;
constexpr KindMask kind_bit(ast::ValueKind kind) {
  return static_cast<KindMask>(1u << static_cast<unsigned>(kind));
}

enum class Arity : std::uint8_t { one, optional, many, any };

// One slot: its accepted kinds, how many values, and how to name what is
// expected (`expect` is the diagnostic, `what` the words).
struct Slot {
  KindMask kinds;
  Arity arity;
  std::string_view what;
  Diag expect;
  // When not empty, the only words the slot takes: a destination is a
  // position or the word `off-table`, never any other word.
  std::span<const ast::Word> words = {};
  // When not none, the slot takes a value only right after this word: the
  // edge in `to off-table north`.
  ast::Word after = ast::Word::none;
};

struct KeySpec {
  ast::Word key;                 // ast::word_text gives the keyword
  std::span<const Slot> values;  // empty: a flag such as `pass`
};

struct VerbSpec {
  ast::Verb verb;
  std::span<const Slot> args;
  std::span<const KeySpec> keys;
  bool rolls;     // takes dice rolls
  bool outcomes;  // takes `=> outcomes`
};

const VerbSpec& verb_spec(ast::Verb verb);
std::optional<ast::Verb> find_verb(std::string_view keyword);
std::vector<std::string> verb_keywords();
std::span<const KeySpec> outcome_keys();
bool is_roll_label(ast::Word word);
// The id of a roll label, Word::none when the word labels no roll.
ast::Word roll_label(std::string_view word);
std::vector<std::string> roll_labels();

// How positions are worded in expectations, from the battlefield seen so far.
enum class PositionMode : std::uint8_t { unknown, hex, table };

// Binds one parsed line to a statement, written into `out` (a
// value-initialized Statement, in its place in the log); on a mismatch
// reports one diagnostic and returns false (the statement is dropped, the
// next line parses anew). The values stay in `log.values` where the grammar
// put them; clauses are appended to `log.clauses` (the caller truncates both
// when false).
// `source` is the text the spans point into, for fix-its that quote what
// was written.
bool bind_statement(ast::Log& log, RawLine& raw, Span line_span, PositionMode mode,
                    DiagnosticEngine& diags, ast::Statement& out, std::string_view source = {});

}  // namespace umpire::log::detail
