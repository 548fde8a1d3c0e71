#pragma once
// The check table of the Hail Caesar: Hundred Years War muster (checks.def):
// the enum the code names its checks by, each row's id and citation, and the
// check reporting each constraint of the data's army lists.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::hyw {

inline constexpr std::string_view rules_file = "004_b7c666874e8df030.txt";

enum class Check : std::uint16_t {
#define UMPIRE_CHECK(name, id, section, what, constraints) name,
#include "engine/rulesets/hail_caesar_hyw/checks.def"
#undef UMPIRE_CHECK
};

namespace detail {
inline constexpr replay::CheckInfo kCheckInfos[] = {
#define UMPIRE_CHECK(name, id, section, what, constraints) \
  {id, rules_file, section, what, Severity::error},
#include "engine/rulesets/hail_caesar_hyw/checks.def"
#undef UMPIRE_CHECK
};
}  // namespace detail

constexpr const replay::CheckInfo& check_info(Check check) {
  return detail::kCheckInfos[static_cast<std::size_t>(check)];
}

const replay::CheckTable& check_table();
// The ruleset's checks (the registry's): the muster's, then those of the
// Hail Caesar engine, which replays HYW games on the HYW data.
const replay::CheckTable& ruleset_check_table();

// The check that reports constraint `constraint` of army list `list`
// (checks.def's last column), or nullopt when none does: such a constraint
// (a variant's own) is reported under hyw.muster.list-rule with its data's
// citation (docs/engine-hail-caesar-hyw.md).
std::optional<Check> check_for_constraint(std::string_view list, std::string_view constraint);

// The HYW section of docs/checks.md (engine/rulesets/registry.hpp).
std::string checks_markdown();

}  // namespace umpire::hyw
