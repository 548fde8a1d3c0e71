// Phase C (§ Déroulement d'un tour de jeu) names a phase of victory
// conditions and no passage states them: they are the scenario's. The one
// rule on victory points is § Manœuvres: a unit fled off the table gives the
// enemy half, rounded up, of the victory points its elimination would give.
// What an elimination gives is the scenario's too: the unit's `vp` when the
// log writes it, else (a reading) the unit's points (§ Force des unités et
// coûts des unités), the written ones, else the rules' cost.
#include "engine/rulesets/sabreur_hex/phases/victory.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/roster.hpp"

namespace umpire::sabreur {
namespace {

// Each side's victory points, and the units that gave them.
struct Tally {
  std::vector<std::int64_t> points;
  std::vector<std::vector<std::string>> lines;  // per side scoring
  bool unknown = false;  // a unit whose points neither the log nor the rules give
};

Tally tally(Context& cx) {
  Tally t;
  t.points.assign(cx.setup.sides.size(), 0);
  t.lines.resize(cx.setup.sides.size());
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    const UnitSetup& s = cx.setup.units[i];
    const UnitState& st = cx.state.units[i];
    if (st.on_table) continue;
    std::optional<std::int64_t> value = s.victory_points;
    std::string_view source = "its vp";
    if (!value) {
      value = s.points;
      source = "its points";
    }
    if (!value) {
      value = unit_points(cx, u);
      source = "its cost";
    }
    if (!value) {
      t.unknown = true;
      continue;
    }
    std::int64_t gives = *value;
    if (st.fled_off_table) {
      Facts f(cx.rules);
      fill_self(cx, f, u);
      f.integer(Given::self_victory_points, *value);
      const auto half = eval_int(f, Value::fled_off_table_victory_points, cx.checker);
      if (!half) continue;
      gives = *half;
    }
    for (std::size_t side = 0; side < cx.setup.sides.size(); ++side) {
      if (side == s.side) continue;
      t.points[side] += gives;
      t.lines[side].push_back(
          fmt::format("{} {} ({} victory points, {}){}", cx.quoted(u),
                      st.fled_off_table ? "fled off the table" : "eliminated", *value, source,
                      st.fled_off_table ? fmt::format(": half, {}", gives) : std::string()));
    }
  }
  return t;
}

constexpr std::string_view how_counted =
    "an eliminated unit gives its victory points ('vp', else its points), one fled off the "
    "table half of them, rounded up (002_87c3dc452f850204.txt § Manœuvres)";

std::string totals(const Context& cx, const Tally& t) {
  std::string out;
  for (std::size_t side = 0; side < cx.setup.sides.size(); ++side)
    out += fmt::format("{}{} {}", side == 0 ? "" : ", ", cx.setup.sides[side].id, t.points[side]);
  return out;
}

void report_tally(Context& cx, const Action& a, const Tally& t) {
  auto b = cx.checker.info(id_of(Diag::victory_points), a.span,
                           fmt::format("victory points at the end: {}", totals(cx, t)));
  for (std::size_t side = 0; side < cx.setup.sides.size(); ++side)
    for (const std::string& line : t.lines[side])
      b.note("to {}: {}", cx.setup.sides[side].id, line);
  b.note("{}", how_counted);
}

// `score (red 240, blue 120)` against the tally, side by side.
void check_score(Context& cx, const Tally& t) {
  const EndSetup& end = cx.setup.end;
  for (std::size_t side = 0; side < cx.setup.sides.size(); ++side) {
    const std::string& id = cx.setup.sides[side].id;
    const auto written = std::find_if(end.score.begin(), end.score.end(),
                                      [&](const SideScoreSetup& e) { return e.side == side; });
    if (written == end.score.end()) {
      cx.checker.not_checked(fmt::format("the victory points of '{}', which the score omits", id),
                             end.score_span);
      continue;
    }
    if (written->points == t.points[side]) continue;
    auto b = cx.checker.violation(
        Check::victory_score, written->span,
        fmt::format("the score gives '{}' {} victory points, the enemy units off the table give {}",
                    id, written->points, t.points[side]));
    for (const std::string& line : t.lines[side]) b.note("to {}: {}", id, line);
    if (t.lines[side].empty()) b.note("no unit of the enemy left the table");
    b.note("{}", how_counted);
  }
}

// The winner against the tally: more victory points than every other side.
void check_winner(Context& cx, const Tally& t) {
  const EndSetup& end = cx.setup.end;
  if (!end.winner || *end.winner >= cx.setup.sides.size()) return;
  const std::size_t w = *end.winner;
  if (end.reason) {
    cx.checker.not_checked(
        "the winner, which the scenario's reason decides (the text leaves the conditions of "
        "victory to the scenario)",
        end.winner_span);
    return;
  }
  std::optional<std::size_t> rival;
  for (std::size_t side = 0; side < cx.setup.sides.size(); ++side)
    if (side != w && t.points[side] >= t.points[w] && (!rival || t.points[side] > t.points[*rival]))
      rival = side;
  if (!rival) return;
  const std::string& id = cx.setup.sides[w].id;
  const std::string& other = cx.setup.sides[*rival].id;
  cx.checker
      .violation(Check::victory_winner, end.winner_span,
                 t.points[*rival] == t.points[w]
                     ? fmt::format("'{}' is named the winner, but '{}' has as many victory "
                                   "points ({})",
                                   id, other, t.points[w])
                     : fmt::format("'{}' is named the winner with {} victory points, '{}' has {}",
                                   id, t.points[w], other, t.points[*rival]))
      .note("victory points at the end: {}", totals(cx, t))
      .note("{}", how_counted)
      .hint("a scenario that decides otherwise writes why: end winner {} reason \"...\"", id);
}

}  // namespace

void victory(Context& cx, const Action& a) {
  const Tally t = tally(cx);
  report_tally(cx, a, t);
  bool written = !cx.setup.end.score.empty();
  for (const UnitSetup& s : cx.setup.units) written = written || s.victory_points.has_value();
  if (!written || t.unknown) {
    if (t.unknown)
      cx.checker.not_checked(
          "the victory points of a unit whose points neither the log nor the rules give", a.span);
    cx.checker.not_checked(
        "the winner (the text leaves the conditions of victory to the scenario: Phase C names "
        "them, no passage states them)",
        a.span);
    return;
  }
  check_score(cx, t);
  check_winner(cx, t);
}

}  // namespace umpire::sabreur
