#pragma once
// The checks a ruleset engine enforces: a stable id, the severity of a
// breach, the rule it enforces (file and section heading of the rule text)
// and one line saying what it checks. Every violation names one of them;
// docs/checks.md is generated from these tables (`umpire check --list-checks`).
#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "engine/core/diagnostic.hpp"

namespace umpire::replay {

struct CheckInfo {
  std::string_view id;       // `sabreur.fire.range`
  std::string_view file;     // `002_87c3dc452f850204.txt`
  std::string_view section;  // `Le tir`
  std::string_view what;     // one line, lower case
  Severity severity = Severity::error;
};

// An enum naming a ruleset's checks (sabreur::Check), whose namespace
// declares `const CheckInfo& check_info(E)` for its table's row.
template <typename E>
concept CheckEnum = std::is_enum_v<E> && requires(E e) {
  { check_info(e) } -> std::same_as<const CheckInfo&>;
};

// One row of a check table. Code names a check by its ruleset's enum
// (`checker.violation(Check::fire_range, ...)`), which converts to a
// CheckId: a misspelt check does not compile. Two ids are equal when they
// name the same row.
class CheckId {
 public:
  template <CheckEnum E>
  constexpr CheckId(E check)  // NOLINT(google-explicit-constructor): the enum is the id
      : info_(&check_info(check)) {}
  explicit constexpr CheckId(const CheckInfo& info) : info_(&info) {}

  constexpr const CheckInfo& info() const { return *info_; }
  constexpr std::string_view id() const { return info_->id; }
  friend constexpr bool operator==(CheckId a, CheckId b) { return a.info_ == b.info_; }

 private:
  const CheckInfo* info_;
};

// The checks the replay core reports itself (DiceSource). A ruleset's
// table holds a row of the same id to cite its own rule text; without one
// the check is reported uncited.
enum class CoreCheck : std::uint8_t { dice_missing, dice_seeded_mismatch };
inline constexpr std::array<CheckInfo, 2> kCoreChecks{{
    {"replay.dice.missing", "", "", "a recorded log writes every die the rules call for"},
    {"replay.dice.seeded-mismatch", "", "",
     "faces written in a seeded log are those the seeded dice give"},
}};

class CheckTable {
 public:
  CheckTable() : CheckTable(std::span<const CheckInfo>{}) {}
  explicit CheckTable(std::span<const CheckInfo> checks) : checks_(checks) {
    for (std::size_t i = 0; i < kCoreChecks.size(); ++i) {
      const CheckInfo* row = find(kCoreChecks[i].id);
      core_[i] = row ? row : &kCoreChecks[i];
    }
  }
  std::span<const CheckInfo> all() const { return checks_; }
  // Linear: tables hold a few dozen checks and lookups by id happen in tests
  // and at construction only.
  const CheckInfo* find(std::string_view id) const {
    for (const CheckInfo& c : checks_)
      if (c.id == id) return &c;
    return nullptr;
  }
  CheckId core(CoreCheck check) const { return CheckId(*core_[static_cast<std::size_t>(check)]); }

 private:
  std::span<const CheckInfo> checks_;
  std::array<const CheckInfo*, kCoreChecks.size()> core_{};
};

}  // namespace umpire::replay
