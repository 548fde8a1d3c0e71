// `umpire dice EXPR`: the exact distribution of a dice expression, the odds
// of a target, a recorded roll checked (`2d6=3,5`) or seeded draws. All the
// dice logic is in engine/core/dice and grammar/dice; this file reads
// arguments and prints (docs/dice.md § The umpire dice command).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/probability_text.hpp"
#include "engine/core/dice/recorded.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/diagnostics.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace umpire::cli {
namespace {

using dice::Count;
using dice::Distribution;
using dice::Probability;

constexpr const char* dice_footer = R"(Notation: d6, 2d6, d3 (a D6 halved, rounded up), 2d6-4, d6+2,
3d6kl2 (keep the 2 lowest: drop the highest), 3d6kh2 (keep the 2 highest),
3d6dh1 / 3d6dl1 (drop the highest / lowest), d6r1 (re-roll 1s once),
d6r<3 (re-roll values below 3 once). Letters in any case; see docs/dice.md.

Targets: 7+ (at least 7), 7- (at most 7), =7 (exactly 7), 7 (both 7+ and 7-).

Examples:
  umpire dice 2d6                     the distribution of 2D6
  umpire dice 3d6kl2 --target 7-      an Elite morale test against Cd 7
  umpire dice 2d6 --target 7+         odds of 7 or more on 2D6
  umpire dice "d3+1" --format json    order points, as JSON
  umpire dice 2d6=3,5 --target 7+     check and total a recorded roll
  umpire dice "3d6r1=1r4,6,2"         a re-rolled die is written first r second
  umpire dice 2d6 --seed 7 --draws 5  five seeded rolls (docs/dice.md § Random numbers))";

struct DiceOptions {
  std::string expression;
  std::string target;
  std::optional<std::uint64_t> seed;
  unsigned draws = 1;
  Format format = Format::text;
};

enum class TargetKind { at_least, at_most, exactly, both };

struct Target {
  TargetKind kind = TargetKind::both;
  std::int64_t value = 0;
  std::string text;
};

std::optional<Target> parse_target(Session& session, const std::string& text) {
  const Span where = session.find_arg(text);
  const auto fail = [&](std::size_t at, std::string_view what) {
    const std::uint32_t b = where.begin + static_cast<std::uint32_t>(at);
    session.diags
        .report(cli::Diag::dice_target, {where.file, b, at < text.size() ? b + 1 : b}, "{}", what)
        .hint("write '7+' (at least 7), '7-' (at most 7), '=7' (exactly 7) or '7' (both odds)");
    return std::nullopt;
  };
  Target t;
  t.text = text;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '=') {
    t.kind = TargetKind::exactly;
    ++i;
  }
  const bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  const std::size_t digits = i;
  std::int64_t v = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (v > 1'000'000'000) return fail(i, "target is out of range");
    v = v * 10 + (text[i] - '0');
    ++i;
  }
  if (i == digits)
    return fail(i, i < text.size() ? "expected a number in the target" : "expected a number");
  t.value = negative ? -v : v;
  if (i < text.size() && t.kind == TargetKind::both && (text[i] == '+' || text[i] == '-')) {
    t.kind = text[i] == '+' ? TargetKind::at_least : TargetKind::at_most;
    ++i;
  }
  if (i < text.size()) return fail(i, fmt::format("unexpected '{}' in the target", text[i]));
  return t;
}

std::string odds_text(const Count& ways, const Count& total) {
  const Probability p(ways, total);
  return fmt::format("{} = {}%  ({} of {} outcomes)", dice::fraction_text(p), dice::percent_text(p),
                     ways.str(), total.str());
}

// Warns when the target cannot be reached; notes when it cannot be missed.
void judge_target(Session& session, const Target& t, const std::string& expr,
                  const Distribution& d) {
  const Span where = session.find_arg(t.text);
  const auto range = fmt::format("'{}' totals {} to {}", expr, d.min(), d.max());
  const auto check = [&](std::string_view what, const Count& ways) {
    if (ways == 0) {
      session.diags
          .report(dice::Diag::target_impossible, where, "'{}' never totals {} {}", expr, what,
                  t.value)
          .hint("{}", range);
    } else if (ways == d.total()) {
      session.diags
          .report(dice::Diag::target_certain, where, "'{}' always totals {} {}", expr, what,
                  t.value)
          .hint("{}", range);
    }
  };
  if (t.kind == TargetKind::at_least) check("at least", d.ways_at_least(t.value));
  if (t.kind == TargetKind::at_most) check("at most", d.ways_at_most(t.value));
  if (t.kind == TargetKind::exactly) check("exactly", d.ways(t.value));
  if (t.kind == TargetKind::both && (t.value < d.min() || t.value > d.max())) {
    session.diags
        .report(dice::Diag::target_impossible, where, "'{}' never totals {}", expr, t.value)
        .hint("{}", range);
  }
}

nlohmann::ordered_json odds_json(const Count& ways, const Count& total) {
  const Probability p(ways, total);
  return {{"ways", ways.str()},
          {"probability", dice::fraction_text(p)},
          {"percent", std::strtod(dice::percent_text(p, 4).c_str(), nullptr)}};
}

// The distribution table: value, ways, P(=), P(≥), P(≤).
void print_text(const std::string& expr, const Distribution& d,
                const std::optional<Target>& target) {
  const std::vector<Count>& ways = d.ways();
  std::vector<Count> at_most(ways.size());
  Count run = 0;
  for (std::size_t i = 0; i < ways.size(); ++i) at_most[i] = run += ways[i];
  struct Row {
    std::string value, ways, eq, eq_pct, ge, ge_pct, le, le_pct;
  };
  std::vector<Row> rows;
  rows.reserve(ways.size());
  for (std::size_t i = 0; i < ways.size(); ++i) {
    const Count ge = d.total() - (i > 0 ? at_most[i - 1] : Count(0));
    const Probability pe(ways[i], d.total()), pg(ge, d.total()), pl(at_most[i], d.total());
    rows.push_back({std::to_string(d.min() + static_cast<std::int64_t>(i)), ways[i].str(),
                    dice::fraction_text(pe), dice::percent_text(pe) + "%", dice::fraction_text(pg),
                    dice::percent_text(pg) + "%", dice::fraction_text(pl),
                    dice::percent_text(pl) + "%"});
  }
  Row head{"total", "ways", "P(=)", "", "P(>=)", "", "P(<=)", ""};
  std::size_t w[8] = {};
  const auto widen = [&](const Row& r) {
    const std::string* cells[8] = {&r.value, &r.ways,   &r.eq, &r.eq_pct,
                                   &r.ge,    &r.ge_pct, &r.le, &r.le_pct};
    for (std::size_t c = 0; c < 8; ++c) w[c] = std::max(w[c], cells[c]->size());
  };
  widen(head);
  for (const Row& r : rows) widen(r);
  std::string out = fmt::format("{}: {} equally likely outcomes, totals {} to {}, mean {} ({})\n\n",
                                expr, d.total().str(), d.min(), d.max(),
                                dice::fraction_text(d.mean()), dice::decimal_text(d.mean()));
  const auto line = [&](const Row& r) {
    const std::size_t start = out.size();
    out += fmt::format("{:>{}}  {:>{}}   {:<{}} {:>{}}   {:<{}} {:>{}}   {:<{}} {:>{}}\n", r.value,
                       w[0], r.ways, w[1], r.eq, w[2], r.eq_pct, w[3], r.ge, w[4], r.ge_pct, w[5],
                       r.le, w[6], r.le_pct, w[7]);
    while (out.size() > start + 1 && out[out.size() - 2] == ' ') out.erase(out.size() - 2, 1);
  };
  line(head);
  for (const Row& r : rows) line(r);
  if (target) {
    out += '\n';
    const Target& t = *target;
    if (t.kind == TargetKind::at_least || t.kind == TargetKind::both)
      out += fmt::format("at least {} ({}+): {}\n", t.value, t.value,
                         odds_text(d.ways_at_least(t.value), d.total()));
    if (t.kind == TargetKind::at_most || t.kind == TargetKind::both)
      out += fmt::format("at most {} ({}-): {}\n", t.value, t.value,
                         odds_text(d.ways_at_most(t.value), d.total()));
    if (t.kind == TargetKind::exactly)
      out += fmt::format("exactly {} (={}): {}\n", t.value, t.value,
                         odds_text(d.ways(t.value), d.total()));
  }
  std::cout << out;
}

nlohmann::ordered_json distribution_json(const std::string& expr, const Distribution& d,
                                         const std::optional<Target>& target) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  Count below = 0;
  for (std::size_t i = 0; i < d.ways().size(); ++i) {
    const Count& ways = d.ways()[i];
    rows.push_back({{"total", d.min() + static_cast<std::int64_t>(i)},
                    {"exactly", odds_json(ways, d.total())},
                    {"at_least", odds_json(d.total() - below, d.total())},
                    {"at_most", odds_json(below + ways, d.total())}});
    below += ways;
  }
  nlohmann::ordered_json out = {
      {"expression", expr},
      {"outcomes", d.total().str()},
      {"min", d.min()},
      {"max", d.max()},
      {"mean",
       {{"fraction", dice::fraction_text(d.mean())},
        {"value", std::strtod(dice::decimal_text(d.mean(), 4).c_str(), nullptr)}}},
      {"distribution", rows}};
  if (target) {
    const Target& t = *target;
    nlohmann::ordered_json j = {{"text", t.text}, {"value", t.value}};
    if (t.kind == TargetKind::at_least || t.kind == TargetKind::both)
      j["at_least"] = odds_json(d.ways_at_least(t.value), d.total());
    if (t.kind == TargetKind::at_most || t.kind == TargetKind::both)
      j["at_most"] = odds_json(d.ways_at_most(t.value), d.total());
    if (t.kind == TargetKind::exactly) j["exactly"] = odds_json(d.ways(t.value), d.total());
    out["target"] = j;
  }
  return out;
}

// Whether a rolled total meets the target: "meets 7+", "misses 7-".
std::string verdict(const Target& t, std::int64_t total) {
  const auto one = [&](bool met, std::string_view spelled) {
    return fmt::format("{} {}", met ? "meets" : "misses", spelled);
  };
  switch (t.kind) {
    case TargetKind::at_least:
      return one(total >= t.value, t.text);
    case TargetKind::at_most:
      return one(total <= t.value, t.text);
    case TargetKind::exactly:
      return one(total == t.value, t.text);
    case TargetKind::both:
      break;
  }
  return one(total >= t.value, fmt::format("{}+", t.value)) + ", " +
         one(total <= t.value, fmt::format("{}-", t.value));
}

nlohmann::ordered_json roll_json(const dice::Roll& roll) {
  nlohmann::ordered_json dice_json = nlohmann::ordered_json::array();
  for (const dice::RolledDie& die : roll.dice) {
    nlohmann::ordered_json j = {
        {"term", die.term}, {"face", die.faces.face()}, {"value", die.value}, {"kept", die.kept}};
    if (die.faces.rerolled()) j["rerolled_from"] = die.faces.first;
    dice_json.push_back(j);
  }
  return {{"dice", dice_json}, {"total", roll.total}};
}

std::string roll_text(const dice::Roll& roll, const std::optional<Target>& target) {
  std::string faces;
  for (const dice::RolledDie& die : roll.dice) {
    if (!faces.empty()) faces += ", ";
    if (die.faces.rerolled()) faces += fmt::format("{}r", die.faces.first);
    faces += std::to_string(die.faces.face());
    if (!die.kept) faces += " (set aside)";
  }
  if (target)
    return fmt::format("{} -> total {} ({})", faces, roll.total, verdict(*target, roll.total));
  return fmt::format("{} -> total {}", faces, roll.total);
}

// Prints `payload` with the diagnostics: JSON as one document on stdout,
// text on stdout and diagnostics on stderr.
void emit(Session& session, Format format, nlohmann::ordered_json payload,
          const std::string& text) {
  if (format == Format::json) {
    payload["diagnostics"] =
        nlohmann::ordered_json::parse(render_json(session.sources, session.diags))["diagnostics"];
    session.diags.clear();
    std::cout << payload.dump(2) << '\n';
  } else {
    session.flush_diagnostics(Format::text);
    std::cout << text;
  }
}

int run_dice(Session& session, const DiceOptions& o) {
  Span arg = session.find_arg(o.expression);
  for (std::size_t i = 1; i < session.args().size() && o.expression.empty(); ++i) {
    if (session.args()[i].empty()) arg = session.arg_span(i);  // find_arg cannot find ""
  }
  const std::size_t eq = o.expression.find('=');
  const std::string expr_text = o.expression.substr(0, eq);
  const Span expr_span{arg.file, arg.begin,
                       arg.begin + static_cast<std::uint32_t>(expr_text.size())};
  const std::optional<dice::Expr> expr = dice::parse(expr_text, expr_span, session.diags);
  std::optional<Target> target;
  if (!o.target.empty()) target = parse_target(session, o.target);
  if (!expr || (!o.target.empty() && !target)) {
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  const std::string canonical = dice::to_string(*expr);

  if (eq != std::string::npos) {  // a recorded roll
    const std::uint32_t at = arg.begin + static_cast<std::uint32_t>(eq) + 1;
    const Span faces_span{arg.file, at, arg.end};
    const auto faces = dice::parse_faces(o.expression.substr(eq + 1), faces_span, session.diags);
    if (!faces) {
      session.flush_diagnostics(o.format);
      return exit_usage;
    }
    const auto roll = dice::check_recorded(*expr, *faces, faces_span, session.diags);
    nlohmann::ordered_json payload = {{"expression", canonical}};
    if (roll) {
      payload["roll"] = roll_json(*roll);
      if (target) payload["roll"]["target"] = verdict(*target, roll->total);
    }
    emit(session, o.format, payload,
         roll ? fmt::format("{}: {}\n", canonical, roll_text(*roll, target)) : "");
    return roll ? exit_clean : exit_findings;
  }

  if (o.seed) {
    dice::Rng rng(*o.seed);
    nlohmann::ordered_json rolls = nlohmann::ordered_json::array();
    std::string text;
    for (unsigned i = 0; i < o.draws; ++i) {
      const dice::Roll roll = dice::draw(*expr, rng);
      rolls.push_back(roll_json(roll));
      if (target) rolls.back()["target"] = verdict(*target, roll.total);
      text += fmt::format("{}: {}\n", canonical, roll_text(roll, target));
    }
    emit(session, o.format, {{"expression", canonical}, {"seed", *o.seed}, {"rolls", rolls}}, text);
    return exit_clean;
  }

  const Distribution d = dice::distribution(*expr);
  if (target) judge_target(session, *target, canonical, d);
  if (o.format == Format::json) {
    emit(session, o.format, distribution_json(canonical, d, target), "");
  } else {
    session.flush_diagnostics(Format::text);
    print_text(canonical, d, target);
  }
  return exit_clean;
}

}  // namespace

Command add_dice_command(CLI::App& root) {
  auto options = std::make_shared<DiceOptions>();
  CLI::App* app =
      root.add_subcommand("dice", "Exact odds of a dice expression, recorded rolls, seeded draws");
  app->add_option("expression", options->expression,
                  "Dice expression, e.g. 2d6, 3d6kl2, d6r1; EXPR=FACES checks a recorded roll")
      ->required();
  app->add_option("--target", options->target,
                  "Target total: 7+ (at least), 7- (at most), =7 (exactly), 7 (both)");
  CLI::Option* seed = add_seed_option(
      *app, options->seed, "Draw with the portable RNG from this seed (0 to 2^64-1) instead");
  app->add_option("--draws", options->draws, "Number of seeded draws (with --seed)")
      ->check(CLI::Range(1u, 100000u))
      ->needs(seed);
  add_format_option(*app, options->format);
  app->footer(dice_footer);
  return {app, [options](Session& session) { return run_dice(session, *options); }};
}

}  // namespace umpire::cli
