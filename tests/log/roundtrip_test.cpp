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

// Words that are keys, labels or outcomes of no statement.
const std::vector<std::string> safe_words{"r1", "g2", "w3", "close-order", "hill+wood", "line", "alpha-2", "x_y", "north"};
const std::vector<std::string> notations{"2d6", "d6", "3d6kl2", "d3+1", "d6r1", "4d6"};

Value word() {
  Value v;
  v.kind = ValueKind::word;
  v.text = *rc::gen::elementOf(safe_words);
  return v;
}

Value of_kind(ValueKind kind);

Value scalar_of(detail::KindMask mask) {
  std::vector<ValueKind> kinds;
  for (unsigned k = 0; k <= static_cast<unsigned>(ValueKind::list); ++k) {
    if (mask & (1u << k)) kinds.push_back(static_cast<ValueKind>(k));
  }
  return of_kind(*rc::gen::elementOf(kinds));
}

Value of_kind(ValueKind kind) {
  Value v;
  v.kind = kind;
  switch (kind) {
    case ValueKind::word: return word();
    case ValueKind::integer:
      v.integer = *rc::gen::inRange<std::int64_t>(-1000, 100000);
      v.explicit_sign = v.integer < 0 || *rc::gen::arbitrary<bool>();
      v.x = static_cast<double>(v.integer);
      return v;
    case ValueKind::decimal: {
      const int whole = *rc::gen::inRange(0, 100);
      const int frac = *rc::gen::inRange(1, 10);
      v.text = std::to_string(whole) + "." + std::to_string(frac);
      v.x = std::stod(v.text);
      return v;
    }
    case ValueKind::text: {
      const std::string chars = "abc XYZ\"\\#()=>,0123456789\t";
      const auto n = *rc::gen::inRange(0, 12);
      for (int i = 0; i < n; ++i) v.text.push_back(chars[*rc::gen::inRange<std::size_t>(0, chars.size())]);
      if (*rc::gen::arbitrary<bool>()) v.text += "\xc3\xa9";  // é
      return v;
    }
    case ValueKind::position: {
      const int a = *rc::gen::inRange(0, 80), b = *rc::gen::inRange(0, 80);
      if (*rc::gen::arbitrary<bool>()) {
        v.text = std::to_string(a) + "," + std::to_string(b);
        v.parts = {a, b};
        v.x = a;
        v.y = b;
      } else {
        v.text = std::to_string(a) + ".5," + std::to_string(b);
        v.x = a + 0.5;
        v.y = b;
      }
      return v;
    }
    case ValueKind::size: {
      const int a = *rc::gen::inRange(1, 200), b = *rc::gen::inRange(1, 200);
      v.unit = *rc::gen::elementOf(std::vector<std::string>{"", "mm", "in"});
      v.text = std::to_string(a) + "x" + std::to_string(b) + v.unit;
      v.x = a;
      v.y = b;
      return v;
    }
    case ValueKind::target:
      v.integer = *rc::gen::inRange(2, 7);
      v.text = std::to_string(v.integer) + "+";
      return v;
    case ValueKind::fraction:
      v.parts = {*rc::gen::inRange<std::int64_t>(0, 9), *rc::gen::inRange<std::int64_t>(0, 9)};
      v.text = std::to_string(v.parts[0]) + "/" + std::to_string(v.parts[1]);
      return v;
    case ValueKind::date: v.text = "2026-11-21"; return v;
    case ValueKind::roll: {
      v.text = *rc::gen::elementOf(notations);
      const auto n = *rc::gen::inRange(1, 5);
      for (int i = 0; i < n; ++i) {
        ast::Face f;
        f.value = *rc::gen::inRange(1, 7);
        if (*rc::gen::inRange(0, 8) == 0) {
          f.rerolled = true;
          f.second = *rc::gen::inRange(1, 7);
        }
        v.faces.push_back(f);
      }
      return v;
    }
    case ValueKind::list: {
      const auto n = *rc::gen::inRange(0, 4);
      for (int i = 0; i < n; ++i) {
        ast::ListEntry e;
        e.values.push_back(word());
        if (*rc::gen::arbitrary<bool>()) {
          e.values.push_back(of_kind(*rc::gen::elementOf(std::vector<ValueKind>{
              ValueKind::integer, ValueKind::target, ValueKind::fraction, ValueKind::word})));
        }
        v.entries.push_back(std::move(e));
      }
      return v;
    }
  }
  return v;
}

void fill(std::span<const detail::Slot> slots, std::vector<Value>& out) {
  for (const detail::Slot& slot : slots) {
    int n = 1;
    if (slot.arity == detail::Arity::optional) n = *rc::gen::inRange(0, 2);
    if (slot.arity == detail::Arity::many) n = *rc::gen::inRange(1, 4);
    if (slot.arity == detail::Arity::any) n = *rc::gen::inRange(0, 3);
    for (int i = 0; i < n; ++i) out.push_back(scalar_of(slot.kinds));
  }
}

std::vector<ast::Clause> clauses(std::span<const detail::KeySpec> keys, int max) {
  std::vector<ast::Clause> out;
  if (keys.empty()) return out;
  const auto n = *rc::gen::inRange(0, max);
  for (int i = 0; i < n; ++i) {
    const detail::KeySpec& k = keys[*rc::gen::inRange<std::size_t>(0, keys.size())];
    ast::Clause c;
    c.key = std::string(k.key);
    fill(k.values, c.values);
    out.push_back(std::move(c));
  }
  return out;
}

ast::Statement statement() {
  ast::Statement s;
  s.verb = static_cast<ast::Verb>(*rc::gen::inRange<int>(0, static_cast<int>(ast::Verb::end) + 1));
  const detail::VerbSpec& spec = detail::verb_spec(s.verb);
  fill(spec.args, s.args);
  s.clauses = clauses(spec.keys, 4);
  if (spec.rolls) {
    const auto rolls = *rc::gen::inRange(0, 3);
    for (int i = 0; i < rolls; ++i) {
      ast::Clause c;
      if (*rc::gen::arbitrary<bool>()) c.key = *rc::gen::elementOf(detail::roll_labels());
      c.values.push_back(of_kind(ValueKind::roll));
      s.clauses.insert(s.clauses.begin() + *rc::gen::inRange<std::ptrdiff_t>(0, static_cast<std::ptrdiff_t>(s.clauses.size()) + 1),
                       std::move(c));
    }
  }
  if (spec.outcomes) s.outcomes = clauses(detail::outcome_keys(), 3);
  if (*rc::gen::inRange(0, 5) == 0) {
    s.agreed.present = true;
    s.agreed.has_note = *rc::gen::arbitrary<bool>();
    if (s.agreed.has_note) s.agreed.note = of_kind(ValueKind::text).text;
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
    if (line.has_statement) line.statement = statement();
    line.has_comment = !line.has_statement || *rc::gen::inRange(0, 4) == 0;
    if (line.has_comment) {
      line.comment = *rc::gen::elementOf(std::vector<std::string>{"", "note", "# heading", "x = 1 => 2", "\"q\" (a, b)"});
    }
    log.lines.push_back(std::move(line));
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
