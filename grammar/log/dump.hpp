#pragma once
// The AST as JSON (`umpire parse --dump ast --format json`) and as an
// outline for people. Spans are included unless `with_spans` is false, which
// the round-trip tests use to compare two parses of different texts.
#include <string>

#include "engine/core/source_manager.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::log {

std::string dump_ast_json(const ast::Log& log, bool with_spans, int indent = 2);
// One line as dump_ast_json writes it in "lines" (at depth 0), for callers
// that dump a log line by line as they parse it.
std::string dump_line_json(const ast::Log& log, const ast::Line& line, bool with_spans,
                           int indent = 2);
std::string dump_ast_text(const SourceManager& sources, const ast::Log& log);

}  // namespace umpire::log
