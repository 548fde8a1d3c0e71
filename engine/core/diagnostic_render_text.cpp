// Caret rendering in the Clang style. Source lines are shown as they look in
// an editor: tabs expanded, bytes that are not valid UTF-8 or are control
// characters shown as <XX> (a C1 control as <U+XXXX>), so a caret always
// stands under what it points at. Messages, labels, notes and hints quote
// names from logs and rules data: their control characters are escaped too
// (engine/core/escape.hpp).
#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/utf8.hpp"

namespace umpire {
namespace {

constexpr std::uint32_t tab_width = 4;

struct Palette {
  std::string_view bold, reset, error, warning, note, not_checked, caret, label;
};
constexpr Palette colours{"\x1b[1m",    "\x1b[0m",    "\x1b[1;31m", "\x1b[1;35m",
                          "\x1b[1;36m", "\x1b[1;33m", "\x1b[1;32m", "\x1b[1;34m"};
constexpr Palette plain{};

std::string_view severity_colour(const Palette& p, Severity s) {
  switch (s) {
    case Severity::error:
      return p.error;
    case Severity::warning:
      return p.warning;
    case Severity::not_checked:
      return p.not_checked;
    case Severity::note:
      return p.note;
  }
  return p.note;
}

// A source line as displayed, with the display column of every byte.
struct DisplayLine {
  std::string text;
  std::vector<std::uint32_t> column;  // size = bytes + 1; column[i] = display column of byte i
};

DisplayLine display(std::string_view line) {
  DisplayLine out;
  out.column.resize(line.size() + 1, 0);
  std::uint32_t col = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    const auto byte = static_cast<unsigned char>(line[i]);
    const std::size_t len = utf8_sequence_length(line.substr(i));
    for (std::size_t k = 0; k < std::max<std::size_t>(len, 1); ++k) out.column[i + k] = col;
    if (byte == '\t') {
      const std::uint32_t n = tab_width - col % tab_width;
      out.text.append(n, ' ');
      col += n;
      i += 1;
    } else if (len == 0 || byte < 0x20 || byte == 0x7F) {
      out.text += fmt::format("<{:02X}>", byte);
      col += 4;
      i += 1;
    } else if (c1_control_length(line.substr(i)) != 0) {
      // A C1 control (CSI, OSC...) acts on a terminal as ESC does.
      out.text += fmt::format("<U+{:04X}>", static_cast<unsigned char>(line[i + 1]));
      col += 8;
      i += len;
    } else {
      out.text.append(line.substr(i, len));
      col += 1;
      i += len;
    }
  }
  out.column[line.size()] = col;
  return out;
}

struct Snippet {
  std::uint32_t line = 0;
  std::string text;     // the displayed source line (maybe a window of it)
  std::string markers;  // carets or tildes
  std::string label;
  bool primary = true;
};

// The snippet for `span` (clipped to its first line), windowed to `width`.
Snippet make_snippet(const SourceManager& sources, Span span, std::size_t width, bool primary) {
  Snippet s;
  s.primary = primary;
  const LineColumn lc = sources.line_column(span.file, span.begin);
  s.line = lc.line;
  const std::string_view raw = sources.line_text(span.file, lc.line);
  const std::uint32_t start = sources.line_start(span.file, lc.line);
  const DisplayLine shown = display(raw);
  const auto clip = [&](std::uint32_t offset) {
    return std::min<std::uint32_t>(offset - std::min(offset, start),
                                   static_cast<std::uint32_t>(raw.size()));
  };
  const std::uint32_t b = clip(span.begin);
  const std::uint32_t e = std::max(b, clip(span.end));
  std::uint32_t first = shown.column[b];
  std::uint32_t last = std::max(first + 1, shown.column[e]);

  // Window long lines round the caret so a 1 MB line prints as one screen line.
  std::string text = shown.text;
  std::uint32_t shift = 0;
  if (width >= 20 && text.size() > width) {
    const std::uint32_t w = static_cast<std::uint32_t>(width);
    std::uint32_t from = first > w / 3 ? first - w / 3 : 0;
    // Cut on code point boundaries only.
    std::string window;
    std::uint32_t col = 0;
    std::size_t i = 0;
    while (i < text.size() && col < from) {
      i += std::max<std::size_t>(1, utf8_sequence_length(std::string_view(text).substr(i)));
      ++col;
    }
    from = col;
    std::size_t j = i;
    while (j < text.size() && col < from + w) {
      j += std::max<std::size_t>(1, utf8_sequence_length(std::string_view(text).substr(j)));
      ++col;
    }
    window = (from > 0 ? "..." : "") + text.substr(i, j - i) + (j < text.size() ? "..." : "");
    shift = from > 0 ? from - 3 : 0;
    text = std::move(window);
    last = std::min(last, from + w);
  }
  s.text = std::move(text);
  first -= shift;
  last -= shift;
  s.markers.assign(first, ' ');
  s.markers += primary ? '^' : '~';
  if (last > first + 1) s.markers.append(last - first - 1, '~');
  return s;
}

std::string location(const SourceManager& sources, Span span) {
  const LineColumn lc = sources.line_column(span.file, span.begin);
  return fmt::format("{}:{}:{}", escape_controls(sources.name(span.file)), lc.line, lc.column);
}

}  // namespace

std::string render_text(const SourceManager& sources, const Diagnostic& d, const TextStyle& style) {
  const Palette& p = style.colour ? colours : plain;
  std::string out;
  if (d.span.valid()) out += fmt::format("{}{}: {}", p.bold, location(sources, d.span), p.reset);
  out += fmt::format("{}{}:{} {}{}{} [{}]\n", severity_colour(p, d.severity), to_string(d.severity),
                     p.reset, p.bold, escape_controls(d.message), p.reset, escape_controls(d.id));

  std::vector<Snippet> snippets;
  std::vector<std::string> elsewhere;  // labels in other files
  if (d.span.valid()) {
    snippets.push_back(make_snippet(sources, d.span, style.max_line_width, true));
    snippets.back().label = escape_controls(d.span_label);
  }
  for (const Label& l : d.labels) {
    if (!l.span.valid()) continue;
    if (d.span.valid() && l.span.file != d.span.file) {
      elsewhere.push_back(
          fmt::format("{}: {}", location(sources, l.span), escape_controls(l.message)));
      continue;
    }
    snippets.push_back(make_snippet(sources, l.span, style.max_line_width, false));
    snippets.back().label = escape_controls(l.message);
  }
  std::size_t gutter = 0;
  for (const Snippet& s : snippets) gutter = std::max(gutter, std::to_string(s.line).size());
  for (const Snippet& s : snippets) {
    out += fmt::format(" {:>{}} | {}\n", s.line, gutter, s.text);
    const std::string_view mark_colour = s.primary ? p.caret : p.label;
    out += fmt::format(" {:>{}} | {}{}{}{}{}\n", "", gutter, mark_colour, s.markers, p.reset,
                       s.label.empty() ? "" : " ", s.label);
  }
  const std::string pad(gutter + 2, ' ');
  for (const std::string& e : elsewhere)
    out += fmt::format("{}= {}see:{} {}\n", pad, p.note, p.reset, e);
  for (const std::string& n : d.notes)
    out += fmt::format("{}= {}note:{} {}\n", pad, p.note, p.reset, escape_controls(n));
  if (d.rule)
    out += fmt::format("{}= {}rule:{} {}\n", pad, p.note, p.reset,
                       escape_controls(d.rule->to_string()));
  if (!d.hint.empty())
    out += fmt::format("{}= {}hint:{} {}\n", pad, p.note, p.reset, escape_controls(d.hint));
  for (const FixIt& f : d.fixits) {
    const std::string was = escape_controls(sources.text(f.span));
    const std::string now = escape_controls(f.replacement);
    if (was.empty())
      out += fmt::format("{}= {}fix:{} insert '{}'\n", pad, p.note, p.reset, now);
    else if (now.empty())
      out += fmt::format("{}= {}fix:{} remove '{}'\n", pad, p.note, p.reset, was);
    else
      out += fmt::format("{}= {}fix:{} replace '{}' with '{}'\n", pad, p.note, p.reset, was, now);
  }
  return out;
}

std::string render_text(const SourceManager& sources, const DiagnosticEngine& engine,
                        const TextStyle& style) {
  std::string out;
  for (const Diagnostic& d : engine.sorted()) out += render_text(sources, d, style);
  if (engine.dropped() > 0) {
    out += fmt::format("note: {} not shown (error limit reached)\n",
                       plural(engine.dropped(), "more error"));
  }
  return out;
}

}  // namespace umpire
