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
  // The givens each assumption reads, found once per ruleset.
  auto& reads = reads_[&rs];
  if (reads.size() != rs.assumptions.size()) {
    reads.clear();
    for (const Assumption& a : rs.assumptions) {
      reads.emplace_back();
      givens_read(rs, a.cond, reads.back());
    }
  }
  // Only the assumptions whose givens the engine has already stated or read:
  // a check never makes the engine state a fact it did not need (that is
  // the costly part of a fact, and a claim about a fact nobody used proves
  // nothing).
  std::optional<Evaluator> ev;
  for (std::uint32_t i = 0; i < rs.assumptions.size(); ++i) {
    const bool known = std::all_of(reads[i].begin(), reads[i].end(),
                                   [&](std::uint32_t g) { return situation.kept(g) != nullptr; });
    if (!known) continue;
    if (!ev) {
      ev.emplace(rs, situation);
      ev->set_trace(false);
    }
    const auto holds = ev->assumption(i);
    if (!holds) continue;
    ++checked_;
    if (*holds) continue;
    std::vector<std::string> parts;
    for (std::uint32_t g : reads[i]) {
      parts.push_back(fmt::format("{} = {}", rs.givens[g].name,
                                  value_text(rs, rs.givens[g].type, *situation.kept(g))));
    }
    breaches_.push_back({rs.assumptions[i].name, fmt::format("{}", fmt::join(parts, ", "))});
  }
}

}  // namespace umpire::rules
