// Unit profiles of the rules data for battle-log lowering.
#include "engine/rules/profile_catalogue.hpp"

#include <algorithm>

namespace umpire::rules {

std::string list_prefix(const Ruleset& rs, const ArmyList& list) {
  if (list.units.empty()) return {};
  std::string prefix = rs.profiles[list.units.front()].name;
  std::size_t shortest = prefix.size();
  for (std::uint32_t u : list.units) {
    const std::string& name = rs.profiles[u].name;
    shortest = std::min(shortest, name.size());
    std::size_t n = 0;
    while (n < prefix.size() && n < name.size() && prefix[n] == name[n]) ++n;
    prefix.resize(n);
  }
  // The prefix must leave a name behind (a one-unit list shares all of its
  // name with itself); it ends at its last '_'.
  if (prefix.size() >= shortest) prefix.resize(shortest == 0 ? 0 : shortest - 1);
  const std::size_t cut = prefix.rfind('_');
  return cut == std::string::npos ? std::string() : prefix.substr(0, cut + 1);
}

RulesProfileCatalogue::RulesProfileCatalogue(const Ruleset& rs) {
  auto add = [&](const std::string& id, const std::string& data_name) {
    auto& names = ids_[id];
    if (std::find(names.begin(), names.end(), data_name) == names.end()) names.push_back(data_name);
  };
  bool any_units = false;
  for (const ArmyList& list : rs.army_lists) {
    const std::string prefix = list_prefix(rs, list);
    for (std::uint32_t u : list.units) {
      const std::string& name = rs.profiles[u].name;
      any_units = true;
      add(name, name);
      if (!prefix.empty()) add(name.substr(prefix.size()), name);
    }
  }
  if (any_units) return;
  if (auto ref = rs.find("unit_type"); ref && ref->kind == ItemKind::domain) {
    for (const std::string& value : rs.domains[ref->index].values) add(value, value);
  }
}

bool RulesProfileCatalogue::has_profile(std::string_view id) const {
  return ids_.find(id) != ids_.end();
}

std::vector<std::string> RulesProfileCatalogue::known_profiles() const {
  std::vector<std::string> out;
  out.reserve(ids_.size());
  for (const auto& [id, names] : ids_) out.push_back(id);
  return out;
}

std::vector<std::string> RulesProfileCatalogue::data_names(std::string_view id) const {
  auto it = ids_.find(id);
  return it == ids_.end() ? std::vector<std::string>{} : it->second;
}

}  // namespace umpire::rules
