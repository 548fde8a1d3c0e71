#include "engine/rulesets/hail_caesar_hyw/engine.hpp"

#include "engine/rulesets/hail_caesar_hyw/break_reroll.hpp"
#include "engine/rulesets/hail_caesar_hyw/disorder_test.hpp"
#include "engine/rulesets/hail_caesar_hyw/general_join.hpp"
#include "engine/rulesets/hail_caesar_hyw/group_order.hpp"
#include "engine/rulesets/hail_caesar_hyw/gun_move.hpp"
#include "engine/rulesets/hail_caesar_hyw/levy.hpp"
#include "engine/rulesets/hail_caesar_hyw/misfire.hpp"
#include "engine/rulesets/hail_caesar_hyw/montjoie.hpp"
#include "engine/rulesets/hail_caesar_hyw/opportunity.hpp"
#include "engine/rulesets/hail_caesar_hyw/rally.hpp"
#include "engine/rulesets/hail_caesar_hyw/sequence.hpp"
#include "engine/rulesets/hail_caesar_hyw/victor_move.hpp"

namespace umpire::hyw {
namespace {

std::vector<std::vector<std::string>> unchecked_of(const hail_caesar::Setup& setup,
                                                   const std::vector<hail_caesar::Action>& actions,
                                                   const rules::Ruleset& data) {
  std::vector<std::vector<std::string>> out;
  out.reserve(actions.size());
  for (const hail_caesar::Action& a : actions) out.push_back(unchecked_procedures(setup, a, data));
  return out;
}

std::vector<bool> followed_of(const hail_caesar::Setup& setup,
                              const std::vector<hail_caesar::Action>& actions) {
  std::vector<bool> out;
  out.reserve(actions.size());
  for (const hail_caesar::Action& a : actions) out.push_back(followed_as_written(setup, a));
  return out;
}

}  // namespace

Engine::Engine(hail_caesar::Setup setup, std::vector<hail_caesar::Action> actions,
               const Binding& rules, DiagnosticEngine& diags)
    : unchecked_(unchecked_of(setup, actions, rules.base.rs())),
      followed_(followed_of(setup, actions)),
      rules_(rules),
      base_(std::move(setup), std::move(actions), rules.base, diags) {}

void Engine::apply(std::size_t i, replay::EventChecker& checker) {
  for (const std::string& what : unchecked_[i]) checker.not_checked(what, base_.event_span(i));
  rounds_owed_.before(base_, i, checker);
  check_sequence(base_, i, checker);
  check_group_order(base_, rules_, i, checker);
  check_general_join(base_, rules_, i, checker);
  check_order_after_rally(base_, rules_, i, checker);
  check_misfire(base_, rules_, i, checker);
  check_levy_recovery(base_, rules_, i, checker);
  check_break_reroll(base_, rules_, i, checker);
  check_gun_move(base_, rules_, i, checker);
  check_victor_move(base_, rules_, i, checker);
  check_montjoie_charge(base_, i, checker);
  check_disorder_test(base_, rules_, i, checker);
  check_opportunity_shot(base_, rules_, move_starts_, i, checker);
  move_starts_.before(base_, i);
  if (!followed_[i]) {
    base_.apply(i, checker);
  } else {
    // The base engine follows a statement of no kind it checks as written.
    hail_caesar::Action followed = base_.action(i);
    followed.kind = hail_caesar::ActionKind::other;
    base_.apply_action(followed, checker);
  }
  check_initiative_read(base_, i, checker);
  rounds_owed_.after(base_, i);
}

}  // namespace umpire::hyw
