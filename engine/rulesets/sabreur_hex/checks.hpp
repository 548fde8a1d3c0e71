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

enum class Check : std::uint16_t {
#define UMPIRE_CHECK(name, id, severity, section, what, permission) name,
#include "engine/rulesets/sabreur_hex/checks.def"
#undef UMPIRE_CHECK
};

namespace detail {
inline constexpr replay::CheckInfo kCheckInfos[] = {
#define UMPIRE_CHECK(name, id, severity, section, what, permission) \
  {id, rules_file, section, what, Severity::severity},
#include "engine/rulesets/sabreur_hex/checks.def"
#undef UMPIRE_CHECK
};
}  // namespace detail

// The row of `check`: what makes a Check a replay::CheckId.
constexpr const replay::CheckInfo& check_info(Check check) {
  return detail::kCheckInfos[static_cast<std::size_t>(check)];
}

const replay::CheckTable& check_table();

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
