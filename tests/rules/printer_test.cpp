// The canonical printer: printing then parsing gives back a tree that prints
// the same (checked on random trees with rapidcheck and on every shipped
// ruleset), so `rules show --source` loses nothing.
#include "grammar/rules/printer.hpp"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/source_manager.hpp"
#include "grammar/rules/rules_parser.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

std::string reparse_print(const std::string& text, std::string* errors = nullptr) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  ParsedFile p = parse_rules(sources, sources.add("t.rules", text), diags);
  if (errors) {
    for (const auto& d : diags.diagnostics()) *errors += d.message + "\n";
  }
  return print(p.file);
}

// Random syntax trees, drawn as text inside the grammar: identifiers,
// literals, nested expressions and conditions. Generated imperatively
// (each `*gen` draws inside the running property).
std::string ident() {
  return *rc::gen::element<std::string>("a", "unit.shaken", "score", "target.formation", "cavalry",
                                        "x_1");
}

std::string expr(int depth);

std::string operand(int depth) {
  const int choice = *rc::gen::inRange(0, depth > 0 ? 9 : 4);
  switch (choice) {
    case 0:
      return std::to_string(*rc::gen::inRange(-50, 50));
    case 1:
      return std::to_string(*rc::gen::inRange(1, 12)) + "+";
    case 2:
      return ident();
    case 3:
      return *rc::gen::element<std::string>("true", "false", "none", "{a, b}", "{}");
    case 4:
      return "max(" + expr(depth - 1) + ", " + expr(depth - 1) + ")";
    case 5:
      return "div(" + expr(depth - 1) + ", 3, up)";
    case 6:
      return "(" + expr(depth - 1) + ")";
    case 7:
      return "t.col(k = " + expr(depth - 1) + ")";
    case 8:
      return "-" + operand(depth - 1);
    default:
      return "cases { when a == b => " + expr(depth - 1) + " else => 0 }";
  }
}

std::string expr(int depth) {
  std::string out = operand(depth);
  const int terms = *rc::gen::inRange(0, 3);
  for (int i = 0; i < terms; ++i) {
    out += *rc::gen::element<std::string>(" + ", " - ", " * 3 + ") + operand(depth);
  }
  if (*rc::gen::inRange(0, 6) == 0) out += " with m";
  return out;
}

std::string cond(int depth) {
  std::string out;
  const int parts = *rc::gen::inRange(1, 4);
  bool implied = false;
  for (int i = 0; i < parts; ++i) {
    if (i > 0) {
      std::string op = *rc::gen::element<std::string>(" and ", " or ", " implies ");
      if (op == " implies ") {
        if (implied) op = " and ";
        implied = true;
      }
      out += op;
    }
    switch (*rc::gen::inRange(0, 5)) {
      case 0:
        out += ident();
        break;
      case 1:
        out += expr(depth) + *rc::gen::element<std::string>(" == ", " != ", " <= ", " > ") + "3";
        break;
      case 2:
        out += ident() + " in {a, b}";
        break;
      case 3:
        out += ident() + " not in {c}";
        break;
      default:
        out += "not (" + ident() + ")";
        break;
    }
  }
  return out;
}

RC_GTEST_PROP(RulesPrinter, ExpressionsRoundTrip, ()) {
  const std::string e = expr(2);
  const std::string c = cond(1);
  const std::string text =
      "ruleset demo \"D\"\nvalue v : int 0..9 ref \"x\" = " + e +
      "\nmodifiers m : int -5..5 clamp ref \"y\" {\n  stage s most_penalising {\n    a: cap " + e +
      " when " + c + "\n    b: -2\n  }\n}\ninvariant i ref \"z\" : " + c + "\n";
  std::string errors;
  const std::string once = reparse_print(text, &errors);
  RC_ASSERT(errors.empty());
  std::string errors2;
  const std::string twice = reparse_print(once, &errors2);
  RC_ASSERT(errors2.empty());
  RC_ASSERT(once == twice);
}

RC_GTEST_PROP(RulesPrinter, TablesRoundTrip, ()) {
  const auto rows = *rc::gen::nonEmpty(rc::gen::container<std::vector<std::pair<int, int>>>(
      rc::gen::pair(rc::gen::inRange(-9, 20), rc::gen::inRange(1, 7))));
  std::string text =
      "ruleset demo \"Quote \\\" and \\\\ kept\"\ntable t partial ref \"a § b\" {\n  key k : int "
      "-9..20\n  key c : cls\n  column r : roll 1..7 optional\n";
  for (const auto& [k, r] : rows) {
    text += "  row " + std::to_string(k) + "+, {a, b} => " + std::to_string(r) + "+\n";
    text += "  row " + std::to_string(k) + "-, _ => none ref \"r\"\n";
  }
  text += "}\n";
  std::string errors;
  const std::string once = reparse_print(text, &errors);
  RC_ASSERT(errors.empty());
  RC_ASSERT(reparse_print(once) == once);
}

TEST(RulesPrinter, CorpusFilesRoundTrip) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(testing::corpus_dir())) {
    if (entry.path().extension() != ".rules") continue;
    std::ifstream in(entry.path());
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string errors;
    const std::string once = reparse_print(buffer.str(), &errors);
    EXPECT_EQ(errors, "") << entry.path();
    EXPECT_EQ(reparse_print(once), once) << entry.path();
    ++files;
  }
  EXPECT_GE(files, 1u);
}

}  // namespace
}  // namespace umpire::rules
