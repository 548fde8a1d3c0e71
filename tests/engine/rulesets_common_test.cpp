// The binding every ruleset shares (engine/rulesets/common/), on a tiny
// items table over a tiny ruleset: items resolve by name, a missing one is
// reported under the ruleset's diagnostic, a fact read on demand is asked
// once, and evaluation reads the facts.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/common/basic_facts.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/item_tables.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rulesets::common {
namespace {

#define UMPIRE_RULES_ITEMS "tests/engine/rulesets_common_items.def"
#include "engine/rulesets/common/item_tables.inc"
#undef UMPIRE_RULES_ITEMS

const std::string tiny_rules =
    "ruleset tiny \"Tiny\"\nsource \"002_87c3dc452f850204.txt\"\n"
    "domain terrain { open_terrain, wood } ref \"Effets du terrain\"\n"
    "domain action { fire, charge } ref \"Effets du terrain\"\n"
    "given shooter.terrain : terrain\n"
    "given fire.distance : int 0..6\n"
    "value reach : int 0..10 ref \"Effets du terrain\" = fire.distance + 1\n"
    "permission no_fire_in_wood : cannot fire when shooter.terrain == wood "
    "ref \"Effets du terrain\"\n";

constexpr DiagnosticKind kMissingItem{"tiny.rules.missing-item", Severity::error};

class TinyBinding : public BoundItems<RulesItems> {
 public:
  explicit TinyBinding(BoundItems items) : BoundItems(std::move(items)) {}
  static const EvaluationReports& evaluation_reports() {
    static constexpr EvaluationReports reports{
        "tiny.rules.evaluation", "tiny.rules.unmapped-permission",
        [](std::string_view) -> std::optional<replay::CheckId> { return std::nullopt; },
        [](std::string_view) -> std::string_view { return {}; }};
    return reports;
  }
};

// The shooter's distance to its target, read on demand: it counts how
// often the evaluator asks.
class TinyFacts final : public BasicFacts<TinyFacts, TinyBinding> {
 public:
  using BasicFacts::BasicFacts;
  void shooter_at(std::int64_t distance) {
    static constexpr Given kOnDemand[] = {Given::distance};
    distance_ = distance;
    unset(kOnDemand);  // the answer kept for another shooter no longer holds
    read_on_demand();
  }
  mutable int asked = 0;

 private:
  friend class BasicFacts<TinyFacts, TinyBinding>;
  std::optional<rules::Val> fact_on_demand(Given g) const {
    if (g != Given::distance) return std::nullopt;
    ++asked;
    return rules::Val::integer(distance_);
  }
  std::int64_t distance_ = 0;
};

struct Bound {
  std::unique_ptr<rules::testing::Loaded> loaded;
  DiagnosticEngine diags{0};
  std::optional<TinyBinding> binding;
};

std::unique_ptr<Bound> bind_tiny(const std::string& text) {
  auto b = std::make_unique<Bound>();
  b->loaded = rules::testing::load_text(text);
  if (!b->loaded->rs) return b;
  ItemResolver resolver(*b->loaded->rs, b->diags, Span{}, kMissingItem, "the tiny ruleset");
  TinyBinding binding(BoundItems<RulesItems>::bind(resolver));
  if (resolver.ok()) b->binding.emplace(std::move(binding));
  return b;
}

TEST(RulesetsCommon, ItemsResolveByName) {
  const auto b = bind_tiny(tiny_rules);
  ASSERT_TRUE(b->loaded->rs) << b->loaded->messages();
  ASSERT_TRUE(b->binding);
  const TinyBinding& items = *b->binding;
  const rules::Ruleset& rs = *b->loaded->rs;
  EXPECT_EQ(rs.givens[items.given(Given::distance)].name, "fire.distance");
  EXPECT_EQ(items.given_of(items.given(Given::shooter_terrain)), Given::shooter_terrain);
  EXPECT_EQ(items.value_name(Value::reach), "reach");
  EXPECT_EQ(items.permissions(RuleAction::fire).size(), 1U);
  // Absent from the data, an optional item is no error.
  EXPECT_FALSE(items.optional_item(OptionalItem::order_dice));
  EXPECT_EQ(b->diags.count(Severity::error), 0U);
}

TEST(RulesetsCommon, MissingItemIsReportedUnderTheRulesetsDiagnostic) {
  std::string without_reach = tiny_rules;
  without_reach.replace(without_reach.find("value reach"), 11, "value range");
  const auto b = bind_tiny(without_reach);
  ASSERT_TRUE(b->loaded->rs) << b->loaded->messages();
  EXPECT_FALSE(b->binding);
  ASSERT_EQ(b->diags.diagnostics().size(), 1U);
  EXPECT_EQ(b->diags.diagnostics()[0].id, "tiny.rules.missing-item");
  EXPECT_NE(b->diags.diagnostics()[0].message.find("'reach'"), std::string::npos);
}

TEST(RulesetsCommon, FactReadOnDemandIsAskedOnceAndClamped) {
  const auto b = bind_tiny(tiny_rules);
  ASSERT_TRUE(b->binding) << b->loaded->messages();
  TinyFacts facts(*b->binding);
  facts.word(Given::shooter_terrain, "open_terrain");
  facts.shooter_at(9);  // beyond the given's 0..6: read as 6
  const rules::Situation& s = facts.situation();
  EXPECT_EQ(s.given(b->binding->given(Given::distance))->number, 6);
  EXPECT_EQ(s.given(b->binding->given(Given::distance))->number, 6);
  EXPECT_EQ(facts.asked, 1);
  // A copy asks itself, not the original.
  TinyFacts copy = facts;
  copy.shooter_at(2);
  EXPECT_EQ(copy.situation().given(b->binding->given(Given::distance))->number, 2);
  EXPECT_EQ(copy.asked, 2);
  EXPECT_EQ(facts.asked, 1);
  EXPECT_TRUE(facts.error().empty());
}

TEST(RulesetsCommon, VerdictReadsTheFacts) {
  const auto b = bind_tiny(tiny_rules);
  ASSERT_TRUE(b->binding) << b->loaded->messages();
  TinyFacts facts(*b->binding);
  facts.word(Given::shooter_terrain, "wood");
  EXPECT_EQ(verdict(facts, RuleAction::fire), rules::Verdict::forbidden);
  facts.word(Given::shooter_terrain, "open_terrain");
  EXPECT_EQ(verdict(facts, RuleAction::fire), rules::Verdict::allowed);
  facts.word(Given::shooter_terrain, "marsh");
  EXPECT_FALSE(facts.error().empty());
  EXPECT_FALSE(verdict(facts, RuleAction::fire));
}

}  // namespace
}  // namespace umpire::rulesets::common
