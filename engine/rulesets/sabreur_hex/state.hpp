#pragma once
// The state of a Sabreur-hex game during a replay. Plain values, indexed by
// UnitId (the order of the log's army lists); the canonical layout that
// write_state() produces is documented in docs/engine-internals.md § Sabreur-hex state layout.
//
// Invariants (check_invariants): at most one unit per hex
// (002_87c3dc452f850204.txt § Soilage), `occupant` agrees with the units on
// the table, an eliminated unit holds no hex.
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/replay/state_hash.hpp"
#include "engine/core/span.hpp"
#include "engine/geometry/hex/axial_box.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

// Why the next morale test of a unit is taken (the rules data's morale_reason).
enum class TestReason : std::uint8_t {
  special_action,
  charge_reaction,
  assault_reaction,
  losses_taken,
  rally_attempt,
  formation_change,
  tenacious_activation,
  // Special actions (morale.cpp): a friend taking over artillery's losses,
  // a "sens tactique" unit activated by a test, an "impétueux" unit
  // cancelling its obligation to attack.
  loss_transfer,
  tactical_sense_activation,
  impetuous_cancellation,
};
std::string_view name(TestReason r);

// transferred_losses: artillery's losses a friend took over (morale.cpp).
enum class LossCause : std::uint8_t { fire_losses, shock_losses, melee_losses, transferred_losses };

// What a unit has chosen to do this turn among the 14 actions of
// § Déroulement d'un tour de jeu, as its statements add up (action_choice.cpp).
enum class ActionChoice : std::uint8_t {
  none,
  march,
  forced_march,
  evade,
  fire,
  change_formation,
  charge,
  assault,
  rally,
  march_then_fire,
  double_fire,
  change_formation_then_fire,
  fire_then_charge_or_assault,
  march_then_change_formation,
  flight,  // a flight nothing forced: the unit's choice (action_choice.cpp)
};
std::string_view name(LossCause c);

// The two hexes of an extended line (UnitState::former_hexes). At
// namespace level with its own comparison, so that UnitState's defaulted
// one is not deleted (clang).
struct TwoHexes {
  Hex first;
  Hex second;
  friend bool operator==(const TwoHexes&, const TwoHexes&) = default;
};

struct UnitState {
  Hex hex;
  Facing facing = Facing::n;
  Formation formation = Formation::line;
  std::int16_t strength = 0;
  std::int16_t initial_strength = 0;
  bool on_table = true;
  bool panicked = false;
  bool activated = false;            // this turn
  bool manoeuvred = false;           // this turn
  bool charging = false;             // in the charge being resolved
  std::uint8_t shots = 0;            // fires this turn
  std::uint8_t defensive_fires = 0;  // defensive fires this turn
  TestReason next_test = TestReason::special_action;
  std::optional<UnitId> test_enemy;  // the charger, the unit that inflicted the losses
  bool is_attack_target = false;
  // The reaction declared to the current charge (none: no reaction), and
  // its word in the rules spelling, which the state hash and the data's
  // self.reaction read; the text lives in State::intern's table, so that a
  // unit record stays plain bytes (copied and compared for the state hash
  // after every event).
  Detail reaction = Detail::none;
  std::string_view reaction_word;
  void clear_reaction() {
    reaction = Detail::none;
    reaction_word = {};
  }
  bool tenacious_failed = false;             // failed its "tenace" activation test this turn
  std::uint8_t return_fires = 0;             // return fires this turn
  ActionChoice choice = ActionChoice::none;  // this turn
  std::optional<UnitId> fired_at;            // the target of its fire this turn
  // The formation and facing before a change of formation whose
  // test is still owed; a failed test restores them (§ Changements de formation).
  std::optional<Formation> former_formation;
  Facing former_facing = Facing::n;
  // An extended line that left its formation, its two hexes while that
  // change awaits its test: a failed test puts it back on them.
  std::optional<TwoHexes> former_hexes;
  // Strength its fire this turn cost the unit it fired at (saves
  // deducted), for "tir puis charge ou assaut" (§ Test moral).
  std::int16_t fire_losses_dealt = 0;
  // Left the table by fleeing (§ Manœuvres): half its victory points
  // (following.cpp).
  bool fled_off_table = false;
  // The hexes of its allowance its march this turn left unused: a change
  // of formation after it costs 1 (§ Changements de formation).
  std::uint8_t march_hexes_left = 0;
  // "impétueux": passed its test cancelling the obligation to attack once
  // its side's order points are spent, this turn (morale.cpp).
  bool impetuous_test_passed = false;
  // "impétueux" (impetuous.cpp): activated with an enemy it can charge or
  // assault, it must attack one before its activation ends; and the enemy
  // its own manoeuvre brought it to engage, which it must attack (at once
  // in a charge, an assault or a pursuit; after a march, at its next
  // activation).
  bool impetuous_bound = false;
  std::optional<UnitId> owes_attack_on;
  // The other half's hex of an extended line, which "est disposée ... sur 2
  // hexagones voisins" (§ Formations spéciales); none for a unit on one hex.
  // `hex` is the half the log writes first (deployment, moves).
  std::optional<Hex> second_hex;
  // Its double fire this turn began with the half on `second_hex` (the log
  // wrote `from <hex>`, § Le tir): the other fire is the first half's.
  bool second_half_fired_first = false;

  // Every field: the state hash hashes a unit again when it differs.
  friend bool operator==(const UnitState&, const UnitState&) = default;
};

// Plain bytes: copied for every snapshot, compared after every event.
static_assert(std::is_trivially_copyable_v<UnitState>);

// The unit records as last hashed, for the state hash (State::write_hashed).
using UnitDigests = replay::RecordSetDigest<UnitState>;

// The units' records, each stamped with the moment of its last access for
// writing: the state hash compares the stamps (eight bytes a unit) rather
// than the records (a hundred), and looks again only at the units an event
// may have changed (docs/performance.md § Replay). Reading through a
// const table leaves the stamp; any access that could write renews it.
class UnitTable {
 public:
  std::size_t size() const { return units_.size(); }
  const UnitState& operator[](std::size_t u) const { return units_[u]; }
  std::vector<UnitState>::const_iterator begin() const { return units_.begin(); }
  std::vector<UnitState>::const_iterator end() const { return units_.end(); }
  // Unit u, to change it.
  UnitState& edit(std::size_t u) {
    touch(u);
    return units_[u];
  }
  void resize(std::size_t n) {
    units_.resize(n);
    stamps_.resize(n);
    for (std::size_t u = 0; u < n; ++u) touch(u);
  }

  std::span<const UnitState> records() const { return units_; }
  // stamps()[u] changes whenever unit u may have changed; equal stamps, at
  // any two moments, mean the same record (copies and restored snapshots
  // included: a stamp is never given twice in a process).
  std::span<const std::uint64_t> stamps() const { return stamps_; }

 private:
  static std::uint64_t next_stamp() {
    // One clock for every thread: a table may be copied to another thread.
    static std::atomic<std::uint64_t> clock{0};
    return clock.fetch_add(1, std::memory_order_relaxed) + 1;
  }
  void touch(std::size_t u) { stamps_[u] = next_stamp(); }
  std::vector<UnitState> units_;
  std::vector<std::uint64_t> stamps_;
};

struct SideState {
  std::int16_t order_points = 0;  // left this turn
  bool order_points_thrown = false;
};

// Hits that a save may still reduce.
struct PendingLosses {
  UnitId unit = 0;
  UnitId from = 0;
  std::int16_t count = 0;
  LossCause cause = LossCause::fire_losses;
  bool enfilade = false;
};

// The charge being resolved, as it stood at its declaration
// (§ Réactions face à une charge: what the reactions may be depends on it).
struct ChargeInProgress {
  UnitId charger = 0;
  UnitId target = 0;
  Hex charger_from;  // where the charger stood when it declared the charge
  std::int16_t distance_at_declaration = 0;
  bool target_engaged_at_declaration = false;
  // An assaulter outflanked as it declared "sera considérée comme débordée"
  // in the mêlée, whatever its march changed (§ Précisions sur les
  // facteurs de combat ou de tir: the given
  // self.outflanked_at_assault_declaration).
  bool charger_outflanked_at_declaration = false;
  std::uint8_t reacting_units = 0;   // reactions declared so far
  std::int16_t target_strength = 0;  // the target's strength at the declaration
  // Pursuit (§ La charge et le choc, steps 5 and 6; pursuit.cpp).
  bool pursuit = false;       // the attack of a pursuit: a shock, no reaction, no second pursuit
  bool target_fled = false;   // the target fled or evaded: the charger may pursue
  bool charger_fled = false;  // the charger fled: the unit that countercharged it may pursue
  bool pursued = false;       // the charger (or that countercharger) has pursued
  std::uint8_t pursuing_friends = 0;  // friends with "sens tactique" that joined the pursuit
  Hex pursued_from;                   // where the pursuer stood before its pursuit (when `pursued`)
  bool charger_failed = false;        // the charger failed a morale test: its charge is over
  // Its path "du début à la fin, en terrain dégagé" (§ Effets du terrain),
  // for the doubling (the state bytes write its number).
  enum class PathOpenness : std::uint8_t {
    unwritten = 0,  // the log wrote no path
    open = 1,       // open ground all along
    not_open = 2,
    open_across_side_wood = 3,  // open hexes, a wood along a side crossed (not checked)
  };
  PathOpenness path_open = PathOpenness::unwritten;
  // The infantry target formed square against this cavalry charge
  // and passed its test: the charger may evade (§ La charge et le choc, 4).
  bool target_squared = false;
  // The charge helper's block (reactions.cpp, reaction_effects.cpp):
  // the charger's facing at the declaration, whether it engaged a unit
  // firing defensively (§ Le tir); what a countercharge or a defensive fire
  // whose test is still owed changed, undone if the test fails ("La réaction
  // à la charge ne peut être effectuée que si le test moral est réussi"):
  // the hex the reacting unit left, the charger's strength before the fire;
  // and the unit whose countercharge that test refused.
  Facing charger_facing = Facing::n;
  Hex reaction_from;
  std::int16_t charger_strength_before_reaction = 0;
  std::optional<UnitId> refused_countercharge;
  // The charger's losses to the defensive fires of this charge or assault
  // (saves deducted) that called no test on their own: "Même chose si une
  // unité subit 2 tirs défensifs" (§ Test moral), they count with the next
  // one's (turn.cpp apply_losses).
  std::int16_t defensive_fire_losses = 0;
};

// The fire just resolved, which its target (or a regimental gun next to an
// infantry target) may answer with a return fire once its save and morale
// test are done (§ Le tir, "Tir de riposte").
struct FireToAnswer {
  UnitId shooter = 0;
  UnitId target = 0;
};

// Artillery's losses that a friend offered to take over (`special <artillery>
// transfer-losses target <friend>`) and that wait for the friend's morale
// test (§ Précisions sur les facteurs de combat ou de tir; morale.cpp).
struct LossTransfer {
  UnitId artillery = 0;
  UnitId receiver = 0;
  UnitId from = 0;  // the unit that inflicted them
  std::int16_t count = 0;
  LossCause cause = LossCause::fire_losses;
  std::int16_t kept = 0;  // the losses the artillery did not hand over
};

// A failed morale test whose unit will lose the difference unless it flees.
struct PendingFailure {
  UnitId unit = 0;
  std::int16_t losses = 0;
};

// The combat between two units (§ La charge et le choc, § L'assaut et la
// mêlée; combat_sequence.cpp): declared by a charge or an assault, fought
// from the first `attack`, closed by the next charge, assault or pursuit
// (the next attack opens another combat) and dropped at the next player
// turn. A closed combat still says whether the last one was a mêlée.
enum class CombatStep : std::uint8_t {
  declared,         // a charge or an assault: the first strike is the attacker's
  target_losses,    // the first strike's losses are being taken (and saved)
  target_test,      // shock: the target owes a test for them (step 2)
  target_tested,    // shock: the next statement says whether the target flees
  return_strike,    // the other unit may strike back (mêlée: ripostes)
  attacker_losses,  // the return strike's losses are being taken
  attacker_test,    // shock: the charger owes a test (step 4)
  bilan_first,      // mêlée: the bilan's first test (or none) is owed
  bilan_second,     // mêlée: the first has tested; the second owes one unless it fled
  bilan_exempt,     // mêlée: the first fled, the second takes no test
  over,             // fought: a further strike is out of order
  abandoned,        // the log left the rules' order: not followed further
  closed,           // a charge, assault or pursuit came since
};

struct CombatInProgress {
  UnitId attacker = 0;  // the charger, pursuer, assaulting unit or a friend that
                        // countercharged the charger: strikes first
  UnitId defender = 0;
  bool shock = false;  // a shock (charge or pursuit), else a mêlée
  CombatStep step = CombatStep::declared;
  bool attacker_struck = false;
  bool defender_struck = false;
  bool defender_fled = false;
  bool fire_first = false;           // "tir puis charge ou assaut": the fire's losses count too
  std::int16_t attacker_losses = 0;  // strength lost to the other's strike, saves deducted
  std::int16_t defender_losses = 0;
  std::optional<UnitId> first_test, second_test;  // the bilan's tests, in order
  std::optional<UnitId> pursuer;  // closed by this unit's pursuit: its attack is a shock
  std::int16_t fire_losses = 0;   // the defender's losses to the attacker's fire first
  // The defender's strength before the first strike (the charge helper's
  // block): in the shock of a friend that countercharged the charger, what
  // the charger lost since reduces its return strike (combat.cpp).
  std::int16_t defender_strength = 0;
};

class State {
 public:
  State() = default;
  State(const Setup& setup);

  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  Phase phase = Phase::none;
  UnitTable units;
  std::vector<SideState> sides;
  std::vector<UnitId> group;  // the group activated last
  std::optional<PendingLosses> pending;
  std::optional<PendingFailure> failure;
  std::optional<ChargeInProgress> charge;
  // The assault being resolved, as it stood at its declaration: the same
  // reactions as to a charge (§ Réactions face à un assaut), then a mêlée,
  // so `charge` is empty meanwhile (assault.cpp).
  std::optional<ChargeInProgress> assault;
  // The combat being fought, or the last one this player turn.
  std::optional<CombatInProgress> combat;
  bool last_combat_was_melee() const { return combat && !combat->shock; }
  std::optional<FireToAnswer> fire_to_answer;
  std::optional<LossTransfer> transfer;  // morale.cpp
  // The units whose charge or assault was cancelled this player turn, in
  // order: they do nothing more this turn (cancelled_attack.cpp).
  std::vector<UnitId> cancelled_attackers;
  // Friendly skirmishers a march, charge or assault went through or ended
  // on this player turn, and the unit that moved: put back by `move <unit>
  // aside`, idle for the rest of the turn (skirmishers_aside.cpp). `lifted`:
  // taken off the table until put back (it stood where the mover ended);
  // one only crossed may be put back, and is displaced once it is.
  struct Displaced {
    UnitId unit = 0;
    UnitId by = 0;
    bool lifted = false;
    bool put_back = false;
    Span span;  // the move that displaced it (not hashed: where to report)
  };
  std::vector<Displaced> displaced;
  bool is_displaced(UnitId u) const {
    for (const Displaced& d : displaced)
      if (d.unit == u && (d.lifted || d.put_back)) return true;
    return false;
  }
  // Some unit owes a morale test right now (a change of formation near the
  // enemy, a "tenace" activation): derived from next_test, so not hashed;
  // it spares the engine a look at every unit after each statement.
  bool tests_due = false;

  // The unit on `h`, if any. Inline: the board's neighbour look-ups call it
  // six times for each question about a unit.
  std::optional<UnitId> unit_at(Hex h) const {
    const std::optional<std::size_t> c = cells_.cell(h);
    if (!c) return std::nullopt;
    const std::int32_t o = occupant_[*c];  // 0 on a hex off the map
    if (o == 0) return std::nullopt;
    return static_cast<UnitId>(o - 1);
  }
  // Moves a unit (keeping `occupant` right); the hex must be free or its own.
  // An extended line's second half moves with it, by the same offset.
  void place(UnitId u, Hex h);
  // Extended line (§ Formations spéciales): gives u a second hex, or takes
  // it away (nullopt); the hex must be free or its own. face() turns u to f:
  // the second half turns about the first, which stays in its hex (§
  // Orientation des unités), except in an about-face, where both halves
  // stay in place ("les deux demi-unités restent sur la même case").
  void place_second(UnitId u, std::optional<Hex> h);
  void face(UnitId u, Facing f);
  // Takes a unit off the table.
  void eliminate(UnitId u);
  // A word kept for as long as the state and its copies: a unit's
  // `reaction` is a view of one.
  std::string_view intern(std::string_view word);
  // Loses `n` strength points; eliminated at 0 or less
  // (§ Force des unités et coûts des unités). Returns true if eliminated.
  bool lose(UnitId u, int n);

  // The canonical bytes of the whole state.
  void write(replay::StateWriter& out) const;
  // The bytes the state hash is taken over: the same, with the unit records
  // replaced by the sum of their digests (docs/engine-internals.md § State hash),
  // which `digests` keeps up to date from one call to the next.
  void write_hashed(replay::Hasher& out, UnitDigests& digests) const;
  std::uint64_t units_digest(UnitDigests& digests) const;
  // Empty when the invariants hold; else what is wrong.
  std::string check_invariants() const;

 private:
  // Into a StateWriter or a Hasher; defined and used in state.cpp only,
  // inlined so that write_hashed's local Hasher stays in registers.
  template <typename Out>
  [[gnu::always_inline]] inline void write_head(Out& out) const;  // 'T' and 'S'
  template <typename Out>
  [[gnu::always_inline]] inline void write_tail(Out& out) const;  // 'G' to 'F'

  // The cell of a hex on the map, or nullopt (off the map).
  std::optional<std::size_t> cell_on_map(Hex h) const {
    return map_ && map_->contains(h) ? cells_.cell(h) : std::nullopt;
  }
  const hex::HexMap* map_ = nullptr;
  hex::AxialBox cells_;                 // of the map's hexes and their neighbours
  std::vector<std::int32_t> occupant_;  // per cell: UnitId + 1, 0 when empty
  // The interned words: shared by the copies of a state (a simulator's
  // snapshots), never shrunk; a deque keeps each string where it is.
  std::shared_ptr<std::deque<std::string>> words_ = std::make_shared<std::deque<std::string>>();
};

}  // namespace umpire::sabreur
