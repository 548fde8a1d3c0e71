#include "engine/rulesets/hail_caesar/phases/crossing.hpp"

#include <fmt/format.h>

#include <boost/geometry/algorithms/disjoint.hpp>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/crossing.hpp"

namespace umpire::hail_caesar {

void check_way_through_units(Context& cx, const Action& a, UnitId u, const tabletop::MoveResult& m,
                             const Facts& f, const Way& way) {
  const double slack = cx.scratch.tolerance;
  const tabletop::Box swept = tabletop::bounds(m.swept);
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    const UnitState& other = cx.state.units[o];
    const UnitSetup& os = cx.setup.units[o];
    if (o == u || !other.on_table || (way.target && o == *way.target)) continue;
    const tabletop::Footprint whole = cx.footprint(o);
    if (boost::geometry::disjoint(swept, tabletop::bounds(whole.polygon()))) continue;
    if (!tabletop::passes_through(m.swept, whole, slack)) continue;
    const bool enemy = os.side != cx.setup.units[u].side;
    // A charger passes a friend as any move does: "sauf pour rejoindre ce
    // combat (en charge ou en soutien)" lifts the ban on an engaged friend
    // only (the data's no_moving_through_engaged_friend); "Il est possible
    // de traverser une unité amie si …" holds for every way.
    Facts g = f;
    g.set(Given::other_type, cx.rules.type(os.type));
    g.set(Given::other_formation, cx.rules.formation(other.formation));
    g.boolean(Given::other_engaged, other.engaged_with >= 0);
    // "sauf pour rejoindre ce combat (en charge ou en soutien)": a unit
    // that ends its move touching an engaged friend joins its combat.
    g.boolean(Given::unit_charging, way.charging);
    g.boolean(Given::unit_supporting,
              other.engaged_with >= 0 && tabletop::in_contact(m.end, whole, slack));
    // Only the disorder tests of friends read the share crossed: an enemy
    // passed through costs no second overlay.
    g.boolean(Given::other_share_crossed_over_half,
              !enemy && tabletop::fraction_crossed(m.swept, whole) > 0.5);
    const bool allowed = check_permissions(
        g, enemy ? RuleAction::move_through_enemy : RuleAction::move_through_friend, cx.checker,
        a.span, Check::move_not_allowed, [&] {
          return fmt::format("{} {} through {} {}", cx.quoted(u),
                             way.charging ? "charging" : "moving",
                             enemy ? "the enemy" : "its friend", cx.quoted(o));
        });
    if (allowed && tabletop::stands_on(m.end, whole, slack)) {
      // A unit moved one at a time in a division's move may stand on one
      // still to move: reported, not refused.
      const VariantFacts* variant = cx.rules.variant();
      cx.checker.not_checked(
          fmt::format("{} ending its way on {}, which it must leave clear ({})", cx.quoted(u),
                      cx.quoted(o),
                      variant ? variant->way_through_section()
                              : std::string("§ Se déplacer à travers une unité")),
          a.span);
      continue;
    }
    if (allowed && !enemy &&
        eval_int(g, Value::move_through_disorder_tests, cx.checker).value_or(0) != 0) {
      // A variant that says how the test is rolled has each one written
      // judged (phases/disorder_test.hpp); that they are written is not read.
      const VariantFacts* variant = cx.rules.variant();
      cx.checker.not_checked(
          fmt::format("the disorder tests of {} and {}, passing through more than half of one "
                      "another: {}",
                      cx.quoted(u), cx.quoted(o),
                      variant && variant->rolls_disorder_test()
                          ? "that both are taken"
                          : "the sheet never says how they are rolled (gap "
                            "disorder_test_undefined)"),
          a.span);
    }
  }
}

}  // namespace umpire::hail_caesar
