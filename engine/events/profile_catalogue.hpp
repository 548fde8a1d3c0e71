#pragma once
// What lowering needs to know of the rules data: which unit profiles exist.
// The rules model (engine/rules) implements it; tests use a small fake. When
// no catalogue is given, profiles are reported as not checked, once per log.
#include <string>
#include <string_view>
#include <vector>

namespace umpire::events {

class ProfileCatalogue {
 public:
  virtual ~ProfileCatalogue() = default;
  virtual bool has_profile(std::string_view id) const = 0;
  // Every profile id, for "did you mean" hints.
  virtual std::vector<std::string> known_profiles() const = 0;
};

}  // namespace umpire::events
