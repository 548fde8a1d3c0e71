// Actions the engine does not check yet: each is reported `not checked`
// (never silently accepted) and applied as the log states it, so that the
// checks of later actions see the board as it was played.
#include "engine/rulesets/sabreur_hex/phases/following.hpp"

#include <fmt/format.h>

#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"
#include "engine/rulesets/sabreur_hex/phases/victory.hpp"

namespace umpire::sabreur {
namespace {

// The reaction as the rules data's action domain spells it.
std::string reaction_word(std::string_view detail) {
  std::string out(detail);
  for (char& c : out)
    if (c == '-') c = '_';
  return out;
}

}  // namespace

void record_reaction(Context& cx, UnitId u, const DetailWord& detail) {
  UnitState& st = cx.state.units.edit(u);
  st.reaction = detail.kind();
  st.reaction_word = cx.state.intern(reaction_word(detail.text()));
  if (st.next_test != TestReason::charge_reaction && st.next_test != TestReason::assault_reaction)
    st.next_test = TestReason::charge_reaction;
}

void follow(Context& cx, const Action& a) {
  std::optional<UnitId> u;
  if (!a.actors.empty()) u = a.actors.front();
  // `what`: the move, named where an extended line's second half's way is
  // reported not checked (its first half's is not checked either).
  const auto place_as_written = [&](UnitId id, std::string_view what) {
    UnitState& st = cx.state.units.edit(id);
    std::optional<Hex> to = a.stated.to;
    if (!a.path.empty()) to = a.path.back();
    if (a.to) to = a.to;
    const Facing facing = a.facing.value_or(a.stated.facing.value_or(st.facing));
    if (to && cx.setup.map.contains(*to)) {
      end_move(cx, id, *to, facing, what);
    } else if (to) {
      cx.state.eliminate(id);  // off the table (§ Manœuvres)
    } else {
      cx.state.face(id, facing);
    }
    if (auto formation = parse_formation(a.formation.empty() ? a.stated.formation : a.formation)) {
      st.formation = *formation;
      settle_second_hex(cx, id);
    }
    if (a.stated.destroyed) cx.state.eliminate(id);
  };
  switch (a.kind) {
    case ActionKind::move:
      cx.checker.not_checked(
          fmt::format("'{}' moves", a.detail.empty() ? std::string("move") : a.detail.text()),
          a.span);
      if (u) {
        place_as_written(*u, fmt::format("a '{}' move the engine does not check",
                                         a.detail.empty() ? std::string("move") : a.detail.text()));
        cx.state.units.edit(*u).manoeuvred = true;
      }
      break;
    case ActionKind::assault:
      cx.checker.not_checked("an assault without a target", a.span);
      cx.state.charge.reset();
      if (u) {
        check_activated(cx, a, *u);
        place_as_written(*u, "an assault without a target");
        if (!a.targets.empty()) {
          UnitState& t = cx.state.units.edit(a.targets.front());
          t.is_attack_target = true;
          t.next_test = TestReason::assault_reaction;
          t.test_enemy = *u;
        }
      }
      break;
    case ActionKind::respond:
      // Every reaction of the text is checked (reactions.cpp,
      // reaction_effects.cpp); a word the engine does not know, or a
      // reaction with nothing to react to (refused there), is applied as
      // written.
      if ((cx.state.charge || cx.state.assault) && a.detail != Detail::do_nothing &&
          a.detail != Detail::hold)
        cx.checker.not_checked(fmt::format("what a '{}' reaction does", a.detail), a.span);
      if (u) {
        record_reaction(cx, *u, a.detail);
        place_as_written(*u, fmt::format("a '{}' reaction", a.detail));
        // Defensive fire: the stated hits fall on the attacker.
        if (a.stated.hits && cx.state.units[*u].test_enemy)
          cx.state.pending = PendingLosses{*cx.state.units[*u].test_enemy, *u,
                                           static_cast<std::int16_t>(*a.stated.hits),
                                           LossCause::fire_losses, false};
      }
      break;
    case ActionKind::pursue:
      cx.checker.not_checked("pursuit", a.span);
      if (u) place_as_written(*u, "a pursuit the engine does not check");
      break;
    case ActionKind::remove:
      cx.checker.not_checked("whether a unit removed had to leave the table", a.span);
      if (u) cx.state.eliminate(*u);
      break;
    case ActionKind::state:
      cx.checker.not_checked("state changes written in the log", a.span);
      if (u) {
        UnitState& st = cx.state.units.edit(*u);
        for (const std::string& word : a.states) {
          if (word == "panicked") {
            st.panicked = true;
            st.formation = Formation::horde;
            settle_second_hex(cx, *u);  // a horde holds one hex
          } else if (word == "rallied" || word == "steady") {
            st.panicked = false;
          }
        }
      }
      break;
    case ActionKind::end:
      victory(cx, a);
      break;
    case ActionKind::support:
    case ActionKind::result:
      // Other rulesets' combat statements: a support, a stated result.
      cx.checker.not_checked(fmt::format("'{}' statements in a combat", a.verb), a.span);
      break;
    default:
      cx.checker.not_checked(fmt::format("'{}' statements", a.verb), a.span);
      break;
  }
}

}  // namespace umpire::sabreur
