// A hand-written fast path for the common values of a line, falling back to
// the X3 value rule (value_def.hpp) from the first character of any value it
// does not take whole. Each fast case below matches exactly what X3 would:
// the comments say why no earlier X3 alternative could match instead.
#include "grammar/log/line_scanner.hpp"

#include "grammar/log/lexeme.hpp"
#include "grammar/log/value.hpp"

namespace umpire::log::parser {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_id_start(char c) {
  return is_letter(c) || c == '_';
}
bool is_id_char(char c) {
  return is_letter(c) || is_digit(c) || c == '_' || c == '-';
}

iterator_type skip_digits(iterator_type p, iterator_type last) {
  while (p != last && is_digit(*p)) ++p;
  return p;
}

// Where a fast value may end: nothing that X3 could read on as part of it.
bool ends_value(iterator_type p, iterator_type last) {
  return p == last || is_blank(*p) || *p == '#';
}

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

// `id_start id_char* ('+' id_start id_char*)*`, the X3 word rule. `upper`
// tells whether a capital letter was read (a word without is kept as it
// stands, with no second pass to lower-case it).
iterator_type scan_word(iterator_type p, iterator_type last, bool& upper) {
  bool seen = is_upper(*p);
  ++p;
  while (p != last && is_id_char(*p)) seen |= is_upper(*p++);
  while (last - p >= 2 && *p == '+' && is_id_start(p[1])) {
    seen |= is_upper(p[1]);
    p += 2;
    while (p != last && is_id_char(*p)) seen |= is_upper(*p++);
  }
  upper = seen;
  return p;
}

// `[count]d<sides>=face,face...` with plain faces, from p (a digit or d/D).
// Returns the end of the roll, or nullptr when X3 must read it: any option
// of the notation, a re-rolled face, blanks round a comma, or something
// glued to the last face.
iterator_type scan_plain_roll(iterator_type p, iterator_type last) {
  p = skip_digits(p, last);
  if (p == last || (*p != 'd' && *p != 'D')) return nullptr;
  iterator_type sides = ++p;
  p = skip_digits(p, last);
  if (p == sides || p == last || *p != '=') return nullptr;
  ++p;
  for (;;) {
    iterator_type face = p;
    p = skip_digits(p, last);
    if (p == face) return nullptr;  // X3 reports the missing face
    if (p != last && *p == ',') {
      ++p;
      continue;
    }
    break;
  }
  if (!ends_value(p, last)) return nullptr;
  // `2d6=3 ,4` goes on after blanks: let X3 read it.
  iterator_type after = p;
  while (after != last && is_blank(*after)) ++after;
  if (after != last && *after == ',') return nullptr;
  return p;
}

class Scanner {
 public:
  Scanner(iterator_type first, iterator_type last, ParseState& state, detail::RawLine& raw)
      : p_(first), last_(last), state_(state), raw_(raw), log_(*state.log) {}

  iterator_type run() {
    skip_blanks();
    while (p_ != last_) {
      if (*p_ == '=' && last_ - p_ >= 2 && p_[1] == '>') {
        arrow();
      } else if (*p_ == '#') {
        comment();
        return p_;
      } else if (!fast_value() && !x3_value()) {
        return p_;  // neither a value nor a comment: the end of line is expected here
      }
      skip_blanks();
    }
    return p_;
  }

 private:
  Span span(iterator_type b, iterator_type e) const {
    return {state_.file, static_cast<std::uint32_t>(b - state_.base),
            static_cast<std::uint32_t>(e - state_.base)};
  }
  void skip_blanks() {
    while (p_ != last_ && is_blank(*p_)) ++p_;
  }
  void push(const ast::Value& v) {
    log_.values.push_back(v);
    ++raw_.item_count;
  }

  // As line_actions::mark_arrow.
  void arrow() {
    if (raw_.arrow_index == -1) {
      raw_.arrow_index = static_cast<std::int32_t>(raw_.item_count);
      raw_.arrow_span = span(p_, p_ + 2);
    } else if (raw_.arrow_index >= 0) {
      raw_.arrow_index = -2 - static_cast<std::int32_t>(raw_.item_count);
      raw_.arrow_span = span(p_, p_ + 2);
    }
    p_ += 2;
  }

  void comment() {
    raw_.has_comment = true;
    raw_.comment_span = span(p_, last_);
    p_ = last_;
  }

  // The value is built in its place in the log's vector (lexeme.hpp says why).
  template <void (*Make)(ast::Log&, std::string_view, Span, ast::Value&)>
  bool take(iterator_type end) {
    ast::Value& v = log_.values.emplace_back();
    ++raw_.item_count;
    Make(log_, std::string_view(p_, static_cast<std::size_t>(end - p_)), span(p_, end), v);
    p_ = end;
    return true;
  }

  bool word(iterator_type end, bool upper) {
    return upper ? take<detail::make_word>(end) : take<detail::make_lower_word>(end);
  }

  bool fast_value() {
    const char c = *p_;
    if (is_digit(c)) {
      // Only a roll, date, size, target, fraction or position continues
      // after the digits, with 'd', '-', 'x', '+', '/' or ','.
      const iterator_type digits = skip_digits(p_, last_);
      if (ends_value(digits, last_)) return take<detail::make_number>(digits);
      if (*digits == ',' && last_ - digits >= 2 && is_digit(digits[1])) {
        const iterator_type second = skip_digits(digits + 1, last_);
        if (ends_value(second, last_)) return take<detail::make_position>(second);
        return false;
      }
      if (const iterator_type roll = scan_plain_roll(p_, last_))
        return take<detail::make_roll>(roll);
      return false;
    }
    if (c == 'd' || c == 'D') {
      if (const iterator_type roll = scan_plain_roll(p_, last_))
        return take<detail::make_roll>(roll);
      // A roll always has '=' right after its notation, which is made of
      // letters, digits, signs and '<' '>': a run of word characters ended
      // by a blank or a comment is no roll.
      bool upper = false;
      const iterator_type end = scan_word(p_, last_, upper);
      if (ends_value(end, last_)) return word(end, upper);
      return false;
    }
    if (is_id_start(c)) {  // X3 has only `word` for these
      bool upper = false;
      const iterator_type end = scan_word(p_, last_, upper);
      return word(end, upper);
    }
    return false;
  }

  bool x3_value() {
    ast::Value v;
    iterator_type q = p_;
    if (!x3::parse(q, last_, x3::with<state_tag>(state_)[value_parser()], v)) return false;
    push(v);
    p_ = q;
    return true;
  }

  iterator_type p_;
  iterator_type last_;
  ParseState& state_;
  detail::RawLine& raw_;
  ast::Log& log_;
};

}  // namespace

iterator_type scan_line(iterator_type first, iterator_type last, ParseState& state,
                        detail::RawLine& raw) {
  return Scanner(first, last, state, raw).run();
}

}  // namespace umpire::log::parser
