// libFuzzer target for the battle-log front end: any bytes must parse without
// crashing, render their diagnostics without a control character, lower
// when they parse, and print to a canonical form that is a fixed point of
// fmt. Seeds and dictionary: scripts/fuzz-long.sh (docs/development.md).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/events/lower.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/log/printer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace umpire;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SourceManager sources;
  const FileId file = sources.add("fuzz.ulog", std::string(text));
  DiagnosticEngine diags;
  const log::ast::Log ast = log::parse_log_text(text, file, diags);
  // Whatever the input, the caret text of its diagnostics sends no control
  // character but its line breaks to a terminal (engine/core/escape.hpp).
  const std::string rendered = render_text(sources, diags, {false, 100});
  if (has_controls(rendered, true) || rendered.find('\t') != std::string::npos) std::abort();
  if (diags.has_errors()) return 0;
  const events::Battle battle = events::lower(ast, {}, diags);
  // The streaming path must agree with the whole-tree path on every input.
  DiagnosticEngine streamed_diags;
  const auto streamed = events::parse_and_lower(text, FileId{0}, {}, streamed_diags);
  if (!streamed || streamed->events().size() != battle.events().size() ||
      streamed_diags.diagnostics().size() != diags.diagnostics().size()) {
    std::abort();
  }
  const std::string printed = log::print_log(ast);
  DiagnosticEngine again;
  const log::ast::Log reparsed = log::parse_log_text(printed, FileId{0}, again);
  // The printer's promise: what it prints parses, and prints the same.
  if (again.has_errors() || log::print_log(reparsed) != printed) std::abort();
  return 0;
}
