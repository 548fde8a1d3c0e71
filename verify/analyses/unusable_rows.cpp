// Entries nobody can use: a profile of a record that army lists muster, yet
// in no army list, is a unit the text describes (and prices) that no army
// can field. (Units a list names but no legal army of it can include are the
// army-list analysis's; conditions that never hold are the dead rules'.)
#include <fmt/format.h>

#include <algorithm>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

void analyse_unusable_rows(Context& c) {
  if (c.rs.army_lists.empty()) return;
  std::vector<bool> listed(c.rs.profiles.size()), mustered_record(c.rs.records.size());
  for (const ArmyList& list : c.rs.army_lists) {
    for (std::uint32_t p : list.units) {
      listed[p] = true;
      mustered_record[c.rs.profiles[p].record] = true;
    }
  }
  for (std::uint32_t p = 0; p < c.rs.profiles.size(); ++p) {
    const Profile& profile = c.rs.profiles[p];
    if (listed[p] || !mustered_record[profile.record]) continue;
    Finding f = c.finding(
        Category::unusable_row, Severity::warning, profile.name,
        fmt::format("profile '{}' is in no army list: no army can field it", profile.name));
    f.action = fmt::format("Add '{}' to the army lists that may field it, or drop the profile.",
                           profile.name);
    f.items.push_back(c.item({ItemKind::profile, p}));
    f.explanation = fmt::format(
        "The text gives a profile of record '{}' for '{}', like the units the army lists "
        "muster, but no list names it.",
        c.rs.records[profile.record].name, profile.name);
    c.add(std::move(f));
  }
}

}  // namespace umpire::verify
