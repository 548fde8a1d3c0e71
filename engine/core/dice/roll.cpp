#include "engine/core/dice/roll.hpp"

#include <algorithm>
#include <numeric>

namespace umpire::dice {

std::vector<std::uint16_t> Roll::natural_faces() const {
  std::vector<std::uint16_t> faces;
  faces.reserve(dice.size());
  for (const RolledDie& d : dice) faces.push_back(d.faces.face());
  return faces;
}

std::vector<std::uint16_t> Roll::natural_faces(std::size_t term) const {
  std::vector<std::uint16_t> faces;
  for (const RolledDie& d : dice) {
    if (d.term == term) faces.push_back(d.faces.face());
  }
  return faces;
}

namespace {

// Marks the dice a keep option sets aside and returns the sum of the kept
// values. Ties go to the die thrown first, so the choice is reproducible.
std::int64_t keep_and_sum(const DiceTerm& term, std::span<RolledDie> dice) {
  if (term.keep != Keep::all) {
    std::vector<std::size_t> order(dice.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const bool highest = term.keep == Keep::highest;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return highest ? dice[a].value > dice[b].value : dice[a].value < dice[b].value;
    });
    for (std::size_t i = term.kept; i < order.size(); ++i) dice[order[i]].kept = false;
  }
  std::int64_t sum = 0;
  for (const RolledDie& d : dice) {
    if (d.kept) sum += d.value;
  }
  return sum;
}

// Adds one term's dice to `roll`; `next` supplies the throws in draw order.
template <typename Next>
void roll_term(const Term& term, std::uint16_t index, Roll& roll, Next&& next) {
  if (!term.is_dice) {
    roll.total += term.negative ? -term.constant : term.constant;
    return;
  }
  const DiceTerm& d = term.dice;
  const std::size_t first = roll.dice.size();
  for (std::uint16_t i = 0; i < d.count; ++i) {
    RolledDie die;
    die.term = index;
    die.faces.first = next();
    die.value = d.value_of(die.faces.first);
    roll.dice.push_back(die);
  }
  if (d.reroll.active()) {
    for (std::size_t i = first; i < roll.dice.size(); ++i) {
      RolledDie& die = roll.dice[i];
      if (!d.reroll.contains(die.value)) continue;
      die.faces.second = next();
      die.value = d.value_of(die.faces.second);
    }
  }
  const std::int64_t sum = keep_and_sum(d, std::span<RolledDie>(roll.dice).subspan(first));
  roll.total += term.negative ? -sum : sum;
}

}  // namespace

Roll draw(const Expr& expr, Rng& rng) {
  Roll roll;
  roll.dice.reserve(dice_count(expr));
  for (std::size_t i = 0; i < expr.terms.size(); ++i) {
    const Term& t = expr.terms[i];
    const std::uint32_t sides = t.is_dice ? t.dice.physical_sides() : 1;
    roll_term(t, static_cast<std::uint16_t>(i), roll,
              [&] { return static_cast<std::uint16_t>(rng.face(sides)); });
  }
  return roll;
}

Roll evaluate(const Expr& expr, std::span<const Throw> throws) {
  Roll roll;
  roll.dice.reserve(throws.size());
  // Throws are given per die (first and re-roll together) while roll_term
  // asks in draw order (all first throws, then the re-rolls): serve the first
  // faces from `next_first` and the second ones from the die they belong to.
  std::size_t base = 0;
  for (std::size_t i = 0; i < expr.terms.size(); ++i) {
    const Term& t = expr.terms[i];
    const std::size_t n = t.is_dice ? t.dice.count : 0;
    std::size_t first = 0;
    std::size_t second = 0;
    roll_term(t, static_cast<std::uint16_t>(i), roll, [&]() -> std::uint16_t {
      if (first < n) {
        const std::size_t k = base + first++;
        return k < throws.size() ? throws[k].first : std::uint16_t{1};
      }
      // A re-roll is asked for each due die in order: find the next one.
      while (second < n && !(base + second < throws.size() && throws[base + second].rerolled()))
        ++second;
      const std::size_t k = base + second++;
      return k < throws.size() && throws[k].rerolled() ? throws[k].second : std::uint16_t{1};
    });
    base += n;
  }
  return roll;
}

}  // namespace umpire::dice
