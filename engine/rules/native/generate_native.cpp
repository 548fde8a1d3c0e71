// Build tool: writes the C++ of a shipped ruleset's compiled program
// (native.hpp). One inline function per node, in the order of the nodes
// (operands first), mirroring Evaluator::run case by case through
// NativeOps; one out-of-line function per item's root, which the compiler
// fills with the whole expression.
//
//   generate_native OUT.cpp RULES_FILE ID
//
// ID names the namespace of the program (umpire::rules::native_ID), which
// the build's list of programs (find_native.cpp.in) names too.
// The file is written atomically; it names the fingerprint of the nodes it
// was made from, and a program uses it only when its own nodes match. A
// ruleset that does not load gets a program without code (a warning, not a
// failed build: the engine and the tests report the data's errors).
#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rules/program.hpp"

namespace umpire::rules {
namespace {

// An immediate, exactly, whatever its sign.
std::string word_literal(std::int64_t w) {
  return fmt::format("static_cast<std::int64_t>(0x{:016x}ULL)", static_cast<std::uint64_t>(w));
}

// The body of node `i`'s function: Evaluator::run's case for its kind, its
// operands read in the same order.
std::string body(const Program& p, std::uint32_t i) {
  const Program::Node& n = p.node(i);
  const auto k = [&](std::uint32_t a) { return fmt::format("n{}(e)", p.kid(n, a)); };
  const auto ints = [&] {
    return fmt::format(
        "const std::int64_t a = O::integer({}); const std::int64_t b = O::integer({});", k(0),
        k(1));
  };
  switch (n.kind) {
    case ExprKind::literal:
      return fmt::format("return {{{}, {}}};", word_literal(n.imm), n.none);
    case ExprKind::given:
      return fmt::format("return O::given(e, {});", n.ref);
    case ExprKind::switch_:
      return fmt::format("return O::switch_option(e, {});", n.ref);
    case ExprKind::value:
      return fmt::format("return O::value(e, {});", n.ref);
    case ExprKind::field:
      return fmt::format("return O::field(e, {}, {});", k(0), n.index);
    case ExprKind::lookup: {
      if (n.arity == 0) return fmt::format("return O::lookup(e, {}, {{}});", i);
      // A braced list is evaluated left to right, as the interpreter reads keys.
      std::string keys;
      for (std::uint32_t a = 0; a < n.arity; ++a) keys += (a == 0 ? "" : ", ") + k(a);
      return fmt::format("const Word keys[] = {{{}}}; return O::lookup(e, {}, keys);", keys, i);
    }
    case ExprKind::add:
      return ints() + " return O::add(a, b);";
    case ExprKind::sub:
      return ints() + " return O::sub(a, b);";
    case ExprKind::neg:
      return fmt::format("return O::checked(false, -O::integer({}));", k(0));
    case ExprKind::mul:
      return fmt::format("return O::mul(O::integer({}), {});", k(0), word_literal(n.imm));
    case ExprKind::div:
      return fmt::format("return {{{}(O::integer({}), {}), false}};",
                         n.round_up ? "ceil_div" : "floor_div", k(0), word_literal(n.imm));
    case ExprKind::min:
      return ints() + " return {std::min(a, b), false};";
    case ExprKind::max:
      return ints() + " return {std::max(a, b), false};";
    case ExprKind::cases: {
      std::string out;
      const std::uint32_t arms = (n.arity - 1U) / 2U;
      for (std::uint32_t a = 0; a < arms; ++a)
        out += fmt::format("if (O::boolean({})) return {}; ", k(2 * a), k(2 * a + 1));
      return out + fmt::format("return {};", k(n.arity - 1U));
    }
    case ExprKind::with_stack:
      return fmt::format("return O::stack(e, {}, O::integer({}));", n.ref, k(0));
    case ExprKind::eq:
    case ExprKind::ne:
      return fmt::format("const Word a = {}; const Word b = {}; return O::equal(a, b, {});", k(0),
                         k(1), n.kind == ExprKind::eq);
    case ExprKind::lt:
      return ints() + " return O::truth(a < b);";
    case ExprKind::le:
      return ints() + " return O::truth(a <= b);";
    case ExprKind::gt:
      return ints() + " return O::truth(a > b);";
    case ExprKind::ge:
      return ints() + " return O::truth(a >= b);";
    case ExprKind::in:
      return fmt::format("const Word a = {}; const Word b = {}; return O::member(a, b);", k(0),
                         k(1));
    case ExprKind::not_:
      return fmt::format("return O::truth(!O::boolean({}));", k(0));
    case ExprKind::and_:
      return fmt::format("return O::truth(O::boolean({}) && O::boolean({}));", k(0), k(1));
    case ExprKind::or_:
      return fmt::format("return O::truth(O::boolean({}) || O::boolean({}));", k(0), k(1));
    case ExprKind::implies:
      return fmt::format("return O::truth(!O::boolean({}) || O::boolean({}));", k(0), k(1));
  }
  throw std::logic_error(fmt::format("node {} of an unknown kind", i));
}

std::string generate(const Program& p, const std::string& stem, const std::string& id) {
  std::string out = fmt::format(
      "// Generated by generate_native from corpus/rulesets/{0}.rules: do not edit.\n"
      "// The program's nodes as C++ (engine/rules/native/native.hpp).\n"
      "#include \"engine/rules/native/native_ops.hpp\"\n\n"
      "namespace umpire::rules::native_{1} {{\n"
      "namespace {{\n\n"
      "using O = NativeOps;\n"
      "#if defined(__GNUC__)\n"
      "#define UMPIRE_NODE [[gnu::always_inline]] inline Word\n"
      "#else\n"
      "#define UMPIRE_NODE inline Word\n"
      "#endif\n\n",
      stem, id);
  for (std::uint32_t i = 0; i < p.size(); ++i)
    out += fmt::format("UMPIRE_NODE n{}(Evaluator&{}) {{ {} }}\n", i,
                       p.node(i).kind == ExprKind::literal ? "" : " e", body(p, i));
  const std::vector<std::uint32_t> rooted = p.roots();
  out += "\n";
  for (std::uint32_t r : rooted)
    out += fmt::format("Word r{0}(Evaluator& e) {{ return n{0}(e); }}\n", r);
  out += "\n#undef UMPIRE_NODE\n\n";
  if (!rooted.empty()) {
    out += "constexpr std::pair<std::uint32_t, NativeRoot> kRoots[] = {\n";
    for (std::uint32_t r : rooted) out += fmt::format("    {{{0}, &r{0}}},\n", r);
    out += "};\n";
  }
  out += "\n}  // namespace\n\n";
  out += fmt::format(
      "extern const NativeProgram program{{\"{}\", 0x{:016x}ULL, {}}};\n\n"
      "}}  // namespace umpire::rules::native_{}\n",
      stem, p.fingerprint(), rooted.empty() ? "{}" : "kRoots", id);
  return out;
}

// A ruleset that did not load when Umpire was built: no code, so that the
// build goes on and the engine and tests report the data's errors as usual.
std::string generate_none(const std::string& stem, const std::string& id) {
  return fmt::format(
      "// Generated by generate_native: corpus/rulesets/{0}.rules did not load when Umpire\n"
      "// was built, so it has no generated code and is interpreted.\n"
      "#include \"engine/rules/native/native.hpp\"\n\n"
      "namespace umpire::rules::native_{1} {{\n\n"
      "extern const NativeProgram program{{\"{0}\", 0, {{}}}};\n\n"
      "}}  // namespace umpire::rules::native_{1}\n",
      stem, id);
}

}  // namespace
}  // namespace umpire::rules

int main(int argc, char** argv) {
  using namespace umpire;
  if (argc != 4) {
    std::cerr << "usage: generate_native OUT.cpp RULES_FILE ID\n";
    return 2;
  }
  const std::filesystem::path out = argv[1], rules_file = argv[2];
  const std::string id = argv[3];
  SourceManager sources;
  DiagnosticEngine diags;
  // Loaded as the engine loads it (no citation lint: it does not change the
  // expressions).
  const auto rs = rules::load_ruleset(sources, rules_file, diags);
  const std::string stem = rules_file.stem().string();
  std::string text;
  if (rs) {
    const rules::Program program(*rs);
    text = rules::generate(program, stem, id);
  } else {
    std::cerr << render_text(sources, diags)
              << fmt::format(
                     "generate_native: warning: {} did not load; it gets no generated code and "
                     "is interpreted (`umpire rules check {}` lists its errors)\n",
                     rules_file.string(), rules_file.string());
    text = rules::generate_none(stem, id);
  }
  if (const std::string error = write_file(out, text); !error.empty()) {
    std::cerr << fmt::format("generate_native: cannot write {}: {}\n", out.string(), error);
    return 1;
  }
  return 0;
}
