#pragma once
// The in-memory model of a ruleset: what the loader builds from `.rules`
// files (variants already applied), what the evaluator computes on and what
// the verifier translates to Z3. Everything is resolved: names are indices
// into the vectors of `Ruleset`, every expression is typed, every integer
// type is bounded and every enumeration has at most 64 values, so each
// construct maps to a finite Z3 term. Layout and semantics:
// docs/rules-format.md.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/dice/expr.hpp"
#include "engine/core/span.hpp"

namespace umpire::rules {

inline constexpr std::size_t max_enum_values = 64;  // sets are 64-bit masks
inline constexpr std::int64_t max_int = 1000000;    // |integer literal| bound

// `FILE § Section`, as written in a `ref`.
struct Citation {
  std::string file;
  std::string section;
  Span span;  // the string in the .rules file
  std::string text() const { return file + " § " + section; }
};
using Citations = std::vector<Citation>;

enum class TypeKind : std::uint8_t { boolean, integer, roll, enumeration, set, profile };
// Which way a value is better for the unit it describes: a higher
// Leadership, a lower score needed, a later value of an ordered domain.
enum class Better : std::uint8_t { unstated, higher, lower };

struct Type {
  TypeKind kind = TypeKind::integer;
  std::int64_t lo = 0;  // integer and roll bounds, inclusive
  std::int64_t hi = 0;
  std::uint32_t ref = 0;  // domain (enumeration, set) or record (profile)
  bool optional = false;  // `none` allowed
  Better better = Better::unstated;

  bool numeric() const { return kind == TypeKind::integer || kind == TypeKind::roll; }
};

// A value of some Type. `none` only where the type is optional.
struct Val {
  enum class Kind : std::uint8_t { none, boolean, integer, enumeration, set, profile };
  Kind kind = Kind::none;
  std::int64_t number = 0;  // boolean 0/1, integer, enumeration index, profile id
  std::uint64_t bits = 0;   // set: bit i = value i of the domain

  static Val none() { return {}; }
  static Val boolean(bool b) { return {Kind::boolean, b ? 1 : 0, 0}; }
  static Val integer(std::int64_t n) { return {Kind::integer, n, 0}; }
  static Val enumeration(std::uint32_t index) { return {Kind::enumeration, index, 0}; }
  static Val set(std::uint64_t bits) { return {Kind::set, 0, bits}; }
  static Val profile(std::uint32_t id) { return {Kind::profile, id, 0}; }
  bool is_none() const { return kind == Kind::none; }
  friend bool operator==(const Val&, const Val&) = default;
};

struct Domain {
  std::string name;
  bool is_int = false;
  std::int64_t lo = 0, hi = 0;      // is_int
  std::vector<std::string> values;  // enumeration
  Citations refs;
  Span span;
  std::optional<std::uint32_t> find(std::string_view value) const;
};

struct Given {
  std::string name;  // a path: "attacker.formation"
  Type type;
  // `rolled "D6+2"`: a score thrown with these dice (a random distance, a
  // die face), so its distribution is known (Evaluator::distribution).
  std::optional<dice::Expr> rolled;
  std::string rolled_text;
  Span span;
};

struct SwitchOption {
  std::string name;
  std::string description;
  Citations refs;
  Span span;
};
struct Switch {
  std::string name;
  std::vector<SwitchOption> options;
  std::uint32_t default_option = 0;
  std::uint32_t domain = 0;  // a domain of its own holding the option names
  // `fills GAP`: the options are the engine's reading where the text is
  // silent, not two readings of a text; the index of that `gap` note.
  std::optional<std::uint32_t> fills;
  Citations refs;
  Span span;
};

enum class ExprKind : std::uint8_t {
  literal,  // `literal`
  given,    // ref = given id
  switch_,  // ref = switch id; value is an enumeration index into its options
  value,    // ref = value item id
  field,    // args[0] is profile-valued; index = field of its record
  lookup,   // ref = table, index = column; args = one expression per table key
  add,
  sub,  // args[0] op args[1]
  neg,  // -args[0]
  mul,  // args[0] * factor
  div,  // args[0] / factor, rounded up (round_up) or down
  min,
  max,         // of args[0], args[1]
  cases,       // args = cond0, then0, cond1, then1, ..., else
  with_stack,  // stack `ref` applied to args[0]
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  in,  // args[0] (enumeration) is in args[1] (set)
  not_,
  and_,
  or_,
  implies,
};

struct Expr {
  ExprKind kind = ExprKind::literal;
  Type type;
  Span span;
  Val literal;
  std::uint32_t ref = 0;
  std::uint32_t index = 0;
  std::int64_t factor = 1;
  bool round_up = false;
  std::vector<Expr> args;
};

struct Field {
  std::string name;
  Type type;
  Span span;
};

// A key cell. Integers: lo..hi. Enumerations: the bits of the accepted values.
struct Pattern {
  bool any = false;
  std::int64_t lo = 0, hi = 0;
  std::uint64_t bits = 0;
  Span span;
  // Whether a key of kind `key` with value (or enumeration index) `w` falls
  // in this pattern.
  bool matches(TypeKind key, std::int64_t w) const {
    if (any) return true;
    if (key == TypeKind::enumeration) return w >= 0 && w < 64 && (bits >> w & 1U) != 0;
    return lo <= w && w <= hi;
  }
};
struct Row {
  std::vector<Pattern> keys;
  std::vector<Val> results;
  Citations refs;
  Span span;
};
struct Table {
  std::string name;
  bool partial = false;
  std::vector<Field> keys;
  std::vector<Field> columns;
  std::vector<Row> rows;
  // A partial table's rows written `=> none, …`: keys for which the text
  // says, on purpose and with this citation, that there is no entry ("la
  // cavalerie ne tire pas"). They are not rows: a lookup there finds none,
  // as anywhere the table has no row; the verifier does not report them
  // as holes of the text.
  std::vector<Row> absent;
  Citations refs;
  Span span;
};

enum class OpKind : std::uint8_t { add, sub, mul, div, set, cap, floor };
enum class Policy : std::uint8_t { all, first, most_penalising, most_favourable };

struct Entry {
  std::string name;
  OpKind op = OpKind::add;
  Expr operand;                        // add, sub, set, cap, floor
  std::int64_t factor = 1;             // mul, div
  bool round_up = false;               // div
  std::optional<Expr> when;            // for a skill effect, already includes `skill in holder`
  std::optional<std::uint32_t> skill;  // the skill that added it
  Citations refs;
  Span span;
};
struct Stage {
  std::string name;
  Policy policy = Policy::all;
  std::vector<Entry> entries;
  Span span;
};
struct Stack {
  std::string name;
  Type type;
  bool clamp = false;
  std::optional<Expr> base;
  std::vector<Stage> stages;
  Citations refs;
  Span span;
};

enum class FaceOutcome : std::uint8_t { success, failure, item };
struct Face {
  bool natural = true;    // natural N; otherwise double [N]
  std::int64_t face = 0;  // 0: any double
  FaceOutcome outcome = FaceOutcome::success;
  std::string item;  // FaceOutcome::item: the item triggered
  std::optional<Expr> when;
  Span span;
};
struct Test {
  std::string name;
  std::string dice_text;
  Span dice_span;
  dice::Expr dice;
  std::optional<Expr> count;
  bool at_least = true;  // success when roll >= target; otherwise roll <= target
  Expr target;
  std::optional<std::uint32_t> stack;
  bool on_roll = true;  // stack added to the roll; otherwise it transforms the target
  std::vector<Face> faces;
  // The text lets the modifiers decide this test outright (its citation);
  // empty when it does not say so.
  Citations unbounded;
  Citations refs;
  Span span;
};

struct Record {
  std::string name;
  std::vector<Field> fields;
  Citations refs;
  Span span;
  std::optional<std::uint32_t> find(std::string_view field) const;
};
struct Profile {
  std::string name;
  std::uint32_t record = 0;
  std::vector<Val> values;  // in record field order
  Citations refs;
  Span span;
};

enum class Modality : std::uint8_t { can, cannot, must };
struct Permission {
  std::string name;
  Modality modality = Modality::can;
  std::uint32_t action = 0;          // value of the `action` domain
  std::optional<Expr> when;          // for a skill, includes `skill in holder`
  std::vector<std::uint32_t> lifts;  // permissions this `can` lifts
  std::optional<std::uint32_t> skill;
  Citations refs;
  Span span;
};

enum class RerollScope : std::uint8_t { one_failed_die, failed, any };
struct Reroll {
  std::uint32_t test = 0;
  RerollScope scope = RerollScope::failed;
  std::optional<Expr> when;  // includes `skill in holder`
  Span span;
};

struct EffectRef {
  std::uint32_t stack = 0, stage = 0, entry = 0;
};
struct Skill {
  std::string name;
  bool special = false;      // `special` rather than `skill`
  std::uint32_t holder = 0;  // given of type `set of D`
  std::uint32_t value = 0;   // this skill's index in D
  std::optional<Expr> cost;
  std::string cost_per;  // "" when the cost is flat
  std::optional<Expr> allowed;
  std::vector<std::uint32_t> requires_skills, excludes_skills;
  std::vector<EffectRef> effects;
  std::vector<std::uint32_t> permissions;
  std::vector<Reroll> rerolls;
  Citations refs;
  Span span;
};

enum class CmpOp : std::uint8_t { eq, ne, lt, le, gt, ge };
struct Amount {
  enum class Kind : std::uint8_t { count, points, total_points, divisions, constant };
  Kind kind = Kind::constant;
  bool all = false;  // selector `*`
  std::vector<std::uint32_t> profiles;
  std::int64_t value = 0;  // constant
};
struct Constraint {
  std::string name;
  bool per_division = false;
  Amount lhs;
  CmpOp op = CmpOp::le;
  enum class Rhs : std::uint8_t { plain, percent, per_every } rhs_kind = Rhs::plain;
  std::int64_t percent = 0;           // percent: lhs op percent% of rhs
  std::int64_t count = 0, every = 0;  // per_every: lhs op count * floor(rhs / every)
  bool round_up = false;              // per_every "per started M": count * ceil(rhs / every)
  Amount rhs;
  std::optional<Expr> when;
  Citations refs;
  Span span;
};
struct ArmyList {
  std::string name;
  std::vector<std::uint32_t> units;
  std::vector<Constraint> constraints;
  Citations refs;
  Span span;
};

struct ValueItem {
  std::string name;
  Type type;
  Expr expr;
  Citations refs;
  Span span;
};
struct Invariant {
  std::string name;
  Expr cond;
  Citations refs;
  Span span;
};
// A link between givens that the text states, or a bound on what a game can
// reach: the verifier considers only situations where it holds; the engine
// checks it on the states it reaches.
struct Assumption {
  std::string name;
  Expr cond;
  Citations refs;
  Span span;
};
// What the data's author found in the text and could not encode so that an
// analysis finds it: a case the text leaves open, a misprint, two readings
// or two passages that no item decides between.
enum class NoteKind : std::uint8_t { gap, erratum, ambiguity, contradiction };
struct TextNote {
  std::string name;
  NoteKind kind = NoteKind::gap;
  std::string text;  // what is wrong
  std::string fix;   // what a rule writer can do; may be empty
  Citations refs;
  Span span;
};

enum class ItemKind : std::uint8_t {
  domain,
  given,
  switch_,
  value,
  table,
  stack,
  test,
  record,
  profile,
  skill,
  permission,
  army_list,
  invariant,
  assumption,
  note,
};
std::string_view to_string(ItemKind kind);
std::string_view to_string(NoteKind kind);
struct ItemRef {
  ItemKind kind;
  std::uint32_t index;
};

// A difference of a variant from its base, for the verifier and `show`.
struct Difference {
  std::string operation;  // override, remove, add entry, remove entry, add value
  std::string item;
  Span span;
  bool intentional = false;
  std::string why;
  Citations refs;
};

struct Ruleset {
  std::string id;
  std::string title;
  std::vector<std::string> lineage;  // this id, then its base, then the base's base...
  std::vector<std::string> sources;
  std::vector<Domain> domains;
  std::vector<Given> givens;
  std::vector<Switch> switches;
  std::vector<ValueItem> values;
  std::vector<Table> tables;
  std::vector<Stack> stacks;
  std::vector<Test> tests;
  std::vector<Record> records;
  std::vector<Profile> profiles;
  std::vector<Skill> skills;
  std::vector<Permission> permissions;  // standalone ones and those of skills
  std::vector<ArmyList> army_lists;
  std::vector<Invariant> invariants;
  std::vector<Assumption> assumptions;
  std::vector<TextNote> notes;
  std::vector<Difference> differences;
  std::map<std::string, ItemRef, std::less<>> items;  // every named item
  std::optional<std::uint32_t> action_domain;

  std::optional<ItemRef> find(std::string_view name) const;
  const std::string& name_of(ItemRef ref) const;
  const Citations& refs_of(ItemRef ref) const;
  Span span_of(ItemRef ref) const;
};

// "int 0..12", "set of skill", "formation optional".
std::string type_name(const Ruleset& rs, const Type& type);

// A table's keys, every combination of their values enumerated: the first
// row each combination matches, as a scan of the rows finds it. The
// resolver reports the combinations no row covers and the rows none reaches
// from it; a compiled program looks rows up through it (Program::TableIndex).
struct TableCells {
  std::vector<std::int64_t> first, count;  // per key: its first value, how many
  // By combination, the first key's value fastest; -1: no row matches.
  std::vector<std::int32_t> first_row;
  // Key k's value in combination `cell`.
  std::int64_t key(std::size_t cell, std::size_t k) const {
    for (std::size_t j = 0; j < k; ++j) cell /= static_cast<std::size_t>(count[j]);
    return first[k] + static_cast<std::int64_t>(cell % static_cast<std::size_t>(count[k]));
  }
};
// Nothing when the combinations number more than `max_cells` (or a key is
// of a kind a table key cannot be).
std::optional<TableCells> table_cells(const Ruleset& rs, const Table& t, std::uint64_t max_cells);
// The profiles of record `record`, by id: the values of a profile type.
std::vector<std::uint32_t> profiles_of(const Ruleset& rs, std::uint32_t record);
// A value as the rules language writes it: 4, 4+, cavalry, {a, b}, none.
std::string value_text(const Ruleset& rs, const Type& type, const Val& value);

}  // namespace umpire::rules
