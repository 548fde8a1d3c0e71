#pragma once
// The state a tabletop game starts from, before its deployment: a slot
// per unit, off the table, in the formation its sheet gives; a slot per
// commander, on the table where the sheet sets him, else off it. The same
// for every tabletop engine whose setup places commanders (Hail Caesar's,
// WAB's); deployment (phases/deployment.cpp) then places the units.
#include <cstddef>
#include <vector>

namespace umpire::rulesets {

template <typename Setup, typename UnitState, typename GeneralState>
void start_from_setup(const Setup& setup, std::vector<UnitState>& units,
                      std::vector<GeneralState>& generals) {
  units.resize(setup.units.size());
  generals.resize(setup.generals.size());
  for (std::size_t i = 0; i < setup.units.size(); ++i)
    units[i].formation = setup.units[i].formation;
  for (std::size_t g = 0; g < setup.generals.size(); ++g) {
    if (!setup.generals[g].at) continue;
    generals[g].on_table = true;
    generals[g].at = *setup.generals[g].at;
  }
}

}  // namespace umpire::rulesets
