#pragma once
// An independent, slow reference for dice tests: enumerates every physical
// outcome of an expression (first throws and re-rolls) and applies halving,
// re-rolls and keeping directly, without the library's algorithms.
#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "engine/core/dice/expr.hpp"

namespace umpire::dice::testing {

using Rational = boost::multiprecision::cpp_rational;

// A die without a re-roll is enumerated as its equally likely faces; a die
// with one as equally likely pairs (first face, second face), the second
// counting only when the first is re-rolled. `visit`
// receives the standing faces per term and the total.
inline void enumerate(
    const Expr& expr,
    const std::function<void(const std::vector<std::vector<int>>&, std::int64_t)>& visit) {
  struct Slot {
    std::size_t term;
    int sides;
    int second_sides;
  };
  std::vector<Slot> slots;
  for (std::size_t t = 0; t < expr.terms.size(); ++t) {
    if (!expr.terms[t].is_dice) continue;
    const DiceTerm& d = expr.terms[t].dice;
    const int physical = d.sides == 3 ? 6 : d.sides;
    for (int i = 0; i < d.count; ++i)
      slots.push_back({t, physical, d.reroll.active() ? physical : 1});
  }
  std::vector<int> first(slots.size(), 1), second(slots.size(), 1);
  const auto value = [](const DiceTerm& d, int face) {
    return d.sides == 3 ? (face + 1) / 2 : face;
  };
  while (true) {
    std::vector<std::vector<int>> faces(expr.terms.size());
    std::vector<std::vector<int>> values(expr.terms.size());
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const DiceTerm& d = expr.terms[slots[i].term].dice;
      int face = first[i];
      if (d.reroll.active() && d.reroll.low <= value(d, face) && value(d, face) <= d.reroll.high)
        face = second[i];
      faces[slots[i].term].push_back(face);
      values[slots[i].term].push_back(value(d, face));
    }
    std::int64_t total = 0;
    for (std::size_t t = 0; t < expr.terms.size(); ++t) {
      const Term& term = expr.terms[t];
      std::int64_t sum = term.constant;
      if (term.is_dice) {
        std::vector<int> v = values[t];
        std::sort(v.begin(), v.end());
        std::size_t from = 0, to = v.size();
        if (term.dice.keep == Keep::lowest) to = term.dice.kept;
        if (term.dice.keep == Keep::highest) from = v.size() - term.dice.kept;
        sum = 0;
        for (std::size_t i = from; i < to; ++i) sum += v[i];
      }
      total += term.negative ? -sum : sum;
    }
    visit(faces, total);
    // Next outcome, odometer style over (first, second) of every die.
    std::size_t i = 0;
    for (; i < slots.size(); ++i) {
      if (++second[i] <= slots[i].second_sides) break;
      second[i] = 1;
      if (++first[i] <= slots[i].sides) break;
      first[i] = 1;
    }
    if (i == slots.size()) return;
  }
}

// P(total = v) for every reachable v.
inline std::map<std::int64_t, Rational> brute_distribution(const Expr& expr) {
  std::map<std::int64_t, boost::multiprecision::cpp_int> ways;
  boost::multiprecision::cpp_int all = 0;
  enumerate(expr, [&](const std::vector<std::vector<int>>&, std::int64_t total) {
    ways[total] += 1;
    all += 1;
  });
  std::map<std::int64_t, Rational> out;
  for (const auto& [v, w] : ways) out[v] = Rational(w, all);
  return out;
}

}  // namespace umpire::dice::testing
