#pragma once
// The engine's view of the rules data: every given, value, test and action
// it uses, resolved by name once (rules_items.def, through
// common/item_tables.inc), and `Facts`, a situation filled with typed
// setters. Numbers and conditions come from the data through the evaluator
// (common/evaluation.hpp); the engine only states the facts of the board.
#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/lazy_text.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/common/basic_facts.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/item_tables.hpp"
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/diagnostics.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

#define UMPIRE_RULES_ITEMS "engine/rulesets/sabreur_hex/rules_items.def"
#include "engine/rulesets/common/item_tables.inc"
#undef UMPIRE_RULES_ITEMS

// The items of rules_items.def resolved (common::BoundItems: given(),
// value(), test(), permissions()…) and what only Sabreur-hex reads of its
// data: the values of its own enumerations, its terrain tables, its skills.
class RulesBinding : public rulesets::common::BoundItems<RulesItems> {
 public:
  // Resolves every item; reports `sabreur.rules.missing-item` at `where`
  // for each one the data lacks and returns nullopt then.
  static std::optional<RulesBinding> bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                          Span where);
  // The diagnostics and checks an evaluation reports under
  // (common/evaluation.hpp).
  static const rulesets::common::EvaluationReports& evaluation_reports();

  // The terrain tables as Board reads them, read once from the data
  // (read_terrain_rules): every engine made with this binding shares them.
  const TerrainRules& terrain_rules() const { return terrain_rules_; }
  // The data's definition of a skill (its cost, its effects).
  std::uint32_t skill(Skill s) const { return skill_defs_[static_cast<std::size_t>(s)]; }

  rules::Val type(UnitType t) const {
    return rules::Val::enumeration(unit_types_[static_cast<std::size_t>(t)]);
  }
  rules::Val formation(Formation f) const {
    return rules::Val::enumeration(formations_[static_cast<std::size_t>(f)]);
  }
  rules::Val quality(Quality q) const {
    return rules::Val::enumeration(qualities_[static_cast<std::size_t>(q)]);
  }
  rules::Val terrain(HexTerrain t) const {
    return rules::Val::enumeration(hex_terrain_[static_cast<std::size_t>(t)]);
  }
  rules::Val hexside(HexsideTerrain t) const {
    return rules::Val::enumeration(hexside_terrain_[static_cast<std::size_t>(t)]);
  }
  rules::Val skills(SkillSet s) const;

 private:
  explicit RulesBinding(BoundItems items) : BoundItems(std::move(items)) {}

  std::vector<std::uint32_t> skill_defs_;
  std::vector<std::uint32_t> unit_types_, formations_, qualities_, hex_terrain_, hexside_terrain_,
      skills_;
  TerrainRules terrain_rules_;
};

// The board a fact stated when read is read on (Board is a view of these).
struct BoardRef {
  const Setup* setup = nullptr;
  const State* state = nullptr;
  const TerrainRules* terrain = nullptr;
  static BoardRef of(const Board& b) { return {&b.setup(), &b.state(), &b.terrain_rules()}; }
  Board board() const { return {*setup, *state, *terrain}; }
};

// What Facts::self keeps of the unit whose facts it states (a type of its
// own: an optional of it is a member of Facts).
struct SelfFacts {
  // Made from the record at once: a default record overwritten cost as much
  // again, for every question.
  SelfFacts(BoardRef board, UnitId u, const UnitState& state)
      : on(board), unit(u), as_stated(state) {}
  BoardRef on;
  UnitId unit = 0;
  UnitState as_stated;  // the unit's state when self() was called
  mutable std::optional<Board::Surroundings> around;
  // Board::nearest_enemy(unit, false / true), -1 until read.
  mutable int nearest_enemy = -1, nearest_non_panicked_enemy = -1;
#ifndef NDEBUG
  Board::Surroundings around_when_stated;
  int nearest_enemy_when_stated = 0, nearest_non_panicked_enemy_when_stated = 0;
#endif
};

// What Facts::enemy keeps of the adversary whose costly facts (outflanked,
// isolated artillery) it states only when read: the data reads them for
// one skill, and every combat, fire and test states an adversary.
struct EnemyFacts {
  BoardRef on;
  UnitId unit = 0;
#ifndef NDEBUG
  bool outflanked_when_stated = false, isolated_when_stated = false;
#endif
};

// What Facts::group keeps of the group whose nearest enemy it states only
// when read: the data asks it only when a count makes the activation dearer.
struct GroupFacts {
  BoardRef on;
  boost::container::small_vector<UnitId, 8> members;
  mutable int nearest_enemy = -1;  // -1 until read
#ifndef NDEBUG
  int nearest_enemy_when_stated = 0;
#endif
};

// What Facts::march_end keeps of the hexes where a march ends, whose
// nearest enemy it states only when read: the data asks it of forced
// marches alone.
struct MarchEndFacts {
  BoardRef on;
  std::uint8_t side = 0;
  Hex end;
  std::optional<Hex> second;
  mutable int nearest_enemy = -1;  // -1 until read
#ifndef NDEBUG
  int nearest_enemy_when_stated = 0;
#endif
};

// A situation for the evaluator (common::BasicFacts: set, boolean, integer,
// word, none) and the facts of Sabreur-hex's board that cost a look around
// it, stated when a question reads them (self_facts.cpp).
class Facts final : public rulesets::common::BasicFacts<Facts, RulesBinding> {
 public:
  using BasicFacts::BasicFacts;

  // The facts of unit `u` itself (self.*: its profile, its state, its
  // surroundings on the board), stated when a question first reads them:
  // a question reads a few of them, and the surroundings cost a look at
  // every neighbour and enemy (self_facts.cpp). The five that nearly every
  // question reads (type, skills, panicked, formation, activated) are
  // stated at once. The unit's own state is taken now; its surroundings are
  // the board's when read, so the board must not change in between (debug
  // builds check that it does not).
  void self(const Board& board, UnitId u);
  // The adversary's outflanked and isolated-artillery facts
  // (enemy.outflanked, enemy.isolated_artillery), stated when read, with
  // the same rule as self(): the board must not change in between.
  void enemy(const Board& board, UnitId e);
  // The distance from the group's units to the nearest non-panicked enemy
  // (group.nearest_enemy_distance), looked for when read, with the same
  // rule as self().
  void group(const Board& board, std::span<const UnitId> members);
  // The distance from the end of a march of a unit of `side` to the
  // nearest enemy (move.end_enemy_distance; `second`: an extended line's
  // other half), looked for when read, with the same rule as self().
  void march_end(const Board& board, std::uint8_t side, Hex end, std::optional<Hex> second);

 private:
  friend class rulesets::common::BasicFacts<Facts, RulesBinding>;
  // The answer of the fact read on demand that stands for `g`, if any.
  std::optional<rules::Val> fact_on_demand(Given g) const;
  std::optional<rules::Val> self_fact(Given g) const;
  std::optional<rules::Val> enemy_fact(Given g) const;
  std::optional<rules::Val> group_fact(Given g) const;
  std::optional<rules::Val> march_end_fact(Given g) const;

  std::optional<SelfFacts> self_;
  std::optional<EnemyFacts> enemy_;
  std::optional<GroupFacts> group_;
  std::optional<MarchEndFacts> march_end_;
};

// The terrain tables of the rules data, for Board (terrain_rules.cpp).
TerrainRules read_terrain_rules(const RulesBinding& rules);

// Evaluation on these facts (common/evaluation.hpp), failures reported
// as `sabreur.rules.evaluation`: explain, eval_int, eval_test, verdict,
// check_permissions (a forbidden action under the check that names the
// data's permission, checks.hpp).
using rulesets::common::breakdown_notes;
using rulesets::common::check_permissions;
using rulesets::common::eval_int;
using rulesets::common::eval_test;
using rulesets::common::explain;
using rulesets::common::Subject;
using rulesets::common::verdict;

}  // namespace umpire::sabreur
