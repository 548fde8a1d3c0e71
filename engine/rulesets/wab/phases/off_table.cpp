#include "engine/rulesets/wab/phases/off_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/geometry/tabletop/bounds.hpp"

namespace umpire::wab {
namespace {

// Where a pursuer comes back: its footprint, with the facing it had, slid
// straight onto the table edge nearest to where it stood before it left.
Point back_on_edge(const Context& cx, UnitId u) {
  const tabletop::Box b = tabletop::bounds(cx.footprint(u));
  const double left = b.min_corner().x(), south = b.min_corner().y();
  const double right = cx.setup.width - b.max_corner().x();
  const double north = cx.setup.depth - b.max_corner().y();
  const double nearest = std::min({left, south, right, north});
  Point at = cx.state.units[u].at;
  if (nearest == north)
    at.y(at.y() + north);
  else if (nearest == south)
    at.y(at.y() - south);
  else if (nearest == right)
    at.x(at.x() + right);
  else
    at.x(at.x() - left);
  return at;
}

bool moves_it(const Action& a) {
  return a.kind == ActionKind::move || a.kind == ActionKind::charge || a.kind == ActionKind::flee ||
         a.kind == ActionKind::pursue ||
         (a.kind == ActionKind::respond && (a.detail == "flee" || a.detail == "fire-and-flee"));
}

}  // namespace

void note_left_table(Context& cx, UnitId u, const Action& a) {
  cx.state.units[u].left_table =
      a.kind == ActionKind::pursue ? LeftTable::pursued : LeftTable::out_of_play;
}

bool refuse_off_table(Context& cx, const Action& a) {
  // The units a statement names as acting, and those it names as targets
  // (a pursuit follows its fleeing unit off the table; a removal takes a
  // unit off it).
  if (a.kind == ActionKind::remove) return false;
  std::vector<UnitId> named(a.actors.begin(), a.actors.end());
  if (a.kind != ActionKind::pursue) named.insert(named.end(), a.targets.begin(), a.targets.end());
  for (UnitId u : named) {
    const UnitState& st = cx.state.units[u];
    if (st.left_table == LeftTable::out_of_play || st.left_table == LeftTable::pursued) {
      const bool pursuer = st.left_table == LeftTable::pursued;
      cx.checker
          .violation(
              Check::off_table, a.span,
              fmt::format(
                  "{} {} the table: {}", cx.quoted(u), pursuer ? "pursued its enemy off" : "left",
                  pursuer ? "it comes back at its next movement phase" : "it is out of play"))
          .note(pursuer ? "§ Fuite: 'Une unité qui poursuit son ennemi en fuite hors de table "
                          "retourne au même endroit à sa phase de mouvement suivante'"
                        : "§ Fuite, § Troupes en fuite: a unit that flees off its table edge "
                          "leaves the battle; only a pursuer 'retourne au même endroit'");
      return true;
    }
    if (st.left_table == LeftTable::returned && moves_it(a) &&
        std::find(a.actors.begin(), a.actors.end(), u) != a.actors.end()) {
      cx.checker
          .violation(Check::off_table, a.span,
                     fmt::format("{} came back on the table this movement phase and stays there",
                                 cx.quoted(u)))
          .note(
              "§ Fuite: 'Une unité qui poursuit son ennemi en fuite hors de table retourne au "
              "même endroit à sa phase de mouvement suivante et reste là. Elle peut tirer.'");
      return true;
    }
  }
  return false;
}

void return_pursuers(Context& cx, Phase next) {
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    UnitState& st = cx.state.units[i];
    if (st.left_table == LeftTable::returned && next != Phase::movement)
      st.left_table = LeftTable::on_table;
    // Its side's movement phase, or a later phase of that turn when the log
    // writes nothing in the movement phase.
    if (st.left_table != LeftTable::pursued || cx.setup.units[i].side != cx.state.side ||
        (next != Phase::movement && next != Phase::shooting && next != Phase::combat))
      continue;
    const auto u = static_cast<UnitId>(i);
    st.at = back_on_edge(cx, u);
    st.on_table = true;
    st.left_table = next == Phase::movement ? LeftTable::returned : LeftTable::on_table;
  }
}

}  // namespace umpire::wab
