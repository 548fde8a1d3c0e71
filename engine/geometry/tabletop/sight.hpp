#pragma once
// Line of sight between two units, blocked by footprints and terrain.
//
// "La ligne de vue d'une unité se vérifie à partir du centre du front de
// l'unité" and "est arrêtée par certains terrains, ainsi que par les unités
// amies et ennemies, mais pas par un général" (004_b7c666874e8df030.txt
// § 4-b Ligne de vue); a formed unit sees 180° from its front, skirmishers
// all round (same section), a WAB unit shoots in a 90° arc
// (003_54822f0a7c7b7ce7.txt § Phase 3 : Tir). Which blockers count (which
// terrain, whether generals) is the caller's choice: it passes only the
// shapes that block. The viewer and the target must not be among them.
//
// A sight line is a segment from a point of the viewer to a point of the
// target; it is blocked when it passes through a blocker's interior
// (grazing a corner or running along an edge does not block). The target
// points tried are its corners and points spaced at most kSightSpacing
// along its edges, so "visible" means "some tried line is clear", and
// `clear_fraction` says how much of the target is seen: the "partiellement
// cachée" of 000_a44b407871cbdad9.txt § Modificateurs du jet pour toucher
// au tir.
#include <cstdint>
#include <optional>
#include <span>

#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::tabletop {

enum class SightFrom : std::uint8_t {
  leader,      // the centre of the front edge (004 § 4-b)
  front_edge,  // any point of the front edge
};

inline constexpr double kSightSpacing = 0.5;  // inches between tried points

struct SightQuery {
  SightFrom from = SightFrom::leader;
  Arc arc = Arc::front_half_plane;  // target points outside it are not tried
  // Stop at the first clear line: a caller that asks only whether the
  // target is seen; clear_fraction then counts the points tried so far.
  bool visible_only = false;
};

struct Sight {
  bool visible = false;
  double clear_fraction = 0.0;  // tried target points seen / tried in the arc
  // When nothing is seen: the blocker met first by the first line tried.
  std::optional<std::size_t> blocked_by;
};

Sight line_of_sight(const Footprint& viewer, const Footprint& target,
                    std::span<const Polygon> blockers, SightQuery q = {});

// The least length that a sight line from a point of the viewer's front
// edge to a point of the target (the points line_of_sight tries, in
// `arc`) runs inside the areas: how much wood a unit sees through
// (003_54822f0a7c7b7ce7.txt § Terrains et obstacles, "La visibilité est de
// 2 pas dans un bois"). Areas that overlap count their common part once
// per area. Infinity when no target point lies in the arc.
double least_sight_inside(const Footprint& viewer, const Footprint& target,
                          std::span<const Polygon> areas, Arc arc = Arc::all_round);

// One segment against the blockers: the index of the first one whose
// interior it crosses, or nothing.
std::optional<std::size_t> first_blocker(const Segment& line, std::span<const Polygon> blockers);

}  // namespace umpire::tabletop
