#pragma once
// The battle-log AST: plain structs, every node with its span (byte offsets;
// line and column are computed only when a diagnostic is printed). The
// grammar is line-oriented: one statement per line, so a log is a flat list of
// lines, and nesting (turn > phase > action, army > division > unit) is a
// matter of order, not of brackets. See docs/log-format.md.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/span.hpp"

namespace umpire::log::ast {

// What a value looked like on input. The grammar decides the kind from the
// characters alone; which kinds a statement accepts is decided by the schema.
enum class ValueKind : std::uint8_t {
  word,      // identifier or keyword, lower-cased: r1, close-order, hill+wood
  integer,   // 12, -1, +2 (sign kept as `explicit_sign` for modifiers)
  decimal,   // 30.5
  text,      // "Legio X" (unescaped content)
  position,  // 5,7 (hex column,row) or 30.5,12 (inches)
  size,      // 72x48, 120x40mm
  target,    // 4+ (a score to reach)
  fraction,  // 0/3, 3/2/1 (several numbers joined by slashes)
  date,      // 2026-11-21
  roll,      // 2d6=3,5: a dice notation and the faces rolled
  list,      // (drilled, stubborn) or (clash 10, morale 4+): entries of values
};

struct Value;

// One entry of a parenthesised list: one or more values, e.g. `clash 10`.
struct ListEntry {
  Span span;
  std::vector<Value> values;
};

// One die as written: `4`, or `1r4` for a 1 re-rolled into a 4.
struct Face {
  Span span;
  std::int64_t value = 0;
  bool rerolled = false;
  std::int64_t second = 0;
};

struct Value {
  Span span;
  ValueKind kind = ValueKind::word;
  // word: lower-cased; text: unescaped content; roll: notation; every other
  // kind: the canonical spelling (as written, letters lower-cased), which the
  // printer writes back unchanged so decimals keep their digits.
  std::string text;
  std::string unit;         // size: "", "mm", "cm" or "in"
  Span notation_span;       // roll: the notation before '='
  Span faces_span;          // roll: the faces after '='
  bool explicit_sign = false;  // integer written with a leading '+' or '-'
  std::int64_t integer = 0;    // integer, target
  double x = 0, y = 0;         // position, size, decimal (x)
  std::vector<std::int64_t> parts;  // fraction
  std::vector<Face> faces;          // roll
  std::vector<ListEntry> entries;   // list
};

// `key value...`: a keyword of the statement and what follows it, or a
// labelled dice roll (`hit 6d6=1,2,3,4,5,6`), or an unlabelled roll (empty key).
struct Clause {
  Span span;
  Span key_span;  // invalid for an unlabelled roll
  std::string key;
  std::vector<Value> values;
};

// The statements of the language; docs/log-format.md describes each.
enum class Verb : std::uint8_t {
#define UMPIRE_LOG_VERB(name, text, group) name,
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
};

// Where a statement belongs; the printer indents by it.
enum class VerbGroup : std::uint8_t { header, battlefield, army, unit, deployment, turn, phase, action };

// `agreed "both players accepted the move"`: an agreed ruling. The engine
// reports a breach of the rules by this statement as a note, not an error.
struct Agreed {
  Span span;
  bool present = false;
  bool has_note = false;
  std::string note;
};

struct Statement {
  Span span;
  Verb verb = Verb::ulog;
  Span verb_span;
  std::vector<Value> args;        // positional arguments, in order
  std::vector<Clause> clauses;    // keyed clauses and rolls, in input order
  Span arrow_span;                // `=>`, invalid when no outcome is stated
  std::vector<Clause> outcomes;   // stated outcomes after `=>`
  Agreed agreed;
};

// A source line: a statement, a comment, or both (a trailing comment).
struct Line {
  Span span;
  bool has_statement = false;
  bool blank_before = false;  // one or more blank lines precede it (kept once)
  Statement statement;
  bool has_comment = false;
  Span comment_span;
  std::string comment;  // text after '#', without it, trailing blanks removed
};

struct Log {
  FileId file;
  std::vector<Line> lines;
};

std::string_view verb_name(Verb verb);
VerbGroup verb_group(Verb verb);

}  // namespace umpire::log::ast
