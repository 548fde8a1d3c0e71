#pragma once
// The check table of the Sabreur-hex engine (checks.def), and the mapping
// from a permission of the rules data to the check that reports it.
#include <string>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::sabreur {

inline constexpr std::string_view rules_file = "002_87c3dc452f850204.txt";

const replay::CheckTable& check_table();

// The check reporting permission `permission`, or `fallback` when none does.
// `fallback` may be empty: the permission is then reported as a problem of
// the engine (tests/engine checks that every permission the engine asks maps).
std::string_view check_for_permission(std::string_view permission, std::string_view fallback);

// The permission whose prohibition implies `permission`'s (reported instead
// when both hold), or "".
std::string_view implied_by(std::string_view permission);

}  // namespace umpire::sabreur

namespace umpire::sabreur {

// The Sabreur-hex section of docs/checks.md (engine/rulesets/registry.hpp):
// one table row per check with its citation, then the fields of a log.
std::string checks_markdown();

}  // namespace umpire::sabreur
