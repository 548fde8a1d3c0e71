#pragma once
// Higher ground, "position surélevée": WAB's combat result
// (003_54822f0a7c7b7ce7.txt § Résultat du combat: "+1 pour position
// surélevée") and Hail Caesar's hand to hand (000_a44b407871cbdad9.txt
// § Modificateurs du jet pour toucher au corps à corps: "+1 Si l'unité est
// sur une position surélevée"; § Test de panique et situation spéciale,
// Position surélevée: "affronte une unité ennemie sur une position
// surélevée").
//
// Neither sheet says what a position surélevée is; the only raised ground
// a log can place is `terrain hill`, an outline without heights. The
// reading (docs/tabletop-geometry.md § Higher ground):
// - a unit stands on a hill when more than half of its footprint lies
//   inside one hill, as Hail Caesar stands a unit in a piece of terrain
//   (phases/facts.cpp); half of it or less, it stands below the hill;
// - a unit fights from higher ground than an enemy when it stands on a hill
//   and that enemy does not;
// - against an enemy that stands on a hill too (the same or another) the
//   log does not say which of the two stands higher: the engine cannot
//   tell, and neither can it when the log's tolerance would move either
//   unit across half of its footprint on a hill.
// A template over the engine's Context, whose setup.terrain (kind, area,
// envelope), footprint(u) and scratch.tolerance mean the same in every tabletop
// engine.
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/terrain.hpp"

namespace umpire::rulesets {

enum class Height : std::uint8_t { not_higher, higher, unsure };

struct HigherGround {
  Height height = Height::not_higher;
  std::string_view why;  // for `unsure`: the reading question
};

// Whether unit `u` stands on a hill (more than half of it inside one);
// nullopt when the log's tolerance could put it on either side of half.
template <typename Context, typename UnitId>
std::optional<bool> stands_on_hill(const Context& cx, UnitId u) {
  if (!cx.state.units[u].on_table) return false;
  bool unsure = false;
  const double tolerance = cx.scratch.tolerance;
  const tabletop::Footprint f = cx.footprint(u);
  tabletop::Box box = tabletop::bounds(f.polygon());
  box.min_corner() = {box.min_corner().x() - tolerance, box.min_corner().y() - tolerance};
  box.max_corner() = {box.max_corner().x() + tolerance, box.max_corner().y() + tolerance};
  for (const auto& piece : cx.setup.terrain) {
    if (piece.kind != "hill" || boost::geometry::disjoint(box, piece.envelope)) continue;
    const std::optional<bool> inside = tabletop::mostly_inside(f, piece.area, tolerance);
    if (inside == true) return true;
    if (!inside) unsure = true;
  }
  if (unsure) return std::nullopt;
  return false;
}

// Whether unit `u` fights from higher ground than `enemy`.
template <typename Context, typename UnitId>
HigherGround higher_ground(const Context& cx, UnitId u, UnitId enemy) {
  const std::optional<bool> own = stands_on_hill(cx, u);
  if (own == false) return {Height::not_higher, {}};
  const std::optional<bool> theirs = stands_on_hill(cx, enemy);
  if (own == true && theirs == false) return {Height::higher, {}};
  if (own == true && theirs == true)
    return {Height::unsure, "both stand on a hill, and the log draws a hill without heights"};
  return {Height::unsure,
          "the log's tolerance puts one of them on either side of half of its base on a hill"};
}

}  // namespace umpire::rulesets
