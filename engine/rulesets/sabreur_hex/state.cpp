#include "engine/rulesets/sabreur_hex/state.hpp"

#include <fmt/format.h>

#include "engine/geometry/hex/text.hpp"

namespace umpire::sabreur {

std::string_view name(TestReason r) {
  switch (r) {
    case TestReason::special_action:
      return "special_action";
    case TestReason::charge_reaction:
      return "charge_reaction";
    case TestReason::assault_reaction:
      return "assault_reaction";
    case TestReason::losses_taken:
      return "losses_taken";
    case TestReason::rally_attempt:
      return "rally_attempt";
    case TestReason::formation_change:
      return "formation_change";
    case TestReason::tenacious_activation:
      return "tenacious_activation";
    case TestReason::loss_transfer:
      return "loss_transfer";
    case TestReason::tactical_sense_activation:
      return "tactical_sense_activation";
    case TestReason::impetuous_cancellation:
      return "impetuous_cancellation";
  }
  return "special_action";
}

std::string_view name(LossCause c) {
  switch (c) {
    case LossCause::fire_losses:
      return "fire_losses";
    case LossCause::shock_losses:
      return "shock_losses";
    case LossCause::melee_losses:
      return "melee_losses";
    case LossCause::transferred_losses:
      return "transferred_losses";
  }
  return "fire_losses";
}

State::State(const Setup& setup)
    : map_(&setup.map), cells_(setup.map), occupant_(cells_.size(), 0) {
  units.resize(setup.units.size());
  sides.resize(setup.sides.size());
  for (std::size_t i = 0; i < setup.units.size(); ++i) {
    UnitState& u = units.edit(i);
    u.formation = setup.units[i].formation;
    u.strength = static_cast<std::int16_t>(setup.units[i].strength);
    u.initial_strength = u.strength;
    u.on_table = false;  // until deployed
  }
}

void State::place(UnitId u, Hex h) {
  UnitState& s = units.edit(u);
  if (s.second_hex) {  // an extended line: both halves move (place_second)
    const Hex second = *s.second_hex + (h - s.hex);
    place_second(u, std::nullopt);
    place(u, h);
    place_second(u, second);
    return;
  }
  const auto from = s.on_table ? cell_on_map(s.hex) : std::nullopt;
  if (from && occupant_[*from] == u + 1) occupant_[*from] = 0;
  s.hex = h;
  s.on_table = true;
  const auto to = cell_on_map(h);
  if (to && occupant_[*to] == 0) occupant_[*to] = u + 1;
}

void State::eliminate(UnitId u) {
  UnitState& s = units.edit(u);
  const auto first = s.on_table ? cell_on_map(s.hex) : std::nullopt;
  if (first && occupant_[*first] == u + 1) occupant_[*first] = 0;
  const auto second = s.on_table && s.second_hex ? cell_on_map(*s.second_hex) : std::nullopt;
  if (second && occupant_[*second] == u + 1) occupant_[*second] = 0;
  s.on_table = false;
}

// The extended line's block (§ Formations spéciales, § Orientation des unités).
void State::place_second(UnitId u, std::optional<Hex> h) {
  UnitState& s = units.edit(u);
  const auto was = s.on_table && s.second_hex ? cell_on_map(*s.second_hex) : std::nullopt;
  if (was && occupant_[*was] == u + 1) occupant_[*was] = 0;
  // A hex off the map or taken drops the second half rather than break the
  // invariants: the engine reports such a move first (sabreur.move.second-half).
  std::optional<std::size_t> to = h ? cell_on_map(*h) : std::nullopt;
  if (to && s.on_table && occupant_[*to] != 0) to.reset();
  s.second_hex = to ? h : std::nullopt;
  if (to && s.on_table) occupant_[*to] = u + 1;
}

void State::face(UnitId u, Facing f) {
  UnitState& s = units.edit(u);
  const int steps = hex::rotation_steps(s.facing, f);
  s.facing = f;
  if (!s.second_hex || steps == 0 || steps == 3) return;  // one hex, or the about-face in place
  place_second(u, hex::rotate_about(*s.second_hex, s.hex, steps));
}

std::string_view State::intern(std::string_view word) {
  for (const std::string& w : *words_)
    if (w == word) return w;
  return words_->emplace_back(word);
}

bool State::lose(UnitId u, int n) {
  UnitState& s = units.edit(u);
  s.strength = static_cast<std::int16_t>(s.strength - n);
  if (s.strength <= 0 && s.on_table) {
    eliminate(u);
    return true;
  }
  return false;
}

namespace {

// One unit's record (docs/engine-internals.md § Sabreur-hex state layout), written to
// either the state's writer or a record's Hasher; inlined, so that a local
// Hasher stays in registers.
template <typename Out>
[[gnu::always_inline]] inline void write_unit(const UnitState& u, Out& out) {
  out.boolean(u.on_table);
  out.i32(u.hex.q);
  out.i32(u.hex.r);
  out.u8(static_cast<std::uint8_t>(u.facing));
  out.u8(static_cast<std::uint8_t>(u.formation));
  out.i32(u.strength);
  out.i32(u.initial_strength);
  out.boolean(u.panicked);
  out.boolean(u.activated);
  out.boolean(u.manoeuvred);
  out.boolean(u.charging);
  out.u8(u.shots);
  out.u8(static_cast<std::uint8_t>(u.next_test));
  out.i32(u.test_enemy ? static_cast<std::int32_t>(*u.test_enemy) : -1);
  out.boolean(u.is_attack_target);
  out.str(u.reaction_word);
  out.u8(u.defensive_fires);
  // Flags: 1 tenacious_failed, 2 impetuous_test_passed, 4 second_hex,
  // 8 impetuous_bound, 16 owes_attack_on, 32 second_half_fired_first,
  // 64 former_hexes, 128 march_hexes_left (a
  // byte that reads as the boolean tenacious_failed while no unit is
  // "impétueux" or holds two hexes).
  out.u8(
      static_cast<std::uint8_t>((u.tenacious_failed ? 1 : 0) | (u.impetuous_test_passed ? 2 : 0) |
                                (u.second_hex ? 4 : 0) | (u.impetuous_bound ? 8 : 0) |
                                (u.owes_attack_on ? 16 : 0) | (u.second_half_fired_first ? 32 : 0) |
                                (u.former_hexes ? 64 : 0) | (u.march_hexes_left != 0 ? 128 : 0)));
  out.u8(u.return_fires);
  out.u8(static_cast<std::uint8_t>(u.choice));
  out.i32(u.fired_at ? static_cast<std::int32_t>(*u.fired_at) : -1);
  out.u8(u.former_formation ? static_cast<std::uint8_t>(*u.former_formation) : 255);
  out.u8(static_cast<std::uint8_t>(u.former_facing));
  out.i32(u.fire_losses_dealt);
  out.boolean(u.fled_off_table);
  if (u.second_hex) {  // flag 4: an extended line's second hex
    out.i32(u.second_hex->q);
    out.i32(u.second_hex->r);
  }
  if (u.owes_attack_on) out.u16(*u.owes_attack_on);  // flag 16
  if (u.former_hexes) {  // flag 64: an extended line's hexes before a change
    out.i32(u.former_hexes->first.q);
    out.i32(u.former_hexes->first.r);
    out.i32(u.former_hexes->second.q);
    out.i32(u.former_hexes->second.r);
  }
  if (u.march_hexes_left != 0) out.u8(u.march_hexes_left);  // flag 128
}

}  // namespace

void State::write(replay::StateWriter& out) const {
  write_head(out);
  out.tag('U');
  out.u32(static_cast<std::uint32_t>(units.size()));
  for (const UnitState& u : units) write_unit(u, out);
  write_tail(out);
}

std::uint64_t State::units_digest(UnitDigests& digests) const {
  // write_unit<Hasher> is inlined here, with a local Hasher: the place of
  // each fixed field in its word is known at compile time.
  return digests.digest(units.records(), units.stamps(), [](const UnitState& u) {
    replay::Hasher h;
    write_unit(u, h);
    return h.hash();
  });
}

void State::write_hashed(replay::Hasher& out, UnitDigests& digests) const {
  // A local copy, so that the compiler keeps it in registers through
  // write_head and write_tail (inlined here).
  replay::Hasher h = out;
  write_head(h);
  h.tag('U');
  h.u32(static_cast<std::uint32_t>(units.size()));
  h.u64(units_digest(digests));
  write_tail(h);
  out = h;
}

template <typename Out>
void State::write_head(Out& out) const {
  out.tag('T');
  out.u32(turn);
  out.u8(side);
  out.u8(static_cast<std::uint8_t>(phase));
  out.tag('S');
  out.u32(static_cast<std::uint32_t>(sides.size()));
  for (const SideState& s : sides) {
    out.i32(s.order_points);
    out.boolean(s.order_points_thrown);
  }
}

template <typename Out>
void State::write_tail(Out& out) const {
  out.tag('G');
  out.u32(static_cast<std::uint32_t>(group.size()));
  for (UnitId g : group) out.u16(g);
  out.tag('P');
  out.boolean(pending.has_value());
  if (pending) {
    out.u16(pending->unit);
    out.u16(pending->from);
    out.i32(pending->count);
    out.u8(static_cast<std::uint8_t>(pending->cause));
    out.boolean(pending->enfilade);
  }
  out.boolean(failure.has_value());
  if (failure) {
    out.u16(failure->unit);
    out.i32(failure->losses);
  }
  out.tag('C');
  out.boolean(charge.has_value());
  if (charge) {
    out.u16(charge->charger);
    out.u16(charge->target);
    out.i32(charge->charger_from.q);
    out.i32(charge->charger_from.r);
    out.i32(charge->distance_at_declaration);
    out.boolean(charge->target_engaged_at_declaration);
    out.u8(charge->reacting_units);
    out.i32(charge->target_strength);
    out.boolean(charge->pursuit);
    out.boolean(charge->target_fled);
    out.boolean(charge->charger_fled);
    out.boolean(charge->pursued);
    out.u8(charge->pursuing_friends);
    out.i32(charge->pursued_from.q);
    out.i32(charge->pursued_from.r);
    out.boolean(charge->charger_failed);
    out.u8(static_cast<std::uint8_t>(charge->path_open));
    out.boolean(charge->target_squared);
    out.u8(static_cast<std::uint8_t>(charge->charger_facing));
    out.i32(charge->reaction_from.q);
    out.i32(charge->reaction_from.r);
    out.i32(charge->charger_strength_before_reaction);
    out.i32(charge->refused_countercharge
                ? static_cast<std::int32_t>(*charge->refused_countercharge)
                : -1);
    out.i32(charge->defensive_fire_losses);
  }
  out.tag('A');
  out.boolean(assault.has_value());
  if (assault) {
    out.u16(assault->charger);
    out.u16(assault->target);
    out.i32(assault->charger_from.q);
    out.i32(assault->charger_from.r);
    out.i32(assault->distance_at_declaration);
    out.boolean(assault->target_engaged_at_declaration);
    out.boolean(assault->charger_outflanked_at_declaration);
    out.u8(assault->reacting_units);
    out.i32(assault->target_strength);
    out.u8(static_cast<std::uint8_t>(assault->charger_facing));
    out.i32(assault->defensive_fire_losses);
  }
  out.tag('K');
  out.boolean(combat.has_value());
  if (combat) {
    out.u16(combat->attacker);
    out.u16(combat->defender);
    out.boolean(combat->shock);
    out.u8(static_cast<std::uint8_t>(combat->step));
    out.boolean(combat->attacker_struck);
    out.boolean(combat->defender_struck);
    out.boolean(combat->defender_fled);
    out.boolean(combat->fire_first);
    out.i32(combat->attacker_losses);
    out.i32(combat->defender_losses);
    out.i32(combat->first_test ? static_cast<std::int32_t>(*combat->first_test) : -1);
    out.i32(combat->second_test ? static_cast<std::int32_t>(*combat->second_test) : -1);
    out.i32(combat->pursuer ? static_cast<std::int32_t>(*combat->pursuer) : -1);
    out.i32(combat->fire_losses);
    out.i32(combat->defender_strength);
  }
  out.tag('F');
  out.boolean(fire_to_answer.has_value());
  if (fire_to_answer) {
    out.u16(fire_to_answer->shooter);
    out.u16(fire_to_answer->target);
  }
  // 'X' only while a transfer of artillery's losses waits for its test
  // (morale.cpp): the layout ends with 'F' otherwise.
  if (transfer) {
    out.tag('X');
    out.u16(transfer->artillery);
    out.u16(transfer->receiver);
    out.u16(transfer->from);
    out.i32(transfer->count);
    out.u8(static_cast<std::uint8_t>(transfer->cause));
    out.i32(transfer->kept);
  }
  // 'N' only once a charge or assault was cancelled this player turn
  // (cancelled_attack.cpp).
  if (!cancelled_attackers.empty()) {
    out.tag('N');
    out.u32(static_cast<std::uint32_t>(cancelled_attackers.size()));
    for (UnitId u : cancelled_attackers) out.u16(u);
  }
  // 'D' only once a friendly skirmisher was moved aside this player turn
  // (skirmishers_aside.cpp).
  if (!displaced.empty()) {
    out.tag('D');
    out.u32(static_cast<std::uint32_t>(displaced.size()));
    for (const Displaced& d : displaced) {
      out.u16(d.unit);
      out.u16(d.by);
      out.u8(static_cast<std::uint8_t>((d.lifted ? 1 : 0) | (d.put_back ? 2 : 0)));
    }
  }
}

std::string State::check_invariants() const {
  if (!map_) return {};
  std::vector<int> seen(occupant_.size(), 0);
  for (std::size_t i = 0; i < units.size(); ++i) {
    const UnitState& u = units[i];
    const auto at = u.on_table ? cell_on_map(u.hex) : std::nullopt;
    if (!at) continue;
    if (++seen[*at] > 1) return fmt::format("two units on {}", hex::to_string(u.hex));
    if (occupant_[*at] != static_cast<std::int32_t>(i + 1))
      return fmt::format("occupancy of {} disagrees with unit {}", hex::to_string(u.hex), i);
    const auto second = u.second_hex ? cell_on_map(*u.second_hex) : std::nullopt;
    if (!second) continue;  // an extended line's
    if (++seen[*second] > 1) return fmt::format("two units on {}", hex::to_string(*u.second_hex));
    if (occupant_[*second] != static_cast<std::int32_t>(i + 1))
      return fmt::format("occupancy of {} disagrees with unit {}", hex::to_string(*u.second_hex),
                         i);
  }
  for (std::size_t at = 0; at < occupant_.size(); ++at)
    if (occupant_[at] != 0 && seen[at] == 0)
      return fmt::format("unit {} is marked on a hex it does not stand on", occupant_[at] - 1);
  return {};
}

}  // namespace umpire::sabreur
