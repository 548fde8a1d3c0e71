#include "engine/rulesets/hail_caesar/simulate/statement_text.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/simulate/statement_words.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using rulesets::simulate::point_text;
using rulesets::simulate::roll_text;

// The values the engine computed under `check`, in the order it computed
// them.
std::vector<std::int64_t> values(const Applied& applied, Check check) {
  return applied.values(replay::CheckId(check));
}

}  // namespace

std::string statement_text(const Setup& setup, const Action& a, const Applied& applied) {
  std::string s = a.verb;
  for (UnitId u : a.actors) s += " " + setup.units[u].id;
  for (GeneralId g : a.generals) s += " " + setup.generals[g].id;
  if (a.kind == ActionKind::combat) s += " vs";
  for (UnitId u : a.targets) s += " " + setup.units[u].id;
  std::string outcomes;
  switch (a.kind) {
    case ActionKind::order: {
      if (a.by) s += " by " + setup.generals[*a.by].id;
      // The 2D6 of the test, then a blunder's D6 (§ D6 Fiasco de
      // commandement), whose chart result the log leaves to the engine.
      for (std::size_t i = 0; i < applied.rolls.size(); ++i)
        s += (i == 0 ? " " : " blunder ") + roll_text(applied.rolls[i]);
      if (const auto v = values(applied, Check::order_test); !v.empty())
        outcomes += fmt::format(" moves {}", v.back());
      if (!a.stated.result.empty()) outcomes += " result " + a.stated.result;
      break;
    }
    case ActionKind::move:
      if (!a.detail.empty()) s += " " + a.detail;
      if (a.to) s += " to " + point_text(*a.to);
      break;
    case ActionKind::charge:
      if (!a.on.empty()) s += " on " + a.on;
      if (a.to) s += " to " + point_text(*a.to);
      break;
    case ActionKind::respond:
      s += " " + a.detail;
      // Closing shots write their dice and hits as a shot does.
      for (const replay::TakenRoll& r : applied.rolls) s += " hit " + roll_text(r);
      if (const auto v = values(applied, Check::shoot_hits); !v.empty())
        outcomes += fmt::format(" hits {}", v.back());
      break;
    case ActionKind::combat:
      if (a.round) s += fmt::format(" round {}", *a.round);
      break;
    case ActionKind::attack:
      for (const replay::TakenRoll& r : applied.rolls) s += " hit " + roll_text(r);
      if (const auto v = values(applied, Check::melee_hits); !v.empty())
        outcomes += fmt::format(" hits {}", v.back());
      break;
    case ActionKind::result:
      if (a.stated.draw)
        outcomes += " draw";
      else if (a.stated.winner)
        outcomes += fmt::format(" winner {} margin {}", setup.units[*a.stated.winner].id,
                                a.stated.margin.value_or(0));
      break;
    case ActionKind::test:
      s += " " + a.detail;
      for (const replay::TakenRoll& r : applied.rolls) s += " " + roll_text(r);
      if (a.modifier) s += " mod " + rulesets::simulate::signed_text(*a.modifier);
      if (!a.stated.result.empty()) outcomes += " result " + a.stated.result;
      break;
    case ActionKind::state:
      for (const std::string& w : a.states) s += " " + w;
      break;
    case ActionKind::shoot:
      s += " weapon " + a.weapon;
      if (a.range) s += fmt::format(" range {:g}", *a.range);
      for (const replay::TakenRoll& r : applied.rolls) s += " hit " + roll_text(r);
      if (const auto v = values(applied, Check::shoot_hits); !v.empty())
        outcomes += fmt::format(" hits {}", v.back());
      break;
    case ActionKind::save: {
      for (const replay::TakenRoll& r : applied.rolls) s += " " + roll_text(r);
      // Saves then casualties when dice were rolled; casualties alone when
      // the unit has no save.
      const auto v = values(applied, Check::save_saves);
      if (v.size() >= 2) outcomes += fmt::format(" saves {}", v[v.size() - 2]);
      if (!v.empty()) outcomes += fmt::format(" casualties {}", v.back());
      break;
    }
    default:
      break;
  }
  if (!outcomes.empty()) s += " =>" + outcomes;
  return s;
}

}  // namespace umpire::hail_caesar::simulate
