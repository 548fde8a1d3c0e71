#pragma once
// The engine's view of the rules data: every given, value, test and action
// it uses, resolved by name once (rules_items.def), and `Facts`, a
// situation filled with typed setters. Numbers and conditions come from the
// data through the evaluator; the engine only states the facts of the board.
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
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/diagnostics.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

enum class Given : std::uint16_t {
#define UMPIRE_GIVEN(e, n) e,
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
  count_
};
enum class Value : std::uint16_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n) e,
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
  count_
};
enum class Test : std::uint16_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n) e,
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
  count_
};
// An action of the rules data, which permissions allow or forbid (the
// log's statement is an Action, types.hpp).
enum class RuleAction : std::uint16_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n) e,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
  count_
};

enum class Table : std::uint16_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_TABLE_COLUMN(e, t, c) e,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_TABLE_COLUMN
  count_
};
enum class Domain : std::uint16_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_DOMAIN(e, n) e,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_DOMAIN
  count_
};

// Items the engine reads only when the data has them (rules_items.def).
enum class OptionalItem : std::uint8_t {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_OPTIONAL_ITEM(e, n) e,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_OPTIONAL_ITEM
  count_
};

class RulesBinding {
 public:
  // Resolves every item; reports `sabreur.rules.missing-item` at `where`
  // for each one the data lacks and returns nullopt then.
  static std::optional<RulesBinding> bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                          Span where);

  const rules::Ruleset& rs() const { return *rs_; }
  // The data's expressions compiled once, for quiet evaluations.
  const rules::Program* program() const { return program_.get(); }
  std::uint32_t given(Given g) const { return givens_[static_cast<std::size_t>(g)]; }
  // The engine's name for given `id` of the data, if the engine states it.
  std::optional<Given> given_of(std::uint32_t id) const {
    if (id >= engine_given_.size() || engine_given_[id] == no_given) return std::nullopt;
    return static_cast<Given>(engine_given_[id]);
  }
  std::uint32_t value(Value v) const { return values_[static_cast<std::size_t>(v)]; }
  std::uint32_t test(Test t) const { return tests_[static_cast<std::size_t>(t)]; }
  std::uint32_t action(RuleAction a) const { return actions_[static_cast<std::size_t>(a)]; }
  // The data's permissions about action `a` (Evaluator::action_with).
  std::span<const std::uint32_t> permissions(RuleAction a) const {
    return permissions_[static_cast<std::size_t>(a)];
  }
  std::string_view value_name(Value v) const;
  // A table of the data and the index of the column the engine reads.
  std::uint32_t table(Table t) const { return tables_[static_cast<std::size_t>(t)].table; }
  std::uint32_t column(Table t) const { return tables_[static_cast<std::size_t>(t)].column; }
  std::uint32_t domain(Domain d) const { return domains_[static_cast<std::size_t>(d)]; }
  // Looked for once, when the binding is made: the engine asks for some of
  // them at every turn.
  std::optional<rules::ItemRef> optional_item(OptionalItem i) const {
    return optional_items_[static_cast<std::size_t>(i)];
  }
  // The terrain tables as Board reads them, read once from the data
  // (read_terrain_rules): every engine made with this binding shares them.
  const TerrainRules& terrain_rules() const { return terrain_rules_; }
  // The data's definition of a skill (its cost, its effects).
  std::uint32_t skill(Skill s) const { return skill_defs_[static_cast<std::size_t>(s)]; }

  // An enumeration value of a given's domain by name; nullopt if unknown.
  std::optional<rules::Val> word(Given g, std::string_view value) const;
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
  const rules::Ruleset* rs_ = nullptr;
  std::shared_ptr<const rules::Program> program_;  // shared by the binding's copies
  std::vector<std::uint32_t> givens_, values_, tests_, actions_;
  static constexpr std::uint16_t no_given = UINT16_MAX;
  std::vector<std::uint16_t> engine_given_;  // per given of the data: its G, or no_given
  std::vector<std::vector<std::uint32_t>> permissions_;  // per action
  struct TableColumn {
    std::uint32_t table = 0, column = 0;
  };
  std::vector<TableColumn> tables_;
  std::vector<std::uint32_t> domains_, skill_defs_;
  std::array<std::optional<rules::ItemRef>, static_cast<std::size_t>(OptionalItem::count_)>
      optional_items_;
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

// A situation for the evaluator, filled through typed setters. Integers are
// clamped to the given's bounds (a distance beyond the domain reads "far").
class Facts final : private rules::GivenSource {
 public:
  explicit Facts(const RulesBinding& b) : b_(&b), situation_(b.rs()) {
    situation_.set_program(b.program());
  }
  // The situation asks this object for the unit's facts: a copy asks the copy.
  Facts(const Facts& other);
  Facts& operator=(const Facts& other);
  ~Facts() = default;

  // In line: an activation sets a dozen facts, a replay tens of thousands.
  void set(Given g, rules::Val v) { set_given(b_->given(g), v); }
  // A boolean fits (Situation::fits asks only of integers and none).
  void boolean(Given g, bool v) { situation_.set_fitted(b_->given(g), rules::Val::boolean(v)); }
  // Clamped to the given's type, so it fits.
  void integer(Given g, std::int64_t v) {
    const std::uint32_t id = b_->given(g);
    const rules::Type& t = b_->rs().givens[id].type;
    situation_.set_fitted(id, rules::Val::integer(std::clamp(v, t.lo, t.hi)));
  }
  void word(Given g, std::string_view value);  // an enumeration value by name
  void none(Given g) { set(g, rules::Val::none()); }
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
  const rules::Situation& situation() const { return situation_; }
  const RulesBinding& binding() const { return *b_; }
  // The first value that did not fit its given (an engine bug if any).
  const std::string& error() const { return error_; }

 private:
  std::optional<rules::Val> provide(std::uint32_t given) const override;
  std::optional<rules::Val> self_fact(Given g) const;
  std::optional<rules::Val> enemy_fact(Given g) const;
  std::optional<rules::Val> group_fact(Given g) const;
  std::optional<rules::Val> march_end_fact(Given g) const;
  // These givens read as unset again, so that the facts stated when read
  // answer them.
  void unset(std::span<const Given> givens);
  bool has_source() const {
    return self_.has_value() || enemy_.has_value() || group_.has_value() || march_end_.has_value();
  }
  void set_given(std::uint32_t id, const rules::Val& v) {
    if (!situation_.try_set(id, v) && error_.empty()) note_misfit(id, v);
  }
  // The message only for a misfit (an engine bug), out of line.
  void note_misfit(std::uint32_t id, const rules::Val& v);

  const RulesBinding* b_;
  rules::Situation situation_;
  std::optional<SelfFacts> self_;
  std::optional<EnemyFacts> enemy_;
  std::optional<GroupFacts> group_;
  std::optional<MarchEndFacts> march_end_;
  mutable std::string error_;
};

// The terrain tables of the rules data, for Board (terrain_rules.cpp).
TerrainRules read_terrain_rules(const RulesBinding& rules);

// The evaluator's breakdown as note lines.
std::vector<std::string> breakdown_notes(const rules::Evaluator& ev);
// The breakdown of value `v` or test `t` on these facts, evaluated again
// with the trace on: for a diagnostic's notes, built only when one is
// written (replay::Notes).
std::vector<std::string> explain(const Facts& facts, Value v);
std::vector<std::string> explain(const Facts& facts, Test t);

// Evaluation with failures reported (`sabreur.rules.evaluation`): the
// engine asked the data something it could not answer.
std::optional<std::int64_t> eval_int(const Facts& facts, Value v, replay::EventChecker& checker,
                                     std::vector<std::string>* notes = nullptr);
std::optional<rules::TestResult> eval_test(const Facts& facts, Test t,
                                           replay::EventChecker& checker,
                                           std::vector<std::string>* notes = nullptr);
// The data's verdict on action `a` (required, allowed, forbidden), asked
// quietly; nullopt when the facts or the evaluation failed (the caller
// says what that means).
std::optional<rules::Verdict> verdict(const Facts& facts, RuleAction a);

// What a permission is asked about ("activating the group 'a1', 'a2'"),
// written only into a diagnostic: most actions are allowed.
using Subject = replay::LazyText;

// Evaluates the permissions of action `a` and reports every applicable
// `cannot` not lifted by an applicable `can`, each under the check that
// names its permission (else `fallback`). Returns true when allowed.
bool check_permissions(const Facts& facts, RuleAction a, replay::EventChecker& checker, Span span,
                       std::optional<Check> fallback, const Subject& subject);

}  // namespace umpire::sabreur
