// Exact distributions of values that read rolled givens (`given NAME : TYPE
// rolled "DICE"`): a random distance such as Sabreur-hex's flight of
// "(1 D6 +2) cases" is a value over a rolled die face; its distribution
// follows by weighing every face with the dice library's exact counts.
#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "engine/rules/evaluator.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {
namespace {

constexpr std::uint64_t max_outcomes = 100000;

// The rolled givens `e` reads, through values, lookups and stacks, in first
// use order.
struct RolledGivens {
  explicit RolledGivens(const Ruleset& r)
      : rs(r), values_seen(r.values.size(), false), stacks_seen(r.stacks.size(), false) {}
  const Ruleset& rs;
  std::vector<bool> values_seen;
  std::vector<bool> stacks_seen;
  std::vector<std::uint32_t> out;

  void expr(const Expr& e) {
    if (e.kind == ExprKind::given && rs.givens[e.ref].rolled &&
        std::find(out.begin(), out.end(), e.ref) == out.end()) {
      out.push_back(e.ref);
    }
    if (e.kind == ExprKind::value && !values_seen[e.ref]) {
      values_seen[e.ref] = true;
      expr(rs.values[e.ref].expr);
    }
    if (e.kind == ExprKind::with_stack && !stacks_seen[e.ref]) {
      stacks_seen[e.ref] = true;
      for (const Stage& st : rs.stacks[e.ref].stages) {
        for (const Entry& en : st.entries) {
          expr(en.operand);
          if (en.when) expr(*en.when);
        }
      }
    }
    for (const Expr& a : e.args) expr(a);
  }
};

}  // namespace

std::vector<std::uint32_t> Evaluator::unset_rolled_givens(std::uint32_t id) const {
  RolledGivens found(rs_);
  found.expr(rs_.values[id].expr);
  std::vector<std::uint32_t> rolled;
  for (std::uint32_t g : found.out) {
    if (!s_.given(g)) rolled.push_back(g);
  }
  return rolled;
}

std::optional<dice::Distribution> Evaluator::distribution(std::uint32_t id) {
  const ValueItem& v = rs_.values[id];
  const std::vector<std::uint32_t> rolled = unset_rolled_givens(id);
  std::vector<dice::Distribution> dists;
  std::uint64_t outcomes = 1;
  std::string names;
  for (std::uint32_t g : rolled) {
    dists.push_back(dice::distribution(*rs_.givens[g].rolled));
    outcomes *= static_cast<std::uint64_t>(dists.back().max() - dists.back().min() + 1);
    names += fmt::format("{}{} ({})", names.empty() ? "" : ", ", rs_.givens[g].name,
                         rs_.givens[g].rolled_text);
    if (outcomes > max_outcomes) {
      error_ = EvalError{rules::Diag::eval_too_many_outcomes,
                         fmt::format("'{}' reads rolled givens with more than {} combined outcomes",
                                     v.name, max_outcomes),
                         "give some of them a value in the situation", v.span};
      return std::nullopt;
    }
  }
  if (trace_)
    step(fmt::format("distribution of {} over {}", v.name,
                     rolled.empty() ? std::string("no rolled given") : names),
         v.refs);
  std::map<std::int64_t, dice::Count> ways;
  std::vector<std::int64_t> faces(rolled.size());
  for (std::size_t i = 0; i < rolled.size(); ++i) faces[i] = dists[i].min();
  for (std::uint64_t o = 0; o < outcomes; ++o) {
    Situation s = s_;
    dice::Count weight = 1;
    for (std::size_t i = 0; i < rolled.size(); ++i) {
      (void)s.set(rolled[i], Val::integer(faces[i]));  // in range: checked when loaded
      weight *= dists[i].ways(faces[i]);
    }
    if (weight != 0) {
      Evaluator one(rs_, s);
      auto r = one.value(id);
      if (!r) {
        error_ = one.error();
        return std::nullopt;
      }
      if (r->kind != Val::Kind::integer) {
        error_ = EvalError{rules::Diag::eval_no_value,
                           fmt::format("'{}' is not an integer here", v.name), "", v.span};
        return std::nullopt;
      }
      ways[r->number] += weight;
    }
    for (std::size_t i = 0; i < rolled.size(); ++i) {  // next combination
      if (++faces[i] <= dists[i].max()) break;
      faces[i] = dists[i].min();
    }
  }
  if (ways.empty()) {
    error_ = EvalError{rules::Diag::eval_no_value, fmt::format("'{}' has no outcome", v.name), "",
                       v.span};
    return std::nullopt;
  }
  const std::int64_t lo = ways.begin()->first;
  std::vector<dice::Count> counts(static_cast<std::size_t>(ways.rbegin()->first - lo + 1),
                                  dice::Count(0));
  for (const auto& [value, n] : ways) counts[static_cast<std::size_t>(value - lo)] = n;
  dice::Distribution out(lo, std::move(counts));
  if (trace_) step(fmt::format("{} ranges {}..{}", v.name, out.min(), out.max()), v.refs);
  return out;
}

}  // namespace umpire::rules
