// Every given the Hail Caesar engine can read in the HYW data is one it
// states: the values, tests and actions' permissions the engine names
// (engine/rulesets/hail_caesar/rules_items.def and hail_caesar_hyw/
// rules_items.def) are followed through the values, stacks, tables' keys
// and skills' re-rolls they read, and each given met on the way must be
// named in one of those tables, which is how the engine states a fact. A
// given no code states would make the evaluation fail
// (rules.eval.missing-given) the first time a log reaches it.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/rules/evaluator.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::hyw {
namespace stated_givens_test {  // its own names in the unity build of engine_tests
namespace {

struct EngineNames {
  std::set<std::string> givens, values, tests, actions;
};

EngineNames engine_names() {
  EngineNames n;
#define UMPIRE_GIVEN(e, name) n.givens.insert(name);
#define UMPIRE_VALUE(e, name) n.values.insert(name);
#define UMPIRE_TEST(e, name) n.tests.insert(name);
#define UMPIRE_ACTION(e, name) n.actions.insert(name);
#define UMPIRE_TABLE_COLUMN(e, t, c)
#define UMPIRE_DOMAIN(e, name)
#define UMPIRE_OPTIONAL_ITEM(e, name)
#include "engine/rulesets/hail_caesar/rules_items.def"
#include "engine/rulesets/hail_caesar_hyw/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_TABLE_COLUMN
#undef UMPIRE_DOMAIN
#undef UMPIRE_OPTIONAL_ITEM
  return n;
}

// The givens an evaluation of the named items may read, each with the
// item that leads to it.
class Reads {
 public:
  explicit Reads(const rules::Ruleset& rs) : rs_(rs) {}

  void expr(const rules::Expr& e, const std::string& via) {
    if (e.kind == rules::ExprKind::given) found_.emplace(rs_.givens[e.ref].name, via);
    if (e.kind == rules::ExprKind::value) value(e.ref);
    if (e.kind == rules::ExprKind::with_stack) stack(e.ref, via);
    for (const rules::Expr& a : e.args) expr(a, via);
  }
  void value(std::uint32_t id) {
    if (!values_.insert(id).second) return;
    expr(rs_.values[id].expr, rs_.values[id].name);
  }
  void stack(std::uint32_t id, const std::string& via) {
    if (!stacks_.insert(id).second) return;
    const rules::Stack& s = rs_.stacks[id];
    if (s.base) expr(*s.base, s.name);
    for (const rules::Stage& stage : s.stages)
      for (const rules::Entry& entry : stage.entries) {
        expr(entry.operand, s.name + "." + entry.name);
        if (entry.when) expr(*entry.when, s.name + "." + entry.name);
      }
    (void)via;
  }
  void test(std::uint32_t id) {
    const rules::Test& t = rs_.tests[id];
    if (t.count) expr(*t.count, t.name);
    expr(t.target, t.name);
    if (t.stack) stack(*t.stack, t.name);
    for (const rules::Face& face : t.faces)
      if (face.when) expr(*face.when, t.name);
    for (const rules::Skill& skill : rs_.skills)
      for (const rules::Reroll& r : skill.rerolls)
        if (r.test == id && r.when) expr(*r.when, skill.name);
  }
  void permission(std::uint32_t id) {
    const rules::Permission& p = rs_.permissions[id];
    if (p.when) expr(*p.when, p.name);
  }
  const std::set<std::pair<std::string, std::string>>& found() const { return found_; }

 private:
  const rules::Ruleset& rs_;
  std::set<std::uint32_t> values_, stacks_;
  std::set<std::pair<std::string, std::string>> found_;  // given, read by
};

// Givens of the base sheet's data that the engine reaches only behind a
// condition it does not state true there, so an evaluation never reads
// them today; each is a known gap of the Hail Caesar engine, not HYW's.
const std::set<std::string> kBehindACondition = {
    // break_test_due's support arm, after `unit.supporting`: the break test
    // of a support is not replayed (docs/engine-hail-caesar.md).
    "supported.destroyed",
    "supported.result",
    // charge_goes_on_after_closing_shots, after `unit.charging`.
    "unit.closing_shots_result",
    // has_long_range_shooting under long_range_shooter = weapon_beyond_12
    // only (default profile_value).
    "unit.weapon",
};

TEST(HywStatedGivens, EveryGivenTheEngineCanReadIsStated) {
  const auto loaded = rules::testing::load_corpus("hail-caesar-hyw");
  ASSERT_TRUE(loaded->rs.has_value()) << loaded->messages();
  const rules::Ruleset& rs = *loaded->rs;
  const EngineNames names = engine_names();
  Reads reads(rs);
  for (const std::string& v : names.values)
    if (const auto ref = rs.find(v); ref && ref->kind == rules::ItemKind::value)
      reads.value(ref->index);
  for (const std::string& t : names.tests)
    if (const auto ref = rs.find(t); ref && ref->kind == rules::ItemKind::test)
      reads.test(ref->index);
  ASSERT_TRUE(rs.action_domain.has_value());
  const rules::Domain& actions = rs.domains[*rs.action_domain];
  for (const std::string& a : names.actions)
    if (const auto v = actions.find(a))
      for (std::uint32_t p : rules::permissions_of(rs, *v)) reads.permission(p);
  std::vector<std::string> unstated;
  for (const auto& [given, via] : reads.found())
    if (!names.givens.contains(given) && !kBehindACondition.contains(given))
      unstated.push_back(given + " (read by " + via + ")");
  EXPECT_TRUE(unstated.empty()) << "givens the engine never states: "
                                << ::testing::PrintToString(unstated);
}

}  // namespace
}  // namespace stated_givens_test
}  // namespace umpire::hyw
