#pragma once
// The unit profiles of a ruleset's data, as battle-log lowering asks for
// them (engine/events/profile_catalogue.hpp). Which ids a log may write is
// described in docs/log-format.md § Unit profiles:
// - every profile listed in an army list's `units`, by its data name
//   (`french_mounted_knights`);
// - the same profile by its name within its list, the data name without the
//   prefix every unit of the list shares (`mounted_knights`): a log names
//   the unit as its army list prints it. Lowering does not tell the catalogue
//   which list a side follows, so a list-local name is accepted when some
//   list has it; the data names it stands for are given by `data_names`;
// - for a ruleset without army-list profiles, the values of its `unit_type`
//   domain, which key its characteristic tables (Sabreur-hex).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/events/profile_catalogue.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rules {

class RulesProfileCatalogue final : public events::ProfileCatalogue {
 public:
  explicit RulesProfileCatalogue(const Ruleset& rs);

  bool has_profile(std::string_view id) const override;
  std::vector<std::string> known_profiles() const override;  // sorted

  // The data's names a log id stands for: itself for a data name, one per
  // list for a list-local name, the `unit_type` value; empty when unknown.
  std::vector<std::string> data_names(std::string_view id) const;

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> ids_;
};

// The prefix every unit of `list` shares, up to and including its last '_'
// ("french_" for french_mounted_knights, french_foot_knights...); empty when
// the units share none.
std::string list_prefix(const Ruleset& rs, const ArmyList& list);

}  // namespace umpire::rules
