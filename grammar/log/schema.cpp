// Binds the values of a line to a statement, following schema_table.cpp.
#include "grammar/log/schema.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/core/suggest.hpp"
#include "grammar/log/lexeme.hpp"

namespace umpire::log::detail {
namespace {

using ast::Value;
using ast::ValueKind;

// Words in messages are cut so that a 1 MB line gives a short message.
std::string shown(std::string_view text) {
  constexpr std::size_t limit = 40;
  if (text.size() <= limit) return std::string(text);
  return std::string(text.substr(0, limit)) + "...";
}

std::string_view kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::word:
      return "word";
    case ValueKind::integer:
      return "number";
    case ValueKind::decimal:
      return "number";
    case ValueKind::text:
      return "text";
    case ValueKind::position:
      return "position";
    case ValueKind::size:
      return "size";
    case ValueKind::length:
      return "length";
    case ValueKind::target:
      return "score";
    case ValueKind::fraction:
      return "fraction";
    case ValueKind::date:
      return "date";
    case ValueKind::roll:
      return "dice roll";
    case ValueKind::list:
      return "list";
  }
  return "value";
}

// Suggestions are for words a person typed, not for megabytes of junk: the
// edit distance is quadratic.
constexpr std::size_t suggest_limit = 64;
constexpr std::size_t max_word = 128;

using ast::Word;

std::string describe(const Value& v) {
  if (v.kind == ValueKind::word) return "'" + shown(v.text) + "'";
  if (v.kind == ValueKind::text) return "text \"" + shown(v.text) + "\"";
  return std::string(kind_name(v.kind));
}

class Binder {
 public:
  Binder(ast::Log& log, RawLine& raw, Span line_span, PositionMode mode, DiagnosticEngine& diags,
         ast::Statement& out, std::string_view source)
      : source_(source),
        log_(log),
        items_(log.values.data() + raw.first_item, raw.item_count),
        raw_(raw),
        line_span_(line_span),
        mode_(mode),
        diags_(diags),
        st_(out) {}

  bool run() {
    if (raw_.arrow_index < -1) {
      report(diags_, Diag::syntax_second_arrow, raw_.arrow_span,
             "a statement states its outcomes once")
          .hint("put every outcome after the first '=>'");
      return false;
    }
    end_ = raw_.arrow_index >= 0 ? static_cast<std::size_t>(raw_.arrow_index) : items_.size();
    // Ids and keywords are short; a longer word is junk, and reporting it here
    // keeps every later message and suggestion small.
    for (const Value& v : items_) {
      if (too_long(v)) return false;
      if (v.kind != ValueKind::list) continue;
      for (const ast::ListEntry& e : log_.entries_of(v)) {
        for (const Value& x : log_.values_of(e)) {
          if (too_long(x)) return false;
        }
      }
    }
    const Value& first = items_.front();
    if (first.kind != ValueKind::word) {
      report(diags_, Diag::syntax_expected_statement, first.span,
             "expected a statement keyword like 'move', found {}", describe(first))
          .hint("every line starts with a keyword; see docs/log-format.md");
      return false;
    }
    // The scanner decided which word it is (Value::word).
    const auto verb = ast::verb_of(first.word);
    if (!verb) {
      auto d = report(diags_, Diag::syntax_unknown_statement, first.span, "unknown statement '{}'",
                      shown(first.text));
      if (auto best = first.text.size() <= suggest_limit
                          ? closest_match(first.text, verb_keywords())
                          : std::nullopt) {
        d.hint("did you mean '{}'?", *best);
        d.fixit(first.span, *best);
      } else {
        d.hint("statements are listed in docs/log-format.md");
      }
      return false;
    }
    spec_ = &verb_spec(*verb);
    st_.verb = *verb;
    st_.verb_span = first.span;
    st_.span = line_span_;
    pos_ = 1;
    if (!bind_args()) return false;
    if (!bind_clauses(spec_->keys, st_.clauses, true)) return false;
    if (raw_.arrow_index >= 0) {
      if (!spec_->outcomes) {
        report(diags_, Diag::syntax_no_outcomes, raw_.arrow_span, "'{}' takes no stated outcomes",
               ast::verb_name(st_.verb))
            .hint("outcomes follow actions such as 'shoot', 'test' or 'combat'");
        return false;
      }
      st_.arrow_span = raw_.arrow_span;
      end_ = items_.size();
      if (!bind_clauses(outcome_keys(), st_.outcomes, false)) return false;
      if (st_.outcomes.empty() && !st_.agreed.present) {
        report(diags_, Diag::syntax_expected_outcome, raw_.arrow_span,
               "expected an outcome after '=>'")
            .hint("for example '=> hits 2 losses 1' or '=> pass'");
        return false;
      }
    }
    raw_.item_count = static_cast<std::uint32_t>(written_);  // the caller drops the rest
    return true;
  }

 private:
  bool too_long(const Value& v) {
    if (v.kind != ValueKind::word || v.text.size() <= max_word) return false;
    report(diags_, Diag::syntax_word_too_long, v.span, "a word of {} characters", v.text.size())
        .hint("ids and keywords have at most {} characters", max_word);
    return true;
  }

  // Keys, labels and slot words are compared by id: a value that is no word,
  // or a word that is none of the language's, has Word::none, which no key is.
  static const KeySpec* key_of(const Value& v, std::span<const KeySpec> keys) {
    if (v.word == Word::none) return nullptr;
    for (const KeySpec& k : keys) {
      if (k.key == v.word) return &k;  // keys of a statement are distinct
    }
    return nullptr;
  }
  static bool is_key(const Value& v, std::span<const KeySpec> keys) {
    return v.word == Word::agreed || key_of(v, keys) != nullptr;
  }
  bool is_label(std::size_t i) const {
    return i + 1 < end_ && items_[i + 1].kind == ValueKind::roll && is_roll_label(items_[i].word);
  }
  bool fits(const Slot& slot, std::size_t i, std::span<const KeySpec> keys) const {
    if (i >= end_) return false;
    const Value& v = items_[i];
    if ((slot.kinds & kind_bit(v.kind)) == 0) return false;
    if (slot.after != Word::none && previous_word_ != slot.after) return false;
    if (v.kind == ValueKind::word && !slot.words.empty() && !is_one_of(v.word, slot.words))
      return false;
    // A label word just before a roll labels it (`hit 6d6=...`), unless the
    // slot needs exactly one value.
    if (v.kind == ValueKind::word && (is_key(v, keys) || (slot.arity != Arity::one && is_label(i))))
      return false;
    return true;
  }

  static bool is_one_of(Word word, std::span<const Word> words) {
    return word != Word::none && std::find(words.begin(), words.end(), word) != words.end();
  }

  // An optional slot of a closed vocabulary, reached (`off-table` written),
  // with a word there that is none of its words nor a keyword: a misspelt
  // edge (`to off-table up`) is named as such rather than as an unknown
  // keyword.
  bool misses_closed_word(const Slot& slot, std::span<const KeySpec> keys) const {
    if (slot.arity != Arity::optional || slot.words.empty() || pos_ >= end_) return false;
    if (slot.after != Word::none && previous_word_ != slot.after) return false;
    const Value& v = items_[pos_];
    return v.kind == ValueKind::word && !is_key(v, keys) && !is_label(pos_);
  }

  // The words and id for "expected ..." of a slot.
  std::pair<std::string, Diag> expectation(const Slot& slot) const {
    if (slot.expect == Diag::syntax_expected_position) {
      switch (mode_) {
        case PositionMode::hex:
          return {"a hex like 5,7", Diag::syntax_expected_hex};
        case PositionMode::table:
          return {"a position in inches like 30,12.5", Diag::syntax_expected_position};
        case PositionMode::unknown:
          return {"a position like 5,7", Diag::syntax_expected_position};
      }
    }
    return {std::string(slot.what), slot.expect};
  }

  void report_expected(const Slot& slot, std::size_t i, std::string_view after) {
    const auto [what, id] = expectation(slot);
    if (i < end_ && (slot.kinds & kind_bit(ValueKind::text)) != 0 &&
        items_[i].kind == ValueKind::word) {
      report_unquoted(i, fmt::format("expected {} after '{}', found '{}'", what, after,
                                     shown(written(items_[i]))));
      return;
    }
    if (i < end_) {
      auto d = report(diags_, id, items_[i].span, "expected {} after '{}', found {}", what, after,
                      describe(items_[i]));
      if (id == Diag::syntax_expected_length)
        d.hint("write a number and its unit without a blank: 0.5\", 2in, 1.5cm or 12mm");
    } else {
      const Span prev = items_[i - 1].span;
      report(diags_, id, Span{prev.file, prev.end, prev.end}, "expected {} after '{}'", what, after)
          .label(prev, "here");
    }
  }

  // Takes the values of `slots` from pos_. Values are taken in input order
  // and keywords are not kept as values, so each taken value moves down to
  // the write cursor (never past an item still to be read: the verb was
  // consumed first) and `out` grows over them.
  bool take(std::span<const Slot> slots, ast::Range& out, std::span<const KeySpec> keys,
            std::string_view after_first) {
    out = {index_of(written_), 0};
    // Views only: texts of values live in the source or the log's arena.
    std::string_view after = after_first;
    previous_word_ = Word::none;
    for (const Slot& slot : slots) {
      std::size_t count = 0;
      while (fits(slot, pos_, keys)) {
        if (overflowed(log_, items_[pos_])) {
          report(diags_, Diag::syntax_number_too_large, items_[pos_].span, "number too large")
              .hint("numbers in a log are small: counts, scores, inches or hexes");
          return false;
        }
        previous_word_ = items_[pos_].word;
        keep(pos_);
        ++pos_;
        ++out.count;
        ++count;
        if (slot.arity == Arity::one || slot.arity == Arity::optional) break;
      }
      if (count == 0 && (slot.arity == Arity::one || slot.arity == Arity::many ||
                         misses_closed_word(slot, keys))) {
        report_expected(slot, pos_, after);
        return false;
      }
      if (count > 0) {
        const Value& last = items_[pos_ - 1];
        after = last.kind == ValueKind::word ? last.text : kind_name(last.kind);
      }
    }
    return true;
  }

  std::uint32_t index_of(std::size_t item) const {
    return raw_.first_item + static_cast<std::uint32_t>(item);
  }
  void keep(std::size_t item) {
    if (item != written_) items_[written_] = items_[item];
    ++written_;
  }

  bool bind_args() { return take(spec_->args, st_.args, spec_->keys, ast::verb_name(st_.verb)); }

  bool bind_agreed() {
    st_.agreed.present = true;
    st_.agreed.span = items_[pos_].span;
    ++pos_;
    if (pos_ < end_ && items_[pos_].kind == ValueKind::text) {
      st_.agreed.has_note = true;
      st_.agreed.note = items_[pos_].text;
      st_.agreed.span = merge(st_.agreed.span, items_[pos_].span);
      ++pos_;
    }
    if (pos_ < items_.size()) {
      report(diags_, Diag::syntax_agreed_not_last, items_[pos_].span, "'agreed' ends the statement")
          .hint("write 'agreed' and its note after everything else");
      return false;
    }
    return true;
  }

  bool bind_clauses(std::span<const KeySpec> keys, ast::Range& out, bool actions) {
    out = {static_cast<std::uint32_t>(log_.clauses.size()), 0};
    while (pos_ < end_) {
      Value& v = items_[pos_];
      if (v.word == Word::agreed) {
        if (!bind_agreed()) return false;
        continue;
      }
      if (st_.agreed.present) {
        report(diags_, Diag::syntax_agreed_not_last, v.span, "'agreed' ends the statement")
            .hint("write 'agreed' and its note after everything else");
        return false;
      }
      ast::Clause clause;
      if (v.kind == ValueKind::roll || (actions && is_label(pos_))) {
        if (!actions || !spec_->rolls) {
          report(diags_, Diag::syntax_no_dice, v.span, "'{}' takes no dice",
                 ast::verb_name(st_.verb))
              .hint("dice belong to actions such as 'order', 'shoot' or 'test'");
          return false;
        }
        if (v.kind == ValueKind::word) {
          clause.key = v.word;
          clause.key_span = v.span;
          ++pos_;
        }
        clause.values = {index_of(written_), 1};
        keep(pos_);
        clause.span =
            clause.key_span.valid() ? merge(clause.key_span, items_[pos_].span) : items_[pos_].span;
        ++pos_;
        push(clause, out);
        continue;
      }
      const KeySpec* key = key_of(v, keys);
      if (key == nullptr) {
        report_unexpected(v, keys, actions);
        return false;
      }
      clause.key = key->key;
      clause.key_span = v.span;
      ++pos_;
      if (!take(key->values, clause.values, keys, ast::word_text(clause.key))) return false;
      clause.span = clause.values.empty()
                        ? clause.key_span
                        : merge(clause.key_span, log_.values[clause.values.end() - 1].span);
      push(clause, out);
    }
    return true;
  }

  void push(const ast::Clause& clause, ast::Range& out) {
    log_.clauses.push_back(clause);
    ++out.count;
  }

  // A value as written (a word keeps its capitals), when the source is known.
  std::string_view written(const Value& v) const {
    return v.span.end <= source_.size() ? source_.substr(v.span.begin, v.span.size()) : v.text;
  }

  // Words where a text was meant (`scenario The village`, `unit f1
  // Grenadiers profile ...`): the run of words up to the next keyword, put
  // in quotes by the fix-it.
  void report_unquoted(std::size_t i, std::string message) {
    std::size_t last = i;
    while (last + 1 < end_ && items_[last + 1].kind == ValueKind::word &&
           !is_key(items_[last + 1], spec_->keys))
      ++last;
    const Span words = merge(items_[i].span, items_[last].span);
    auto d = report(diags_, Diag::syntax_unquoted_text, words, "{}", message);
    d.note("names and notes are texts, written in double quotes");
    if (words.end <= source_.size()) {
      const std::string quoted =
          "\"" + std::string(source_.substr(words.begin, words.size())) + "\"";
      d.hint("write {}", shown(quoted));
      d.fixit(words, quoted);
    } else {
      d.hint("write the name in double quotes");
    }
  }

  // A roll whose faces were separated by blanks (`5d6=6 5 2`): the roll,
  // then numbers the statement does not take.
  bool report_spaced_faces(const Value& v) {
    if (v.kind != ValueKind::integer || pos_ == 0 || items_[pos_ - 1].kind != ValueKind::roll)
      return false;
    const Value& roll = items_[pos_ - 1];
    std::size_t last = pos_;
    while (last + 1 < end_ && items_[last + 1].kind == ValueKind::integer) ++last;
    const Span all = merge(roll.span, items_[last].span);
    std::string fixed;
    if (roll.span.end <= source_.size())
      fixed = std::string(source_.substr(roll.span.begin, roll.span.size()));
    for (std::size_t k = pos_; k <= last; ++k) fixed += fmt::format(",{}", items_[k].integer);
    auto d = report(diags_, Diag::syntax_roll_faces, merge(v.span, items_[last].span),
                    "the faces of a roll are separated by commas, not blanks");
    d.label(roll.span, "the roll");
    if (!source_.empty()) {
      d.hint("write {}", shown("'" + fixed + "'"));
      d.fixit(all, fixed);
    } else {
      d.hint("write every die after '=', separated by commas: '2d6=3,5'");
    }
    return true;
  }

  // `tolerance 0.5 in`: a length's unit written apart from its number.
  bool report_spaced_unit(const Value& v) {
    if (st_.verb != ast::Verb::tolerance || v.kind != ValueKind::word ||
        (v.text != "in" && v.text != "cm" && v.text != "mm") || v.span.end > source_.size())
      return false;
    std::uint32_t gap = v.span.begin;
    while (gap > 0 && (source_[gap - 1] == ' ' || source_[gap - 1] == '\t')) --gap;
    if (gap == v.span.begin || gap == 0 || source_[gap - 1] < '0' || source_[gap - 1] > '9')
      return false;
    report(diags_, Diag::syntax_expected_length, v.span,
           "a length is written with its unit against the number, found '{}' apart", v.text)
        .hint("write '{}' without the blank: 0.5{}", v.text, v.text)
        .fixit(Span{v.span.file, gap, v.span.begin}, "");
    return true;
  }

  void report_unexpected(const Value& v, std::span<const KeySpec> keys, bool actions) {
    if (report_spaced_unit(v)) return;
    // A stated outcome without its `=>` (`shoot r1 a1 hit 2d6=3,4 hits 1`).
    if (actions && spec_->outcomes && v.kind == ValueKind::word &&
        key_of(v, outcome_keys()) != nullptr) {
      const bool valued = pos_ + 1 < items_.size() && items_[pos_ + 1].kind == ValueKind::integer;
      report(diags_, Diag::syntax_missing_arrow, v.span,
             "'{}' is a stated outcome: outcomes follow '=>'", shown(v.text))
          .hint("write '=> {}{}'", shown(v.text),
                valued ? fmt::format(" {}", items_[pos_ + 1].integer) : "")
          .fixit(Span{v.span.file, v.span.begin, v.span.begin}, "=> ");
      return;
    }
    if (actions && report_spaced_faces(v)) return;
    // A name written without quotes where the statement takes one.
    const auto taken = items_.subspan(0, written_);
    if (actions && v.kind == ValueKind::word && pos_ == st_.args.count + 1 && !is_label(pos_) &&
        std::any_of(
            spec_->args.begin(), spec_->args.end(),
            [](const Slot& slot) { return (slot.kinds & kind_bit(ValueKind::text)) != 0; }) &&
        std::none_of(taken.begin(), taken.end(),
                     [](const Value& x) { return x.kind == ValueKind::text; })) {
      report_unquoted(pos_, fmt::format("'{}' is not a keyword of '{}'", shown(written(v)),
                                        ast::verb_name(st_.verb)));
      return;
    }
    std::vector<std::string> names;
    for (const KeySpec& k : keys) names.emplace_back(ast::word_text(k.key));
    names.emplace_back("agreed");
    const std::string_view verb = ast::verb_name(st_.verb);
    if (v.kind == ValueKind::word && actions && spec_->rolls && pos_ + 1 < end_ &&
        items_[pos_ + 1].kind == ValueKind::roll) {
      auto d = report(diags_, Diag::syntax_unknown_label, v.span, "unknown dice label '{}'",
                      shown(v.text));
      if (auto best = v.text.size() <= suggest_limit ? closest_match(v.text, roll_labels())
                                                     : std::nullopt) {
        d.hint("did you mean '{}'?", *best);
        d.fixit(v.span, *best);
      } else {
        std::string list;
        for (const std::string& l : roll_labels()) list += (list.empty() ? "" : ", ") + l;
        d.hint("dice are labelled with one of: {}", list);
      }
      return;
    }
    if (v.kind == ValueKind::word) {
      auto d = actions ? report(diags_, Diag::syntax_unknown_keyword, v.span,
                                "unknown keyword '{}' in '{}'", shown(v.text), verb)
                       : report(diags_, Diag::syntax_unknown_outcome, v.span,
                                "unknown outcome '{}'", shown(v.text));
      if (auto best =
              v.text.size() <= suggest_limit ? closest_match(v.text, names) : std::nullopt) {
        d.hint("did you mean '{}'?", *best);
        d.fixit(v.span, *best);
      } else if (!keys.empty()) {
        std::string list;
        for (std::size_t i = 0; i < names.size(); ++i) list += (i ? ", " : "") + names[i];
        d.hint("'{}' takes: {}", actions ? verb : std::string_view("=>"), list);
      }
      return;
    }
    auto d = report(diags_, Diag::syntax_unexpected_value, v.span, "unexpected {} in '{}'",
                    describe(v), verb);
    if (keys.empty()) {
      d.hint("'{}' takes nothing more", verb);
    } else {
      d.hint("a {} follows a keyword such as '{}'", kind_name(v.kind),
             ast::word_text(keys.front().key));
    }
  }

  std::string_view source_;
  ast::Log& log_;
  std::span<Value> items_;
  RawLine& raw_;
  Span line_span_;
  PositionMode mode_;
  DiagnosticEngine& diags_;
  // Bound in place, in the line of the log: a Statement built here and
  // copied there would be read back with wider loads than it was written
  // with, which stalls on store forwarding.
  ast::Statement& st_;
  const VerbSpec* spec_ = nullptr;
  std::size_t pos_ = 0;
  std::size_t written_ = 0;  // values kept so far, at the start of items_
  Word previous_word_ =
      Word::none;  // the word taken last by take(), if the last value was one of the language's
  std::size_t end_ = 0;
};

}  // namespace

bool bind_statement(ast::Log& log, RawLine& raw, Span line_span, PositionMode mode,
                    DiagnosticEngine& diags, ast::Statement& out, std::string_view source) {
  return Binder(log, raw, line_span, mode, diags, out, source).run();
}

}  // namespace umpire::log::detail
