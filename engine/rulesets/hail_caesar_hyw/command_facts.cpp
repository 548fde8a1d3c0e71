#include "engine/rulesets/hail_caesar_hyw/command_facts.hpp"

#include "engine/rulesets/hail_caesar/phases/facts.hpp"

namespace umpire::hyw {

std::optional<double> command_facts(const hail_caesar::Context& cx, hail_caesar::GeneralId g,
                                    hail_caesar::UnitId u, hail_caesar::Facts& f) {
  using hail_caesar::Given;
  const std::optional<double> d = hail_caesar::commander_distance(cx, g, u);
  if (!d || !cx.state.units[u].on_table) return std::nullopt;
  hail_caesar::fill_unit(cx, f, u);
  f.integer(Given::unit_leadership, hail_caesar::commander_leadership(cx, g));
  f.boolean(Given::unit_commander_failed_order, cx.state.generals[g].orders_ended);
  f.integer(Given::commander_distance, hail_caesar::whole_inches(*d));
  f.integer(Given::commander_distance_up, hail_caesar::whole_inches_up(*d));
  return d;
}

}  // namespace umpire::hyw
