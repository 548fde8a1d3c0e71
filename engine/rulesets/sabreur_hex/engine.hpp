#pragma once
// The Sabreur-hex replay engine: applies the actions of a game one at a
// time to its State, checking each against 002_87c3dc452f850204.txt with
// numbers and conditions from corpus/rulesets/sabreur-hex.rules. What it
// checks is the table in checks.def (docs/checks.md); everything else is
// applied as the log states it and reported `not checked`.
//
// The procedures live in one file per part of the rules: orders.cpp
// (order points, activation), impetuous.cpp (the obligations of an
// "impétueux" unit), movement.cpp (marches, charges), fire.cpp
// (fire and saves), morale.cpp (tests and rallies), following.cpp (actions
// not checked yet, applied as written).
#include <array>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

class Engine final : public replay::ReplayEngine {
 public:
  // Deploys the units, reporting set-up problems (`sabreur.setup.*`) in
  // `diags`; the engine replays whatever they were.
  Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
         DiagnosticEngine& diags);

  std::size_t event_count() const override { return actions_.size(); }
  Span event_span(std::size_t i) const override { return actions_[i].span; }
  std::string describe_event(std::size_t i) const override;
  bool event_agreed(std::size_t i) const override { return actions_[i].agreed; }
  std::string_view agreed_note(std::size_t i) const override { return actions_[i].agreed_note; }
  void apply(std::size_t i, replay::EventChecker& checker) override;
  void finish(replay::EventChecker& checker) override;
  void write_state(replay::StateWriter& out) const override;
  std::uint64_t state_hash() const override;
  // The same hash with no record kept from an earlier call: what
  // state_hash() must give (tests compare them after every event).
  std::uint64_t state_hash_from_scratch() const;
  const replay::CheckTable& checks() const override;

  const State& state() const { return state_; }
  const Setup& setup() const { return setup_; }

  // Simulation (simulate/): an action that is not in the log, applied as
  // apply() applies the log's, and the mutable part of the engine saved and
  // restored so that candidate actions can be tried on the same state.
  void apply_action(const Action& a, replay::EventChecker& checker);
  struct Snapshot {
    State state;
    replay::DiceSource dice;
  };
  Snapshot snapshot() const { return {state_, dice_}; }
  void restore(const Snapshot& s) {
    state_ = s.state;
    dice_ = s.dice;
  }
  replay::DiceSource& dice_source() { return dice_; }

 private:
  Board board() const { return Board(setup_, state_, terrain_); }
  std::string quoted(UnitId u) const;

  // engine.cpp
  void deploy(DiagnosticEngine& diags);
  void deploy_second_hex(const DeploymentSetup& d, DiagnosticEngine& diags);  // extended line
  void begin(const Action& a, replay::EventChecker& checker);
  // Reports `sabreur.unit.eliminated` when `u` has left the table (an actor
  // or a target named after its removal); true when it is still there.
  bool on_table(UnitId u, Span span, replay::EventChecker& checker);
  bool actors_present(const Action& a, replay::EventChecker& checker);
  void check_activated(const Action& a, UnitId u, replay::EventChecker& checker);
  void fill_self(Facts& f, UnitId u) const;
  void fill_enemy(Facts& f, std::optional<UnitId> e) const;
  // In a combat, a fire or a morale test of `u` confronted with `e`: a
  // wood along a side of either unit's hex that separates it from the other
  // is its terrain (§ Les terrains dans Sabreur), stated over fill_self's
  // and fill_enemy's (side_terrain.cpp). `hexes`: the hexes of u and e
  // confronted (a fire's), else their nearer hexes.
  void fill_confronted_terrain(Facts& f, UnitId u, UnitId e, replay::EventChecker& checker,
                               std::optional<std::pair<Hex, Hex>> hexes = std::nullopt) const;
  // The hex side between `u` and `e` in contact (either half of an extended
  // line), no_hexside_terrain when they are not: combat.separating_hexside.
  HexsideTerrain separating_side(UnitId u, UnitId e, replay::EventChecker& checker) const;
  void apply_losses(UnitId u, int n, std::optional<UnitId> from, LossCause cause,
                    replay::EventChecker& checker);
  void flush_pending(replay::EventChecker& checker);
  void settle_failure(const Action* next, replay::EventChecker& checker);
  void check_required_tests(const Action* next, replay::EventChecker& checker);

  // orders.cpp
  void order_points(const Action& a, replay::EventChecker& checker);
  void activate(const Action& a, replay::EventChecker& checker);

  // movement.cpp
  struct PathCheck {
    bool penalising = false;
    std::optional<Hex> end;  // where the unit may stand at the end (nullopt: blocked)
  };
  // `judge_last_hex` false: where the last hex is (map, terrain) is the
  // caller's to judge; only the hexside into it is asked.
  PathCheck check_path(UnitId u, Hex start, std::span<const Hex> hexes, Span span,
                       bool final_hex_free, replay::EventChecker& checker,
                       bool judge_last_hex = true);
  void move(const Action& a, replay::EventChecker& checker);
  // A forced march is a frontal march of doubled length (§ Manœuvres).
  bool frontal_march(const Action& a, UnitId u, bool charge, replay::EventChecker& checker,
                     bool forced = false);
  void indirect_march(const Action& a, UnitId u, replay::EventChecker& checker);
  void disengage(const Action& a, UnitId u, std::span<const UnitId> engagers,
                 replay::EventChecker& checker);
  void change_formation(const Action& a, replay::EventChecker& checker);
  void charge(const Action& a, replay::EventChecker& checker);
  void check_charge_priority(const Action& a, UnitId u, UnitId t, const Facts& f,
                             replay::EventChecker& checker);
  // `way_unknown_on`: the move (an extended line's) whose second half's way
  // nobody checked, named in the not-checked phrase ("a pursuit written
  // without its path"); empty: check_second_path saw it.
  void end_move(UnitId u, Hex to, Facing facing, replay::EventChecker& checker,
                std::string_view way_unknown_on);
  bool second_half_arrives(UnitId u, Hex to, Facing facing, replay::EventChecker& checker,
                           std::string_view way_unknown_on);  // extended line
  // The hexes the second half of an extended line crosses while its first
  // half turns to `after` and then follows `path` (one hex: nothing to do).
  PathCheck check_second_path(UnitId u, Facing after, std::span<const Hex> path, Span span,
                              replay::EventChecker& checker);
  void settle_second_hex(UnitId u, replay::EventChecker& checker);  // extended line
  void keep_half(const Action& a, UnitId u, replay::EventChecker& checker);  // leaving it
  // Where the second half of an extended line `u` ends when its first half
  // ends on `end` facing `after` (nullopt: a unit on one hex).
  std::optional<Hex> second_end(UnitId u, Hex end, Facing after) const;
  std::string no_room_for_half(UnitId u, Hex h) const;
  // Whether `e` engages a unit standing on `end` (and `second`).
  bool engages_at(UnitId e, Hex end, std::optional<Hex> second) const;
  void form_second_half(const Action& a, UnitId u, Hex to,
                        replay::EventChecker& checker);  // forming it
  // A charge or an assault of `u` at `t` as it stands at its declaration.
  ChargeInProgress declaration(UnitId u, UnitId t) const;
  // ChargeInProgress::path_open of a charge or pursuit from `start` along `path`.
  ChargeInProgress::PathOpenness path_openness(Hex start, std::span<const Hex> path) const;

  // fire.cpp
  void shoot(const Action& a, replay::EventChecker& checker);
  // From fire_origin(shooter) to fire_target_hex(target), or to `to`;
  // `quiet`: asked, not reported (the side woods it meets are not noted).
  bool line_of_sight(UnitId shooter, UnitId target, std::vector<std::string>& blocked,
                     replay::EventChecker& checker, std::optional<Hex> to = std::nullopt,
                     bool quiet = false);
  void save(const Action& a, replay::EventChecker& checker);
  // The numbers of a fire (Engine::shoot) or a defensive fire (reactions.cpp)
  // from the facts of the fire, and its dice and hits (fire.cpp).
  struct FireFigures {
    std::int64_t factor = 0;
    std::int64_t needed = 0;      // a hit on this or more (test fire_to_hit)
    std::int64_t six_losses = 1;  // strength points a 6 costs
    const Facts* facts = nullptr;  // of the fire, for the factor's breakdown in a diagnostic
  };
  struct FireChecks {
    Check dice, hits;
    std::string_view what;        // "fire", "defensive fire"
  };
  // The target in the front cone, and a line of sight to it (§ Le tir):
  // asked of every fire; `defensive` words the diagnostics for a reaction.
  void check_fire_geometry(const Action& a, UnitId u, UnitId t, bool defensive,
                           replay::EventChecker& checker);
  // The givens of a fire by `u` at `t` that every kind of fire states.
  void fill_fire(Facts& f, UnitId u, UnitId t, std::string_view kind, bool free_at_declaration,
                 replay::EventChecker& checker) const;
  // The hexes of the fire being resolved (shoot, defensive_fire) when its
  // shooter or its target holds two hexes (an extended line, § Formations
  // spéciales): each half "située sur sa propre case" (§ Le tir).
  // `from`: the shooter's half that fires (fire_half); `at`: the target's
  // half it goes at (fire_aim; reading in docs/rules-coverage.md).
  struct FireHexes {
    UnitId shooter = 0, target = 0;
    Hex from, at;
  };
  std::optional<FireHexes> fire_hexes_;
  // Reset when the fire is resolved, however it returns.
  struct FireHexesScope {
    std::optional<FireHexes>& hexes;
    bool& second_shot;
    ~FireHexesScope() {
      hexes.reset();
      second_shot = false;
    }
  };
  // The hex a fire by `u` is made from, and the hex of `t` it goes at: the
  // unit's own hex unless fire_hexes_ says otherwise.
  Hex fire_origin(UnitId u) const {
    return fire_hexes_ && fire_hexes_->shooter == u ? fire_hexes_->from : state_.units[u].hex;
  }
  Hex fire_target_hex(UnitId t) const {
    return fire_hexes_ && fire_hexes_->target == t ? fire_hexes_->at : state_.units[t].hex;
  }
  // The half of an extended line `u` that makes this fire: `from <hex>` when
  // written (one of its hexes), else the convention of docs/log-format.md;
  // `double_fire`: a fire of its own turn (the double fire, each half once).
  Hex fire_half(const Action& a, UnitId u, bool double_fire, replay::EventChecker& checker);
  // The half of a target on two hexes that a fire from `from` goes at.
  Hex fire_aim(const Action& a, UnitId u, UnitId t, Hex from, replay::EventChecker& checker);
  // Both, kept in fire_hexes_ for the fire `a` by `u` at `t` (the caller
  // holds a FireHexesScope); returns them.
  const FireHexes& aim_fire(const Action& a, UnitId u, UnitId t, bool double_fire,
                            replay::EventChecker& checker);
  // A fire from `from` takes `t` in enfilade: `from` is outside its front
  // cone, either half's for an extended line, and `t` is no square (§ Le tir).
  bool in_enfilade(UnitId t, Hex from) const;
  // The second fire of an extended line's double fire (fire.second_half).
  bool second_shot_ = false;
  std::optional<FireFigures> fire_figures(const Facts& f, replay::EventChecker& checker) const;
  void roll_fire(const Action& a, UnitId u, UnitId t, FireFigures figures, bool enfilade,
                 const FireChecks& ids, replay::EventChecker& checker);

  // morale.cpp
  struct MoraleOutcome {
    bool passed = false;
    std::int64_t margin = 0;  // dice minus modified Cd
  };
  std::optional<MoraleOutcome> morale_test(const Action& a, UnitId u, TestReason reason,
                                           replay::EventChecker& checker);
  void test(const Action& a, replay::EventChecker& checker);
  void rally(const Action& a, replay::EventChecker& checker);

  // action_choice.cpp
  void choose_action(const Action& a, replay::EventChecker& checker);

  // combat.cpp
  void attack(const Action& a, replay::EventChecker& checker);

  // combat_sequence.cpp: the order of strikes and tests in a shock or a
  // mêlée (State::combat). order_strike() at each `attack`; step_combat()
  // at every other statement (begin), once the last strike's losses are
  // taken; settle_combat() reports the tests owed and not taken.
  struct BilanOrder {
    UnitId first = 0;
    std::string why;
  };
  void order_strike(const Action& a, UnitId u, UnitId t, replay::EventChecker& checker);
  void name_combat(const Action& a, replay::EventChecker& checker);
  void continue_combat(const Action& a, UnitId u, replay::EventChecker& checker);
  void count_combat_losses(UnitId u, int n, std::optional<UnitId> from);
  // `with_fire`: the defender's losses add the fire's of "tir puis charge ou assaut".
  bool combat_losses_call_for_test(const CombatInProgress& c, UnitId u,
                                   replay::EventChecker& checker, bool with_fire = false) const;
  BilanOrder bilan_order(const CombatInProgress& c, replay::EventChecker& checker) const;
  void start_bilan(CombatInProgress& c, const Action* next, replay::EventChecker& checker);
  void owed_test_missing(Check check, UnitId u, std::int16_t losses, std::string_view kind,
                         Span span, replay::EventChecker& checker);
  void settle_combat(const Action* next, replay::EventChecker& checker);
  void step_combat(const Action* next, replay::EventChecker& checker);

  // flight.cpp
  void flee(const Action& a, replay::EventChecker& checker);
  // evade.cpp
  void evade(const Action& a, replay::EventChecker& checker);
  // The `effect` rolls it used (nullopt: the data could not say).
  std::optional<std::size_t> pass_through_friends(const Action& a, UnitId u,
                                                  const std::vector<UnitId>& friends,
                                                  replay::EventChecker& checker);

  // reactions.cpp
  void respond(const Action& a, replay::EventChecker& checker);
  // What a countercharge and a defensive fire do (§ Réactions face à une
  // charge, § Manœuvres, § Le tir), against the charge or assault `c`.
  void countercharge_march(const Action& a, UnitId u, const ChargeInProgress& c,
                           replay::EventChecker& checker);
  void defensive_fire(const Action& a, UnitId u, const ChargeInProgress& c,
                      replay::EventChecker& checker);
  // reaction_effects.cpp: what a rotation, a square, an evade and a flight
  // made in reaction do; a failed reaction test undoes the first two.
  struct ReactionBefore {
    UnitId unit = 0;
    Formation formation = Formation::line;
    Facing facing = Facing::n;
  };
  void react_rotate(const Action& a, UnitId u, bool test_due, replay::EventChecker& checker);
  // `allowed`: the reaction itself was allowed (else what forbids it is reported once).
  // `reaction`: form_square or form_closed_column.
  void react_form_square(const Action& a, UnitId u, RuleAction reaction, bool test_due,
                         bool allowed, replay::EventChecker& checker);
  void react_move(const Action& a, UnitId u, RuleAction reaction, bool allowed,
                  replay::EventChecker& checker);
  void keep_former_for_test(UnitId u, bool test_due);
  std::optional<ReactionBefore> reaction_before_test(const Action& a) const;
  // After the statement `a`: a failed reaction test undoes a rotation, a
  // square, a countercharge's march or a defensive fire's losses, and
  // reports the charger's test the refused fire was taken to call.
  void settle_reaction_test(const Action& a, const std::optional<ReactionBefore>& before,
                            replay::EventChecker& checker);
  bool refused_countercharge_fights(const Action& a, UnitId u, UnitId t,
                                    replay::EventChecker& checker) const;
  // The reaction `a` of `u` calls a test (`test_due`): the log writes it
  // next, only the charger's save of a defensive fire's losses between.
  void check_reaction_test_written(const Action& a, UnitId u, bool test_due, bool allowed,
                                   replay::EventChecker& checker) const;
  // Whether `a` is one of the log's statements (not a simulated one), and
  // the statement after it (nullptr at the end, or for an action not in the log).
  bool in_log(const Action& a) const;
  const Action* next_action(const Action& a) const;

  // following.cpp
  void follow(const Action& a, replay::EventChecker& checker);
  // The reaction `u` declared (`respond`), which its next test is for.
  void record_reaction(UnitId u, const DetailWord& detail);

  // movement.cpp: the restrictions charges and assaults share (§ Restrictions
  // sur les assauts et les charges: the data's `attack`). When they forbid
  // the attack, the unit's move is applied as written and false returned.
  bool attack_allowed(const Action& a, UnitId u, const Facts& f, const Subject& subject,
                      replay::EventChecker& checker);
  // assault.cpp
  void assault(const Action& a, replay::EventChecker& checker);
  void assault_march(const Action& a, UnitId u, std::span<const UnitId> engagers,
                     replay::EventChecker& checker);
  void assault_reaction_test(const Action& a, UnitId u, replay::EventChecker& checker);
  // pursuit.cpp
  void pursue(const Action& a, replay::EventChecker& checker);
  std::optional<std::int64_t> pursuit_length(const Action& a, UnitId u, Facts& f,
                                             replay::EventChecker& checker);
  bool pursuit_blocked(UnitId u, Hex at, Facing facing) const;
  // After a flight, an evade or a test: whether the charge's target (or
  // charger) fled, opening a pursuit, or the charger failed its test.
  void note_flight(const Action& a);
  // "impétueux": the charger must pursue when it can; the chance passes with
  // the first statement that is not part of the charge's procedure.
  void check_impetuous_pursuit(const Action* next, replay::EventChecker& checker);
  // The enemy the log's `attack` (or `combat`) right after the pursuit `a`
  // by `u` names as the one attacked (a friend's joining pursuit may come
  // between); none when no such statement follows.
  std::optional<UnitId> pursuit_attack_named(const Action& a, UnitId u) const;
  // A pursuer's attack (or `combat`) at `t` it does not engage
  // (sabreur.pursuit.attack-target); true when reported.
  bool pursuit_attack_off_target(const Action& a, UnitId pursuer, UnitId t,
                                 replay::EventChecker& checker) const;

  // roster.cpp: the armies as mustered (§ Force des unités et coûts des
  // unités, § Coût du commandement (Cd) des unités, § Qualité des unités),
  // checked once before turn 1, with the first event.
  void check_rosters(replay::EventChecker& checker);
  void check_unit_points(UnitId u, replay::EventChecker& checker);

  // morale.cpp: the special action a test with no other reason is for
  // (§ Test moral), from the data; nullopt when none calls it.
  std::optional<TestReason> special_test(UnitId u, replay::EventChecker& checker);
  // roster.cpp: a unit's points as the rules give them (nullopt: they do not).
  std::optional<std::int64_t> unit_points(UnitId u) const;
  struct UnitCost {
    std::optional<std::int64_t> points;
    std::string_view unknown;  // the aspect not checked when points is empty
    std::int64_t per_point = 0, flat = 0;
    // The breakdown (unit_cost's `explain`).
    std::optional<std::int64_t> type_cost, command_cost;
    std::string skills_text;
  };
  UnitCost unit_cost(UnitId u, bool explain) const;
  // following.cpp: at `end`, each side's victory points (Phase C).
  void victory_tally(const Action& a, replay::EventChecker& checker);

  // Special actions (morale.cpp, orders.cpp): § Test moral, § Points d'ordre,
  // § Les compétences (suite), § Précisions sur les facteurs de combat ou de tir.
  // `special <unit> <action>`: transfer-losses is followed, others not checked.
  void special(const Action& a, replay::EventChecker& checker);
  void transfer_losses(const Action& a, replay::EventChecker& checker);
  // Whether the statement after `a` is `special u transfer-losses`: the
  // losses `u` is taking wait for it (begin(), save()).
  bool transfer_follows(const Action& a, UnitId u) const;
  // The receiver's test decided the transfer (passed: it takes the losses).
  void settle_transfer(UnitId u, bool passed, replay::EventChecker& checker);
  // side.order_points_left for a unit of the side whose turn it is.
  void fill_side(Facts& f, UnitId u) const;
  // impetuous.cpp: the obligations of an "impétueux" unit (§ Les
  // compétences (suite), § Points d'ordre). The moment the data's `must
  // attack` is asked at: the unit just activated, or not activated once its
  // side has spent its order points.
  enum class ImpetuousMoment : std::uint8_t { activated, order_points_spent };
  std::optional<bool> impetuous_must_attack(UnitId u, UnitId e) const;
  // Whether `u` can charge `e` without rotation or assault it, tried with
  // the engine's own checks on the state and undone.
  enum class Feasible : std::uint8_t { yes, no, unknown };
  Feasible can_attack(UnitId u, UnitId e, Span span);
  std::optional<int> impetuous_reach(ImpetuousMoment moment, replay::EventChecker& checker);
  // The enemy the data binds `u` to attack at `moment`, if it can.
  std::optional<UnitId> impetuous_bound_to(UnitId u, ImpetuousMoment moment,
                                           replay::EventChecker& checker);
  // Its charge or assault activates it automatically (check_activated).
  bool impetuous_auto_activation(const Action& a, UnitId u, replay::EventChecker& checker);
  // At the end of a player turn: every unit still bound did attack.
  void check_impetuous_obligation(Span span, replay::EventChecker& checker);
  // At an activation, its end, a charge or assault declared, a manoeuvre
  // made, a strike: UnitState::impetuous_bound and owes_attack_on.
  void bind_impetuous(UnitId u, replay::EventChecker& checker);
  void end_activation(Span span, replay::EventChecker& checker);
  void impetuous_declares(const Action& a, UnitId u, UnitId t, replay::EventChecker& checker);
  void impetuous_engages(UnitId u, std::optional<UnitId> target,
                         std::span<const std::uint8_t> before, replay::EventChecker& checker);
  std::vector<std::uint8_t> engaged_now(UnitId u) const;
  void check_impetuous_strike(const Action* next, replay::EventChecker& checker);
  void impetuous_strikes(UnitId u, UnitId t);

  Setup setup_;
  std::vector<Action> actions_;
  const RulesBinding& rules_;
  TerrainRules terrain_;
  State state_;
  replay::DiceSource dice_;
  // The unit records as last hashed and their digests: state_hash() hashes
  // again only the units whose records changed. It holds no state of the
  // game (a snapshot restored or a state changed anywhere is simply
  // compared with it), so it is mutable.
  mutable UnitDigests unit_digests_;
  // can_attack is trying a charge or an assault: no obligation is asked
  // or changed meanwhile, and no activation checked.
  bool probing_ = false;
  // Set by charge() and assault() once the declaration passed its checks,
  // before the march. The declaration reads the unit, its target and their
  // distance, never the way: a trial of can_attack refused before it refuses
  // every other way of the same attack alike.
  bool declaration_passed_ = false;
  // impetuous_reach, read once (-1: not yet): a number of the rules data.
  std::array<std::int8_t, 2> impetuous_reach_{-1, -1};
};

}  // namespace umpire::sabreur
