// The units as `umpire report` draws them (replay::UnitView): hexes as the
// log writes them, facings as bearings of the hex's vertices.
#include "engine/geometry/hex/offset.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {

void Engine::view_units(std::vector<replay::UnitView>& out) const {
  out.reserve(out.size() + state_.units.size());
  for (std::size_t u = 0; u < state_.units.size(); ++u) {
    const UnitState& s = state_.units[u];
    replay::UnitView v;
    v.unit = static_cast<std::uint32_t>(u);
    v.on_table = s.on_table && s.strength > 0;
    const hex::OffsetCoord at = hex::to_offset(s.hex);
    v.column = at.column;
    v.row = at.row;
    if (s.second_hex) {
      const hex::OffsetCoord other = hex::to_offset(*s.second_hex);
      v.two_hexes = true;
      v.column2 = other.column;
      v.row2 = other.row;
    }
    // § Orientation des unités: the six vertices lie at 0°, 60°, … 300°.
    v.facing = 60.0 * hex::index(s.facing);
    v.formation = std::string(name(s.formation));
    v.strength = s.strength;
    v.initial_strength = s.initial_strength;
    if (s.panicked) v.marks.emplace_back("panicked");
    if (s.fled_off_table) v.marks.emplace_back("fled");
    out.push_back(std::move(v));
  }
}

}  // namespace umpire::sabreur
