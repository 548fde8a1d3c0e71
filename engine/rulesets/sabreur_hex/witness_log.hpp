#pragma once
// A verifier's witness as a short Sabreur-hex battle log (`umpire verify
// --emit-log`, docs/verification.md § Witness logs): a header, a small map,
// the fewest units that put the witness situation on the board, and the one
// action or test where the finding shows. Pure text: this file knows the
// log language (docs/log-format.md), not the engine, which replays it.
#include "engine/rulesets/witness_writer.hpp"

namespace umpire::sabreur {

const rulesets::WitnessWriter& witness_writer();

}  // namespace umpire::sabreur
