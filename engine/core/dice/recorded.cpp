#include "engine/core/dice/recorded.hpp"

#include <vector>

#include "engine/core/plural.hpp"
#include "grammar/dice/diagnostics.hpp"

namespace umpire::dice {

std::string describe_reroll(const DiceTerm& term) {
  const Reroll& r = term.reroll;
  if (r.low == r.high) return fmt::format("a {}", r.low);
  if (r.high == r.low + 1) return fmt::format("a {} or {}", r.low, r.high);
  return fmt::format("{} to {}", r.low, r.high);
}

namespace {

// "d6" for messages about one die of a term.
std::string die_name(const DiceTerm& term) {
  return fmt::format("d{}", term.sides);
}

std::string range_hint(const DiceTerm& term) {
  if (term.halved()) return "a d3 is thrown as a D6 and recorded as the D6 face, 1 to 6";
  return fmt::format("a {} shows 1 to {}", die_name(term), term.sides);
}

bool check_face(const DiceTerm& term, std::uint32_t face, Span span, DiagnosticEngine& diags) {
  if (face >= 1 && face <= term.physical_sides()) return true;
  diags
      .report(dice::Diag::recorded_face_out_of_range, span, "face {} is not on a {}", face,
              term.halved() ? std::string("D6 (a d3 is thrown with a D6)") : die_name(term))
      .hint(range_hint(term));
  return false;
}

}  // namespace

std::optional<Roll> check_recorded(const Expr& expr, std::span<const RecordedDie> faces,
                                   Span faces_span, DiagnosticEngine& diags) {
  const std::uint32_t expected = dice_count(expr);
  if (faces.size() != expected) {
    auto d = diags.report(dice::Diag::recorded_count, faces_span, "'{}' throws {} but {} written",
                          to_string(expr), plural(expected, "die", "dice"),
                          plural(faces.size(), "face is", "faces are"));
    d.hint(
        "write one face per die thrown, in order, separated by commas (a re-rolled die as '1r4')");
    for (const Term& t : expr.terms) {
      if (t.is_dice && t.dice.keep != Keep::all) {
        d.note("dice set aside by '{}' are written too", to_string(t.dice));
        break;
      }
    }
    return std::nullopt;
  }
  bool ok = true;
  std::vector<Throw> throws;
  throws.reserve(faces.size());
  std::size_t at = 0;
  for (const Term& t : expr.terms) {
    if (!t.is_dice) continue;
    const DiceTerm& term = t.dice;
    for (std::uint16_t i = 0; i < term.count; ++i, ++at) {
      const RecordedDie& die = faces[at];
      bool good = check_face(term, die.first, die.first_span, diags);
      if (die.rerolled) good = check_face(term, die.second, die.second_span, diags) && good;
      if (!good) {
        ok = false;
        continue;
      }
      const auto first = static_cast<std::uint16_t>(die.first);
      const bool due = term.reroll.active() && term.reroll.contains(term.value_of(first));
      if (due && !die.rerolled) {
        ok = false;
        diags
            .report(dice::Diag::recorded_missing_reroll, die.span,
                    "'{}' re-rolls {} but no re-roll is written", to_string(term),
                    describe_reroll(term))
            .hint("write the second throw after an 'r', as '{}r4'", die.first);
      } else if (!due && die.rerolled) {
        ok = false;
        const std::string shown = term.halved()
                                      ? fmt::format("{} (D6 face {})", term.value_of(first), first)
                                      : std::to_string(first);
        auto d = diags.report(dice::Diag::recorded_unexpected_reroll, die.span,
                              "'{}' does not re-roll a {}", to_string(term), shown);
        if (term.reroll.active())
          d.hint("'{}' re-rolls {} only; write '{}'", to_string(term), describe_reroll(term),
                 die.first);
        else
          d.hint("write the face that stood, without 'r'");
      }
      throws.push_back({first, static_cast<std::uint16_t>(die.rerolled ? die.second : 0)});
    }
  }
  if (!ok) return std::nullopt;
  return evaluate(expr, throws);
}

}  // namespace umpire::dice
