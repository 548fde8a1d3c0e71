#include "engine/rulesets/wab/simulate/roster.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "engine/rulesets/common/simulate/choices.hpp"

namespace umpire::wab::simulate {
namespace {

using rulesets::simulate::pick;

// The simulator's troops, as the bundled games write them (a preference of
// the simulator: the sheet prints no army list). No troop causes fear or
// terror, is stubborn or drilled, and none carries equipment the data gives
// no rule for (a hand weapon, a spear), which the muster would report
// `not checked`. Shooters carry one weapon of the data's weapons table.
struct Troop {
  std::string_view name, type, formation, equipment;
  std::string_view stats;                // m ws bs s t w i a ld
  int least_models, most_models, ranks;  // ranks 0: none written (skirmishers)
  std::string_view base;
  std::array<std::string_view, 3> weapons;  // data words; "" when it does not shoot
};
constexpr Troop troops[] = {
    {"Spearmen",
     "",
     "close-order",
     "shield, light-armour",
     "m 4, ws 3, bs 3, s 3, t 3, w 1, i 3, a 1, ld 7",
     16,
     24,
     4,
     "20x20mm",
     {"", "", ""}},
    {"Veterans",
     "",
     "close-order",
     "large-shield, light-armour",
     "m 4, ws 4, bs 3, s 3, t 3, w 1, i 3, a 1, ld 8",
     12,
     20,
     4,
     "20x20mm",
     {"", "", ""}},
    {"Skirmishers",
     "",
     "skirmish",
     "buckler",
     "m 5, ws 2, bs 3, s 3, t 3, w 1, i 3, a 1, ld 6",
     8,
     12,
     0,
     "20x20mm",
     {"javelin", "sling", "short_bow"}},
    {"Horse",
     "cavalry",
     "close-order",
     "shield, light-armour",
     "m 8, ws 3, bs 3, s 3, t 3, w 1, i 3, a 1, ld 7",
     6,
     10,
     2,
     "25x50mm",
     {"", "", ""}},
};

// A log's word for a data word: `short-bow`.
std::string log_word(std::string_view w) {
  std::string out(w);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

// The inches of a `WxDmm` base's width.
double base_width(std::string_view base) {
  return std::stod(std::string(base.substr(0, base.find('x')))) / 25.4;
}

struct Planned {
  std::string id, line, weapon;
  double frontage = 0;
};

}  // namespace

SimulatedRoster wab_roster(const RulesBinding& rules, dice::Rng& rng, std::uint64_t seed) {
  SimulatedRoster out;
  std::string& t = out.text;
  t += fmt::format(
      "# A simulated Warhammer Ancient Battles game (umpire simulate --ruleset wab --seed {}).\n",
      seed);
  t += "ulog 1\nruleset wab edition \"1st edition\"\ndata \"corpus/rulesets/wab.rules\"\n";
  t += fmt::format("scenario \"Simulated battle {}\"\n", seed);
  t += "side red \"Red army\"\nside blue \"Blue army\"\ndice recorded\n\n";
  constexpr double width = 72, depth = 48, line = 12;
  t += fmt::format("table {}x{}\nedge south home red\nedge north home blue\n", width, depth);
  std::string deploys;
  for (std::uint8_t side = 0; side < 2; ++side) {
    const std::string_view army = side == 0 ? "red" : "blue";
    const double facing = side == 0 ? 0 : 180;
    const double y = side == 0 ? line : depth - line;
    std::vector<Planned> units;
    const std::size_t count = 4 + pick(rng, 3);
    for (std::size_t i = 0; i < count; ++i) {
      // At least one unit that shoots and one in close order.
      const Troop& tr = i == 0   ? troops[2]
                        : i == 1 ? troops[pick(rng, 2)]
                                 : troops[pick(rng, std::size(troops))];
      const int models = tr.least_models +
                         static_cast<int>(pick(
                             rng, static_cast<std::size_t>(tr.most_models - tr.least_models + 1)));
      Planned p;
      p.id = fmt::format("{}{}", army, i + 1);
      std::string equipment(tr.equipment);
      if (!tr.weapons[0].empty()) {
        std::string_view w = tr.weapons[pick(rng, tr.weapons.size())];
        if (!rules.missile_weapon(w)) w = tr.weapons[0];
        p.weapon = log_word(w);
        equipment = p.weapon + ", " + equipment;
      }
      const int ranks = tr.ranks > 0 ? tr.ranks : 1;
      p.frontage = base_width(tr.base) * ((models + ranks - 1) / ranks);
      p.line = fmt::format(
          "  unit {} \"{} {}\" models {}{} stats ({}) equipment ({}){} formation {} base {}\n",
          p.id, tr.name, i + 1, models, tr.ranks > 0 ? fmt::format(" ranks {}", tr.ranks) : "",
          tr.stats, equipment, tr.type.empty() ? "" : fmt::format(" type {}", tr.type),
          tr.formation, tr.base);
      units.push_back(std::move(p));
    }
    rulesets::simulate::shuffle(rng, units);
    // One line, the units 2" to 4" apart, centred on the table.
    std::vector<double> gaps;
    double span = 0;
    for (std::size_t i = 0; i < units.size(); ++i) {
      gaps.push_back(i == 0 ? 0 : 2 + static_cast<double>(pick(rng, 3)));
      span += gaps.back() + units[i].frontage;
    }
    const std::string general = fmt::format("{}-general", army);
    t += fmt::format("\narmy {}\n  general {} \"General of {}\" command {} at {},{}\n", army,
                     general, army, 8 + pick(rng, 2), width / 2, side == 0 ? 4 : depth - 4);
    double x = (width - span) / 2;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const Planned& p = units[i];
      x += gaps[i];
      t += p.line;
      // Leaders are written at the centre of the front edge, which for a
      // unit facing north is its left edge plus half its frontage.
      deploys +=
          fmt::format("deploy {} at {:.1f},{} facing {}\n", p.id, x + p.frontage / 2, y, facing);
      x += p.frontage;
      if (!p.weapon.empty()) out.weapons.emplace(p.id, p.weapon);
    }
    deploys += fmt::format("deploy {} at {},{} facing {}\n", general, width / 2,
                           side == 0 ? 4 : depth - 4, facing);
  }
  t += "\n" + deploys;
  return out;
}

}  // namespace umpire::wab::simulate
