#pragma once
// A situation for the evaluator, filled through typed setters: what every
// ruleset's `Facts` shares. Integers are clamped to the given's bounds (a
// distance beyond the domain reads "far"). A ruleset derives its Facts from
// BasicFacts<Facts, Binding> (Binding: its BoundItems or a class derived
// from it) and adds the facts of its board. Some of those cost a look
// around the board and few questions read them: the ruleset states them
// when read, through read_on_demand() and its `fact_on_demand(Given)`,
// called without a virtual call (the evaluator's source is the one).
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/suggest.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rulesets::common {

template <class Derived, class Binding>
class BasicFacts : private rules::GivenSource {
 public:
  using Given = typename Binding::Given;

  explicit BasicFacts(const Binding& b) : b_(&b), situation_(b.rs()) {
    situation_.set_program(b.program());
  }
  // The situation asks this object for the facts read on demand: a copy
  // asks the copy.
  BasicFacts(const BasicFacts& other)
      : rules::GivenSource(other),
        b_(other.b_),
        situation_(other.situation_),
        reads_on_demand_(other.reads_on_demand_),
        error_(other.error_) {
    situation_.set_source(reads_on_demand_ ? this : nullptr);
  }
  BasicFacts& operator=(const BasicFacts& other) {
    if (this == &other) return *this;
    b_ = other.b_;
    situation_ = other.situation_;
    reads_on_demand_ = other.reads_on_demand_;
    error_ = other.error_;
    situation_.set_source(reads_on_demand_ ? this : nullptr);
    return *this;
  }

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
  // An enumeration value by name.
  void word(Given g, std::string_view value) {
    if (auto v = b_->word(g, value)) {
      set(g, *v);
    } else if (error_.empty()) {
      // A word of the log the data does not know (a misspelt weapon): the
      // nearest it knows, for the reader.
      const rules::Given& given = b_->rs().givens[b_->given(g)];
      std::string message = fmt::format("'{}' has no value '{}'", given.name, value);
      if (given.type.kind == rules::TypeKind::enumeration)
        if (auto near = closest_match(value, b_->rs().domains[given.type.ref].values))
          message += fmt::format(" (did you mean '{}'?)", *near);
      note_error(std::move(message));
    }
  }
  void none(Given g) { set(g, rules::Val::none()); }
  // A given of the data by its index, one the ruleset's table does not
  // name: the facts a variant of the ruleset adds (its own givens).
  void data_given(std::uint32_t id, const rules::Val& v) { set_given(id, v); }

  const rules::Situation& situation() const { return situation_; }
  const Binding& binding() const { return *b_; }
  // The first value that did not fit its given (an engine bug if any).
  const std::string& error() const { return error_; }

 protected:
  // Not deleted through the base: a ruleset's Facts is used by value.
  ~BasicFacts() = default;
  // From now on, a given the situation has no value for is asked of
  // Derived::fact_on_demand(Given) -> std::optional<rules::Val>.
  void read_on_demand() {
    reads_on_demand_ = true;
    situation_.set_source(this);
  }
  // These givens read as unset again, so that the facts read on demand
  // answer them.
  void unset(std::span<const Given> givens) {
    if (situation_.blank()) return;  // a fresh situation: nothing to unset
    for (const Given g : givens)
      if (situation_.has(b_->given(g))) situation_.unset(b_->given(g));
  }
  // For a value known to fit its given (an enumeration, a set, a boolean).
  void set_fitted(Given g, const rules::Val& v) { situation_.set_fitted(b_->given(g), v); }
  // Kept when it is the first: the first misfit is the one to fix.
  void note_error(std::string message) const {
    if (error_.empty()) error_ = std::move(message);
  }
  const Binding& bound() const { return *b_; }

 private:
  std::optional<rules::Val> provide(std::uint32_t given) const override {
    const std::optional<Given> g = b_->given_of(given);
    if (!g) return std::nullopt;
    std::optional<rules::Val> v = static_cast<const Derived&>(*this).fact_on_demand(*g);
    if (!v) return std::nullopt;
    if (v->kind == rules::Val::Kind::integer) {
      const rules::Type& t = b_->rs().givens[given].type;
      v->number = std::clamp(v->number, t.lo, t.hi);
    }
    if (!situation_.fits(given, *v)) {
      if (error_.empty())
        note_error(fmt::format("'{}': {}", b_->rs().givens[given].name,
                               situation_.misfit(given, *v).value_or("")));
      return std::nullopt;
    }
    return v;
  }
  void set_given(std::uint32_t id, const rules::Val& v) {
    if (!situation_.try_set(id, v) && error_.empty()) note_misfit(id, v);
  }
  // The message only for a misfit (an engine bug), out of the hot path.
  [[gnu::noinline]] void note_misfit(std::uint32_t id, const rules::Val& v) {
    error_ = fmt::format("'{}': {}", b_->rs().givens[id].name, *situation_.misfit(id, v));
  }

  const Binding* b_;
  rules::Situation situation_;
  bool reads_on_demand_ = false;
  mutable std::string error_;
};

}  // namespace umpire::rulesets::common
