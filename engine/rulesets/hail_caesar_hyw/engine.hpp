#pragma once
// The Hail Caesar: Hundred Years War replay engine: the Hail Caesar engine
// (hail_caesar/engine.hpp) over the HYW data (rules_binding.hpp), with the
// procedures of 004_b7c666874e8df030.txt it does not check yet reported
// `not checked` at each statement that needs them (procedures.cpp), and
// the sequence of 004's movement phase checked before each statement
// (sequence.hpp). Every
// number and condition the base engine reads comes from the HYW data, so
// its overrides (shooting dice by range, natural 1s and 6s, re-rolls of the
// special rules, order moves, the distance penalty, save limits) apply
// through the binding.
#include <memory>
#include <string>
#include <vector>

#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/opportunity.hpp"
#include "engine/rulesets/hail_caesar_hyw/rounds_owed.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

class Engine final : public replay::ReplayEngine {
 public:
  Engine(hail_caesar::Setup setup, std::vector<hail_caesar::Action> actions, const Binding& rules,
         DiagnosticEngine& diags);

  std::size_t event_count() const override { return base_.event_count(); }
  Span event_span(std::size_t i) const override { return base_.event_span(i); }
  std::string describe_event(std::size_t i) const override { return base_.describe_event(i); }
  bool event_agreed(std::size_t i) const override { return base_.event_agreed(i); }
  std::string_view agreed_note(std::size_t i) const override { return base_.agreed_note(i); }
  void apply(std::size_t i, replay::EventChecker& checker) override;
  void finish(replay::EventChecker& checker) override { base_.finish(checker); }
  void write_state(replay::StateWriter& out) const override { base_.write_state(out); }
  const replay::CheckTable& checks() const override { return base_.checks(); }
  void view_units(std::vector<replay::UnitView>& out) const override { base_.view_units(out); }

 private:
  // Per statement: the procedures of 004 it calls for that are not checked.
  std::vector<std::vector<std::string>> unchecked_;
  // Per statement: followed as written rather than checked by the base
  // engine (followed_as_written).
  std::vector<bool> followed_;
  const Binding& rules_;
  hail_caesar::Engine base_;
  // Where each unit stood before its last move (6-d).
  MoveStarts move_starts_;
  // The rounds the combat phases owe (7-a).
  RoundsOwed rounds_owed_;
};

// Whether the base engine would check statement `a` against a rule of its
// own that 004 leaves without a number: the statement is then followed as
// written (its unchecked_procedures say why). A gun's move (5-i: "d'un
// mouvement au maximum", of no stated length).
bool followed_as_written(const hail_caesar::Setup& setup, const hail_caesar::Action& a);

// The procedures of 004 that statement `a` calls for and the engine does
// not check, each naming its rule and section (procedures.cpp).
std::vector<std::string> unchecked_procedures(const hail_caesar::Setup& setup,
                                              const hail_caesar::Action& a,
                                              const rules::Ruleset& data);

}  // namespace umpire::hyw
