#include "engine/rulesets/common/simulate/statement_words.hpp"

#include <fmt/format.h>

namespace umpire::rulesets::simulate {

std::string roll_text(const replay::TakenRoll& r) {
  std::string out = dice::to_string(r.expr) + "=";
  for (std::size_t i = 0; i < r.roll.dice.size(); ++i) {
    const dice::Throw& t = r.roll.dice[i].faces;
    if (i > 0) out += ',';
    out += std::to_string(t.first);
    if (t.rerolled()) out += fmt::format("r{}", t.second);
  }
  return out;
}

std::string signed_text(std::int64_t v) {
  return v < 0 ? std::to_string(v) : fmt::format("+{}", v);
}

std::string point_text(tabletop::Point p) {
  return fmt::format("{:g},{:g}", p.x(), p.y());
}

}  // namespace umpire::rulesets::simulate
