// Meaning checks on the syntax tree. Each problem is reported at the number
// that causes it, with the limits stated (docs/dice.md § Limits).
#include "grammar/dice/lower.hpp"

#include <cctype>
#include <string>

#include "grammar/dice/diagnostics.hpp"

namespace umpire::dice::grammar {
namespace {

constexpr std::uint64_t saturated = UINT32_MAX;

// Digits to a number, saturating far above every limit so that
// `99999999999999999999d6` reads as "too many" rather than overflowing.
std::uint64_t value_of(const std::string& digits) {
  std::uint64_t v = 0;
  for (const char c : digits) {
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
    if (v > saturated) return saturated;
  }
  return v;
}

std::string lower_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

class Lowering {
 public:
  Lowering(const Origin& origin, DiagnosticEngine& diags) : origin_(origin), diags_(diags) {}

  bool ok() const { return ok_; }

  Term term(const ast::SignedTerm& node) {
    Term t;
    t.negative = node.sign && *node.sign == '-';
    if (const auto* c = boost::get<ast::ConstantNode>(&node.operand)) {
      t.is_dice = false;
      t.span = origin_.span(*c);
      const std::uint64_t v = value_of(c->digits);
      if (v > static_cast<std::uint64_t>(max_constant)) {
        error(dice::Diag::invalid_modifier, t.span, "modifier {} is out of range", c->digits)
            .hint("modifiers are at most {}", max_constant);
      }
      t.constant = static_cast<std::int64_t>(v);
      return t;
    }
    const auto& d = boost::get<ast::DiceNode>(node.operand);
    t.is_dice = true;
    t.span = origin_.span(d);
    t.dice = dice(d);
    return t;
  }

  // Expression-wide limits, once every term is known.
  void check_expression(const Expr& expr, Span span) {
    bool any_dice = false;
    for (const Term& t : expr.terms) any_dice = any_dice || t.is_dice;
    if (!any_dice) {
      error(dice::Diag::invalid_no_dice, span, "'{}' throws no dice", origin_.text())
          .hint("a dice expression has at least one die, as in 'd6+2'");
    } else if (ok_ && dice_count(expr) > max_dice) {
      error(dice::Diag::invalid_count, span, "'{}' throws {} dice, more than {}", to_string(expr),
            dice_count(expr), max_dice)
          .hint(
              "Umpire takes at most {} dice per expression, so that every distribution stays exact "
              "and fast",
              max_dice);
    } else if (ok_ && max_total(expr) - min_total(expr) > max_spread) {
      error(dice::Diag::invalid_range, span, "'{}' totals {} to {}, a spread of more than {}",
            to_string(expr), min_total(expr), max_total(expr), max_spread)
          .hint(
              "Umpire takes expressions whose totals span at most {} values, so that every "
              "distribution stays "
              "exact and fast",
              max_spread);
    }
  }

 private:
  template <typename... Args>
  DiagnosticBuilder error(Diag id, Span span, fmt::format_string<Args...> format, Args&&... args) {
    ok_ = false;
    return diags_.report(id, span, format, std::forward<Args>(args)...);
  }

  DiceTerm dice(const ast::DiceNode& d) {
    DiceTerm out;
    const std::uint64_t count = d.count ? value_of(d.count->digits) : 1;
    const std::uint64_t sides = value_of(d.sides.digits);
    const std::string written(origin_.text().substr(d.begin, d.end - d.begin));
    if (count < 1) {
      error(dice::Diag::invalid_count, origin_.span(*d.count), "'{}' throws no dice", written)
          .hint("throw at least one die: 'd6' is one D6");
    } else if (count > max_dice) {
      error(dice::Diag::invalid_count, origin_.span(*d.count), "{} dice are more than {}",
            d.count->digits, max_dice)
          .hint(
              "Umpire takes at most {} dice per expression, so that every distribution stays exact "
              "and fast",
              max_dice);
    }
    if (sides < 2 || sides > max_sides) {
      error(dice::Diag::invalid_sides, origin_.span(d.sides),
            "a die with {} sides cannot be thrown", d.sides.digits)
          .hint("a die has 2 to {} sides; 'd3' is a D6 halved, rounded up", max_sides);
    }
    out.count = static_cast<std::uint16_t>(count < 1 || count > max_dice ? 1 : count);
    out.sides = static_cast<std::uint16_t>(sides < 2 || sides > max_sides ? 6 : sides);
    if (d.keep) keep(*d.keep, out, written);
    if (d.reroll) reroll(*d.reroll, out);
    return out;
  }

  void keep(const ast::KeepOption& k, DiceTerm& out, const std::string& written) {
    const std::string op = lower_case(k.op);
    const std::uint64_t n = value_of(k.count.digits);
    const bool drop = op[0] == 'd';
    out.keep = (op == "kh" || op == "dl") ? Keep::highest : Keep::lowest;
    const Span at = origin_.span(k.count);
    if (n >= out.count || n == 0) {
      const std::string what = n == 0 ? (drop ? "drops no dice" : "keeps no dice")
                               : n == out.count
                                   ? (drop ? "drops every die thrown" : "keeps every die thrown")
                                   : fmt::format("{} {} dice but throws only {}",
                                                 drop ? "drops" : "keeps", n, out.count);
      error(dice::Diag::invalid_keep_count, at, "'{}' {}", written, what)
          .hint(
              "keep or drop between 1 and {} of {} dice: '3d6kl2' keeps the two lowest, '3d6dh1' "
              "drops the highest",
              out.count > 1 ? out.count - 1 : 1, out.count);
      out.keep = Keep::all;
      return;
    }
    out.kept = static_cast<std::uint16_t>(drop ? out.count - n : n);
    if (out.count > max_keep_dice || out.sides > max_keep_sides) {
      error(dice::Diag::invalid_keep_size, origin_.span(k), "'{}' keeps dice among too many",
            written)
          .hint("keep and drop take at most {} dice of at most {} sides", max_keep_dice,
                max_keep_sides);
      out.keep = Keep::all;
    }
  }

  void reroll(const ast::RerollOption& r, DiceTerm& out) {
    const std::uint64_t v = value_of(r.value.digits);
    const std::uint64_t s = out.sides;
    std::uint64_t low = v;
    std::uint64_t high = v;
    if (r.relation && *r.relation == '<') {
      low = 1;
      high = v == 0 ? 0 : v - 1;
    } else if (r.relation && *r.relation == '>') {
      low = v + 1;
      high = s;
    }
    if (low < 1 || high > s || low > high) {
      const std::string written(origin_.text().substr(r.begin, r.end - r.begin));
      error(dice::Diag::invalid_reroll, origin_.span(r.value), "'{}' re-rolls no value of a d{}",
            written, s)
          .hint("a d{} shows 1 to {}: 'r1' re-rolls 1s, 'r<3' values below 3, 'r>4' values above 4",
                s, s);
      return;
    }
    out.reroll = {static_cast<std::uint16_t>(low), static_cast<std::uint16_t>(high)};
  }

  const Origin& origin_;
  DiagnosticEngine& diags_;
  bool ok_ = true;
};

}  // namespace

std::optional<Expr> lower(const ast::ExprNode& node, const Origin& origin,
                          DiagnosticEngine& diags) {
  Lowering lowering(origin, diags);
  Expr expr;
  expr.span = origin.span(node);
  expr.terms.push_back(lowering.term(node.first));
  for (const ast::SignedTerm& t : node.rest) expr.terms.push_back(lowering.term(t));
  lowering.check_expression(expr, expr.span);
  if (!lowering.ok()) return std::nullopt;
  return expr;
}

std::vector<RecordedDie> lower(const ast::FacesNode& node, const Origin& origin) {
  std::vector<RecordedDie> out;
  const auto add = [&](const ast::FaceNode& f) {
    RecordedDie die;
    die.first = static_cast<std::uint32_t>(value_of(f.first.digits));
    die.first_span = origin.span(f.first);
    die.span = origin.span(f);
    if (f.second) {
      die.rerolled = true;
      die.second = static_cast<std::uint32_t>(value_of(f.second->digits));
      die.second_span = origin.span(*f.second);
    }
    out.push_back(die);
  };
  add(node.first);
  for (const ast::FaceNode& f : node.rest) add(f);
  return out;
}

}  // namespace umpire::dice::grammar
