// Hostile rules data is bounded: the structural limits of
// engine/core/input_limits.hpp give an error at the offending line, fast,
// and the table coverage check is linear in the rows. A byte-order mark is
// named.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/core/input_limits.hpp"
#include "tests/rules/test_support.hpp"
#include "tests/slowdown.hpp"

namespace umpire::rules {
namespace limits_test {  // its own names in the unity build of rules_tests
namespace {

using testing::load_text;

const std::string header = "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n";
const std::string ref = " ref \"TABLEAU DE PANIQUE\"";

// 1-based line of the first diagnostic with `id`, 0 when there is none.
std::uint32_t line_of(const testing::Loaded& l, std::string_view id) {
  for (const Diagnostic& d : l.diags.diagnostics()) {
    if (d.id == id) return l.sources.line_column(d.span.file, d.span.begin).line;
  }
  return 0;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string table(std::size_t rows) {
  std::string t = "table t partial" + ref + " {\n  key n : int 1..200000\n  column v : int 0..9\n";
  for (std::size_t r = 1; r <= rows; ++r) t += "  row " + std::to_string(r) + " => 1\n";
  return t + "}\n";
}

std::string cases(std::size_t arms) {
  std::string v = "given n : int 0..200000\nvalue v : int 0..9" + ref + " = cases {\n";
  for (std::size_t a = 0; a < arms; ++a) v += "  when n == " + std::to_string(a) + " => 1\n";
  return v + "  else => 0\n}\n";
}

TEST(RulesLimits, ATableOfTheLimitLoadsOneRowMoreIsRefusedAtThatRow) {
  auto ok = load_text(header + table(limits::table_rows), "test.rules", {}, false);
  EXPECT_EQ(ok->count("rules.limit.rows"), 0u) << ok->messages();
  auto over = load_text(header + table(limits::table_rows + 1), "test.rules", {}, false);
  EXPECT_FALSE(over->rs.has_value());
  ASSERT_EQ(over->count("rules.limit.rows"), 1u) << over->messages();
  // The header (2 lines), the table's first 3 lines, then the rows.
  EXPECT_EQ(line_of(*over, "rules.limit.rows"), 2 + 3 + limits::table_rows + 1);
}

TEST(RulesLimits, AHundredThousandRowsAreRefusedAtOnce) {
  const auto start = std::chrono::steady_clock::now();
  auto l = load_text(header + table(umpire::testing::hostile_count), "test.rules", {}, false);
  EXPECT_EQ(l->count("rules.limit.rows"), 1u) << l->messages();
  EXPECT_LT(seconds_since(start), 30.0 * umpire::testing::slowdown);  // a hang, not a slow machine
}

TEST(RulesLimits, TheCoverageOfATableIsLinearInItsRows) {
  // Each row reaches one combination of its own: a scan of the rows for
  // every combination took 26 s for 100,000 rows.
  std::string t = "table t" + ref + " {\n  key n : int 1..100000\n  column v : int 0..9\n";
  for (std::size_t r = 1; r < limits::table_rows; ++r)
    t += "  row " + std::to_string(r) + " => 1\n";
  t += "  row 1 => 2\n";  // reaches nothing new
  t += "}\n";
  const auto start = std::chrono::steady_clock::now();
  auto l = load_text(header + t, "test.rules", {}, false);
  EXPECT_LT(seconds_since(start), 30.0 * umpire::testing::slowdown);  // a hang, not a slow machine
  EXPECT_EQ(l->count("rules.table.gap"), 1u) << "n = 1000 and up have no row";
  EXPECT_EQ(l->count("rules.table.unreachable-row"), 1u) << l->messages();
  EXPECT_EQ(line_of(*l, "rules.table.unreachable-row"), 2 + 3 + limits::table_rows);
}

TEST(RulesLimits, TheRowOfEveryCombinationIsTheFirstThatMatchesIt) {
  // Row by row as table_cells fills them, against a scan of the rows for
  // each combination, on every table of the shipped data.
  for (const char* id : {"hail-caesar", "hail-caesar-hyw", "wab", "sabreur-hex"}) {
    auto l = testing::load_corpus(id);
    ASSERT_TRUE(l->rs.has_value()) << l->messages();
    for (const Table& t : l->rs->tables) {
      SCOPED_TRACE(std::string(id) + " " + t.name);
      const auto cells = table_cells(*l->rs, t, 100000);
      if (!cells) continue;
      for (std::size_t cell = 0; cell < cells->first_row.size(); ++cell) {
        std::int32_t expected = -1;
        for (std::size_t r = 0; r < t.rows.size() && expected < 0; ++r) {
          bool all = true;
          for (std::size_t k = 0; k < t.keys.size() && all; ++k)
            all = t.rows[r].keys[k].matches(t.keys[k].type.kind, cells->key(cell, k));
          if (all) expected = static_cast<std::int32_t>(r);
        }
        ASSERT_EQ(cells->first_row[cell], expected) << "combination " << cell;
      }
    }
  }
}

TEST(RulesLimits, ACasesPastItsArmsIsRefusedAtTheFirstArmBeyond) {
  auto ok = load_text(header + cases(limits::case_arms), "test.rules", {}, false);
  EXPECT_EQ(ok->count("rules.limit.arms"), 0u) << ok->messages();
  auto over = load_text(header + cases(limits::case_arms + 1), "test.rules", {}, false);
  EXPECT_FALSE(over->rs.has_value());
  ASSERT_EQ(over->count("rules.limit.arms"), 1u) << over->messages();
  EXPECT_EQ(line_of(*over, "rules.limit.arms"), 2 + 2 + limits::case_arms + 1);
}

TEST(RulesLimits, AHundredThousandArmsAreRefusedAtOnce) {
  // The probe's reproducer: without the limit, `verify` takes 2 GB for
  // 3,000 arms and runs out of memory at 100,000.
  const auto start = std::chrono::steady_clock::now();
  auto l = load_text(header + cases(umpire::testing::hostile_count), "test.rules", {}, false);
  EXPECT_EQ(l->count("rules.limit.arms"), 1u) << l->messages();
  EXPECT_LT(seconds_since(start), 30.0 * umpire::testing::slowdown);  // a hang, not a slow machine
}

TEST(RulesLimits, ANestedCasesIsCountedToo) {
  std::string inner = "cases {\n";
  for (std::size_t a = 0; a <= limits::case_arms; ++a)
    inner += "  when n == " + std::to_string(a) + " => 1\n";
  inner += "  else => 0 }";
  auto l = load_text(header + "given n : int 0..9999\nvalue v : int 0..9" + ref +
                         " = cases { when n == 1 => " + inner + " else => 0 }\n",
                     "test.rules", {}, false);
  EXPECT_EQ(l->count("rules.limit.arms"), 1u) << l->messages();
}

TEST(RulesLimits, SwitchOptionsAndStageEntriesAreBounded) {
  std::string sw = "switch s" + ref + " {\n";
  for (std::size_t o = 0; o <= limits::switch_options; ++o)
    sw += "  option o" + std::to_string(o) + " \"o\"\n";
  sw += "  default o0\n}\n";
  auto l = load_text(header + sw, "test.rules", {}, false);
  EXPECT_EQ(l->count("rules.limit.arms"), 1u) << l->messages();

  std::string st = "modifiers m : int 0..9 clamp" + ref + " {\n  stage s {\n";
  for (std::size_t e = 0; e <= limits::stage_entries; ++e)
    st += "    e" + std::to_string(e) + ": +1\n";
  st += "  }\n}\n";
  auto m = load_text(header + st, "test.rules", {}, false);
  EXPECT_EQ(m->count("rules.limit.arms"), 1u) << m->messages();
}

TEST(RulesLimits, TheItemsOfAFileAreBounded) {
  std::string items;
  for (std::size_t i = 0; i <= limits::rules_items; ++i)
    items += "given g" + std::to_string(i) + " : bool\n";
  auto l = load_text(header + items, "test.rules", {}, false);
  ASSERT_EQ(l->count("rules.limit.items"), 1u) << l->messages();
  EXPECT_EQ(line_of(*l, "rules.limit.items"), 2 + limits::rules_items + 1);
}

TEST(RulesLimits, AControlCharacterInAStringOrACommentIsRefused) {
  auto l = load_text(header + "given g : bool\n# a comment \x1b[2J\ndomain d { a } ref \"x\x07\"\n",
                     "test.rules", {}, false);
  EXPECT_FALSE(l->rs.has_value());
  ASSERT_EQ(l->count("rules.syntax.control-character"), 1u) << l->messages();
  EXPECT_EQ(line_of(*l, "rules.syntax.control-character"), 4u) << "the first, in the comment";
  auto tab = load_text(header + "given g : bool  # a\ttab\n", "test.rules", {}, false);
  EXPECT_EQ(tab->count("rules.syntax.control-character"), 0u) << tab->messages();
}

TEST(RulesLimits, AByteOrderMarkIsNamedAndRefused) {
  auto l = load_text("\xEF\xBB\xBF" + header + "given g : bool\n", "test.rules", {}, false);
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.syntax.byte-order-mark"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.syntax.expected"), 0u)
      << "the rest of the file is read: " << l->messages();
}

}  // namespace
}  // namespace limits_test
}  // namespace umpire::rules
