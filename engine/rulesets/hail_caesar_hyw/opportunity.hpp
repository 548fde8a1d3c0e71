#pragma once
// 004_b7c666874e8df030.txt § 6-d, "Tir d'opportunité": "Seules les unités
// disposant d'armes à longue portée peuvent faire des tirs d'opportunité.
// Une unité peut tirer sur une unité ennemie qui croise son front à moins de
// 12'. […] La cible doit parcourir au moins la moitié du front du tireur et
// doit terminer son mouvement avant que l'on résolve le tir." A `shoot`
// written outside its side's shooting phase is an opportunity shot (the
// base engine gives it the -1 of one); it is checked against the data's
// opportunity_shot permissions with the target's last move: where it set
// out from (OpportunityTargets) and where it stands.
#include <cstddef>
#include <optional>
#include <vector>

#include "engine/core/replay/checker.hpp"
#include "engine/geometry/tabletop/units.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Where each unit stood before its last move, as the statements are
// applied.
class MoveStarts {
 public:
  // Before statement `now` is applied.
  void before(const hail_caesar::Engine& game, std::size_t now);
  const tabletop::Footprint* of(hail_caesar::UnitId u) const {
    return u < from_.size() && from_[u] ? &*from_[u] : nullptr;
  }

 private:
  std::vector<std::optional<tabletop::Footprint>> from_;
};

void check_opportunity_shot(const hail_caesar::Engine& game, const Binding& rules,
                            const MoveStarts& starts, std::size_t now,
                            replay::EventChecker& checker);

}  // namespace umpire::hyw
