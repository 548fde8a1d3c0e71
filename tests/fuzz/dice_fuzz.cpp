// libFuzzer target for the dice notation: any bytes must parse or be
// reported, never crash. What parses must print canonically to a fixed
// point, have a distribution over exactly [min_total, max_total] summing to
// its total, and draw inside it; `EXPR=FACES` also exercises recorded faces.
// An expression whose exact distribution is long to count (hundreds of dice,
// or many dice of many sides kept: a release build takes seconds, this
// unoptimised sanitized one ten to twenty times more, past the fuzzer's
// timeout) is parsed, printed and drawn, but its distribution is left to
// the dice tests and benchmarks (tests/core, tests/bench).
// Seed corpus: tests/fuzz/dice_seeds/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/recorded.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace {

// About how many big-number additions the exact distribution of `expr`
// takes (engine/core/dice/distribution.cpp: a die convolved into the sum
// so far, or the keep walk's values × kept counts × sums × dice).
double distribution_work(const umpire::dice::Expr& expr) {
  double work = 0;
  for (const umpire::dice::Term& t : expr.terms) {
    if (!t.is_dice) continue;
    const double count = t.dice.count, sides = t.dice.sides, kept = t.dice.kept;
    work += t.dice.keep == umpire::dice::Keep::all ? count * count * sides
                                                   : sides * kept * kept * sides * kept;
  }
  return work;
}

// Past it a sanitized build counts for seconds.
constexpr double kDistributionWorkLimit = 2e6;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace umpire;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t eq = input.find('=');
  const std::string_view text = input.substr(0, eq);
  const Span where{FileId{0}, 0, static_cast<std::uint32_t>(text.size())};
  DiagnosticEngine diags;
  const auto expr = dice::parse(text, where, diags);
  if (expr.has_value() == diags.has_errors()) std::abort();  // a result or an error, never both
  if (!expr) return 0;
  if (!dice::check(*expr).empty()) std::abort();
  const std::string printed = dice::to_string(*expr);
  DiagnosticEngine again;
  const auto reparsed = dice::parse(printed, {}, again);
  if (!reparsed || *reparsed != *expr || dice::to_string(*reparsed) != printed) std::abort();

  dice::Rng rng(size);
  const dice::Roll roll = dice::draw(*expr, rng);
  if (roll.total < dice::min_total(*expr) || roll.total > dice::max_total(*expr)) std::abort();
  std::optional<dice::Distribution> d;
  if (distribution_work(*expr) <= kDistributionWorkLimit) {
    d = dice::distribution(*expr);
    if (d->min() != dice::min_total(*expr) || d->max() != dice::max_total(*expr)) std::abort();
    dice::Count sum = 0;
    for (const dice::Count& w : d->ways()) sum += w;
    if (sum != d->total()) std::abort();
    if (d->ways(roll.total) == 0) std::abort();
  }

  if (eq != std::string_view::npos) {
    const std::string_view faces_text = input.substr(eq + 1);
    const Span faces_span{FileId{0}, static_cast<std::uint32_t>(eq + 1),
                          static_cast<std::uint32_t>(input.size())};
    const auto faces = dice::parse_faces(faces_text, faces_span, diags);
    if (faces) {
      const auto checked = dice::check_recorded(*expr, *faces, faces_span, diags);
      if (checked && d && d->ways(checked->total) == 0) std::abort();
    }
  }
  return 0;
}
