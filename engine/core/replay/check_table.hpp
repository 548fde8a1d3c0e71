#pragma once
// The checks a ruleset engine enforces: a stable id, the rule it enforces
// (file and section heading of the rule text) and one line saying what it
// checks. Every violation names one of them; docs/checks.md is generated
// from these tables (`umpire check --list-checks`).
#include <span>
#include <string_view>

namespace umpire::replay {

struct CheckInfo {
  std::string_view id;       // `sabreur.fire.range`
  std::string_view file;     // `002_87c3dc452f850204.txt`
  std::string_view section;  // `Le tir`
  std::string_view what;     // one line, lower case
};

class CheckTable {
 public:
  CheckTable() = default;
  explicit CheckTable(std::span<const CheckInfo> checks) : checks_(checks) {}
  std::span<const CheckInfo> all() const { return checks_; }
  // Linear: tables hold a few dozen checks and lookups happen on violations only.
  const CheckInfo* find(std::string_view id) const {
    for (const CheckInfo& c : checks_)
      if (c.id == id) return &c;
    return nullptr;
  }

 private:
  std::span<const CheckInfo> checks_;
};

}  // namespace umpire::replay
