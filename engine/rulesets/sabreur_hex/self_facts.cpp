// A unit's own facts as the rules data reads them (the self.* givens),
// stated only when a question reads them (Facts::self, rules_binding.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

namespace umpire::sabreur {
namespace {

// The givens Facts::self states.
constexpr G kSelfGivens[] = {
    G::self_type,
    G::self_formation,
    G::self_new_formation,
    G::self_quality,
    G::self_skills,
    G::self_command_factor,
    G::self_strength,
    G::self_initial_strength,
    G::self_panicked,
    G::self_outflanked,
    G::self_outflanked_flank_protected,
    G::self_outflanked_at_assault_declaration,
    G::self_engages_enemy,
    G::self_engaged_by_enemy,
    G::self_engaged_from_rear,
    G::self_engaged_only_by_infantry,
    G::self_engaged_with_other_enemy,
    G::self_hex_terrain,
    G::self_higher_than_enemy,
    G::self_charging,
    G::self_is_attack_target,
    G::self_reaction,
    G::self_activated_this_turn,
    G::self_tenacious_test_failed,
    G::self_impetuous_test_passed,
    G::self_displaced_skirmisher,
    G::self_nearest_any_enemy_distance,
    G::self_next_to_elite_leader,
    G::self_nearest_enemy_distance,
    G::self_shots_this_turn,
    G::self_manoeuvred_this_turn,
    G::self_in_contact_with_enemy,
};

// The adversary's givens Facts::enemy states: costly (a look at the
// neighbours' neighbours) and read for one skill only.
constexpr G kEnemyGivens[] = {G::enemy_outflanked, G::enemy_isolated_artillery};

// The group's given Facts::group states: a look at every enemy.
constexpr G kGroupGivens[] = {G::group_nearest_enemy_distance};

// The march's given Facts::march_end states: a look at every enemy.
constexpr G kMarchEndGivens[] = {G::move_end_enemy_distance};

}  // namespace

void Facts::unset(std::span<const G> givens) {
  if (situation_.blank()) return;  // a fresh situation: nothing to unset
  for (const G g : givens)
    if (situation_.has(b_->given(g))) situation_.unset(b_->given(g));
}

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
  situation_.set_source(this);
  // The facts nearly every question reads (about two of the five each),
  // stated now from the record just taken: cheaper than the source's round
  // trip when read. Enumerations, a set and booleans: each fits its given
  // (Situation::fits asks only of integers and none).
  const UnitSetup& s = board.setup().units[u];
  const UnitState& st = self_->as_stated;
  const auto state_now = [&](G g, const rules::Val& v) { situation_.set_fitted(b_->given(g), v); };
  state_now(G::self_type, b_->type(s.type));
  state_now(G::self_skills, b_->skills(s.skills));
  state_now(G::self_panicked, rules::Val::boolean(st.panicked));
  state_now(G::self_formation, b_->formation(st.formation));
  state_now(G::self_activated_this_turn, rules::Val::boolean(st.activated));
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
  situation_.set_source(this);
}

void Facts::group(const Board& board, std::span<const UnitId> members) {
  unset(kGroupGivens);
  group_.emplace();
  group_->on = BoardRef::of(board);
  group_->members.assign(members.begin(), members.end());
#ifndef NDEBUG
  group_->nearest_enemy_when_stated = board.nearest_enemy_of_group(members);
#endif
  situation_.set_source(this);
}

std::optional<rules::Val> Facts::provide(std::uint32_t given) const {
  const std::optional<G> g = b_->given_of(given);
  if (!g) return std::nullopt;
  std::optional<rules::Val> v =
      enemy_ && std::ranges::find(kEnemyGivens, *g) != std::end(kEnemyGivens)   ? enemy_fact(*g)
      : group_ && std::ranges::find(kGroupGivens, *g) != std::end(kGroupGivens) ? group_fact(*g)
      : march_end_ && std::ranges::find(kMarchEndGivens, *g) != std::end(kMarchEndGivens)
          ? march_end_fact(*g)
      : self_ ? self_fact(*g)
              : std::nullopt;
  if (!v) return std::nullopt;
  if (v->kind == rules::Val::Kind::integer) {
    const rules::Type& t = b_->rs().givens[given].type;
    v->number = std::clamp(v->number, t.lo, t.hi);
  }
  if (!situation_.fits(given, *v)) {
    if (error_.empty())
      error_ = fmt::format("'{}': {}", b_->rs().givens[given].name,
                           situation_.misfit(given, *v).value_or(""));
    return std::nullopt;
  }
  return v;
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
  situation_.set_source(this);
}

std::optional<rules::Val> Facts::enemy_fact(G g) const {
  const EnemyFacts& e = *enemy_;
  const Board b = e.on.board();
  const bool v = g == G::enemy_outflanked ? b.outflanked(e.unit) : b.isolated_artillery(e.unit);
#ifndef NDEBUG
  if (v != (g == G::enemy_outflanked ? e.outflanked_when_stated : e.isolated_when_stated))
    throw std::logic_error("Facts::enemy: the board changed before the enemy's facts were read");
#endif
  return rules::Val::boolean(v);
}

std::optional<rules::Val> Facts::group_fact(G) const {
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

std::optional<rules::Val> Facts::march_end_fact(G) const {
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

std::optional<rules::Val> Facts::self_fact(G g) const {
  using rules::Val;
  const SelfFacts& me = *self_;
  const UnitSetup& s = me.on.setup->units[me.unit];
  const UnitState& st = me.as_stated;
  const Board b = me.on.board();
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
    case G::self_type:
      return b_->type(s.type);
    case G::self_formation:
    case G::self_new_formation:
      return b_->formation(st.formation);
    case G::self_quality:
      return b_->quality(s.quality);
    case G::self_skills:
      return b_->skills(s.skills);
    case G::self_command_factor:
      return Val::integer(s.command);
    case G::self_strength:
      return Val::integer(st.strength);
    case G::self_initial_strength:
      return Val::integer(st.initial_strength);
    case G::self_panicked:
      return Val::boolean(st.panicked);
    case G::self_outflanked:
      return Val::boolean(around().outflanked);
    case G::self_outflanked_flank_protected:
      return Val::boolean(false);
    case G::self_outflanked_at_assault_declaration:
      return Val::boolean(false);
    case G::self_engages_enemy:
      return Val::boolean(around().engages_enemy);
    case G::self_engaged_by_enemy:
      return Val::boolean(around().engaged_by_enemy);
    case G::self_engaged_from_rear:
      return Val::boolean(around().engaged_from_rear);
    case G::self_engaged_only_by_infantry:
      return Val::boolean(around().engaged_only_by_infantry);
    case G::self_engaged_with_other_enemy:
      return Val::boolean(false);
    case G::self_hex_terrain:
      return b_->terrain(b.terrain_at(st.hex));
    case G::self_higher_than_enemy:
      return Val::boolean(false);
    case G::self_charging:
      return Val::boolean(st.charging);
    case G::self_is_attack_target:
      return Val::boolean(st.is_attack_target);
    case G::self_reaction: {
      if (st.reaction.empty()) return Val::none();
      auto v = b_->word(G::self_reaction, st.reaction);
      if (!v && error_.empty())
        error_ =
            fmt::format("'{}' has no value '{}'", b_->rs().givens[b_->given(g)].name, st.reaction);
      return v;
    }
    case G::self_activated_this_turn:
      return Val::boolean(st.activated);
    case G::self_tenacious_test_failed:
      return Val::boolean(st.tenacious_failed);
    case G::self_impetuous_test_passed:
      return Val::boolean(st.impetuous_test_passed);
    case G::self_displaced_skirmisher:
      return Val::boolean(false);
    case G::self_nearest_any_enemy_distance:
      return Val::integer(nearest(false));
    case G::self_next_to_elite_leader:
      return Val::boolean(around().next_to_elite_leader);
    case G::self_nearest_enemy_distance:
      return Val::integer(nearest(true));
    case G::self_shots_this_turn:
      return Val::integer(st.shots);
    case G::self_manoeuvred_this_turn:
      return Val::boolean(st.manoeuvred);
    case G::self_in_contact_with_enemy:
      return Val::boolean(around().in_contact);
    default:
      return std::nullopt;
  }
}

}  // namespace umpire::sabreur
