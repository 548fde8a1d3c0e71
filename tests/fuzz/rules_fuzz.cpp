// libFuzzer target for the rules front end: any bytes are parsed, printed,
// re-parsed and loaded (types, names, tables, variants with a missing base);
// every outcome must be diagnostics, never a crash, hang or sanitizer report.
// The printer's output of a clean parse must parse cleanly again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/loader.hpp"
#include "grammar/rules/printer.hpp"
#include "grammar/rules/rules_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace umpire;
  const std::string text(reinterpret_cast<const char*>(data), size);
  {
    SourceManager sources;
    DiagnosticEngine diags(0);
    rules::ParsedFile parsed = rules::parse_rules(sources, sources.add("fuzz.rules", text), diags);
    if (!diags.has_errors() && parsed.header_ok) {
      const std::string printed = rules::print(parsed.file);
      DiagnosticEngine again(0);
      rules::parse_rules(sources, sources.add("printed.rules", printed), again);
      if (again.has_errors()) std::abort();  // the printer wrote something it cannot read
    }
  }
  SourceManager sources;
  DiagnosticEngine diags(0);
  rules::LoadOptions options;
  options.check_file_name = false;
  auto rs =
      rules::load_ruleset(sources, sources.add("fuzz.rules", text), "/nonexistent", diags, options);
  if (rs) {
    // Evaluate every value and stack on an empty situation: missing givens
    // must come back as errors.
    const rules::Situation situation(*rs);
    rules::Evaluator ev(*rs, situation);
    for (std::uint32_t i = 0; i < rs->values.size(); ++i) (void)ev.value(i);
    for (std::uint32_t i = 0; i < rs->stacks.size(); ++i) (void)ev.apply_stack(i, 0);
  }
  return 0;
}
