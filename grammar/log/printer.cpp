#include "grammar/log/printer.hpp"

#include <fmt/format.h>

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

void print_integer(std::string& out, const ast::Value& v) {
  if (v.explicit_sign && v.integer >= 0) out.push_back('+');
  fmt::format_to(std::back_inserter(out), "{}", v.integer);
}

void print_clause(std::string& out, const ast::Clause& c) {
  if (!c.key.empty()) {
    out.push_back(' ');
    out += c.key;
  }
  for (const ast::Value& v : c.values) {
    out.push_back(' ');
    print_value(out, v);
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

void print_value(std::string& out, const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::word: out += v.text; return;
    case ast::ValueKind::integer: print_integer(out, v); return;
    case ast::ValueKind::text: print_text(out, v.text); return;
    case ast::ValueKind::decimal:
    case ast::ValueKind::position:
    case ast::ValueKind::size:
    case ast::ValueKind::target:
    case ast::ValueKind::fraction:
    case ast::ValueKind::date: out += v.text; return;
    case ast::ValueKind::roll:
      out += v.text;
      out.push_back('=');
      for (std::size_t i = 0; i < v.faces.size(); ++i) {
        if (i) out.push_back(',');
        fmt::format_to(std::back_inserter(out), "{}", v.faces[i].value);
        if (v.faces[i].rerolled) fmt::format_to(std::back_inserter(out), "r{}", v.faces[i].second);
      }
      return;
    case ast::ValueKind::list:
      out.push_back('(');
      for (std::size_t i = 0; i < v.entries.size(); ++i) {
        if (i) out += ", ";
        for (std::size_t j = 0; j < v.entries[i].values.size(); ++j) {
          if (j) out.push_back(' ');
          print_value(out, v.entries[i].values[j]);
        }
      }
      out.push_back(')');
      return;
  }
}

std::string print_statement(const ast::Statement& s) {
  std::string out(ast::verb_name(s.verb));
  for (const ast::Value& v : s.args) {
    out.push_back(' ');
    print_value(out, v);
  }
  for (const ast::Clause& c : s.clauses) print_clause(out, c);
  if (!s.outcomes.empty()) {
    out += " =>";
    for (const ast::Clause& c : s.outcomes) print_clause(out, c);
  }
  if (s.agreed.present) {
    out += " agreed";
    if (s.agreed.has_note) {
      out.push_back(' ');
      print_text(out, s.agreed.note);
    }
  }
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
    if (indents[i] < 0) indents[i] = next;
    else next = indents[i];
  }
  std::string out;
  bool first = true;
  for (std::size_t i = 0; i < log.lines.size(); ++i) {
    const ast::Line& line = log.lines[i];
    if (line.blank_before && !first) out.push_back('\n');
    first = false;
    out.append(static_cast<std::size_t>(indents[i]), ' ');
    if (line.has_statement) out += print_statement(line.statement);
    if (line.has_comment) {
      if (line.has_statement) out += "  ";
      out.push_back('#');
      if (!line.comment.empty()) {
        // "##" stays "##": a space would change the text on every run.
        if (line.comment.front() != '#') out.push_back(' ');
        out += line.comment;
      }
    }
    out.push_back('\n');
  }
  return out;
}

}  // namespace umpire::log
