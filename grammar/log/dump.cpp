#include "grammar/log/dump.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "grammar/log/printer.hpp"

namespace umpire::log {
namespace {

using nlohmann::json;

std::string_view kind_name(ast::ValueKind k) {
  switch (k) {
    case ast::ValueKind::word:
      return "word";
    case ast::ValueKind::integer:
      return "integer";
    case ast::ValueKind::decimal:
      return "decimal";
    case ast::ValueKind::text:
      return "text";
    case ast::ValueKind::position:
      return "position";
    case ast::ValueKind::size:
      return "size";
    case ast::ValueKind::length:
      return "length";
    case ast::ValueKind::target:
      return "target";
    case ast::ValueKind::fraction:
      return "fraction";
    case ast::ValueKind::date:
      return "date";
    case ast::ValueKind::roll:
      return "roll";
    case ast::ValueKind::list:
      return "list";
  }
  return "value";
}

json span_json(Span s) {
  return json::array({s.begin, s.end});
}

json value_json(const ast::Log& log, const ast::Value& v, bool spans) {
  json j;
  j["kind"] = kind_name(v.kind);
  if (spans) j["span"] = span_json(v.span);
  switch (v.kind) {
    case ast::ValueKind::integer:
      j["value"] = v.integer;
      if (v.explicit_sign) j["signed"] = true;
      break;
    case ast::ValueKind::roll: {
      j["notation"] = v.text;
      json faces = json::array();
      for (const ast::Face& f : log.faces_of(v)) {
        faces.push_back(f.rerolled ? json(fmt::format("{}r{}", f.value, f.second)) : json(f.value));
      }
      j["faces"] = faces;
      if (spans) {
        json fs = json::array();
        for (const ast::Face& f : log.faces_of(v)) fs.push_back(span_json(f.span));
        j["face_spans"] = fs;
        j["notation_span"] = span_json(v.notation_span());
      }
      break;
    }
    case ast::ValueKind::list: {
      json entries = json::array();
      for (const ast::ListEntry& e : log.entries_of(v)) {
        json values = json::array();
        for (const ast::Value& x : log.values_of(e)) values.push_back(value_json(log, x, spans));
        entries.push_back(values);
      }
      j["entries"] = entries;
      break;
    }
    case ast::ValueKind::position:
      j["value"] = v.text;
      j["x"] = v.x;
      j["y"] = v.y;
      break;
    case ast::ValueKind::size:
      j["value"] = v.text;
      j["width"] = v.x;
      j["height"] = v.y;
      if (v.unit != ast::SizeUnit::none) j["unit"] = ast::to_string(v.unit);
      break;
    case ast::ValueKind::decimal:
      j["value"] = v.text;
      j["number"] = v.x;
      break;
    case ast::ValueKind::fraction:
      j["value"] = v.text;
      j["parts"] = std::vector<std::int64_t>(log.parts_of(v).begin(), log.parts_of(v).end());
      break;
    case ast::ValueKind::target:
      j["value"] = v.text;
      j["score"] = v.integer;
      break;
    default:
      j["value"] = v.text;
      break;
  }
  return j;
}

json clauses_json(const ast::Log& log, std::span<const ast::Clause> clauses, bool spans) {
  json out = json::array();
  for (const ast::Clause& c : clauses) {
    json j;
    j["key"] = ast::word_text(c.key);
    if (spans) j["span"] = span_json(c.span);
    json values = json::array();
    for (const ast::Value& v : log.values_of(c)) values.push_back(value_json(log, v, spans));
    j["values"] = values;
    out.push_back(j);
  }
  return out;
}

json line_json(const ast::Log& log, const ast::Line& line, bool spans) {
  json j;
  if (spans) j["span"] = span_json(line.span);
  if (line.blank_before) j["blank_before"] = true;
  if (line.has_statement) {
    const ast::Statement& s = line.statement;
    json st;
    st["verb"] = ast::verb_name(s.verb);
    if (spans) st["span"] = span_json(s.span);
    json args = json::array();
    for (const ast::Value& v : log.args(s)) args.push_back(value_json(log, v, spans));
    st["args"] = args;
    st["clauses"] = clauses_json(log, log.clauses_of(s), spans);
    if (!s.outcomes.empty()) st["outcomes"] = clauses_json(log, log.outcomes(s), spans);
    if (s.agreed.present) {
      json a;
      if (s.agreed.has_note) a["note"] = s.agreed.note;
      if (spans) a["span"] = span_json(s.agreed.span);
      st["agreed"] = a;
    }
    j["statement"] = st;
  }
  if (line.has_comment) {
    j["comment"] = line.comment;
    if (spans) j["comment_span"] = span_json(line.comment_span);
  }
  return j;
}

}  // namespace

std::string dump_line_json(const ast::Log& log, const ast::Line& line, bool spans, int indent) {
  return line_json(log, line, spans).dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string dump_ast_json(const ast::Log& log, bool spans, int indent) {
  json lines = json::array();
  for (const ast::Line& line : log.lines) lines.push_back(line_json(log, line, spans));
  json root;
  root["lines"] = lines;
  return root.dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string dump_ast_text(const SourceManager& sources, const ast::Log& log) {
  std::string out;
  for (const ast::Line& line : log.lines) {
    const LineColumn lc = sources.line_column(log.file, line.span.begin);
    out += fmt::format("{}:{}", lc.line, lc.column);
    if (line.has_statement) {
      const ast::Statement& s = line.statement;
      out += fmt::format(" {}", ast::verb_name(s.verb));
      for (const ast::Value& v : log.args(s)) {
        out += fmt::format(" {}:", kind_name(v.kind));
        print_value(out, log, v);
      }
      for (const ast::Clause& c : log.clauses_of(s)) {
        out += fmt::format(" [{}", c.key == ast::Word::none ? "roll" : ast::word_text(c.key));
        for (const ast::Value& v : log.values_of(c)) {
          out += fmt::format(" {}:", kind_name(v.kind));
          print_value(out, log, v);
        }
        out += "]";
      }
      if (!s.outcomes.empty()) {
        out += " =>";
        for (const ast::Clause& c : log.outcomes(s)) {
          out += fmt::format(" [{}", ast::word_text(c.key));
          for (const ast::Value& v : log.values_of(c)) {
            out.push_back(' ');
            print_value(out, log, v);
          }
          out += "]";
        }
      }
      if (s.agreed.present) out += " agreed";
    }
    if (line.has_comment) out += fmt::format(" comment:\"{}\"", line.comment);
    out.push_back('\n');
  }
  return out;
}

}  // namespace umpire::log
