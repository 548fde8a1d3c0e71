#pragma once
// The head of a simulated log, the same for Hail Caesar and its variants:
// the header, a bare 72x48 table, the armies as planned and each side
// deployed in one line within 12" of its own edge (§ the sheet leaves the
// table open; the bundled games use this one), the bases apart.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/dice/rng.hpp"

namespace umpire::hail_caesar::simulate {

struct PlannedUnit {
  std::string id, name;
  std::string body;  // after the name: `type … stats (…)` or `profile …`, up to the formation
  std::string formation;  // `close-order`
  int frontage_mm = 120, depth_mm = 40;
  std::int64_t points = 0;
};

struct PlannedDivision {
  std::string id, name;
  std::string general_id, general_name;
  std::int64_t command = 8;
  std::string general_points;  // ` points 25`, or empty
  std::vector<PlannedUnit> units;
};

struct PlannedArmy {
  std::string side, name;
  std::int64_t points = 0;
  std::string list;  // the army list it follows, or empty
  std::vector<PlannedDivision> divisions;
};

struct LogHeader {
  std::string ruleset, edition, data_file;
  std::uint64_t seed = 0;
};

// The text; `rng` places the units along their side's line.
std::string setup_text(const LogHeader& header, const std::vector<PlannedArmy>& armies,
                       dice::Rng& rng);

}  // namespace umpire::hail_caesar::simulate
