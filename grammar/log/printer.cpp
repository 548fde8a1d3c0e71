#include "grammar/log/printer.hpp"

#include <charconv>

#include "grammar/log/parser.hpp"

namespace umpire::log {
namespace {

void print_text(std::string& out, std::string_view text) {
  out.push_back('"');
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
}

void print_integer(std::string& out, std::int64_t value) {
  char buffer[24];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
}

void print_clause(std::string& out, const ast::Log& log, const ast::Clause& c) {
  if (c.key != ast::Word::none) {
    out.push_back(' ');
    out += ast::word_text(c.key);
  }
  for (const ast::Value& v : log.values_of(c)) {
    out.push_back(' ');
    print_value(out, log, v);
  }
}

// Indentation of a statement, and of the lines that follow it.
struct Indent {
  int body = 0;
  int of(ast::Verb verb) {
    switch (ast::verb_group(verb)) {
      case ast::VerbGroup::header:
      case ast::VerbGroup::battlefield:
      case ast::VerbGroup::deployment:
        body = 0;
        return 0;
      case ast::VerbGroup::army:
        body = 2;
        return 0;
      case ast::VerbGroup::unit:
        body = 2;
        return 2;
      case ast::VerbGroup::turn:
        body = verb == ast::Verb::end ? 0 : 2;
        return 0;
      case ast::VerbGroup::phase:
        body = 4;
        return 2;
      case ast::VerbGroup::action:
        return body;
    }
    return 0;
  }
};

}  // namespace

void print_value(std::string& out, const ast::Log& log, const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::word:
      out += v.text;
      return;
    case ast::ValueKind::integer:
      if (v.explicit_sign && v.integer >= 0) out.push_back('+');
      print_integer(out, v.integer);
      return;
    case ast::ValueKind::text:
      print_text(out, v.text);
      return;
    case ast::ValueKind::decimal:
    case ast::ValueKind::position:
    case ast::ValueKind::size:
    case ast::ValueKind::length:
    case ast::ValueKind::target:
    case ast::ValueKind::fraction:
    case ast::ValueKind::date:
      out += v.text;
      return;
    case ast::ValueKind::roll: {
      out += v.text;
      out.push_back('=');
      bool first = true;
      for (const ast::Face& f : log.faces_of(v)) {
        if (!first) out.push_back(',');
        first = false;
        print_integer(out, f.value);
        if (f.rerolled) {
          out.push_back('r');
          print_integer(out, f.second);
        }
      }
      return;
    }
    case ast::ValueKind::list: {
      out.push_back('(');
      bool first_entry = true;
      for (const ast::ListEntry& e : log.entries_of(v)) {
        if (!first_entry) out += ", ";
        first_entry = false;
        bool first = true;
        for (const ast::Value& x : log.values_of(e)) {
          if (!first) out.push_back(' ');
          first = false;
          print_value(out, log, x);
        }
      }
      out.push_back(')');
      return;
    }
  }
}

namespace {

// A trailing or whole-line comment, with the two blanks that separate it
// from a statement.
void print_comment(std::string& out, const ast::Line& line) {
  if (!line.has_comment) return;
  if (line.has_statement) out += "  ";
  out.push_back('#');
  if (!line.comment.empty()) {
    // "##" stays "##": a space would change the text on every run.
    if (line.comment.front() != '#') out.push_back(' ');
    out += line.comment;
  }
}

}  // namespace

void print_statement(std::string& out, const ast::Log& log, const ast::Statement& s) {
  out += ast::verb_name(s.verb);
  for (const ast::Value& v : log.args(s)) {
    out.push_back(' ');
    print_value(out, log, v);
  }
  for (const ast::Clause& c : log.clauses_of(s)) print_clause(out, log, c);
  if (!s.outcomes.empty()) {
    out += " =>";
    for (const ast::Clause& c : log.outcomes(s)) print_clause(out, log, c);
  }
  if (s.agreed.present) {
    out += " agreed";
    if (s.agreed.has_note) {
      out.push_back(' ');
      print_text(out, s.agreed.note);
    }
  }
}

std::string print_statement(const ast::Log& log, const ast::Statement& s) {
  std::string out;
  print_statement(out, log, s);
  return out;
}

std::string print_log(const ast::Log& log) {
  // A statement's indentation follows from the statements before it; a
  // comment line takes the indentation of the statement after it, so that a
  // comment introducing a section sits with that section.
  std::vector<int> indents(log.lines.size(), 0);
  Indent indent;
  for (std::size_t i = 0; i < log.lines.size(); ++i) {
    indents[i] = log.lines[i].has_statement ? indent.of(log.lines[i].statement.verb) : -1;
  }
  int next = indent.body;
  for (std::size_t i = log.lines.size(); i-- > 0;) {
    if (indents[i] < 0)
      indents[i] = next;
    else
      next = indents[i];
  }
  std::string out;
  // The canonical text is about as long as the input: one allocation.
  if (!log.lines.empty())
    out.reserve(static_cast<std::size_t>(log.lines.back().span.end) + log.lines.size());
  bool first = true;
  for (std::size_t i = 0; i < log.lines.size(); ++i) {
    const ast::Line& line = log.lines[i];
    if (line.blank_before && !first) out.push_back('\n');
    first = false;
    out.append(static_cast<std::size_t>(indents[i]), ' ');
    if (line.has_statement) print_statement(out, log, line.statement);
    print_comment(out, line);
    out.push_back('\n');
  }
  return out;
}

std::optional<std::string> format_log(std::string_view text, FileId file, DiagnosticEngine& diags) {
  // print_log without the whole tree: each line is printed once parsed and
  // dropped. Comment lines wait for the next statement, whose indentation
  // they take.
  const std::size_t errors_before = diags.count(Severity::error);
  ast::Log scratch;
  LineReader reader(text, file, diags);
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  struct Pending {
    bool blank_before;
    std::string comment;  // printed, without indentation
  };
  std::vector<Pending> pending;
  Indent indent;
  bool first = true;
  const auto start_line = [&](bool blank_before, int indentation) {
    if (blank_before && !first) out.push_back('\n');
    first = false;
    out.append(static_cast<std::size_t>(indentation), ' ');
  };
  const auto flush_pending = [&](int indentation) {
    for (const Pending& p : pending) {
      start_line(p.blank_before, indentation);
      out += p.comment;
      out.push_back('\n');
    }
    pending.clear();
  };
  while (reader.next(scratch)) {
    const ast::Line& line = scratch.lines.back();
    if (!line.has_statement) {
      Pending p{line.blank_before, {}};
      print_comment(p.comment, line);
      pending.push_back(std::move(p));
    } else {
      const int indentation = indent.of(line.statement.verb);
      flush_pending(indentation);
      start_line(line.blank_before, indentation);
      print_statement(out, scratch, line.statement);
      print_comment(out, line);
      out.push_back('\n');
    }
    scratch.clear();
  }
  flush_pending(indent.body);
  if (diags.count(Severity::error) > errors_before) return std::nullopt;
  return out;
}

}  // namespace umpire::log
