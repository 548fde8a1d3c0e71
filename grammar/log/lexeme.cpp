#include "grammar/log/lexeme.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace umpire::log::detail {
namespace {

// Values this large are not meaningful anywhere in a log; the sentinel lets
// the schema report the overflow at the value's span.
constexpr std::int64_t overflow_sentinel = std::numeric_limits<std::int64_t>::max();

std::int64_t to_int(std::string_view text) {
  // Most numbers of a log are a digit or two (faces, hexes, counts): summed
  // here instead of a call of from_chars. Eighteen digits cannot overflow.
  if (!text.empty() && text.size() <= 18) {
    std::int64_t v = 0;
    std::size_t i = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') v = v * 10 + (text[i++] - '0');
    if (i == text.size()) return v;
  }
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return overflow_sentinel;
  return v;
}

double to_double(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc()) return 0;
  return v;
}

// A coordinate of digits only, which fitted its integer, is that integer
// exactly as a double (to_double would round the same decimal to the same
// value): no second conversion. A signed one goes through to_double, which
// keeps `-0` negative.
double integral_coordinate(std::string_view text, std::int64_t value) {
  if (text.empty() || text.front() < '0' || text.front() > '9' || value == overflow_sentinel)
    return to_double(text);
  return static_cast<double>(value);
}

Span sub_span(Span whole, std::size_t begin, std::size_t end) {
  return {whole.file, whole.begin + static_cast<std::uint32_t>(begin),
          whole.begin + static_cast<std::uint32_t>(end)};
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

std::uint32_t size_of(const std::vector<std::int64_t>& v) {
  return static_cast<std::uint32_t>(v.size());
}

}  // namespace

std::string_view lower_case(ast::Log& log, std::string_view text) {
  if (std::none_of(text.begin(), text.end(), is_upper)) return text;
  char* out = log.arena.allocate(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out[i] = is_upper(text[i]) ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
  }
  return {out, text.size()};
}

bool overflowed(const ast::Log& log, const ast::Value& value) {
  if (value.integer == overflow_sentinel) return true;
  if (value.kind == ast::ValueKind::roll) {
    for (const ast::Face& f : log.faces_of(value)) {
      if (f.value == overflow_sentinel || f.second == overflow_sentinel) return true;
    }
  } else if (value.kind == ast::ValueKind::fraction || value.kind == ast::ValueKind::position) {
    for (std::int64_t p : log.parts_of(value)) {
      if (p == overflow_sentinel) return true;
    }
  }
  return false;
}

void make_word(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  make_lower_word(log, lower_case(log, text), span, v);
}

void make_lower_word(ast::Log&, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::word;
  v.text = text;
  // Decided once here, for the binder and lowering, which compare ids.
  v.word = ast::find_word(text);
}

void make_number(ast::Log&, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.explicit_sign = !text.empty() && (text.front() == '+' || text.front() == '-');
  if (text.find('.') != std::string_view::npos) {
    v.kind = ast::ValueKind::decimal;
    v.text = text;
    v.x = to_double(text);
  } else {
    v.kind = ast::ValueKind::integer;
    v.integer = to_int(text);
    v.x = static_cast<double>(v.integer);
  }
}

void make_position(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::position;
  v.text = text;
  const std::size_t comma = text.find(',');
  const std::string_view first = text.substr(0, comma);
  const std::string_view second = text.substr(comma + 1);
  // Integral positions (hexes) keep their exact value in the parts.
  if (text.find('.') == std::string_view::npos) {
    v.items = {size_of(log.parts), 2};
    const std::int64_t col = to_int(first);
    const std::int64_t row = to_int(second);
    log.parts.push_back(col);
    log.parts.push_back(row);
    v.x = integral_coordinate(first, col);
    v.y = integral_coordinate(second, row);
    return;
  }
  v.x = to_double(first);
  v.y = to_double(second);
}

void make_size(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::size;
  const std::size_t x = text.find_first_of("xX");
  std::size_t end = x + 1;
  while (end < text.size() && (is_digit(text[end]) || text[end] == '.')) ++end;
  v.x = to_double(text.substr(0, x));
  v.y = to_double(text.substr(x + 1, end - x - 1));
  const std::string_view unit = text.substr(end);
  if (unit.size() == 2) {
    const char a = static_cast<char>(unit[0] | 0x20);
    v.unit = a == 'm' ? ast::SizeUnit::mm : a == 'c' ? ast::SizeUnit::cm : ast::SizeUnit::in;
  }
  v.text = lower_case(log, text);
}

void make_length(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::length;
  v.explicit_sign = !text.empty() && (text.front() == '+' || text.front() == '-');
  std::size_t end = 0;
  while (end < text.size() &&
         (is_digit(text[end]) || text[end] == '.' || text[end] == '+' || text[end] == '-'))
    ++end;
  v.x = to_double(text.substr(0, end));
  const char unit = end < text.size() ? static_cast<char>(text[end] | 0x20) : 'i';
  v.unit = unit == 'm' ? ast::SizeUnit::mm : unit == 'c' ? ast::SizeUnit::cm : ast::SizeUnit::in;
  v.text = lower_case(log, text);
}

void make_target(ast::Log&, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::target;
  v.text = text;
  v.integer = to_int(text.substr(0, text.size() - 1));
}

void make_fraction(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::fraction;
  v.text = text;
  v.items.first = size_of(log.parts);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t slash = text.find('/', start);
    if (slash == std::string_view::npos) slash = text.size();
    log.parts.push_back(to_int(text.substr(start, slash - start)));
    start = slash + 1;
  }
  v.items.count = size_of(log.parts) - v.items.first;
}

void make_date(ast::Log&, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::date;
  v.text = text;
}

void make_text(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::text;
  text.remove_prefix(1);
  text.remove_suffix(1);
  const std::size_t escape = text.find('\\');
  if (escape == std::string_view::npos) {
    v.text = text;
    return;
  }
  // Unescaped, the text is shorter: write it once into the arena.
  char* out = log.arena.allocate(text.size());
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    out[n++] = text[i];
  }
  v.text = std::string_view(out, n);
}

void make_roll(ast::Log& log, std::string_view text, Span span, ast::Value& v) {
  v.span = span;
  v.kind = ast::ValueKind::roll;
  const std::size_t eq = text.find('=');
  v.text = lower_case(log, text.substr(0, eq));
  std::size_t i = eq + 1;
  v.items.first = static_cast<std::uint32_t>(log.faces.size());
  const auto digits = [&](std::size_t& at) {
    const std::size_t begin = at;
    while (at < text.size() && is_digit(text[at])) ++at;
    return to_int(text.substr(begin, at - begin));
  };
  while (i < text.size()) {
    while (i < text.size() && !is_digit(text[i])) ++i;
    if (i == text.size()) break;
    ast::Face face;
    const std::size_t begin = i;
    face.value = digits(i);
    if (i < text.size() && (text[i] == 'r' || text[i] == 'R')) {
      ++i;
      face.rerolled = true;
      face.second = digits(i);
    }
    face.span = sub_span(span, begin, i);
    log.faces.push_back(face);
  }
  v.items.count = static_cast<std::uint32_t>(log.faces.size()) - v.items.first;
}

}  // namespace umpire::log::detail
