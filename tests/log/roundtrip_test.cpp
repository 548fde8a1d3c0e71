// Property: a random log, built from the statement schema, printed and parsed
// again gives the same AST (spans aside), and printing is idempotent.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "grammar/log/dump.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/log/printer.hpp"
#include "grammar/log/schema.hpp"

namespace umpire::log {
namespace {

using ast::Value;
using ast::ValueKind;

// The generator builds a log the way the parser does: values, clauses,
// list entries, faces and parts in the log's shared vectors, texts in its
// arena (so that their views stay valid).

// Words that are keys, labels or outcomes of no statement.
const std::vector<std::string> safe_words{"r1",   "g2",      "w3",  "close-order", "hill+wood",
                                          "line", "alpha-2", "x_y", "north"};
const std::vector<std::string> notations{"2d6", "d6", "3d6kl2", "d3+1", "d6r1", "4d6"};

std::string_view keep(ast::Log& log, const std::string& text) {
  return log.arena.store(text);
}

Value word(ast::Log& log) {
  Value v;
  v.kind = ValueKind::word;
  v.text = keep(log, *rc::gen::elementOf(safe_words));
  v.word = ast::find_word(v.text);  // as the scanner gives it
  return v;
}

Value of_kind(ast::Log& log, ValueKind kind);

Value scalar_of(ast::Log& log, detail::KindMask mask) {
  std::vector<ValueKind> kinds;
  for (unsigned k = 0; k <= static_cast<unsigned>(ValueKind::list); ++k) {
    if (mask & (1u << k)) kinds.push_back(static_cast<ValueKind>(k));
  }
  return of_kind(log, *rc::gen::elementOf(kinds));
}

ast::Range add_parts(ast::Log& log, std::initializer_list<std::int64_t> parts) {
  const ast::Range r{static_cast<std::uint32_t>(log.parts.size()),
                     static_cast<std::uint32_t>(parts.size())};
  log.parts.insert(log.parts.end(), parts);
  return r;
}

Value of_kind(ast::Log& log, ValueKind kind) {
  Value v;
  v.kind = kind;
  switch (kind) {
    case ValueKind::word:
      return word(log);
    case ValueKind::integer:
      v.integer = *rc::gen::inRange<std::int64_t>(-1000, 100000);
      v.explicit_sign = v.integer < 0 || *rc::gen::arbitrary<bool>();
      v.x = static_cast<double>(v.integer);
      return v;
    case ValueKind::decimal: {
      const int whole = *rc::gen::inRange(0, 100);
      const int frac = *rc::gen::inRange(1, 10);
      const std::string text = std::to_string(whole) + "." + std::to_string(frac);
      v.text = keep(log, text);
      v.x = std::stod(text);
      return v;
    }
    case ValueKind::text: {
      const std::string chars = "abc XYZ\"\\#()=>,0123456789\t";
      std::string text;
      const auto n = *rc::gen::inRange(0, 12);
      for (int i = 0; i < n; ++i)
        text.push_back(chars[*rc::gen::inRange<std::size_t>(0, chars.size())]);
      if (*rc::gen::arbitrary<bool>()) text += "\xc3\xa9";  // é
      v.text = keep(log, text);
      return v;
    }
    case ValueKind::position: {
      const int a = *rc::gen::inRange(0, 80), b = *rc::gen::inRange(0, 80);
      if (*rc::gen::arbitrary<bool>()) {
        v.text = keep(log, std::to_string(a) + "," + std::to_string(b));
        v.items = add_parts(log, {a, b});
        v.x = a;
        v.y = b;
      } else {
        v.text = keep(log, std::to_string(a) + ".5," + std::to_string(b));
        v.x = a + 0.5;
        v.y = b;
      }
      return v;
    }
    case ValueKind::size: {
      const int a = *rc::gen::inRange(1, 200), b = *rc::gen::inRange(1, 200);
      v.unit = *rc::gen::elementOf(
          std::vector<ast::SizeUnit>{ast::SizeUnit::none, ast::SizeUnit::mm, ast::SizeUnit::in});
      v.text = keep(
          log, std::to_string(a) + "x" + std::to_string(b) + std::string(ast::to_string(v.unit)));
      v.x = a;
      v.y = b;
      return v;
    }
    case ValueKind::length: {
      const int a = *rc::gen::inRange(0, 20);
      const std::string units[] = {"\"", "in", "cm", "mm"};
      const std::size_t u = *rc::gen::inRange<std::size_t>(0, 4);
      v.unit = u == 2 ? ast::SizeUnit::cm : u == 3 ? ast::SizeUnit::mm : ast::SizeUnit::in;
      v.text = keep(log, std::to_string(a) + ".5" + units[u]);
      v.x = a + 0.5;
      return v;
    }
    case ValueKind::target:
      v.integer = *rc::gen::inRange(2, 7);
      v.text = keep(log, std::to_string(v.integer) + "+");
      return v;
    case ValueKind::fraction: {
      const std::int64_t a = *rc::gen::inRange<std::int64_t>(0, 9),
                         b = *rc::gen::inRange<std::int64_t>(0, 9);
      v.items = add_parts(log, {a, b});
      v.text = keep(log, std::to_string(a) + "/" + std::to_string(b));
      return v;
    }
    case ValueKind::date:
      v.text = "2026-11-21";
      return v;
    case ValueKind::roll: {
      v.text = keep(log, *rc::gen::elementOf(notations));
      const auto n = *rc::gen::inRange(1, 5);
      v.items = {static_cast<std::uint32_t>(log.faces.size()), static_cast<std::uint32_t>(n)};
      for (int i = 0; i < n; ++i) {
        ast::Face f;
        f.value = *rc::gen::inRange(1, 7);
        if (*rc::gen::inRange(0, 8) == 0) {
          f.rerolled = true;
          f.second = *rc::gen::inRange(1, 7);
        }
        log.faces.push_back(f);
      }
      return v;
    }
    case ValueKind::list: {
      const auto n = *rc::gen::inRange(0, 4);
      // Entries are generated whole first: their values must be contiguous.
      std::vector<std::vector<Value>> entries;
      for (int i = 0; i < n; ++i) {
        std::vector<Value> values{word(log)};
        if (*rc::gen::arbitrary<bool>()) {
          values.push_back(of_kind(log, *rc::gen::elementOf(std::vector<ValueKind>{
                                            ValueKind::integer, ValueKind::target,
                                            ValueKind::fraction, ValueKind::word})));
        }
        entries.push_back(std::move(values));
      }
      v.items = {static_cast<std::uint32_t>(log.entries.size()), static_cast<std::uint32_t>(n)};
      for (const std::vector<Value>& values : entries) {
        ast::ListEntry e;
        e.values = {static_cast<std::uint32_t>(log.entry_values.size()),
                    static_cast<std::uint32_t>(values.size())};
        log.entry_values.insert(log.entry_values.end(), values.begin(), values.end());
        log.entries.push_back(e);
      }
      return v;
    }
  }
  return v;
}

// A value for a slot: of one of its kinds and, when the slot takes only
// some words (`to off-table`, an edge), one of those.
Value for_slot(ast::Log& log, const detail::Slot& slot) {
  Value v = scalar_of(log, slot.kinds);
  if (v.kind == ValueKind::word && !slot.words.empty()) {
    v.word = *rc::gen::elementOf(std::vector<ast::Word>(slot.words.begin(), slot.words.end()));
    v.text = ast::word_text(v.word);
  }
  return v;
}

void fill(ast::Log& log, std::span<const detail::Slot> slots, std::vector<Value>& out) {
  const std::size_t first = out.size();
  for (const detail::Slot& slot : slots) {
    // A slot that follows a word (the edge after `off-table`) only there.
    if (slot.after != ast::Word::none && (out.size() == first || out.back().word != slot.after)) {
      continue;
    }
    int n = 1;
    if (slot.arity == detail::Arity::optional) n = *rc::gen::inRange(0, 2);
    if (slot.arity == detail::Arity::many) n = *rc::gen::inRange(1, 4);
    if (slot.arity == detail::Arity::any) n = *rc::gen::inRange(0, 3);
    for (int i = 0; i < n; ++i) out.push_back(for_slot(log, slot));
  }
}

// A clause before it goes into the log's vectors.
struct Draft {
  ast::Word key = ast::Word::none;
  std::vector<Value> values;
};

std::vector<Draft> clauses(ast::Log& log, std::span<const detail::KeySpec> keys, int max) {
  std::vector<Draft> out;
  if (keys.empty()) return out;
  const auto n = *rc::gen::inRange(0, max);
  for (int i = 0; i < n; ++i) {
    const detail::KeySpec& k = keys[*rc::gen::inRange<std::size_t>(0, keys.size())];
    Draft c;
    c.key = k.key;
    fill(log, k.values, c.values);
    out.push_back(std::move(c));
  }
  return out;
}

ast::Range add_values(ast::Log& log, const std::vector<Value>& values) {
  const ast::Range r{static_cast<std::uint32_t>(log.values.size()),
                     static_cast<std::uint32_t>(values.size())};
  log.values.insert(log.values.end(), values.begin(), values.end());
  return r;
}

ast::Range add_clauses(ast::Log& log, const std::vector<Draft>& drafts) {
  const ast::Range r{static_cast<std::uint32_t>(log.clauses.size()),
                     static_cast<std::uint32_t>(drafts.size())};
  // Values first, then the clauses pointing at them (clauses of one
  // statement are contiguous, and so are the values of one clause).
  std::vector<ast::Clause> made;
  for (const Draft& d : drafts) {
    ast::Clause c;
    c.key = d.key;
    c.values = add_values(log, d.values);
    made.push_back(c);
  }
  log.clauses.insert(log.clauses.end(), made.begin(), made.end());
  return r;
}

ast::Statement statement(ast::Log& log) {
  ast::Statement s;
  s.verb = static_cast<ast::Verb>(*rc::gen::inRange<int>(0, static_cast<int>(ast::Verb::end) + 1));
  const detail::VerbSpec& spec = detail::verb_spec(s.verb);
  std::vector<Value> args;
  fill(log, spec.args, args);
  std::vector<Draft> drafts = clauses(log, spec.keys, 4);
  if (spec.rolls) {
    const auto rolls = *rc::gen::inRange(0, 3);
    for (int i = 0; i < rolls; ++i) {
      Draft c;
      if (*rc::gen::arbitrary<bool>())
        c.key = detail::roll_label(*rc::gen::elementOf(detail::roll_labels()));
      c.values.push_back(of_kind(log, ValueKind::roll));
      drafts.insert(drafts.begin() + *rc::gen::inRange<std::ptrdiff_t>(
                                         0, static_cast<std::ptrdiff_t>(drafts.size()) + 1),
                    std::move(c));
    }
  }
  std::vector<Draft> outcomes;
  if (spec.outcomes) outcomes = clauses(log, detail::outcome_keys(), 3);
  s.args = add_values(log, args);
  s.clauses = add_clauses(log, drafts);
  s.outcomes = add_clauses(log, outcomes);
  if (*rc::gen::inRange(0, 5) == 0) {
    s.agreed.present = true;
    s.agreed.has_note = *rc::gen::arbitrary<bool>();
    if (s.agreed.has_note) s.agreed.note = of_kind(log, ValueKind::text).text;
  }
  return s;
}

ast::Log random_log() {
  ast::Log log;
  const auto n = *rc::gen::inRange(0, 12);
  for (int i = 0; i < n; ++i) {
    ast::Line line;
    line.blank_before = i > 0 && *rc::gen::inRange(0, 4) == 0;
    line.has_statement = *rc::gen::inRange(0, 5) != 0;
    if (line.has_statement) line.statement = statement(log);
    line.has_comment = !line.has_statement || *rc::gen::inRange(0, 4) == 0;
    if (line.has_comment) {
      line.comment = keep(log, *rc::gen::elementOf(std::vector<std::string>{
                                   "", "note", "# heading", "x = 1 => 2", "\"q\" (a, b)"}));
    }
    log.lines.push_back(line);
  }
  return log;
}

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameAst, ()) {
  const ast::Log original = random_log();
  const std::string printed = print_log(original);
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("printed.ulog", printed);
  const ast::Log reparsed = parse_log(sources, file, diags);
  RC_ASSERT(diags.diagnostics().empty());
  RC_ASSERT(dump_ast_json(reparsed, false) == dump_ast_json(original, false));
  RC_ASSERT(print_log(reparsed) == printed);
}

}  // namespace
}  // namespace umpire::log
