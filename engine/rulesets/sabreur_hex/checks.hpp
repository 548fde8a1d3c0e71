#pragma once
// The check table of the Sabreur-hex engine (checks.def): the enum the code
// names its checks by, each row's id, severity and citation, and the
// mapping from a permission of the rules data to the check that reports it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::sabreur {

inline constexpr std::string_view rules_file = "002_87c3dc452f850204.txt";

#define UMPIRE_CHECKS_DEF "engine/rulesets/sabreur_hex/checks.def"
#include "engine/rulesets/common/check_table.inc"
#undef UMPIRE_CHECKS_DEF

// The check reporting permission `permission`, or `fallback` when none does.
// `fallback` may be none: the permission is then reported as a problem of
// the engine (tests/engine checks that every permission the engine asks maps).
std::optional<Check> check_for_permission(std::string_view permission,
                                          std::optional<Check> fallback);

// The permission whose prohibition implies `permission`'s (reported instead
// when both hold), or "".
std::string_view implied_by(std::string_view permission);

}  // namespace umpire::sabreur

namespace umpire::sabreur {

// The Sabreur-hex section of docs/checks.md (engine/rulesets/registry.hpp):
// one table row per check with its citation, then the fields of a log.
std::string checks_markdown();

}  // namespace umpire::sabreur
