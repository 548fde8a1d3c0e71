#pragma once
// What every engine's checks.cpp does with its table (checks.def): find the
// check that reports a name of the rules data (a permission, a list
// constraint), and list the checks as a table of docs/checks.md.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::rulesets {

// The first row of `data_names` (one per check, in the order of checks.def)
// that is `name`; rows without a name never match.
std::optional<std::size_t> row_naming(std::span<const std::string_view> data_names,
                                      std::string_view name);

// The table of docs/checks.md: one row per check with its id, its citation,
// what it checks and the names of the rules data it evaluates (`data_names`,
// blank-separated words of each row, listed `a`, `b`).
void append_check_rows(std::string& out, std::span<const replay::CheckInfo> checks,
                       std::span<const std::string_view> data_names);

}  // namespace umpire::rulesets
