#pragma once
// The check table of the Warhammer Ancient Battles engine (checks.def): the enum the code
// names its checks by, each row's id, severity and citation, and the
// mapping from a permission of the rules data to the check that reports it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::wab {

inline constexpr std::string_view rules_file = "003_54822f0a7c7b7ce7.txt";

#define UMPIRE_CHECKS_DEF "engine/rulesets/wab/checks.def"
#include "engine/rulesets/common/check_table.inc"
#undef UMPIRE_CHECKS_DEF

// The check reporting permission `permission`, if any.
std::optional<Check> check_for_permission(std::string_view permission);

// The Warhammer Ancient Battles section of docs/checks.md (engine/rulesets/registry.hpp).
std::string checks_markdown();

}  // namespace umpire::wab
