#include "engine/core/dice/expr.hpp"

#include <fmt/format.h>

namespace umpire::dice {

DiceTerm make_dice(std::uint16_t count, std::uint16_t sides) {
  DiceTerm d;
  d.count = count;
  d.sides = sides;
  return d;
}

Term dice_term(DiceTerm dice, bool negative) {
  Term t;
  t.negative = negative;
  t.is_dice = true;
  t.dice = dice;
  return t;
}

Term constant_term(std::int64_t value) {
  Term t;
  t.is_dice = false;
  t.negative = value < 0;
  t.constant = value < 0 ? -value : value;
  return t;
}

std::uint32_t dice_count(const Expr& expr) {
  std::uint32_t n = 0;
  for (const Term& t : expr.terms) {
    if (t.is_dice) n += t.dice.count;
  }
  return n;
}

namespace {

// Lowest and highest sum of one term, before its sign.
std::int64_t term_low(const Term& t) {
  return t.is_dice ? t.dice.dice_summed() : t.constant;
}
std::int64_t term_high(const Term& t) {
  return t.is_dice ? std::int64_t{t.dice.dice_summed()} * t.dice.sides : t.constant;
}

// A re-roll range the notation can write (see Reroll).
bool writable(const Reroll& r, std::uint32_t sides) {
  if (!r.active()) return true;
  if (r.low > r.high || r.high > sides) return false;
  return r.low == r.high || r.low == 1 || r.high == sides;
}

}  // namespace

std::int64_t min_total(const Expr& expr) {
  std::int64_t total = 0;
  for (const Term& t : expr.terms) total += t.negative ? -term_high(t) : term_low(t);
  return total;
}

std::int64_t max_total(const Expr& expr) {
  std::int64_t total = 0;
  for (const Term& t : expr.terms) total += t.negative ? -term_low(t) : term_high(t);
  return total;
}

std::string check(const Expr& expr) {
  bool any_dice = false;
  std::uint64_t dice = 0;
  for (const Term& t : expr.terms) {
    if (!t.is_dice) {
      if (t.constant < 0 || t.constant > max_constant) return "modifier out of range";
      continue;
    }
    any_dice = true;
    const DiceTerm& d = t.dice;
    if (d.count < 1) return "no dice thrown";
    if (d.sides < 2 || d.sides > max_sides) return "sides out of range";
    dice += d.count;
    if (d.keep != Keep::all) {
      if (d.kept < 1 || d.kept >= d.count) return "keep count out of range";
      if (d.count > max_keep_dice || d.sides > max_keep_sides) return "keep term too large";
    }
    if (!writable(d.reroll, d.sides)) return "re-roll range cannot be written";
  }
  if (!any_dice) return "no dice";
  if (dice > max_dice) return "too many dice";
  if (max_total(expr) - min_total(expr) > max_spread) return "totals spread too wide";
  return {};
}

std::string to_string(const DiceTerm& d) {
  std::string out =
      d.count == 1 ? fmt::format("d{}", d.sides) : fmt::format("{}d{}", d.count, d.sides);
  if (d.keep == Keep::highest) out += fmt::format("kh{}", d.kept);
  if (d.keep == Keep::lowest) out += fmt::format("kl{}", d.kept);
  const Reroll& r = d.reroll;
  if (r.active()) {
    if (r.low == r.high)
      out += fmt::format("r{}", r.low);
    else if (r.low == 1)
      out += fmt::format("r<{}", r.high + 1);
    else
      out += fmt::format("r>{}", r.low - 1);
  }
  return out;
}

std::string to_string(const Expr& expr) {
  std::string out;
  for (std::size_t i = 0; i < expr.terms.size(); ++i) {
    const Term& t = expr.terms[i];
    if (t.negative)
      out += '-';
    else if (i > 0)
      out += '+';
    out += t.is_dice ? to_string(t.dice) : fmt::format("{}", t.constant);
  }
  return out;
}

}  // namespace umpire::dice
