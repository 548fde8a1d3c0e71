#include "engine/rulesets/hail_caesar_hyw/rounds_owed.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::Phase;
using hail_caesar::UnitId;

namespace {

// The enemy `u` is engaged with and touches (7-a: "en contact avec
// l'ennemi"), both on the table; nullopt when none.
std::optional<UnitId> engaged_enemy(const hail_caesar::Engine& game, UnitId u) {
  const hail_caesar::UnitState& st = game.state().units[u];
  if (!st.on_table || st.engaged_with < 0) return std::nullopt;
  const auto e = static_cast<UnitId>(st.engaged_with);
  const hail_caesar::UnitState& enemy = game.state().units[e];
  if (!enemy.on_table) return std::nullopt;
  if (!tabletop::in_contact(st.footprint(game.setup().units[u]),
                            enemy.footprint(game.setup().units[e]), game.scratch().tolerance))
    return std::nullopt;
  return e;
}

}  // namespace

void RoundsOwed::open(const hail_caesar::Engine& game, PlayerTurn t) {
  watched_ = t;
  owing_.clear();
  fought_.assign(game.setup().units.size(), false);
  for (UnitId u = 0; u < game.setup().units.size(); ++u)
    if (engaged_enemy(game, u)) owing_.push_back(u);
}

void RoundsOwed::judge(const hail_caesar::Engine& game, replay::EventChecker& checker) {
  std::vector<bool> reported(game.setup().units.size(), false);
  for (const UnitId u : owing_) {
    if (fought_[u] || reported[u]) continue;
    const std::optional<UnitId> e = engaged_enemy(game, u);
    if (!e || fought_[*e]) continue;
    reported[u] = reported[*e] = true;
    const Span at =
        u < engaged_at_.size() && engaged_at_[u].valid() ? engaged_at_[u] : checker.event_span();
    const std::string& side = game.setup().sides[watched_->side].id;
    checker
        .violation(
            Check::round_owed, at,
            fmt::format("'{}' and '{}' are engaged and fight no round in the combat phase "
                        "of turn {} ({})",
                        game.setup().units[u].id, game.setup().units[*e].id, watched_->turn, side))
        .note(
            "004 § 7-a: \"Lors de chaque phase de combat, les unités engagés … de chaque camp se "
            "livrent un round de corps à corps\"; § 7-g: the combat \"se poursuivra alors lors "
            "du round suivant\"")
        .hint("write the round in that combat phase: 'combat {} vs {} round …'",
              game.setup().units[u].id, game.setup().units[*e].id);
  }
  watched_.reset();
  owing_.clear();
}

void RoundsOwed::before(const hail_caesar::Engine& game, std::size_t now,
                        replay::EventChecker& checker) {
  const Action& a = game.action(now);
  const PlayerTurn t{a.turn, a.side};
  if (watched_ && (!(t == *watched_) || a.phase == Phase::end)) judge(game, checker);
  // A player turn left before its combat phase was seen: it was empty, the
  // units as they stand now (nothing was written since) owed their rounds.
  if (last_ && !(t == *last_) && !last_opened_) {
    open(game, *last_);
    judge(game, checker);
  }
  if (!last_ || !(t == *last_)) {
    last_ = t;
    last_opened_ = false;
  }
  if (!last_opened_ && (a.phase == Phase::combat || a.phase == Phase::end)) {
    last_opened_ = true;
    open(game, t);
    if (a.phase == Phase::end) judge(game, checker);
  }
  if (watched_ && a.kind == ActionKind::combat && a.phase == Phase::combat) {
    for (const UnitId u : a.actors) fought_[u] = true;
    for (const UnitId u : a.targets) fought_[u] = true;
  }
}

void RoundsOwed::after(const hail_caesar::Engine& game, std::size_t now) {
  const std::size_t n = game.setup().units.size();
  enemy_.resize(n, -1);
  engaged_at_.resize(n);
  for (UnitId u = 0; u < n; ++u) {
    const std::int32_t e = game.state().units[u].engaged_with;
    if (e >= 0 && e != enemy_[u]) engaged_at_[u] = game.action(now).span;
    enemy_[u] = e;
  }
}

}  // namespace umpire::hyw
