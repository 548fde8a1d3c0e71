// Tests (target, modifiers, odds), permissions, army-list constraints,
// invariants and skills.
#include <fmt/core.h>

#include <algorithm>
#include <span>

#include "engine/core/dice/distribution.hpp"
#include "engine/rules/evaluator.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {
namespace {

// Exact odds of a test whose dice are plain (no keep, no re-roll, no d3),
// natural and double faces included, by enumerating every outcome; nullopt
// when the dice are not plain or there are too many outcomes.
std::optional<dice::Probability> enumerate(const dice::Expr& dice, std::int64_t needed,
                                           bool at_least,
                                           std::span<const std::pair<const Face*, bool>> faces) {
  std::vector<std::uint32_t> sides;
  std::int64_t constant = 0;
  std::uint64_t outcomes = 1;
  for (const dice::Term& t : dice.terms) {
    if (!t.is_dice) {
      constant += t.negative ? -t.constant : t.constant;
      continue;
    }
    if (t.negative || t.dice.keep != dice::Keep::all || t.dice.reroll.active() || t.dice.halved())
      return std::nullopt;
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
        hit = sides.size() >= 2 &&
              std::all_of(faces_now.begin(), faces_now.end(), [&](std::uint32_t f) {
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

// P(exactly k successes) over n independent rolls each succeeding with p.
std::vector<dice::Probability> binomial(std::int64_t n, const dice::Probability& p) {
  std::vector<dice::Probability> out(static_cast<std::size_t>(n) + 1);
  const dice::Probability q = 1 - p;
  dice::Probability choose = 1;  // C(n, k)
  for (std::int64_t k = 0; k <= n; ++k) {
    dice::Probability term = choose;
    for (std::int64_t i = 0; i < k; ++i) term *= p;
    for (std::int64_t i = k; i < n; ++i) term *= q;
    out[static_cast<std::size_t>(k)] = term;
    choose = dice::Probability(choose * (n - k) / (k + 1));
  }
  return out;
}

std::string_view scope_text(RerollScope scope) {
  switch (scope) {
    case RerollScope::one_failed_die:
      return "one failed roll";
    case RerollScope::failed:
      return "every failed roll";
    case RerollScope::any:
      return "any roll";
  }
  return "?";
}

// A wider scope re-rolls at least the rolls a narrower one does; a roll is
// re-rolled at most once, so only the widest applicable re-roll counts.
int scope_rank(RerollScope scope) {
  switch (scope) {
    case RerollScope::one_failed_die:
      return 0;
    case RerollScope::failed:
      return 1;
    case RerollScope::any:
      return 2;
  }
  return 0;
}

}  // namespace

// Folds the applicable re-roll into the odds of a test (docs/rules-format.md
// § Tests, re-rolls). `p` is one roll's chance before any re-roll. A re-rolled
// roll succeeds with p again; `failed` and `any` re-roll each failed roll
// (re-rolling a success can only lower the odds, so `any` is used on the
// failures), `one_failed_die` a single failed roll of the test.
void Evaluator::fold_rerolls(std::uint32_t id, TestResult& r) {
  boost::container::small_vector<AppliedReroll, 4> applicable;
  for (std::size_t s = 0; s < rs_.skills.size(); ++s) {
    const Skill& skill = rs_.skills[s];
    for (const Reroll& rr : skill.rerolls) {
      if (rr.test != id) continue;
      if (!s_.given(skill.holder)) {
        if (trace_)
          step(fmt::format("re-roll {} ({} {}): not considered, the situation gives no '{}'",
                           scope_text(rr.scope), skill.special ? "special" : "skill", skill.name,
                           rs_.givens[skill.holder].name),
               skill.refs);
        continue;
      }
      if (rr.when && !eval_bool(*rr.when)) continue;
      applicable.push_back({static_cast<std::uint32_t>(s), rr.scope});
    }
  }
  const AppliedReroll* best = nullptr;
  for (const AppliedReroll& a : applicable) {
    if (!best || scope_rank(a.scope) > scope_rank(best->scope)) best = &a;
  }
  for (const AppliedReroll& a : applicable) {
    if (!trace_) break;
    const Skill& skill = rs_.skills[a.skill];
    const std::string what = fmt::format("re-roll {} ({} {})", scope_text(a.scope),
                                         skill.special ? "special" : "skill", skill.name);
    step(&a == best ? what : what + ": not applied, a roll is re-rolled at most once", skill.refs);
  }
  if (best) r.reroll = *best;
  if (!r.probability) return;
  const dice::Probability p = *r.probability;
  r.base_probability = p;
  const std::int64_t n = r.dice_count;
  const bool counted = n >= 0 && n <= max_success_dice;
  if (!best || best->scope != RerollScope::one_failed_die) {
    const dice::Probability each = best ? dice::Probability(p + (1 - p) * p) : p;
    r.probability = each;
    if (counted) r.successes = binomial(n, each);
    return;
  }
  // One failed roll re-rolled: X ~ Bin(n, p) first; when X < n one failure
  // is thrown again and adds a success with chance p.
  if (n <= 0) return;
  dice::Probability all = 1;
  for (std::int64_t i = 0; i < n; ++i) all *= p;
  r.probability = dice::Probability(p + (1 - all) * p / n);
  if (!counted) return;
  const std::vector<dice::Probability> first = binomial(n, p);
  r.successes.assign(first.size(), dice::Probability(0));
  for (std::size_t k = 0; k < first.size(); ++k) {
    if (k + 1 == first.size()) {
      r.successes[k] += first[k];
    } else {
      r.successes[k] += dice::Probability(first[k] * (1 - p));
      r.successes[k + 1] += dice::Probability(first[k] * p);
    }
  }
}

std::optional<TestResult> Evaluator::test(std::uint32_t id) {
  const Test& t = rs_.tests[id];
  auto result = guarded([&] {
    TestResult r;
    if (trace_)
      step(fmt::format("test {}: roll {} {} target", t.name, t.dice_text,
                       t.at_least ? "at least" : "at most"),
           t.refs);
    Depth d(depth_);
    r.at_least = t.at_least;
    r.target = eval_int(t.target);
    if (trace_) step(fmt::format("target {}", r.target));
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
    boost::container::small_vector<std::pair<const Face*, bool>, 4> faces;
    bool triggers = false;
    for (const Face& f : t.faces) {
      if (f.when && !eval_bool(*f.when)) continue;
      const auto face = [&] {
        return f.natural ? fmt::format("natural {}", f.face)
                         : (f.face ? fmt::format("double {}", f.face) : std::string("any double"));
      };
      if (f.outcome == FaceOutcome::item) {
        if (trace_)
          step(fmt::format("{} triggers {}", face(), f.item), rs_.refs_of(*rs_.find(f.item)));
        triggers = true;
      } else {
        if (trace_)
          step(fmt::format("{} is always a {}", face(),
                           f.outcome == FaceOutcome::success ? "success" : "failure"),
               t.refs);
        faces.emplace_back(&f, f.outcome == FaceOutcome::success);
      }
    }
    (void)triggers;
    if (odds_ && !t.dice.terms.empty()) {
      if (auto p = enumerate(t.dice, r.needed, r.at_least, faces)) {
        r.probability = *p;
        r.faces_included = true;
      } else {
        const dice::Distribution dist = dice::distribution(t.dice);
        r.probability = r.at_least ? dist.at_least(r.needed) : dist.at_most(r.needed);
        r.faces_included = faces.empty();
      }
    }
    if (trace_)
      step(fmt::format("needs {}{} on {}", r.needed, r.at_least ? "+" : " or less", t.dice_text));
    fold_rerolls(id, r);
    return r;
  });
  return result;
}

std::optional<bool> Evaluator::permission(std::uint32_t id) {
  return guarded([&] {
    const Permission& p = rs_.permissions[id];
    const bool applies = !p.when || eval_bool(*p.when);
    if (trace_)
      step(fmt::format("permission {}: {}", p.name, applies ? "applies" : "does not apply"),
           p.refs);
    return applies;
  });
}

std::vector<std::uint32_t> permissions_of(const Ruleset& rs, std::uint32_t action_value) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < rs.permissions.size(); ++i)
    if (rs.permissions[i].action == action_value) out.push_back(static_cast<std::uint32_t>(i));
  return out;
}

std::optional<PermissionResult> Evaluator::action(std::uint32_t action_value) {
  return action_with(permissions_of(rs_, action_value));
}

std::optional<PermissionResult> Evaluator::action_with(std::span<const std::uint32_t> permissions) {
  return guarded([&] {
    PermissionResult out;
    for (const std::uint32_t i : permissions) {
      const Permission& p = rs_.permissions[i];
      if (p.when && !holds(*p.when, code_ ? code_->permission(i) : Program::npos)) continue;
      out.applicable.push_back(i);
    }
    bool forbidden = false, required = false;
    for (std::uint32_t i : out.applicable) {
      const Permission& p = rs_.permissions[i];
      const char* what = p.modality == Modality::can      ? "can"
                         : p.modality == Modality::cannot ? "cannot"
                                                          : "must";
      if (p.modality == Modality::cannot) {
        const bool lifted =
            std::any_of(out.applicable.begin(), out.applicable.end(), [&](std::uint32_t j) {
              const auto& l = rs_.permissions[j].lifts;
              return std::find(l.begin(), l.end(), i) != l.end();
            });
        if (trace_) step(fmt::format("{}: {}{}", p.name, what, lifted ? " (lifted)" : ""), p.refs);
        forbidden = forbidden || !lifted;
      } else {
        if (trace_) step(fmt::format("{}: {}", p.name, what), p.refs);
        required = required || p.modality == Modality::must;
      }
    }
    out.verdict = forbidden && required ? Verdict::conflict
                  : forbidden           ? Verdict::forbidden
                  : required            ? Verdict::required
                                        : Verdict::allowed;
    return out;
  });
}

std::optional<bool> Evaluator::invariant(std::uint32_t id) {
  return guarded([&] {
    const Invariant& inv = rs_.invariants[id];
    const bool holds = eval_bool(inv.cond);
    if (trace_)
      step(fmt::format("invariant {}: {}", inv.name, holds ? "holds" : "VIOLATED"), inv.refs);
    return holds;
  });
}

std::optional<bool> Evaluator::assumption(std::uint32_t id) {
  return guarded([&] {
    const Assumption& a = rs_.assumptions[id];
    const bool holds = eval_bool(a.cond);
    if (trace_)
      step(fmt::format("assumption {}: {}", a.name, holds ? "holds" : "VIOLATED"), a.refs);
    return holds;
  });
}

std::int64_t Evaluator::amount(const ArmyList& list, const Amount& a,
                               const std::vector<std::int64_t>* counts) {
  auto profiles = [&]() { return a.all ? list.units : a.profiles; };
  auto count = [&](std::uint32_t p) { return counts ? (*counts)[p] : s_.count(p); };
  switch (a.kind) {
    case Amount::Kind::constant:
      return a.value;
    case Amount::Kind::divisions: {
      if (!s_.divisions())
        fail(rules::Diag::eval_missing_given, list.span,
             "the situation gives no number of divisions", "add --given divisions=N");
      return *s_.divisions();
    }
    case Amount::Kind::count: {
      std::int64_t n = 0;
      for (std::uint32_t p : profiles()) n += count(p);
      return n;
    }
    case Amount::Kind::points:
    case Amount::Kind::total_points: {
      const std::vector<std::uint32_t> ps =
          a.kind == Amount::Kind::total_points ? list.units : profiles();
      std::int64_t n = 0;
      for (std::uint32_t p : ps) {
        if (count(p) == 0) continue;
        const Profile& prof = rs_.profiles[p];
        auto field = rs_.records[prof.record].find("points");
        if (!field || prof.values[*field].kind != Val::Kind::integer) {
          fail(rules::Diag::eval_no_value, prof.span,
               fmt::format("profile '{}' has no 'points'", prof.name));
        }
        n += count(p) * prof.values[*field].number;
      }
      return n;
    }
  }
  return 0;
}

// Compares exactly: a percentage without division, a quota per complete
// (rounded down) or started (rounded up) block.
bool Evaluator::compare(const Constraint& c, const ArmyList& list,
                        const std::vector<std::int64_t>* counts, const std::string& where) {
  const std::int64_t lhs = amount(list, c.lhs, counts);
  const std::int64_t rhs = amount(list, c.rhs, counts);
  std::int64_t l = lhs, r = rhs;
  std::string rhs_text = std::to_string(rhs);
  if (c.rhs_kind == Constraint::Rhs::percent) {
    l = lhs * 100;
    r = rhs * c.percent;
    rhs_text = fmt::format("{}% of {}", c.percent, rhs);
  } else if (c.rhs_kind == Constraint::Rhs::per_every) {
    const std::int64_t blocks = c.round_up ? (rhs + c.every - 1) / c.every : rhs / c.every;
    r = c.count * blocks;
    rhs_text = fmt::format("{} per {} {} of {} = {}", c.count, c.round_up ? "started" : "full",
                           c.every, rhs, r);
  }
  bool ok = false;
  const char* op = "";
  switch (c.op) {
    case CmpOp::eq:
      ok = l == r;
      op = "==";
      break;
    case CmpOp::ne:
      ok = l != r;
      op = "!=";
      break;
    case CmpOp::lt:
      ok = l < r;
      op = "<";
      break;
    case CmpOp::le:
      ok = l <= r;
      op = "<=";
      break;
    case CmpOp::gt:
      ok = l > r;
      op = ">";
      break;
    case CmpOp::ge:
      ok = l >= r;
      op = ">=";
      break;
  }
  if (trace_)
    step(fmt::format("constraint {}{}: {} {} {}: {}", c.name, where, lhs, op, rhs_text,
                     ok ? "met" : "NOT MET"),
         c.refs);
  return ok;
}

std::optional<bool> Evaluator::constraint(std::uint32_t list_id, std::uint32_t index) {
  return guarded([&] {
    const ArmyList& list = rs_.army_lists[list_id];
    const Constraint& c = list.constraints[index];
    if (c.when && !eval_bool(*c.when)) {
      if (trace_) step(fmt::format("constraint {}: does not apply", c.name), c.refs);
      return true;
    }
    if (!c.per_division) return compare(c, list, nullptr, "");
    const auto& roster = s_.roster();
    if (roster.empty()) {
      // Without a roster the counts given are read as one division's.
      return compare(c, list, nullptr, " (on the counts given, as one division)");
    }
    bool all = true;
    for (std::size_t d = 0; d < roster.size(); ++d) {
      all = compare(c, list, &roster[d], fmt::format(" in division {}", d + 1)) && all;
    }
    return all;
  });
}

std::optional<std::int64_t> Evaluator::skill_cost(std::uint32_t id) {
  return guarded([&]() -> std::int64_t {
    const Skill& s = rs_.skills[id];
    if (!s.cost) return 0;
    const std::int64_t c = eval_int(*s.cost);
    if (trace_)
      step(fmt::format("{} costs {}{}", s.name, c, s.cost_per.empty() ? "" : " per " + s.cost_per),
           s.refs);
    return c;
  });
}

std::optional<bool> Evaluator::skill_allowed(std::uint32_t id) {
  return guarded([&] {
    const Skill& s = rs_.skills[id];
    const bool ok = !s.allowed || eval_bool(*s.allowed);
    if (trace_) step(fmt::format("{} {} be taken here", s.name, ok ? "may" : "may not"), s.refs);
    return ok;
  });
}

}  // namespace umpire::rules
