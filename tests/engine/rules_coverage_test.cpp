// docs/rules-coverage-<ruleset>.md maps every clause of a ruleset's rule
// text to the checks that enforce it, to the reason it cannot be checked
// from a log, or to an item of its "Not enforced" list. These tests keep
// each table honest against its engine's check table without reading the
// rule text: every id a row names is a check, every check is named by a row
// it enforces, and every row has a kind, a reason or an item.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/rulesets/registry.hpp"
#include "tests/engine/golden_replay.hpp"
#include "tests/support/paths.hpp"

namespace umpire::test {
namespace {

constexpr const char* kTableHeader = "| L | clause | gloss | kind | checks or reason | data |";

struct Row {
  int line_in_doc = 0;
  std::vector<std::string> cells;  // L, clause, gloss, kind, checks or reason, data
};

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

// The cells of a table line "| a | b | c |".
std::vector<std::string> cells_of(const std::string& line) {
  std::string inner = trim(line);
  if (inner.size() >= 2 && inner.front() == '|' && inner.back() == '|')
    inner = inner.substr(1, inner.size() - 2);
  std::vector<std::string> cells;
  std::size_t start = 0;
  while (true) {
    const auto bar = inner.find(" | ", start);
    cells.push_back(trim(inner.substr(start, bar == std::string::npos ? bar : bar - start)));
    if (bar == std::string::npos) break;
    start = bar + 3;
  }
  return cells;
}

struct Document {
  std::vector<Row> rows;
  std::vector<int> not_enforced_items;  // the numbers of § Not enforced, in order
  bool none_left = false;               // § Not enforced says "None left"
};

Document parse(const std::string& text) {
  Document doc;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  bool in_table = false;
  bool in_not_enforced = false;
  const std::regex item(R"(^(\d+)\. )");
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("## ", 0) == 0) in_not_enforced = line == "## Not enforced";
    if (line == kTableHeader) {
      in_table = true;
      continue;
    }
    if (in_table && line.rfind("|---", 0) == 0) continue;
    if (in_table && line.rfind("|", 0) == 0) {
      doc.rows.push_back(Row{n, cells_of(line)});
      continue;
    }
    in_table = false;
    if (in_not_enforced && line.rfind("None left", 0) == 0) doc.none_left = true;
    std::smatch m;
    if (in_not_enforced && std::regex_search(line, m, item))
      doc.not_enforced_items.push_back(std::stoi(m[1]));
  }
  return doc;
}

// The backquoted words of a cell that look like check ids (`sabreur.fire.range`,
// `replay.dice.missing`): a dot between words; log words such as `hill+wood`
// have none.
std::vector<std::string> ids_in(const std::string& cell) {
  static const std::regex quoted("`([^`]+)`");
  static const std::regex id(R"(^[a-z]+(\.[a-z0-9-]+)+$)");
  std::vector<std::string> ids;
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), quoted);
       it != std::sregex_iterator(); ++it) {
    const std::string word = (*it)[1];
    if (std::regex_match(word, id)) ids.push_back(word);
  }
  return ids;
}

// The rulesets whose engines have a sweep of their rule text.
struct Sweep {
  const char* ruleset;
  const char* document;
};

class RulesCoverage : public ::testing::TestWithParam<Sweep> {
 protected:
  void SetUp() override {
    ruleset_ = rulesets::find(GetParam().ruleset);
    ASSERT_NE(ruleset_, nullptr);
    ASSERT_NE(ruleset_->checks, nullptr);
    const std::string text = read_file(source_dir() / document_);
    ASSERT_FALSE(text.empty()) << document_ << " is missing";
    doc_ = parse(text);
    ASSERT_FALSE(doc_.rows.empty()) << "no table with the header " << kTableHeader;
  }
  const std::string document_ = GetParam().document;
  const rulesets::RulesetEntry* ruleset_ = nullptr;
  Document doc_;
};

TEST_P(RulesCoverage, EveryRowHasALineAKindAndWhatItNeeds) {
  static const std::set<std::string> reasons = {"choice",     "taste",    "agreement", "flavour",
                                                "definition", "computed", "implied"};
  static const std::regex line_number(R"(^[1-9][0-9]*$)");
  static const std::regex item(R"(^N([1-9][0-9]*)$)");
  for (const Row& row : doc_.rows) {
    SCOPED_TRACE(document_ + ":" + std::to_string(row.line_in_doc));
    ASSERT_EQ(row.cells.size(), 6u) << "a row has 6 cells: L, clause, gloss, kind, checks or "
                                       "reason, data";
    EXPECT_TRUE(std::regex_match(row.cells[0], line_number)) << "L is a line of the rule text";
    EXPECT_FALSE(row.cells[1].empty()) << "the clause, quoted";
    EXPECT_FALSE(row.cells[2].empty()) << "its gloss";
    const std::string& kind = row.cells[3];
    const std::string& by = row.cells[4];
    if (kind == "a") {
      EXPECT_FALSE(ids_in(by).empty()) << "an enforced clause names its check ids";
    } else if (kind == "b") {
      const std::string reason = trim(by.substr(0, by.find(':')));
      EXPECT_TRUE(reasons.count(reason))
          << "'" << reason << "': a clause that cannot be checked gives its reason first "
          << "(choice, taste, agreement, flavour, definition, computed, implied)";
    } else if (kind == "c") {
      EXPECT_TRUE(std::regex_match(by, item)) << "a clause not enforced names its item, N<k>";
    } else {
      ADD_FAILURE() << "kind '" << kind << "' is none of a, b, c";
    }
  }
}

TEST_P(RulesCoverage, EveryIdNamedIsACheck) {
  for (const Row& row : doc_.rows) {
    if (row.cells.size() != 6) continue;  // reported by the test above
    for (const std::string& id : ids_in(row.cells[4]))
      EXPECT_NE(ruleset_->checks->find(id), nullptr)
          << document_ << ":" << row.line_in_doc << ": '" << id << "' is not a check of the "
          << ruleset_->display_name << " engine (docs/checks.md)";
  }
}

// Every check enforces some sentence of the text: a check no row names is
// either a row missing from the sweep or a check without a rule.
TEST_P(RulesCoverage, EveryCheckEnforcesSomeClause) {
  std::set<std::string> named;
  for (const Row& row : doc_.rows)
    if (row.cells.size() == 6 && row.cells[3] == "a")
      for (const std::string& id : ids_in(row.cells[4])) named.insert(id);
  for (const replay::CheckInfo& c : ruleset_->checks->all())
    EXPECT_TRUE(named.count(std::string(c.id)))
        << c.id << " is named by no row of kind a in " << document_;
}

// § Not enforced is numbered in increasing order (an item keeps its number
// once enforced and gone, so that N<k> names one rule for good), and each
// item is some row's, each row's item is there.
TEST_P(RulesCoverage, NotEnforcedItemsMatchTheRows) {
  const auto& items = doc_.not_enforced_items;
  // An empty list says so, so that a list the parser missed is not taken
  // for an empty one.
  EXPECT_EQ(items.empty(), doc_.none_left)
      << "§ Not enforced has numbered items, or says \"None left\", not both";
  for (std::size_t i = 1; i < items.size(); ++i)
    EXPECT_LT(items[i - 1], items[i]) << "the items are numbered in increasing order";
  std::set<int> referenced;
  for (const Row& row : doc_.rows)
    if (row.cells.size() == 6 && row.cells[3] == "c" && row.cells[4].size() > 1 &&
        std::isdigit(static_cast<unsigned char>(row.cells[4][1])))
      referenced.insert(std::stoi(row.cells[4].substr(1)));
  const std::set<int> listed(items.begin(), items.end());
  for (int r : referenced) EXPECT_TRUE(listed.count(r)) << "N" << r << " is not in § Not enforced";
  for (int l : listed) EXPECT_TRUE(referenced.count(l)) << "item " << l << " is no row's";
}

INSTANTIATE_TEST_SUITE_P(
    Engines, RulesCoverage,
    ::testing::Values(Sweep{"sabreur-hex", "docs/rules-coverage-sabreur-hex.md"},
                      Sweep{"hail-caesar", "docs/rules-coverage-hail-caesar.md"},
                      Sweep{"wab", "docs/rules-coverage-wab.md"}),
    [](const ::testing::TestParamInfo<Sweep>& sweep) {
      std::string name;
      for (const char* c = sweep.param.ruleset; *c; ++c)
        if (std::isalnum(static_cast<unsigned char>(*c))) name += *c;
      return name;
    });

}  // namespace
}  // namespace umpire::test
