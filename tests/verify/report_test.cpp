// What turns the analyses' findings into a report a reviewer works with:
// variant findings folded into their base's, fingerprints that survive an
// unrelated edit of the data, a baseline that marks reviewed findings and
// lets only new or changed ones count, and SARIF whose results point at
// their rules and carry the fingerprints.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/verify/verify_support.hpp"
#include "verify/baseline.hpp"

namespace umpire::verify {
namespace {

Finding made(const std::string& ruleset, const std::string& detail, const std::string& message) {
  Finding f;
  f.category = Category::ambiguity;
  f.severity = Severity::warning;
  f.ruleset = ruleset;
  f.id = "ambiguity:" + ruleset + ":" + detail;
  f.message = message;
  f.fingerprint = fingerprint_of(f);
  return f;
}

TEST(Report, AVariantFindingInItsBasesWordsIsFoldedIntoTheBases) {
  Report r;
  r.rulesets = {"base", "variant"};
  r.bases = {{"variant", "base"}};
  r.findings = {made("base", "steps", "'steps': two readings"),
                made("variant", "steps", "'steps': two readings"),
                made("variant", "own", "'own': the variant's own")};
  fold_inherited(r);
  ASSERT_EQ(r.findings.size(), 2U);
  EXPECT_EQ(r.findings[0].id, "ambiguity:base:steps");
  ASSERT_EQ(r.findings[0].instances.size(), 1U);
  EXPECT_NE(r.findings[0].instances[0].find("'variant'"), std::string::npos);
  EXPECT_EQ(r.findings[1].id, "ambiguity:variant:own");
}

TEST(Report, AVariantFindingInOtherWordsStaysTheVariants) {
  Report r;
  r.rulesets = {"base", "variant"};
  r.bases = {{"variant", "base"}};
  r.findings = {made("base", "steps", "'steps': 4+ or 5+"),
                made("variant", "steps", "'steps': 3+ or 5+")};
  fold_inherited(r);
  EXPECT_EQ(r.findings.size(), 2U);
}

// The switch and its readings, each citing `passage`.
Finding with_passages(Finding f, const std::string& passage) {
  const rules::Citations refs{rules::Citation{"t.txt", passage, {}}};
  f.items = {FindingItem{"steps", "switch", refs, {}}, FindingItem{"steps=up", "reading", refs, {}},
             FindingItem{"steps=down", "reading", refs, {}}};
  return f;
}

TEST(Report, AnInheritedSwitchShownThroughAnotherItemIsFoldedWithItsWitness) {
  Report r;
  r.rulesets = {"base", "variant"};
  r.bases = {{"variant", "base"}};
  r.findings = {with_passages(made("base", "steps", "'steps': 4+ or 5+"), "Combat"),
                with_passages(made("variant", "steps", "'steps': forbidden or allowed"), "Combat")};
  fold_inherited(r);
  ASSERT_EQ(r.findings.size(), 1U);
  ASSERT_EQ(r.findings[0].instances.size(), 1U);
  EXPECT_NE(r.findings[0].instances[0].find("'variant'"), std::string::npos);
  EXPECT_NE(r.findings[0].instances[0].find("forbidden or allowed"), std::string::npos);
}

TEST(Report, ASwitchWhoseReadingsCiteOtherPassagesStaysTheVariants) {
  Report r;
  r.rulesets = {"base", "variant"};
  r.bases = {{"variant", "base"}};
  r.findings = {
      with_passages(made("base", "steps", "'steps': 4+ or 5+"), "Combat"),
      with_passages(made("variant", "steps", "'steps': 3+ or 5+"), "Combat, as the variant says")};
  fold_inherited(r);
  EXPECT_EQ(r.findings.size(), 2U);
}

TEST(Baseline, ReviewedFindingsDoNotCountNewAndChangedOnesDo) {
  Report r;
  r.findings = {made("rs", "a", "first"), made("rs", "b", "second")};
  std::string error;
  auto baseline = parse_baseline(render_baseline(r, nullptr, "A. Writer"), error);
  ASSERT_TRUE(baseline) << error;
  ASSERT_EQ(baseline->entries.size(), 2U);
  EXPECT_EQ(baseline->entries[0].by, "A. Writer");

  Report again = r;
  again.findings[1].message = "second, with another witness score";  // changed
  again.findings.push_back(made("rs", "c", "third"));                // new
  const BaselineComparison c = apply_baseline(again, *baseline);
  EXPECT_EQ(c.reviewed, 1U);
  EXPECT_EQ(c.changed, std::vector<std::string>{"ambiguity:rs:b"});
  EXPECT_EQ(c.fresh, std::vector<std::string>{"ambiguity:rs:c"});
  EXPECT_EQ(again.findings[0].review, "accepted by A. Writer");
  EXPECT_TRUE(again.findings[1].review.empty());

  // A waiver keeps its reason and reviewer when the baseline is rewritten.
  baseline->entries[0].status = "waived";
  baseline->entries[0].reason = "the passage is clear in the full rulebook";
  const std::string rewritten = render_baseline(r, &*baseline, "Someone Else");
  auto kept = parse_baseline(rewritten, error);
  ASSERT_TRUE(kept) << error;
  EXPECT_EQ(kept->entries[0].status, "waived");
  EXPECT_EQ(kept->entries[0].reason, "the passage is clear in the full rulebook");
  EXPECT_EQ(kept->entries[0].by, "A. Writer");
}

TEST(Baseline, AWaiverWithoutAReasonOrAnUnknownStatusIsRefused) {
  std::string error;
  EXPECT_FALSE(parse_baseline(
      R"({"umpire-baseline": 1, "findings": [{"id": "x", "status": "waived"}]})", error));
  EXPECT_NE(error.find("without a reason"), std::string::npos) << error;
  EXPECT_FALSE(parse_baseline(
      R"({"umpire-baseline": 1, "findings": [{"id": "x", "status": "ok"}]})", error));
  EXPECT_NE(error.find("'ok'"), std::string::npos) << error;
  EXPECT_FALSE(parse_baseline("[1, 2]", error));
}

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Sarif, ResultsNameTheirRuleAndCarryFingerprintsThatSurviveAnUnrelatedEdit) {
  auto loaded = testing::load(testing::defects_dir() / "monotonicity.rules");
  const Report report = testing::verify(*loaded);
  ASSERT_FALSE(report.findings.empty());
  const auto doc = nlohmann::json::parse(render_findings_sarif(loaded->sources, report));
  EXPECT_EQ(doc.at("version"), "2.1.0");
  const auto& run = doc.at("runs").at(0);
  const auto& rules = run.at("tool").at("driver").at("rules");
  ASSERT_EQ(run.at("results").size(), report.findings.size());
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const auto& result = run.at("results").at(i);
    const std::size_t index = result.at("ruleIndex");
    ASSERT_LT(index, rules.size());
    EXPECT_EQ(rules.at(index).at("id"), result.at("ruleId"));
    EXPECT_EQ(result.at("partialFingerprints").at("umpireFinding/v1"),
              fingerprint_of(report.findings[i]));
    EXPECT_TRUE(result.contains("locations")) << result.dump();
  }
  // The same data with an unrelated item added before everything else (every
  // span moves): the same findings, with the same fingerprints.
  const std::filesystem::path edited = std::filesystem::temp_directory_path() /
                                       ("umpire-sarif-" + std::to_string(::getpid())) /
                                       "monotonicity.rules";
  std::filesystem::create_directories(edited.parent_path());
  std::string text = read_text(testing::defects_dir() / "monotonicity.rules");
  const std::size_t after_header = text.find("given ");
  text.insert(after_header, "given weather : bool\n\n");
  {
    std::ofstream out(edited, std::ios::binary);
    out << text;
  }
  auto reloaded = testing::load(edited);
  const Report again = testing::verify(*reloaded);
  std::filesystem::remove_all(edited.parent_path());
  ASSERT_EQ(again.findings.size(), report.findings.size());
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    EXPECT_EQ(again.findings[i].fingerprint, report.findings[i].fingerprint)
        << report.findings[i].id;
  }
}

}  // namespace
}  // namespace umpire::verify
