// A unit's own facts as the rules data reads them (the self.* givens),
// stated only when a question reads them (Facts::self, rules_binding.hpp;
// the mechanism is common::BasicFacts::read_on_demand).
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

namespace umpire::sabreur {
namespace {

// The givens Facts::self states.
constexpr Given kSelfGivens[] = {
    Given::self_type,
    Given::self_formation,
    Given::self_new_formation,
    Given::self_quality,
    Given::self_skills,
    Given::self_command_factor,
    Given::self_strength,
    Given::self_initial_strength,
    Given::self_panicked,
    Given::self_outflanked,
    Given::self_outflanked_flank_protected,
    Given::self_outflanked_at_assault_declaration,
    Given::self_engages_enemy,
    Given::self_engaged_by_enemy,
    Given::self_engaged_from_rear,
    Given::self_engaged_only_by_infantry,
    Given::self_engaged_with_other_enemy,
    Given::self_hex_terrain,
    Given::self_higher_than_enemy,
    Given::self_charging,
    Given::self_is_attack_target,
    Given::self_reaction,
    Given::self_activated_this_turn,
    Given::self_tenacious_test_failed,
    Given::self_impetuous_test_passed,
    Given::self_displaced_skirmisher,
    Given::self_nearest_any_enemy_distance,
    Given::self_next_to_elite_leader,
    Given::self_nearest_enemy_distance,
    Given::self_shots_this_turn,
    Given::self_manoeuvred_this_turn,
    Given::self_in_contact_with_enemy,
};

// The adversary's givens Facts::enemy states: costly (a look at the
// neighbours' neighbours) and read for one skill only.
constexpr Given kEnemyGivens[] = {Given::enemy_outflanked, Given::enemy_isolated_artillery};

// The group's given Facts::group states: a look at every enemy.
constexpr Given kGroupGivens[] = {Given::group_nearest_enemy_distance};

// The march's given Facts::march_end states: a look at every enemy.
constexpr Given kMarchEndGivens[] = {Given::move_end_enemy_distance};

}  // namespace

void Facts::self(const Board& board, UnitId u) {
  // A value set before stands for another unit, or was meant to be
  // overwritten by this unit's: the unit's own facts now answer.
  unset(kSelfGivens);
  self_.emplace(BoardRef::of(board), u, board.state().units[u]);
#ifndef NDEBUG
  self_->around_when_stated = board.surroundings(u);
  self_->nearest_enemy_when_stated = board.nearest_enemy(u, false);
  self_->nearest_non_panicked_enemy_when_stated = board.nearest_enemy(u, true);
#endif
  read_on_demand();
  // The facts nearly every question reads (about two of the five each),
  // stated now from the record just taken: cheaper than the source's round
  // trip when read. Enumerations, a set and booleans: each fits its given
  // (Situation::fits asks only of integers and none).
  const UnitSetup& s = board.setup().units[u];
  const UnitState& st = self_->as_stated;
  const RulesBinding& data = bound();
  const auto state_now = [&](Given g, const rules::Val& v) { set_fitted(g, v); };
  state_now(Given::self_type, data.type(s.type));
  state_now(Given::self_skills, data.skills(s.skills));
  state_now(Given::self_panicked, rules::Val::boolean(st.panicked));
  state_now(Given::self_formation, data.formation(st.formation));
  state_now(Given::self_activated_this_turn, rules::Val::boolean(st.activated));
}

void Facts::enemy(const Board& board, UnitId e) {
  // Another adversary's answers, kept by the situation, no longer hold.
  unset(kEnemyGivens);
  enemy_.emplace();
  enemy_->on = BoardRef::of(board);
  enemy_->unit = e;
#ifndef NDEBUG
  enemy_->outflanked_when_stated = board.outflanked(e);
  enemy_->isolated_when_stated = board.isolated_artillery(e);
#endif
  read_on_demand();
}

void Facts::group(const Board& board, std::span<const UnitId> members) {
  unset(kGroupGivens);
  group_.emplace();
  group_->on = BoardRef::of(board);
  group_->members.assign(members.begin(), members.end());
#ifndef NDEBUG
  group_->nearest_enemy_when_stated = board.nearest_enemy_of_group(members);
#endif
  read_on_demand();
}

std::optional<rules::Val> Facts::fact_on_demand(Given g) const {
  return enemy_ && std::ranges::find(kEnemyGivens, g) != std::end(kEnemyGivens)   ? enemy_fact(g)
         : group_ && std::ranges::find(kGroupGivens, g) != std::end(kGroupGivens) ? group_fact(g)
         : march_end_ && std::ranges::find(kMarchEndGivens, g) != std::end(kMarchEndGivens)
             ? march_end_fact(g)
         : self_ ? self_fact(g)
                 : std::nullopt;
}

void Facts::march_end(const Board& board, std::uint8_t side, Hex end, std::optional<Hex> second) {
  unset(kMarchEndGivens);
  march_end_.emplace();
  march_end_->on = BoardRef::of(board);
  march_end_->side = side;
  march_end_->end = end;
  march_end_->second = second;
#ifndef NDEBUG
  march_end_->nearest_enemy_when_stated = board.nearest_enemy_from(end, second, side, false);
#endif
  read_on_demand();
}

std::optional<rules::Val> Facts::enemy_fact(Given g) const {
  const EnemyFacts& e = *enemy_;
  const Board b = e.on.board();
  const bool v = g == Given::enemy_outflanked ? b.outflanked(e.unit) : b.isolated_artillery(e.unit);
#ifndef NDEBUG
  if (v != (g == Given::enemy_outflanked ? e.outflanked_when_stated : e.isolated_when_stated))
    throw std::logic_error("Facts::enemy: the board changed before the enemy's facts were read");
#endif
  return rules::Val::boolean(v);
}

std::optional<rules::Val> Facts::group_fact(Given) const {
  const GroupFacts& group = *group_;
  if (group.nearest_enemy < 0) {
    group.nearest_enemy = group.on.board().nearest_enemy_of_group(group.members);
#ifndef NDEBUG
    if (group.nearest_enemy != group.nearest_enemy_when_stated)
      throw std::logic_error("Facts::group: the board changed before the group's facts were read");
#endif
  }
  return rules::Val::integer(group.nearest_enemy);
}

std::optional<rules::Val> Facts::march_end_fact(Given) const {
  const MarchEndFacts& march = *march_end_;
  if (march.nearest_enemy < 0) {
    march.nearest_enemy =
        march.on.board().nearest_enemy_from(march.end, march.second, march.side, false);
#ifndef NDEBUG
    if (march.nearest_enemy != march.nearest_enemy_when_stated)
      throw std::logic_error(
          "Facts::march_end: the board changed before the march's facts were read");
#endif
  }
  return rules::Val::integer(march.nearest_enemy);
}

std::optional<rules::Val> Facts::self_fact(Given g) const {
  using rules::Val;
  const SelfFacts& me = *self_;
  const UnitSetup& s = me.on.setup->units[me.unit];
  const UnitState& st = me.as_stated;
  const Board b = me.on.board();
  const RulesBinding& data = bound();
  const auto around = [&]() -> const Board::Surroundings& {
    if (!me.around) {
      me.around = b.surroundings(me.unit);
#ifndef NDEBUG
      // The board changed between self() and the question: the answer
      // would not be the one the engine meant to ask about.
      if (!(*me.around == me.around_when_stated))
        throw std::logic_error("Facts::self: the board changed before the unit's facts were read");
#endif
    }
    return *me.around;
  };
  const auto nearest = [&](bool non_panicked_only) {
    int& known = non_panicked_only ? me.nearest_non_panicked_enemy : me.nearest_enemy;
    if (known < 0) {
      known = b.nearest_enemy(me.unit, non_panicked_only);
#ifndef NDEBUG
      if (known != (non_panicked_only ? me.nearest_non_panicked_enemy_when_stated
                                      : me.nearest_enemy_when_stated))
        throw std::logic_error("Facts::self: the board changed before the unit's facts were read");
#endif
    }
    return known;
  };
  switch (g) {
    case Given::self_type:
      return data.type(s.type);
    case Given::self_formation:
    case Given::self_new_formation:
      return data.formation(st.formation);
    case Given::self_quality:
      return data.quality(s.quality);
    case Given::self_skills:
      return data.skills(s.skills);
    case Given::self_command_factor:
      return Val::integer(s.command);
    case Given::self_strength:
      return Val::integer(st.strength);
    case Given::self_initial_strength:
      return Val::integer(st.initial_strength);
    case Given::self_panicked:
      return Val::boolean(st.panicked);
    case Given::self_outflanked:
      return Val::boolean(around().outflanked);
    case Given::self_outflanked_flank_protected:
      return Val::boolean(false);
    case Given::self_outflanked_at_assault_declaration: {
      // The assault being fought, as it stood at its declaration.
      const std::optional<ChargeInProgress>& assault = me.on.state->assault;
      return Val::boolean(assault && assault->charger == me.unit &&
                          assault->charger_outflanked_at_declaration);
    }
    case Given::self_engages_enemy:
      return Val::boolean(around().engages_enemy);
    case Given::self_engaged_by_enemy:
      return Val::boolean(around().engaged_by_enemy);
    case Given::self_engaged_from_rear:
      return Val::boolean(around().engaged_from_rear);
    case Given::self_engaged_only_by_infantry:
      return Val::boolean(around().engaged_only_by_infantry);
    case Given::self_engaged_with_other_enemy:
      return Val::boolean(false);
    case Given::self_hex_terrain:
      return data.terrain(b.terrain_at(st.hex));
    case Given::self_higher_than_enemy:
      return Val::boolean(false);
    case Given::self_charging:
      return Val::boolean(st.charging);
    case Given::self_is_attack_target:
      return Val::boolean(st.is_attack_target);
    case Given::self_reaction: {
      if (st.reaction_word.empty()) return Val::none();
      auto v = bound().word(Given::self_reaction, st.reaction_word);
      if (!v)
        note_error(fmt::format("'{}' has no value '{}'", bound().rs().givens[bound().given(g)].name,
                               st.reaction_word));
      return v;
    }
    case Given::self_activated_this_turn:
      return Val::boolean(st.activated);
    case Given::self_tenacious_test_failed:
      return Val::boolean(st.tenacious_failed);
    case Given::self_impetuous_test_passed:
      return Val::boolean(st.impetuous_test_passed);
    case Given::self_displaced_skirmisher:
      return Val::boolean(b.state().is_displaced(me.unit));
    case Given::self_nearest_any_enemy_distance:
      return Val::integer(nearest(false));
    case Given::self_next_to_elite_leader:
      return Val::boolean(around().next_to_elite_leader);
    case Given::self_nearest_enemy_distance:
      return Val::integer(nearest(true));
    case Given::self_shots_this_turn:
      return Val::integer(st.shots);
    case Given::self_manoeuvred_this_turn:
      return Val::boolean(st.manoeuvred);
    case Given::self_in_contact_with_enemy:
      return Val::boolean(around().in_contact);
    default:
      return std::nullopt;
  }
}

}  // namespace umpire::sabreur
