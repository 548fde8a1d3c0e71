#include "engine/rulesets/wab/simulate/statement_text.hpp"

#include <fmt/format.h>

#include <vector>

#include "engine/rulesets/common/simulate/statement_words.hpp"
#include "engine/rulesets/wab/checks.hpp"

namespace umpire::wab::simulate {
namespace {

using rulesets::simulate::Applied;
using rulesets::simulate::point_text;
using rulesets::simulate::roll_text;

// The values the engine computed under `check`, in the order it computed
// them.
std::vector<std::int64_t> values(const Applied& applied, Check check) {
  return applied.values(replay::CheckId(check));
}

// ` hits H`, ` wounds W`: the last value computed under `check`.
std::string last(const Applied& applied, Check check, std::string_view word) {
  const auto v = values(applied, check);
  return v.empty() ? std::string() : fmt::format(" {} {}", word, v.back());
}

std::string pass_text(const Applied& applied, Check check) {
  const auto v = values(applied, check);
  if (v.empty()) return {};
  return v.back() != 0 ? " pass" : " fail";
}

}  // namespace

std::string statement_text(const Setup& setup, const Action& a, const Applied& applied) {
  std::string s = a.verb;
  for (UnitId u : a.actors) s += " " + setup.units[u].id;
  if (a.kind == ActionKind::combat) s += " vs";
  for (UnitId u : a.targets) s += " " + setup.units[u].id;
  if (!a.detail.empty()) s += " " + a.detail;
  if (!a.weapon.empty()) s += " weapon " + a.weapon;
  if (a.range) s += fmt::format(" range {:g}", *a.range);
  if (a.round) s += fmt::format(" round {}", *a.round);
  // Each roll written under its label, with the faces the engine drew.
  for (std::size_t i = 0; i < a.rolls.size() && i < applied.rolls.size(); ++i)
    s += (a.rolls[i].label.empty() ? " " : " " + a.rolls[i].label + " ") +
         roll_text(applied.rolls[i]);
  if (a.to) s += " to " + point_text(*a.to);
  std::string outcomes;
  switch (a.kind) {
    case ActionKind::shoot:
    case ActionKind::respond:
      outcomes += last(applied, Check::shoot_hits, "hits");
      outcomes += last(applied, Check::wound_wounds, "wounds");
      break;
    case ActionKind::attack:
      outcomes += last(applied, Check::melee_hits, "hits");
      outcomes += last(applied, Check::wound_wounds, "wounds");
      break;
    case ActionKind::save: {
      const auto v = values(applied, Check::save_saves);
      if (v.size() >= 2) outcomes += fmt::format(" saves {}", v[v.size() - 2]);
      if (!v.empty()) outcomes += fmt::format(" wounds {}", v.back());
      break;
    }
    case ActionKind::result:
      if (a.stated.draw)
        outcomes += " draw";
      else if (a.stated.winner)
        outcomes += fmt::format(" winner {}", setup.units[*a.stated.winner].id) +
                    last(applied, Check::combat_result, "margin");
      break;
    case ActionKind::test:
      outcomes +=
          pass_text(applied, a.detail == "break" ? Check::break_test : Check::psychology_test);
      break;
    case ActionKind::rally:
      outcomes += pass_text(applied, Check::rally_test);
      break;
    case ActionKind::flee:
      outcomes += last(applied, Check::flee_dice, "distance");
      break;
    case ActionKind::pursue: {
      const auto v = values(applied, Check::pursue_caught);
      if (!v.empty()) outcomes += fmt::format(" distance {}", v.front());
      if (v.size() >= 2 && v.back() != 0) outcomes += " destroyed";
      break;
    }
    default:
      break;
  }
  if (!outcomes.empty()) s += " =>" + outcomes;
  return s;
}

}  // namespace umpire::wab::simulate
