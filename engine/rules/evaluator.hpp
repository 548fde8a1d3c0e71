#pragma once
// Evaluates rule data on a concrete situation: a value, a table lookup, a
// modifier stack, a test's target and odds, the permissions for an action,
// an army-list constraint, an invariant. Every result comes with a
// breakdown of the items that applied (table rows, stack entries with the
// stage policy that chose them, case arms, switches) and their citations;
// the engine prints it in its messages, `umpire rules eval` on the terminal.
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/dice/distribution.hpp"
#include "engine/rules/model.hpp"
#include "engine/rules/program.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {

// Values of givens computed only when an evaluation reads them: an engine
// states dozens of facts about a unit, and a question reads a few. A value
// provided must fit the given's type (Situation::misfit); the source gives
// none for a given it does not know.
class GivenSource {
 public:
  virtual std::optional<Val> provide(std::uint32_t given) const = 0;

 protected:
  GivenSource() = default;
  GivenSource(const GivenSource&) = default;
  GivenSource& operator=(const GivenSource&) = default;
  ~GivenSource() = default;
};

// The values the situation gives: one optional value per given, one chosen
// option per switch (its default until set), and unit counts for army lists.
class Situation {
 public:
  explicit Situation(const Ruleset& rs);

  // Fails (returns a message) when the value does not fit the given's type.
  std::optional<std::string> set(std::uint32_t given, Val value) {
    if (!try_set(given, value)) return misfit(given, value);
    return std::nullopt;
  }
  // The same without the message: false when the value does not fit.
  bool try_set(std::uint32_t given, const Val& value) {
    if (!fits(given, value)) return false;
    forget();
    keep(given, value);
    return true;
  }
  // A value the caller already made fit (an integer clamped to the given's
  // bounds): try_set without asking again.
  void set_fitted(std::uint32_t given, const Val& value) {
    forget();
    keep(given, value);
  }
  // Whether `value` fits the type of `given`: an engine sets and provides
  // thousands of values per second, and only a misfit needs its message.
  bool fits(std::uint32_t given, const Val& value) const {
    const Type& t = rs_->givens[given].type;
    if (value.is_none()) return t.optional;
    return value.kind != Val::Kind::integer || (t.lo <= value.number && value.number <= t.hi);
  }
  // Why `value` does not fit the type of `given`; nullopt when it does.
  std::optional<std::string> misfit(std::uint32_t given, const Val& value) const;
  // The given reads as unset again (its source, if any, then answers).
  void unset(std::uint32_t given) {
    forget();
    slots_.at(given) = 0;
  }
  bool has(std::uint32_t given) const { return slots_.at(given) != 0; }
  // No given was ever set or provided (a fresh situation).
  bool blank() const { return values_.empty(); }
  // Asked for the givens not set; must outlive the situation's use (null: none).
  void set_source(const GivenSource* source) {
    forget();
    source_ = source;
  }
  // The compiled form of the ruleset's expressions, for quiet evaluations
  // (null: the evaluator walks the trees). Must outlive the situation's use.
  void set_program(const Program* program) { program_ = program; }
  const Program* program() const { return program_; }
  const Ruleset& ruleset() const { return *rs_; }
  void set_switch(std::uint32_t sw, std::uint32_t option) {
    forget();
    if (switches_.empty()) {
      for (const Switch& each : rs_->switches) switches_.push_back(each.default_option);
    }
    switches_.at(sw) = option;
  }
  void set_count(std::uint32_t profile, std::int64_t count) {
    forget();
    counts_.at(profile) = count;
  }
  void set_divisions(std::int64_t n) {
    forget();
    divisions_ = n;
  }
  // A whole roster: one vector of unit counts per division, indexed by
  // profile. Sets the army's counts (the sums) and its number of divisions;
  // `per division` constraints are then checked on each division.
  void set_roster(std::vector<std::vector<std::int64_t>> divisions);

  // A value its source provides is kept as if set: the source states the
  // facts of one moment (Facts::self), and questions on one situation read
  // the same givens again and again.
  std::optional<Val> given(std::uint32_t id) const {
    if (const Val* known = kept(id)) return *known;
    return provided(id);
  }
  // The value set or provided so far, or null: given() without asking the
  // source (the generated code's fast path, native/native_ops.hpp).
  const Val* kept(std::uint32_t id) const {
    const std::uint16_t slot = slots_.at(id);
    return slot != 0 ? &values_[slot - 1] : nullptr;
  }
  // What the source provides for a given not kept, kept if any.
  std::optional<Val> provided(std::uint32_t id) const {
    if (!source_) return std::nullopt;
    std::optional<Val> v = source_->provide(id);
    if (v) keep(id, *v);
    return v;
  }
  // The value of the data's value `id` on this situation, if an earlier
  // quiet evaluation computed it (Evaluator::value_inner): the questions an
  // engine asks about one action share values (the cost of an activation is
  // read by its permission and by the engine). Forgotten whenever anything
  // the values depend on is set.
  const Val* remembered(std::uint32_t value) const {
    for (const auto& [id, v] : remembered_)
      if (id == value) return &v;
    return nullptr;
  }
  void remember(std::uint32_t value, const Val& v) const { remembered_.emplace_back(value, v); }
  std::uint32_t switch_option(std::uint32_t sw) const {
    return switches_.empty() ? rs_->switches.at(sw).default_option : switches_.at(sw);
  }
  std::int64_t count(std::uint32_t profile) const { return counts_.at(profile); }
  std::optional<std::int64_t> divisions() const { return divisions_; }
  const std::vector<std::vector<std::int64_t>>& roster() const { return roster_; }

 private:
  const Ruleset* rs_;
  const GivenSource* source_ = nullptr;
  const Program* program_ = nullptr;
  // Given i's value is values_[slots_[i] - 1], or unset when slots_[i] is 0.
  // A replay makes a situation for every question it asks the data and sets
  // a few dozen of its hundreds of givens: a fresh one zeroes a small index
  // in place rather than allocate kilobytes for a value per given.
  // Mutable: given() keeps what the source provides.
  mutable boost::container::small_vector<std::uint16_t, 256> slots_;
  mutable boost::container::small_vector<Val, 48> values_;
  mutable boost::container::small_vector<std::pair<std::uint32_t, Val>, 8> remembered_;
  void keep(std::uint32_t given, const Val& value) const {
    std::uint16_t& slot = slots_.at(given);
    if (slot == 0) {
      values_.push_back(value);
      slot = static_cast<std::uint16_t>(values_.size());
    } else {
      values_[slot - 1] = value;
    }
  }
  void forget() { remembered_.clear(); }
  // Empty until a switch is set: every switch at its default option (most
  // situations set none, and one is made for every question).
  boost::container::small_vector<std::uint32_t, 32> switches_;
  boost::container::small_vector<std::int64_t, 32> counts_;
  std::optional<std::int64_t> divisions_;
  std::vector<std::vector<std::int64_t>> roster_;
};

// Parses `text` as a value of `type` ("4", "4+", "cavalry", "a,b", "none",
// "true"); nullopt with `error` set otherwise.
std::optional<Val> parse_value(const Ruleset& rs, const Type& type, std::string_view text,
                               std::string& error);

struct Step {
  int depth = 0;
  std::string text;
  Citations refs;
};

struct EvalError {
  Diag id;  // eval_missing_given, eval_out_of_range, ...
  std::string message;
  std::string hint;
  Span span;  // the rules text involved
};

// The re-roll a test's odds include: the skill that grants it and its scope.
struct AppliedReroll {
  std::uint32_t skill = 0;
  RerollScope scope = RerollScope::failed;
};

struct TestResult {
  std::int64_t target = 0;    // before modifiers
  std::int64_t modifier = 0;  // total added to the roll (on roll)
  std::int64_t needed = 0;    // the score the dice must reach (at_least) or not exceed
  bool at_least = true;
  std::int64_t dice_count = 1;  // rolls tested one by one
  // Chance that one roll ends a success, the applicable re-roll included:
  // for `one_failed_die` over several rolls, the mean over the rolls
  // (expected successes / dice_count), since only one of them is re-rolled.
  std::optional<dice::Probability> probability;
  std::optional<dice::Probability> base_probability;  // one roll, no re-roll
  std::optional<AppliedReroll> reroll;
  // successes[k]: chance of exactly k successes over the dice_count rolls,
  // re-roll included (empty when dice_count is outside 0..max_success_dice).
  std::vector<dice::Probability> successes;
  bool faces_included = false;  // natural/double faces are part of the odds
};
inline constexpr std::int64_t max_success_dice = 200;

enum class Verdict : std::uint8_t { allowed, forbidden, required, conflict };
std::string_view to_string(Verdict verdict);

struct PermissionResult {
  Verdict verdict = Verdict::allowed;
  std::vector<std::uint32_t> applicable;  // permissions whose condition holds
};

// The permissions of the ruleset about one action (a value of the `action`
// domain), in the order of the data.
std::vector<std::uint32_t> permissions_of(const Ruleset& rs, std::uint32_t action_value);

class Evaluator {
 public:
  Evaluator(const Ruleset& rs, const Situation& situation)
      : rs_(rs),
        s_(situation),
        code_(situation.program() && situation.program()->source() == &rs ? situation.program()
                                                                          : nullptr) {}

  // Each returns nullopt on failure, with error() saying why.
  std::optional<Val> eval(const Expr& expr);
  std::optional<Val> value(std::uint32_t id);
  std::optional<std::int64_t> apply_stack(std::uint32_t stack, std::int64_t start);
  // The row's results, or none for a partial table without a matching row.
  std::optional<std::vector<Val>> lookup(std::uint32_t table, const std::vector<Val>& keys);
  std::optional<TestResult> test(std::uint32_t id);
  std::optional<PermissionResult> action(std::uint32_t action_value);
  // The same, given the permissions of that action (permissions_of): a
  // caller that asks about one action many times finds them once.
  std::optional<PermissionResult> action_with(std::span<const std::uint32_t> permissions);
  std::optional<bool> permission(std::uint32_t id);
  std::optional<bool> invariant(std::uint32_t id);
  std::optional<bool> assumption(std::uint32_t id);
  std::optional<bool> constraint(std::uint32_t army_list, std::uint32_t index);
  std::optional<std::int64_t> skill_cost(std::uint32_t id);
  // The exact distribution of integer value `id` over the rolled givens it
  // reads that the situation leaves unset, each thrown with its dice
  // (evaluate_distribution.cpp); the other givens come from the situation.
  std::optional<dice::Distribution> distribution(std::uint32_t value);
  std::vector<std::uint32_t> unset_rolled_givens(std::uint32_t value) const;
  std::optional<bool> skill_allowed(std::uint32_t id);

  const std::vector<Step>& breakdown() const { return steps_; }
  // Off, no breakdown is kept: formatting its steps costs more than the
  // evaluation. Hot callers evaluate quietly and again with the breakdown
  // only when they must explain a result.
  void set_trace(bool on) { trace_ = on; }
  // Off, test() leaves the odds (probability, successes) unset: exact
  // rational odds over several dice cost more than the rest of a test, and
  // a replay only needs the score to reach.
  void set_odds(bool on) { odds_ = on; }
  const std::optional<EvalError>& error() const { return error_; }

 private:
  friend struct NativeOps;  // what generated code reads (native/native_ops.hpp)
  struct Failure {};        // thrown inside, caught at the public boundary
  // Thrown by the compiled form where the tree would fail: the item is then
  // evaluated again on its tree, which says why (evaluate_compiled.cpp).
  struct Bail {};
  bool quick() const { return code_ != nullptr && !trace_; }
  // Quiet, and the situation's values are this ruleset's: values computed
  // are remembered in the situation (Situation::remembered).
  bool shares_values() const { return quick() && &s_.ruleset() == &rs_; }
  Word run(std::uint32_t node);
  Word run_lookup(const Program::Node& n);
  // Lookup node `n`'s row for keys already evaluated, in order.
  Word lookup_row(const Program::Node& n, std::span<const Word> keys);
  Word child(std::uint32_t node);
  std::int64_t child_int(std::uint32_t node);
  bool child_bool(std::uint32_t node);
  // Root `root` by its generated code where the build made some, else by
  // the nodes.
  Word compiled(std::uint32_t root) {
    if (const NativeRoot native = code_->native_root(root)) return native(*this);
    return child(root);
  }
  // `e` evaluated through its compiled form `root` when quiet, on its tree
  // otherwise or when the compiled form gives up.
  bool holds(const Expr& e, std::uint32_t root);
  std::int64_t integer(const Expr& e, std::uint32_t root);
  Val value_expr(const ValueItem& v, std::uint32_t root);
  [[noreturn]] void fail(Diag id, Span span, std::string message, std::string hint = "");
  Val eval_inner(const Expr& e);
  std::int64_t eval_int(const Expr& e);
  bool eval_bool(const Expr& e);
  Val value_inner(std::uint32_t id);
  std::int64_t stack_inner(std::uint32_t stack, std::int64_t start);
  std::optional<std::size_t> row_inner(std::uint32_t table, std::span<const Val> keys);
  // The last partial-table miss in words, for a message.
  std::string no_entry_text() const;
  // `counts`: the unit counts to read (one division's), or the army's when null.
  std::int64_t amount(const ArmyList& list, const Amount& a,
                      const std::vector<std::int64_t>* counts = nullptr);
  bool compare(const Constraint& c, const ArmyList& list, const std::vector<std::int64_t>* counts,
               const std::string& where);
  void fold_rerolls(std::uint32_t test, TestResult& r);
  void step(std::string text, Citations refs = {});
  template <typename F>
  auto guarded(F&& f) -> std::optional<decltype(f())> {
    try {
      return f();
    } catch (const Failure&) {
      return std::nullopt;
    }
  }
  // One level more while it lives: the breakdown's indentation
  // (depth_), the values in progress (values_in_progress_).
  struct Depth {
    int& d;
    explicit Depth(int& x) : d(x) { ++d; }
    ~Depth() { --d; }
    Depth(const Depth&) = delete;
    Depth& operator=(const Depth&) = delete;
  };

  const Ruleset& rs_;
  const Situation& s_;
  const Program* code_;  // the situation's program, if compiled from rs_
  std::vector<Step> steps_;
  std::optional<EvalError> error_;
  int depth_ = 0;
  bool trace_ = true;
  bool odds_ = true;
  // The last partial-table miss (table and keys), spelled out only when a
  // message needs it: an engine asks thousands of questions per second and
  // explains few.
  std::optional<std::uint32_t> last_miss_table_;
  boost::container::small_vector<Val, 4> last_miss_keys_;
  // Values in progress, to stop runaway recursion (value_inner).
  int values_in_progress_ = 0;
  // The situation does not change while an evaluator lives: each value is
  // computed once. One question reads a few dozen values at most, so a short
  // list searched in order beats a table sized for every value of the data.
  // Unused when the situation remembers them (shares_values()).
  boost::container::small_vector<std::pair<std::uint32_t, Val>, 16> value_cache_;
  // The switches already shown in the breakdown (with a trace only).
  std::vector<bool> switch_reported_;
};

}  // namespace umpire::rules
