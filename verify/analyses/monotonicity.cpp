// Monotonicity: a better characteristic never makes a unit worse at what the
// item is for. The data says which way is better (`better higher` or
// `better lower` on a type): for a given (a unit's Leadership, its
// casualties), for a value or stack (a factor, a result on an ordered
// chart); a test is better when it needs less. For every test, and every
// value or stack whose type says which way is better, and every given it
// reads that says so too, Z3 looks for a situation a game reaches where one
// step better on the given (everything else equal, still a situation a game
// reaches) gives a worse result. The evaluator replays both situations.
#include <fmt/format.h>

#include <algorithm>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

// Which way the result of a root is better, if the data says.
Better result_direction(const Ruleset& rs, const Root& root) {
  switch (root.kind) {
    case RootKind::test:
      return rs.tests[root.index].at_least ? Better::lower : Better::higher;
    case RootKind::value:
      return rs.values[root.index].type.better;
    case RootKind::stack:
      return rs.stacks[root.index].type.better;
    default:
      return Better::unstated;
  }
}

std::optional<std::int64_t> number_of(const Replay& r) {
  if (r.failed) return std::nullopt;
  if (r.test) return r.test->needed;
  if (r.number) return *r.number;
  if (r.value && (r.value->kind == Val::Kind::integer || r.value->kind == Val::Kind::enumeration))
    return r.value->number;
  return std::nullopt;
}

std::string shown(const Ruleset& rs, const Root& root, std::int64_t n) {
  switch (root.kind) {
    case RootKind::test: {
      const Test& t = rs.tests[root.index];
      return fmt::format("needs {}{} on {}", n, t.at_least ? "+" : " or less", t.dice_text);
    }
    case RootKind::value:
      return value_text(
          rs, rs.values[root.index].type,
          Val{rs.values[root.index].type.kind == TypeKind::enumeration ? Val::Kind::enumeration
                                                                       : Val::Kind::integer,
              n, 0});
    default:
      return std::to_string(n);
  }
}

// -1: `a` is worse than `b` on this field, 0: as good, 1: better; an absent
// value (no save) is the worst. Nullopt: not comparable (different words).
std::optional<int> compare_field(const Field& f, const Val& a, const Val& b) {
  if (a == b) return 0;
  if (f.type.better == Better::unstated) return std::nullopt;
  if (a.is_none()) return -1;
  if (b.is_none()) return 1;
  const bool a_higher = a.number > b.number;
  return (a_higher == (f.type.better == Better::higher)) ? 1 : -1;
}

// Points grow with value: a profile at least as good as another in every
// characteristic that says which way is better, the same in every other,
// must not cost fewer points; the same profile must cost the same.
void profile_points(Context& c) {
  for (std::uint32_t r = 0; r < c.rs.records.size(); ++r) {
    const Record& record = c.rs.records[r];
    const auto points = record.find("points");
    if (!points) continue;
    // Only a record whose data says which way its characteristics are
    // better can rank two profiles.
    const bool ranked = std::any_of(record.fields.begin(), record.fields.end(), [](const Field& f) {
      return f.type.better != Better::unstated;
    });
    if (!ranked) continue;
    const std::vector<std::uint32_t> profiles = profiles_of(c.rs, r);
    Finding f = c.finding(Category::monotonicity, Severity::warning,
                          fmt::format("{}:points", record.name), "");
    for (std::size_t i = 0; i < profiles.size(); ++i) {
      for (std::size_t j = 0; j < profiles.size(); ++j) {
        if (i == j) continue;
        const Profile& better = c.rs.profiles[profiles[i]];
        const Profile& worse = c.rs.profiles[profiles[j]];
        bool comparable = true, strictly = false;
        std::vector<std::string> where;
        for (std::size_t k = 0; k < record.fields.size() && comparable; ++k) {
          if (k == *points) continue;
          const auto cmp = compare_field(record.fields[k], better.values[k], worse.values[k]);
          if (!cmp || *cmp < 0)
            comparable = false;
          else if (*cmp > 0) {
            strictly = true;
            where.push_back(record.fields[k].name);
          }
        }
        if (!comparable) continue;
        const std::int64_t pb = better.values[*points].number, pw = worse.values[*points].number;
        // The same profile at two prices is listed once (i < j).
        if (!strictly && (pb == pw || i > j)) continue;
        if (strictly && pb >= pw) continue;
        const std::string line =
            strictly ? fmt::format(
                           "'{}' is better than '{}' ({}) and as good in every other "
                           "characteristic, yet costs "
                           "{} points against {}",
                           better.name, worse.name, fmt::join(where, ", "), pb, pw)
                     : fmt::format(
                           "'{}' and '{}' have the same characteristics but cost {} and {} points",
                           better.name, worse.name, pb, pw);
        if (f.items.empty()) {
          f.message = line;
          f.action = fmt::format(
              "Check the points of these profiles of '{}': a unit at least as good must not cost "
              "less, and the same unit must cost the same (or say why it differs).",
              record.name);
          f.explanation =
              "Compared characteristic by characteristic, with the direction the data gives for "
              "each "
              "('better higher' or 'better lower'); characteristics without a direction (type, "
              "special "
              "rules, weapon) must be equal for two profiles to be compared.";
          f.items.push_back(c.item({ItemKind::record, r}));
        } else {
          f.instances.push_back(line);
        }
        for (const Profile* p : {&better, &worse}) {
          const bool known =
              std::any_of(f.items.begin(), f.items.end(),
                          [&](const FindingItem& item) { return item.name == p->name; });
          if (!known) {
            auto ref = c.rs.find(p->name);
            if (ref) f.items.push_back(c.item(*ref));
          }
        }
      }
    }
    if (!f.items.empty()) c.add(std::move(f));
  }
}

}  // namespace

void analyse_monotonicity(Context& c) {
  profile_points(c);
  for (const Root& root : c.roots()) {
    const Better result = result_direction(c.rs, root);
    if (result == Better::unstated) continue;
    Finding f = c.finding(Category::monotonicity, Severity::warning, root.item.name, "");
    bool found = false;
    for (std::uint32_t g = 0; g < c.rs.givens.size(); ++g) {
      if (!root.support.givens[g]) continue;
      const Given& given = c.rs.givens[g];
      if (given.type.better == Better::unstated || given.rolled) continue;
      const std::int64_t delta = given.type.better == Better::higher ? 1 : -1;
      std::int64_t lo = given.type.lo, hi = given.type.hi;
      if (given.type.kind == TypeKind::enumeration) {
        lo = 0;
        hi = static_cast<std::int64_t>(c.rs.domains[given.type.ref].values.size()) - 1;
      }
      const Term improved = c.smt.with_given_shifted(root.term, g, delta);
      const Term variable = c.smt.given(g);
      const std::vector<Term> query{
          c.legal,
          c.smt.with_given_shifted(c.legal, g, delta),
          c.smt.le(c.smt.constant(lo - delta), variable),
          c.smt.le(variable, c.smt.constant(hi - delta)),
          c.smt.not_(c.smt.fails(root.term)),
          c.smt.not_(c.smt.fails(improved)),
          result == Better::higher ? c.smt.lt(improved, root.term) : c.smt.lt(root.term, improved)};
      Witness w;
      const SmtStatus st = c.smt.check(query, &w);
      if (st == SmtStatus::unknown) {
        c.not_proved(
            root.item, fmt::format("{}:{}", root.item.name, given.name),
            fmt::format("whether a better '{}' can make '{}' worse", given.name, root.item.name));
      }
      if (st != SmtStatus::sat) continue;
      w = c.typical(query, w, root.support);
      Witness better_w = w;
      if (better_w.givens[g]) better_w.givens[g]->number += delta;
      const Replay before = c.replay(root, w.situation(c.rs));
      const Replay after = c.replay(root, better_w.situation(c.rs));
      const auto x = number_of(before), y = number_of(after);
      const bool worse = x && y && (result == Better::higher ? *y < *x : *y > *x);
      const std::string from = w.givens[g] ? value_text(c.rs, given.type, *w.givens[g]) : "?";
      const std::string to =
          better_w.givens[g] ? value_text(c.rs, given.type, *better_w.givens[g]) : "?";
      const std::string line = fmt::format(
          "'{}' {} instead of {} makes '{}' worse: {} instead of {}", given.name, to, from,
          root.item.name, y ? shown(c.rs, root, *y) : "?", x ? shown(c.rs, root, *x) : "?");
      if (!worse) {
        f.message = line;
        c.internal_error(f, "the evaluator does not find the result worse");
        continue;
      }
      if (!found) {
        found = true;
        f.id = fmt::format("monotonicity:{}:{}:{}", c.rs.id, root.item.name, given.name);
        f.message = line;
        f.action = fmt::format(
            "Say whether a better '{}' is meant to make '{}' worse here; if not, correct the "
            "entry or row that does it (the evaluator's breakdown shows both).",
            given.name, root.item.name);
        f.items.push_back(root.item);
        f.witness = c.witness_lines(w, &root.support);
        f.evidence = before.evidence;
        f.evidence.push_back(fmt::format("-- with '{}' = {}:", given.name, to));
        f.evidence.insert(f.evidence.end(), after.evidence.begin(), after.evidence.end());
        f.explanation = fmt::format(
            "The data says a {} '{}' is better for the unit, and a {} result of '{}' is better for "
            "it. In the witness "
            "situation, which a game reaches, one step better on '{}' (nothing else changed, and "
            "the situation is "
            "still one a game reaches) gives a worse result.",
            given.type.better == Better::higher ? "higher" : "lower", given.name,
            result == Better::higher ? "higher" : "lower", root.item.name, given.name);
      } else {
        f.instances.push_back(
            line +
            fmt::format(" (witness: {})", fmt::join(c.witness_lines(w, &root.support), ", ")));
      }
    }
    if (found) c.add(std::move(f));
  }
}

}  // namespace umpire::verify
