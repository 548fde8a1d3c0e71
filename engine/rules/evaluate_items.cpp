// Tests (target, modifiers, odds), permissions, army-list constraints,
// invariants and skills.
#include <algorithm>

#include <fmt/core.h>

#include "engine/core/dice/distribution.hpp"
#include "engine/rules/evaluator.hpp"

namespace umpire::rules {
namespace {

// Exact odds of a test whose dice are plain (no keep, no re-roll, no d3),
// natural and double faces included, by enumerating every outcome; nullopt
// when the dice are not plain or there are too many outcomes.
std::optional<dice::Probability> enumerate(const dice::Expr& dice, std::int64_t needed, bool at_least,
                                           const std::vector<std::pair<const Face*, bool>>& faces) {
  std::vector<std::uint32_t> sides;
  std::int64_t constant = 0;
  std::uint64_t outcomes = 1;
  for (const dice::Term& t : dice.terms) {
    if (!t.is_dice) {
      constant += t.negative ? -t.constant : t.constant;
      continue;
    }
    if (t.negative || t.dice.keep != dice::Keep::all || t.dice.reroll.active() || t.dice.halved()) return std::nullopt;
    for (std::uint32_t i = 0; i < t.dice.count; ++i) {
      sides.push_back(t.dice.sides);
      outcomes *= t.dice.sides;
      if (outcomes > 1000000) return std::nullopt;
    }
  }
  std::uint64_t wins = 0;
  std::vector<std::uint32_t> faces_now(sides.size(), 1);
  for (std::uint64_t o = 0; o < outcomes; ++o) {
    std::uint64_t rest = o;
    std::int64_t total = constant;
    for (std::size_t i = 0; i < sides.size(); ++i) {
      faces_now[i] = static_cast<std::uint32_t>(rest % sides[i]) + 1;
      rest /= sides[i];
      total += faces_now[i];
    }
    std::optional<bool> forced;
    for (const auto& rule : faces) {
      const Face* face = rule.first;
      const bool success = rule.second;
      bool hit = false;
      if (face->natural) {
        hit = sides.size() == 1 && faces_now[0] == face->face;
      } else {
        hit = sides.size() >= 2 && std::all_of(faces_now.begin(), faces_now.end(), [&](std::uint32_t f) {
                return f == faces_now[0] && (face->face == 0 || f == face->face);
              });
      }
      if (hit) {
        forced = success;
        break;
      }
    }
    const bool ok = forced ? *forced : (at_least ? total >= needed : total <= needed);
    if (ok) ++wins;
  }
  return dice::Probability(wins) / dice::Probability(outcomes);
}

}  // namespace

std::optional<TestResult> Evaluator::test(std::uint32_t id) {
  const Test& t = rs_.tests[id];
  auto result = guarded([&] {
    TestResult r;
    step(fmt::format("test {}: roll {} {} target", t.name, t.dice_text, t.at_least ? "at least" : "at most"), t.refs);
    Depth d(depth_);
    r.at_least = t.at_least;
    r.target = eval_int(t.target);
    step(fmt::format("target {}", r.target));
    r.needed = r.target;
    if (t.stack) {
      if (t.on_roll) {
        r.modifier = stack_inner(*t.stack, 0);
        r.needed = r.target - r.modifier;
      } else {
        r.needed = stack_inner(*t.stack, r.target);
        r.modifier = r.needed - r.target;
      }
    }
    if (t.count) r.dice_count = eval_int(*t.count);
    std::vector<std::pair<const Face*, bool>> faces;
    bool triggers = false;
    for (const Face& f : t.faces) {
      if (f.when && !eval_bool(*f.when)) continue;
      const std::string face = f.natural ? fmt::format("natural {}", f.face)
                                         : (f.face ? fmt::format("double {}", f.face) : std::string("any double"));
      if (f.outcome == FaceOutcome::item) {
        step(fmt::format("{} triggers {}", face, f.item), rs_.refs_of(*rs_.find(f.item)));
        triggers = true;
      } else {
        step(fmt::format("{} is always a {}", face, f.outcome == FaceOutcome::success ? "success" : "failure"), t.refs);
        faces.emplace_back(&f, f.outcome == FaceOutcome::success);
      }
    }
    (void)triggers;
    if (!t.dice.terms.empty()) {
      if (auto p = enumerate(t.dice, r.needed, r.at_least, faces)) {
        r.probability = *p;
        r.faces_included = true;
      } else {
        const dice::Distribution dist = dice::distribution(t.dice);
        r.probability = r.at_least ? dist.at_least(r.needed) : dist.at_most(r.needed);
        r.faces_included = faces.empty();
      }
    }
    step(fmt::format("needs {}{} on {}", r.needed, r.at_least ? "+" : " or less", t.dice_text));
    return r;
  });
  return result;
}

std::optional<bool> Evaluator::permission(std::uint32_t id) {
  return guarded([&] {
    const Permission& p = rs_.permissions[id];
    const bool applies = !p.when || eval_bool(*p.when);
    step(fmt::format("permission {}: {}", p.name, applies ? "applies" : "does not apply"), p.refs);
    return applies;
  });
}

std::optional<PermissionResult> Evaluator::action(std::uint32_t action_value) {
  return guarded([&] {
    PermissionResult out;
    for (std::size_t i = 0; i < rs_.permissions.size(); ++i) {
      const Permission& p = rs_.permissions[i];
      if (p.action != action_value) continue;
      if (p.when && !eval_bool(*p.when)) continue;
      out.applicable.push_back(static_cast<std::uint32_t>(i));
    }
    bool forbidden = false, required = false;
    for (std::uint32_t i : out.applicable) {
      const Permission& p = rs_.permissions[i];
      const char* what = p.modality == Modality::can ? "can" : p.modality == Modality::cannot ? "cannot" : "must";
      if (p.modality == Modality::cannot) {
        const bool lifted = std::any_of(out.applicable.begin(), out.applicable.end(), [&](std::uint32_t j) {
          const auto& l = rs_.permissions[j].lifts;
          return std::find(l.begin(), l.end(), i) != l.end();
        });
        step(fmt::format("{}: {}{}", p.name, what, lifted ? " (lifted)" : ""), p.refs);
        forbidden = forbidden || !lifted;
      } else {
        step(fmt::format("{}: {}", p.name, what), p.refs);
        required = required || p.modality == Modality::must;
      }
    }
    out.verdict = forbidden && required ? Verdict::conflict
                  : forbidden          ? Verdict::forbidden
                  : required           ? Verdict::required
                                       : Verdict::allowed;
    return out;
  });
}

std::optional<bool> Evaluator::invariant(std::uint32_t id) {
  return guarded([&] {
    const Invariant& inv = rs_.invariants[id];
    const bool holds = eval_bool(inv.cond);
    step(fmt::format("invariant {}: {}", inv.name, holds ? "holds" : "VIOLATED"), inv.refs);
    return holds;
  });
}

std::int64_t Evaluator::amount(const ArmyList& list, const Amount& a) {
  auto profiles = [&]() {
    return a.all ? list.units : a.profiles;
  };
  switch (a.kind) {
    case Amount::Kind::constant: return a.value;
    case Amount::Kind::divisions: {
      if (!s_.divisions()) fail("rules.eval.missing-given", list.span, "the situation gives no number of divisions", "add --given divisions=N");
      return *s_.divisions();
    }
    case Amount::Kind::count: {
      std::int64_t n = 0;
      for (std::uint32_t p : profiles()) n += s_.count(p);
      return n;
    }
    case Amount::Kind::points:
    case Amount::Kind::total_points: {
      const std::vector<std::uint32_t> ps = a.kind == Amount::Kind::total_points ? list.units : profiles();
      std::int64_t n = 0;
      for (std::uint32_t p : ps) {
        if (s_.count(p) == 0) continue;
        const Profile& prof = rs_.profiles[p];
        auto field = rs_.records[prof.record].find("points");
        if (!field || prof.values[*field].kind != Val::Kind::integer) {
          fail("rules.eval.no-value", prof.span, fmt::format("profile '{}' has no 'points'", prof.name));
        }
        n += s_.count(p) * prof.values[*field].number;
      }
      return n;
    }
  }
  return 0;
}

std::optional<bool> Evaluator::constraint(std::uint32_t list_id, std::uint32_t index) {
  return guarded([&] {
    const ArmyList& list = rs_.army_lists[list_id];
    const Constraint& c = list.constraints[index];
    if (c.when && !eval_bool(*c.when)) {
      step(fmt::format("constraint {}: does not apply", c.name), c.refs);
      return true;
    }
    const std::int64_t lhs = amount(list, c.lhs);
    const std::int64_t rhs = amount(list, c.rhs);
    // Compare exactly: percentages without division.
    std::int64_t l = lhs, r = rhs;
    std::string rhs_text = std::to_string(rhs);
    if (c.rhs_kind == Constraint::Rhs::percent) {
      l = lhs * 100;
      r = rhs * c.percent;
      rhs_text = fmt::format("{}% of {}", c.percent, rhs);
    } else if (c.rhs_kind == Constraint::Rhs::per_every) {
      r = c.count * (rhs / c.every);
      rhs_text = fmt::format("{} per full {} of {} = {}", c.count, c.every, rhs, r);
    }
    bool ok = false;
    const char* op = "";
    switch (c.op) {
      case CmpOp::eq: ok = l == r; op = "=="; break;
      case CmpOp::ne: ok = l != r; op = "!="; break;
      case CmpOp::lt: ok = l < r; op = "<"; break;
      case CmpOp::le: ok = l <= r; op = "<="; break;
      case CmpOp::gt: ok = l > r; op = ">"; break;
      case CmpOp::ge: ok = l >= r; op = ">="; break;
    }
    step(fmt::format("constraint {}: {} {} {}: {}{}", c.name, lhs, op, rhs_text, ok ? "met" : "NOT MET",
                     c.per_division ? " (checked on the division given)" : ""),
         c.refs);
    return ok;
  });
}

std::optional<std::int64_t> Evaluator::skill_cost(std::uint32_t id) {
  return guarded([&]() -> std::int64_t {
    const Skill& s = rs_.skills[id];
    if (!s.cost) return 0;
    const std::int64_t c = eval_int(*s.cost);
    step(fmt::format("{} costs {}{}", s.name, c, s.cost_per.empty() ? "" : " per " + s.cost_per), s.refs);
    return c;
  });
}

std::optional<bool> Evaluator::skill_allowed(std::uint32_t id) {
  return guarded([&] {
    const Skill& s = rs_.skills[id];
    const bool ok = !s.allowed || eval_bool(*s.allowed);
    step(fmt::format("{} {} be taken here", s.name, ok ? "may" : "may not"), s.refs);
    return ok;
  });
}

}  // namespace umpire::rules
