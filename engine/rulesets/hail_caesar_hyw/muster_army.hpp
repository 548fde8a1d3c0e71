#pragma once
// One army at muster, as muster.cpp and list_constraints.cpp share it: its
// side, its list, its divisions in roster order and the list entry each of
// its units was resolved to. Internal to the muster.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/events/battle.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw::detail {

struct MusterArmy {
  const events::Battle* battle = nullptr;
  const rules::Ruleset* data = nullptr;
  std::uint32_t side = 0;
  std::optional<std::uint32_t> list;     // in data->army_lists
  std::string prefix;                    // the list's entry prefix: "english_"
  std::vector<std::uint32_t> divisions;  // battle->divisions of this army, in order
  // Per unit of the battle: its entry (a profile of the data) when it is one
  // of this army's units in a division and its profile an entry of the list.
  std::vector<std::optional<std::uint32_t>> entry;

  const events::Side& side_of() const { return battle->header.sides[side]; }
  // An entry as the list prints it: without the list's prefix.
  std::string entry_name(std::uint32_t profile) const;
  // One vector of counts per division (indexed by profile), for rules::Situation.
  std::vector<std::vector<std::int64_t>> roster() const;
};

// Counts breaches and cites the check's section.
class Reporter {
 public:
  explicit Reporter(DiagnosticEngine& diags) : diags_(diags) {}
  DiagnosticBuilder breach(Check check, Span span, std::string message);
  // A constraint no check names: its own id and the data's citation.
  DiagnosticBuilder breach(std::string_view id, const rules::Citations& refs, Span span,
                           std::string message);
  std::size_t breaches() const { return breaches_; }

 private:
  DiagnosticEngine& diags_;
  std::size_t breaches_ = 0;
};

// The constraints of the army's list (list_constraints.cpp).
void check_list_constraints(const MusterArmy& army, Reporter& out);

}  // namespace umpire::hyw::detail
