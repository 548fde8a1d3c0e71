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

enum class Check : std::uint16_t {
#define UMPIRE_CHECK(name, id, severity, section, what, permission) name,
#include "engine/rulesets/wab/checks.def"
#undef UMPIRE_CHECK
};

namespace detail {
inline constexpr replay::CheckInfo kCheckInfos[] = {
#define UMPIRE_CHECK(name, id, severity, section, what, permission) \
  {id, rules_file, section, what, Severity::severity},
#include "engine/rulesets/wab/checks.def"
#undef UMPIRE_CHECK
};
}  // namespace detail

constexpr const replay::CheckInfo& check_info(Check check) {
  return detail::kCheckInfos[static_cast<std::size_t>(check)];
}

const replay::CheckTable& check_table();

// The check reporting permission `permission`, if any.
std::optional<Check> check_for_permission(std::string_view permission);

// The Warhammer Ancient Battles section of docs/checks.md (engine/rulesets/registry.hpp).
std::string checks_markdown();

}  // namespace umpire::wab
