#include "engine/rulesets/hail_caesar/context.hpp"

#include <fmt/format.h>

namespace umpire::hail_caesar {

std::string Context::quoted(UnitId u) const {
  return fmt::format("'{}'", setup.units[u].id);
}

std::string Context::quoted_general(GeneralId g) const {
  return fmt::format("'{}'", setup.generals[g].id);
}

}  // namespace umpire::hail_caesar
