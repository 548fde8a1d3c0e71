#include "engine/rulesets/sabreur_hex/context.hpp"

#include <fmt/format.h>

namespace umpire::sabreur {

std::string Context::quoted(UnitId u) const {
  return fmt::format("'{}'", setup.units[u].id);
}

bool Context::in_log(const Action& a) const {
  return !log.empty() && &a >= log.data() && &a < log.data() + log.size();
}

const Action* Context::next_action(const Action& a) const {
  if (!in_log(a)) return nullptr;
  const auto i = static_cast<std::size_t>(&a - log.data());
  return i + 1 < log.size() ? &log[i + 1] : nullptr;
}

}  // namespace umpire::sabreur
