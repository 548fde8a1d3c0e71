#pragma once
// The battle-log AST: plain structs, every node with its span (byte offsets;
// line and column are computed only when a diagnostic is printed). The
// grammar is line-oriented: one statement per line, so a log is a flat list of
// lines, and nesting (turn > phase > action, army > division > unit) is a
// matter of order, not of brackets. See docs/log-format.md.
//
// Layout (Carbon style): no node owns heap memory. The values of every
// statement live in one vector per log, and a statement, a clause, a list
// entry or a roll names its part of a shared vector by an index range. Texts
// are views: into the source when the text is as written there, into the
// log's own arena otherwise (a word written with capitals, a text with
// escapes). So a log refers to the text it was parsed from, which must
// outlive it (a SourceManager keeps its files at one address).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
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
  length,    // 0.5", 2in, 1.5cm: one length with its unit (SizeUnit; '"' is inches)
  target,    // 4+ (a score to reach)
  fraction,  // 0/3, 3/2/1 (several numbers joined by slashes)
  date,      // 2026-11-21
  roll,      // 2d6=3,5: a dice notation and the faces rolled
  list,      // (drilled, stubborn) or (clash 10, morale 4+): entries of values
};

// The unit written after a size.
enum class SizeUnit : std::uint8_t { none, mm, cm, in };
std::string_view to_string(SizeUnit unit);

// The words of the language, numbered: none (any other word, or no word),
// the statement keywords (verbs.def, in order: a verb's word is the verb + 1),
// then every other word the schema or lowering decides on (words.def). The
// scanner looks a word up once (find_word); the binder and lowering then
// compare these ids instead of the words.
enum class Word : std::uint8_t {
  none,
#define UMPIRE_LOG_VERB(name, text, group) name,
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
#define UMPIRE_LOG_WORD(name, text) name,
#include "grammar/log/words.def"
#undef UMPIRE_LOG_WORD
};

// The id of a lower-cased word, Word::none when it is none of the
// language's words.
Word find_word(std::string_view text);
// The word of an id ("" for Word::none).
std::string_view word_text(Word word);

// A run of elements of one of the log's shared vectors.
struct Range {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  constexpr bool empty() const { return count == 0; }
  constexpr std::uint32_t end() const { return first + count; }
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
  bool explicit_sign = false;      // integer written with a leading '+' or '-'
  SizeUnit unit = SizeUnit::none;  // size, length
  Word word = Word::none;          // word: its id, when it is one of the language's words
  // word: lower-cased; text: unescaped content; roll: notation; every other
  // kind: the canonical spelling (as written, letters lower-cased), which the
  // printer writes back unchanged so decimals keep their digits.
  std::string_view text;
  // fraction and integral position: parts in Log::parts; roll: faces in
  // Log::faces; list: entries in Log::entries.
  Range items;
  std::int64_t integer = 0;  // integer, target
  double x = 0, y = 0;       // position, size, decimal (x), integer (x), length (x, in its unit)

  // roll: the notation before '=' (it has the length of its lower-cased text).
  Span notation_span() const {
    return {span.file, span.begin, span.begin + static_cast<std::uint32_t>(text.size())};
  }
};

// One entry of a parenthesised list: one or more values, e.g. `clash 10`,
// in Log::entry_values.
struct ListEntry {
  Span span;
  Range values;
};

// `key value...`: a keyword of the statement and what follows it, or a
// labelled dice roll (`hit 6d6=1,2,3,4,5,6`), or an unlabelled roll (key
// Word::none). The key is an id (word_text gives the word); the values are
// in Log::values.
struct Clause {
  Span span;
  Span key_span;  // invalid for an unlabelled roll
  Word key = Word::none;
  Range values;
};

// The statements of the language; docs/log-format.md describes each.
enum class Verb : std::uint8_t {
#define UMPIRE_LOG_VERB(name, text, group) name,
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
};

// Where a statement belongs; the printer indents by it.
enum class VerbGroup : std::uint8_t {
  header,
  battlefield,
  army,
  unit,
  deployment,
  turn,
  phase,
  action
};

// `agreed "both players accepted the move"`: an agreed ruling. The engine
// reports a breach of the rules by this statement as a note, not an error.
struct Agreed {
  Span span;
  bool present = false;
  bool has_note = false;
  std::string_view note;
};

struct Statement {
  Span span;
  Verb verb = Verb::ulog;
  Span verb_span;
  Range args;       // positional arguments, in order, in Log::values
  Range clauses;    // keyed clauses and rolls, in input order, in Log::clauses
  Span arrow_span;  // `=>`, invalid when no outcome is stated
  Range outcomes;   // stated outcomes after `=>`, in Log::clauses
  Agreed agreed;
};

// A source line: a statement, a comment, or both (a trailing comment).
struct Line {
  Span span;
  bool has_statement = false;
  bool blank_before = false;  // one or more blank lines precede it (kept once)
  bool has_comment = false;
  Statement statement;
  Span comment_span;
  std::string_view comment;  // text after '#', without it, trailing blanks removed
};

// Texts the source does not hold as such (lower-cased words, unescaped
// texts, texts of a tree built in code). Blocks never move, so views into
// them stay valid while the log lives, also when the log is moved.
class TextArena {
 public:
  std::string_view store(std::string_view text);
  // Storage for `size` characters the caller fills at once.
  char* allocate(std::size_t size);
  // Forgets every text but keeps the first block for reuse.
  void clear();

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

struct Log {
  FileId file;
  std::vector<Line> lines;
  std::vector<Value> values;        // statement arguments and clause values
  std::vector<Clause> clauses;      // clauses and outcomes
  std::vector<ListEntry> entries;   // list entries
  std::vector<Value> entry_values;  // values of list entries
  std::vector<Face> faces;          // roll faces
  std::vector<std::int64_t> parts;  // fraction parts, integral position coordinates
  TextArena arena;

  std::span<const Value> args(const Statement& s) const { return slice(values, s.args); }
  std::span<const Clause> clauses_of(const Statement& s) const { return slice(clauses, s.clauses); }
  std::span<const Clause> outcomes(const Statement& s) const { return slice(clauses, s.outcomes); }
  std::span<const Value> values_of(const Clause& c) const { return slice(values, c.values); }
  std::span<const ListEntry> entries_of(const Value& v) const { return slice(entries, v.items); }
  std::span<const Value> values_of(const ListEntry& e) const {
    return slice(entry_values, e.values);
  }
  std::span<const Face> faces_of(const Value& v) const { return slice(faces, v.items); }
  std::span<const std::int64_t> parts_of(const Value& v) const { return slice(parts, v.items); }
  // roll: from the first face to the end of the roll.
  Span faces_span(const Value& roll) const;

  // Empties the log but keeps its storage (the streaming parser reuses it).
  void clear();

 private:
  template <typename T>
  static std::span<const T> slice(const std::vector<T>& v, Range r) {
    return {v.data() + r.first, r.count};
  }
};

std::string_view verb_name(Verb verb);
VerbGroup verb_group(Verb verb);

constexpr unsigned verb_count = 0
#define UMPIRE_LOG_VERB(name, text, group) +1
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
    ;

// A statement keyword's word, and the verb of a word (none when the word is
// no statement keyword).
constexpr Word word_of(Verb verb) {
  return static_cast<Word>(static_cast<unsigned>(verb) + 1);
}
constexpr std::optional<Verb> verb_of(Word word) {
  if (word == Word::none || static_cast<unsigned>(word) > verb_count) return std::nullopt;
  return static_cast<Verb>(static_cast<unsigned>(word) - 1);
}

}  // namespace umpire::log::ast
