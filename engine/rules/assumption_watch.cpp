// AssumptionWatch: the data's assumptions checked on the situations an
// engine evaluates (assumption_watch.hpp).
#include "engine/rules/assumption_watch.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace umpire::rules {

namespace {

// The givens an expression reads, directly or through values.
void givens_read(const Ruleset& rs, const Expr& e, std::vector<std::uint32_t>& out, int depth = 0) {
  if (depth > 64) return;
  if (e.kind == ExprKind::given && std::find(out.begin(), out.end(), e.ref) == out.end())
    out.push_back(e.ref);
  if (e.kind == ExprKind::value) givens_read(rs, rs.values[e.ref].expr, out, depth + 1);
  for (const Expr& a : e.args) givens_read(rs, a, out, depth);
}

}  // namespace

AssumptionWatch::AssumptionWatch() : outer_(detail::active_watch) {
  detail::active_watch = this;
}
AssumptionWatch::~AssumptionWatch() {
  detail::active_watch = outer_;
}

void AssumptionWatch::check(const Ruleset& rs, const Situation& situation) {
  for (std::uint32_t i = 0; i < rs.assumptions.size(); ++i) {
    Evaluator ev(rs, situation);
    ev.set_trace(false);
    const auto holds = ev.assumption(i);
    if (!holds) continue;  // a given the situation does not answer: nothing to check
    ++checked_;
    if (*holds) continue;
    std::vector<std::uint32_t> read;
    givens_read(rs, rs.assumptions[i].cond, read);
    std::vector<std::string> parts;
    for (std::uint32_t g : read) {
      Evaluator probe(rs, situation);
      probe.set_trace(false);
      Expr given;
      given.kind = ExprKind::given;
      given.ref = g;
      given.type = rs.givens[g].type;
      if (auto v = probe.eval(given))
        parts.push_back(
            fmt::format("{} = {}", rs.givens[g].name, value_text(rs, rs.givens[g].type, *v)));
    }
    breaches_.push_back({rs.assumptions[i].name, fmt::format("{}", fmt::join(parts, ", "))});
  }
}

}  // namespace umpire::rules
