#include "engine/rulesets/hail_caesar/simulate/roster.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/hail_caesar/simulate/roster_text.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using rulesets::simulate::pick;

// The simulator's troops: a troop type of the data's `unit_type` domain
// and stats about those of the bundled game, each drawn up to one either
// way (a preference of the simulator: the sheet prints no profile, and the
// data bounds each value only broadly, `given unit.clash : int 0..20`).
// Shooters name a weapon of the data's `weapon` domain.
struct Troop {
  std::string_view type, name;
  int clash, sustained, short_range, long_range, save, stamina;  // save 0: none
  bool open;
  int depth_mm;
  std::array<std::string_view, 2> weapons;  // "" when it does not shoot
  int points;
};
constexpr Troop troops[] = {
    {"heavy_infantry", "cohort", 7, 6, 3, 0, 4, 6, false, 40, {"", ""}, 35},
    {"infantry", "warband", 8, 6, 3, 0, 5, 6, false, 40, {"", ""}, 30},
    {"infantry", "spearmen", 6, 6, 3, 0, 5, 6, false, 40, {"", ""}, 28},
    {"light_infantry", "archers", 3, 3, 3, 3, 0, 4, true, 40, {"bows", "slings"}, 24},
    {"light_infantry", "javelinmen", 4, 3, 3, 2, 0, 4, true, 40, {"javelins", "javelins"}, 20},
    {"cavalry", "horse", 8, 6, 0, 0, 4, 6, false, 60, {"", ""}, 43},
    {"light_cavalry", "light horse", 6, 4, 3, 2, 6, 6, true, 60, {"javelins", "bows"}, 30},
};

bool in_domain(const rules::Ruleset& data, std::string_view domain, std::string_view value) {
  for (const rules::Domain& d : data.domains)
    if (d.name == domain) return d.find(value).has_value();
  return false;
}

int vary(dice::Rng& rng, int v, int lo) {
  return std::max(lo, v + static_cast<int>(pick(rng, 3)) - 1);
}

}  // namespace

SimulatedRoster hail_caesar_roster(const rules::Ruleset& data, dice::Rng& rng, std::uint64_t seed) {
  SimulatedRoster out;
  std::vector<const Troop*> usable;
  for (const Troop& t : troops) {
    bool ok = in_domain(data, "unit_type", t.type);
    for (std::string_view w : t.weapons) ok = ok && (w.empty() || in_domain(data, "weapon", w));
    if (ok) usable.push_back(&t);
  }
  const std::array<std::string_view, 2> sides = {"west", "east"};
  std::vector<PlannedArmy> armies;
  int unit_no = 0;
  for (std::size_t s = 0; s < 2; ++s) {
    PlannedArmy a;
    a.side = sides[s];
    a.name = s == 0 ? "Army of the west" : "Army of the east";
    for (int d = 0; d < 2; ++d) {
      PlannedDivision div;
      const int n = static_cast<int>(s) * 2 + d + 1;
      div.id = fmt::format("d{}", n);
      div.name = fmt::format("Division {}", n);
      div.general_id = fmt::format("g{}", n);
      div.general_name = fmt::format("General {}", n);
      div.command = 7 + static_cast<int>(pick(rng, 3));  // 7 to 9, within the data's 2..12
      const std::size_t count = usable.empty() ? 0 : 3 + pick(rng, 2);
      for (std::size_t i = 0; i < count; ++i) {
        const Troop& t = *usable[pick(rng, usable.size())];
        PlannedUnit u;
        u.id = fmt::format("u{}", ++unit_no);
        u.name = fmt::format("{} {}", t.name, unit_no);
        const int long_range = t.long_range == 0 ? 0 : vary(rng, t.long_range, 1);
        const std::string save =
            t.save == 0 ? "0" : fmt::format("{}+", std::min(6, vary(rng, t.save, 3)));
        // One draw per statement: the order in which a call's arguments are
        // evaluated is the compiler's, and the same seed must give the same
        // roster from every build.
        const int clash = vary(rng, t.clash, 1);
        const int sustained = vary(rng, t.sustained, 1);
        const int stamina = vary(rng, t.stamina, 3);
        u.body = fmt::format(
            "type {} stats (clash {}, sustained {}, short {}, long {}, morale {}, stamina {})",
            rulesets::log_word(t.type), clash, sustained, t.short_range, long_range, save, stamina);
        u.formation = t.open ? "open-order" : "close-order";
        u.depth_mm = t.depth_mm;
        u.points = t.points;
        if (long_range > 0) out.weapons[u.id] = rulesets::log_word(t.weapons[pick(rng, 2)]);
        a.points += u.points;
        div.units.push_back(std::move(u));
      }
      a.divisions.push_back(std::move(div));
    }
    armies.push_back(std::move(a));
  }
  out.text = setup_text(
      {"hail-caesar", "quick-reference sheet", "corpus/rulesets/hail-caesar.rules", seed}, armies,
      rng);
  return out;
}

}  // namespace umpire::hail_caesar::simulate
