#include "engine/rulesets/hail_caesar/simulate/roster_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/rulesets/common/simulate/choices.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using rulesets::simulate::pick;

constexpr double table_width = 72, table_depth = 48;
constexpr double mm_per_inch = 25.4;
// The deployment line, from a side's own edge: well within the 12" zone
// the bundled games deploy in, with the deepest base behind it.
constexpr double line_from_edge = 8, general_from_edge = 3;

std::string number(double v) {
  return fmt::format("{:g}", std::round(v * 10) / 10);
}

}  // namespace

std::string setup_text(const LogHeader& header, const std::vector<PlannedArmy>& armies,
                       dice::Rng& rng) {
  std::string out = fmt::format(
      "# A game of random legal play: umpire simulate --ruleset {} --seed {}\n"
      "ulog 1\nruleset {} edition \"{}\"\ndata \"{}\"\n",
      header.ruleset, header.seed, header.ruleset, header.edition, header.data_file);
  for (const PlannedArmy& a : armies)
    out += fmt::format("side {} \"{}\" points {}\n", a.side, a.name, a.points);
  out += "dice recorded\n\ntable 72x48\n";
  const char* edges[] = {"south", "north"};
  for (std::size_t s = 0; s < armies.size() && s < 2; ++s)
    out += fmt::format("edge {} home {}\n", edges[s], armies[s].side);
  std::string deploy;
  for (std::size_t s = 0; s < armies.size() && s < 2; ++s) {
    const PlannedArmy& a = armies[s];
    const bool north = s == 1;
    const double facing = north ? 180 : 0;
    const double line = north ? table_depth - line_from_edge : line_from_edge;
    const double general_line = north ? table_depth - general_from_edge : general_from_edge;
    // The units of the side in a random order along the line, each gap
    // 2" to 4", the line centred on the table. (A HYW side's twelve bases of
    // 80mm and their widest gaps would not fit.)
    std::vector<const PlannedUnit*> order;
    for (const PlannedDivision& d : a.divisions)
      for (const PlannedUnit& u : d.units) order.push_back(&u);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[pick(rng, i)]);
    std::vector<double> gaps;
    double width = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      gaps.push_back(i == 0 ? 0 : 2 + static_cast<double>(pick(rng, 3)));
      width += gaps.back() + order[i]->frontage_mm / mm_per_inch;
    }
    // A line too long for the table closes its gaps, evenly.
    if (width > table_width - 2 && order.size() > 1) {
      double bases = 0;
      for (const PlannedUnit* u : order) bases += u->frontage_mm / mm_per_inch;
      const double gap = (table_width - 2 - bases) / static_cast<double>(order.size() - 1);
      for (std::size_t i = 1; i < gaps.size(); ++i) gaps[i] = std::floor(gap * 10) / 10;
      width = bases + gaps.back() * static_cast<double>(order.size() - 1);
    }
    double x = std::max(1.0, (table_width - width) / 2);
    std::vector<std::pair<const PlannedUnit*, double>> placed;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const double frontage = order[i]->frontage_mm / mm_per_inch;
      x += gaps[i];
      placed.emplace_back(order[i], x + frontage / 2);
      x += frontage;
    }
    const auto x_of = [&](const PlannedUnit* u) {
      for (const auto& [p, at] : placed)
        if (p == u) return at;
      return table_width / 2;
    };
    out += fmt::format("\narmy {} points {}{}\n", a.side, a.points,
                       a.list.empty() ? "" : fmt::format(" list \"{}\"", a.list));
    for (const PlannedDivision& d : a.divisions) {
      // The general behind the middle of his division.
      double sum = 0;
      for (const PlannedUnit& u : d.units) sum += x_of(&u);
      const double gx =
          d.units.empty() ? table_width / 2 : sum / static_cast<double>(d.units.size());
      out += fmt::format("  division {} \"{}\"\n", d.id, d.name);
      out +=
          fmt::format("  general {} \"{}\" command {} at {},{}{}\n", d.general_id, d.general_name,
                      d.command, number(gx), number(general_line), d.general_points);
      for (const PlannedUnit& u : d.units) {
        out += fmt::format("  unit {} \"{}\" {} formation {} base {}x{}mm points {}\n", u.id,
                           u.name, u.body, u.formation, u.frontage_mm, u.depth_mm, u.points);
        deploy += fmt::format("deploy {} at {},{} facing {:g} formation {}\n", u.id,
                              number(x_of(&u)), number(line), facing, u.formation);
      }
    }
  }
  out += "\n" + deploy;
  return out;
}

}  // namespace umpire::hail_caesar::simulate
