#include "grammar/log/lexeme.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>

namespace umpire::log::detail {
namespace {

// Values this large are not meaningful anywhere in a log; the sentinel lets
// the schema report the overflow at the value's span.
constexpr std::int64_t overflow_sentinel = std::numeric_limits<std::int64_t>::max();

std::int64_t to_int(std::string_view text) {
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

Span sub_span(Span whole, std::size_t begin, std::size_t end) {
  return {whole.file, whole.begin + static_cast<std::uint32_t>(begin),
          whole.begin + static_cast<std::uint32_t>(end)};
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool overflowed(const ast::Value& value) {
  if (value.integer == overflow_sentinel) return true;
  for (const ast::Face& f : value.faces) {
    if (f.value == overflow_sentinel || f.second == overflow_sentinel) return true;
  }
  for (std::int64_t p : value.parts) {
    if (p == overflow_sentinel) return true;
  }
  return false;
}

ast::Value make_word(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::word;
  v.text = to_lower(text);
  return v;
}

ast::Value make_number(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.explicit_sign = !text.empty() && (text.front() == '+' || text.front() == '-');
  if (text.find('.') != std::string_view::npos) {
    v.kind = ast::ValueKind::decimal;
    v.text = std::string(text);
    v.x = to_double(text);
  } else {
    v.kind = ast::ValueKind::integer;
    v.integer = to_int(text);
    v.x = static_cast<double>(v.integer);
  }
  return v;
}

ast::Value make_position(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::position;
  v.text = std::string(text);
  const std::size_t comma = text.find(',');
  v.x = to_double(text.substr(0, comma));
  v.y = to_double(text.substr(comma + 1));
  // Integral positions (hexes) keep their exact value in `parts`.
  if (text.find('.') == std::string_view::npos) {
    v.parts = {to_int(text.substr(0, comma)), to_int(text.substr(comma + 1))};
  }
  return v;
}

ast::Value make_size(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::size;
  const std::size_t x = text.find_first_of("xX");
  std::size_t end = x + 1;
  while (end < text.size() && (is_digit(text[end]) || text[end] == '.')) ++end;
  v.x = to_double(text.substr(0, x));
  v.y = to_double(text.substr(x + 1, end - x - 1));
  v.unit = to_lower(text.substr(end));
  v.text = to_lower(text);
  return v;
}

ast::Value make_target(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::target;
  v.text = std::string(text);
  v.integer = to_int(text.substr(0, text.size() - 1));
  return v;
}

ast::Value make_fraction(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::fraction;
  v.text = std::string(text);
  v.parts.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '/')) + 1);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t slash = text.find('/', start);
    if (slash == std::string_view::npos) slash = text.size();
    v.parts.push_back(to_int(text.substr(start, slash - start)));
    start = slash + 1;
  }
  return v;
}

ast::Value make_date(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::date;
  v.text = std::string(text);
  return v;
}

ast::Value make_text(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::text;
  text.remove_prefix(1);
  text.remove_suffix(1);
  v.text.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    v.text.push_back(text[i]);
  }
  return v;
}

ast::Value make_roll(std::string_view text, Span span) {
  ast::Value v;
  v.span = span;
  v.kind = ast::ValueKind::roll;
  const std::size_t eq = text.find('=');
  v.text = to_lower(text.substr(0, eq));
  v.notation_span = sub_span(span, 0, eq);
  std::size_t i = eq + 1;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  v.faces_span = sub_span(span, i, text.size());
  // One face per group of digits not after an 'r': reserving saves the
  // vector's growth steps (a roll of six dice would otherwise allocate four times).
  std::size_t groups = 0;
  for (std::size_t k = i; k < text.size(); ++k) {
    if (is_digit(text[k]) && (k == i || !is_digit(text[k - 1])) && (k == 0 || (text[k - 1] != 'r' && text[k - 1] != 'R'))) ++groups;
  }
  v.faces.reserve(groups);
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
    v.faces.push_back(face);
  }
  return v;
}

}  // namespace umpire::log::detail
