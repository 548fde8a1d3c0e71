#include "engine/rulesets/wab/simulate/actions.hpp"

#include <algorithm>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/common/simulate/game.hpp"
#include "engine/rulesets/common/simulate/tabletop_moves.hpp"
#include "engine/rulesets/wab/checks.hpp"

namespace umpire::wab::simulate {
namespace {

// A leadership test, a rally, a flight or a pursuit: 2D6 offered, the
// engine's own count written.
std::optional<Action> on_2d6(Prober& p, Action a) {
  a.rolls = {roll_of("", 2)};
  return legal_fitted(p, a);
}

}  // namespace

Action statement(ActionKind kind, std::string_view verb, TurnOf t, Phase phase) {
  return rulesets::simulate::make_statement<Action>(kind, verb, t.turn, t.side, phase);
}

replay::WrittenRoll roll_of(std::string_view label, std::int64_t dice) {
  replay::WrittenRoll r;
  r.label = std::string(label);
  r.expr = rulesets::d6_pool(dice);
  return r;
}

std::optional<Action> fitted(Prober& p, Action a) {
  const Applied r = p.probe(a);
  a.rolls.resize(std::min(a.rolls.size(), r.rolls.size()));
  for (std::size_t i = 0; i < a.rolls.size(); ++i) a.rolls[i].expr = r.rolls[i].expr;
  std::erase_if(a.rolls,
                [](const replay::WrittenRoll& w) { return dice::dice_count(w.expr) == 0; });
  if (a.rolls.empty()) return std::nullopt;
  return a;
}

std::optional<Action> legal_fitted(Prober& p, const Action& a) {
  std::optional<Action> f = fitted(p, a);
  if (!f || !p.legal(*f)) return std::nullopt;
  return f;
}

std::optional<Action> test_action(Prober& p, TurnOf t, UnitId u, std::string_view kind,
                                  Phase phase) {
  Action a = statement(ActionKind::test, "test", t, phase);
  a.actors = {u};
  a.detail = std::string(kind);
  return on_2d6(p, std::move(a));
}

std::optional<Action> rally_action(Prober& p, TurnOf t, UnitId u) {
  Action a = statement(ActionKind::rally, "rally", t, Phase::movement);
  a.actors = {u};
  return on_2d6(p, std::move(a));
}

std::optional<Action> flight_action(Prober& p, TurnOf t, UnitId u, Phase phase) {
  Action a = statement(ActionKind::flee, "flee", t, phase);
  a.actors = {u};
  a.rolls = {roll_of("", 2)};
  std::optional<Action> fit = fitted(p, a);
  if (!fit) return std::nullopt;
  const std::vector<std::int64_t> distance =
      p.probe(*fit).values(replay::CheckId(Check::flee_dice));
  const Setup& setup = p.engine().setup();
  const UnitSetup& s = setup.units[u];
  const UnitState& st = p.state().units[u];
  const double back = s.side == 0 ? -1 : 1;
  const double moved = distance.empty() ? 0 : static_cast<double>(distance.back());
  const double y = std::clamp(st.at.y() + back * moved, s.depth + 0.1, setup.depth - s.depth - 0.1);
  fit->to = rulesets::simulate::on_grid(Point(st.at.x(), y));
  if (!p.legal(*fit)) return std::nullopt;
  return fit;
}

std::optional<Action> pursuit_action(Prober& p, TurnOf t, UnitId pursuer, UnitId fled) {
  Action a = statement(ActionKind::pursue, "pursue", t, Phase::combat);
  a.actors = {pursuer};
  a.targets = {fled};
  a.rolls = {roll_of("", 2)};
  std::optional<Action> fit = fitted(p, a);
  if (!fit) return std::nullopt;
  // Its distance, then whether it catches: the log states both.
  const std::vector<std::int64_t> v = p.probe(*fit).values(replay::CheckId(Check::pursue_caught));
  if (!v.empty()) fit->stated.distance = static_cast<double>(v.front());
  if (v.size() >= 2) fit->stated.destroyed = v.back() != 0;
  fit->stated.span = Span{FileId{0}, 1, 2};
  if (!p.legal(*fit)) return std::nullopt;
  return fit;
}

std::optional<Action> result_action(Prober& p, TurnOf t, UnitId a, UnitId b) {
  Action result = statement(ActionKind::result, "result", t, Phase::combat);
  Action drawn = result;
  drawn.stated.draw = true;
  if (p.legal(drawn)) return drawn;
  for (const UnitId w : {a, b}) {
    Action won = result;
    won.stated.winner = w;
    if (p.legal(won)) return won;
  }
  return std::nullopt;
}

std::optional<Action> save_action(Prober& p, TurnOf t, UnitId u, Phase phase) {
  Action a = statement(ActionKind::save, "save", t, phase);
  a.actors = {u};
  a.rolls = {roll_of("", 1)};
  return legal_fitted(p, a);
}

std::optional<Action> shot_action(Prober& p, TurnOf t, UnitId u, UnitId target,
                                  const std::string& weapon, double range, std::int64_t dice) {
  Action a = statement(ActionKind::shoot, "shoot", t, Phase::shooting);
  a.actors = {u};
  a.targets = {target};
  a.weapon = weapon;
  a.range = rulesets::simulate::rounded(range);
  a.rolls = {roll_of("hit", dice), roll_of("wound", 1)};
  return legal_fitted(p, a);
}

std::optional<Action> stand_and_shoot_action(Prober& p, TurnOf t, UnitId u, std::int64_t dice) {
  Action a = statement(ActionKind::respond, "respond", t, Phase::movement);
  a.actors = {u};
  a.detail = "stand-and-shoot";
  a.rolls = {roll_of("hit", dice), roll_of("wound", 1)};
  return legal_fitted(p, a);
}

std::optional<Action> wound_action(Prober& p, const Action& hit, std::int64_t hits) {
  Action wound = hit;
  wound.rolls = {roll_of("wound", hits)};
  return legal_fitted(p, wound);
}

}  // namespace umpire::wab::simulate
