#include "report/game_recorder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/events/battle.hpp"
#include "report/luck.hpp"

namespace umpire::reports {
namespace {

nlohmann::json point(events::Point p) {
  return nlohmann::json::array({p.x, p.y});
}

// A rectangle piece of terrain as its four corners, turned by its rotation
// (degrees clockwise, as the log writes it) about its centre.
nlohmann::json rectangle(const events::TerrainPiece& t) {
  const double a = t.rotation * 3.14159265358979323846 / 180.0;
  const double c = std::cos(a), s = std::sin(a);
  nlohmann::json corners = nlohmann::json::array();
  for (const auto& [dx, dy] : {std::pair{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}) {
    const double x = dx * t.width, y = dy * t.depth;
    corners.push_back(
        nlohmann::json::array({t.centre.x + x * c + y * s, t.centre.y - x * s + y * c}));
  }
  return corners;
}

nlohmann::json battlefield(const events::Battlefield& b) {
  nlohmann::json j;
  switch (b.kind) {
    case events::BattlefieldKind::hex_map: {
      j["kind"] = "hex";
      j["columns"] = b.cols;
      j["rows"] = b.rows;
      nlohmann::json hexes = nlohmann::json::array();
      for (const events::HexTerrain& h : b.hexes)
        hexes.push_back(
            {{"column", h.hex.col}, {"row", h.hex.row}, {"kinds", h.kinds}, {"name", h.name}});
      j["hexes"] = std::move(hexes);
      nlohmann::json sides = nlohmann::json::array();
      for (const events::Hexside& s : b.hexsides)
        sides.push_back(
            {{"a", {s.a.col, s.a.row}}, {"b", {s.b.col, s.b.row}}, {"feature", s.feature}});
      j["hexsides"] = std::move(sides);
      break;
    }
    case events::BattlefieldKind::tabletop: {
      j["kind"] = "tabletop";
      j["width"] = b.width;
      j["depth"] = b.depth;
      nlohmann::json pieces = nlohmann::json::array();
      for (const events::TerrainPiece& t : b.terrain) {
        nlohmann::json outline = nlohmann::json::array();
        if (t.is_polygon)
          for (const events::Point& p : t.polygon) outline.push_back(point(p));
        else
          outline = rectangle(t);
        pieces.push_back({{"kind", t.kind}, {"name", t.name}, {"outline", std::move(outline)}});
      }
      j["terrain"] = std::move(pieces);
      break;
    }
    case events::BattlefieldKind::none:
      j["kind"] = "none";
      break;
  }
  return j;
}

// Where a location puts a unit's picture; false when it is off the table.
void place(replay::UnitView& v, const events::Location& at) {
  if (at.off_table()) {
    v.on_table = false;
    return;
  }
  v.on_table = true;
  if (at.is_hex) {
    v.column = at.hex.col;
    v.row = at.hex.row;
    v.two_hexes = false;
  } else {
    v.x = at.point.x;
    v.y = at.point.y;
  }
}

double degrees(const events::Facing& f) {
  return f.is_hex ? 60.0 * static_cast<int>(f.hex) : f.degrees;
}

std::vector<std::uint32_t> units_of(events::RefRange refs) {
  std::vector<std::uint32_t> out;
  for (const events::ForceRef& r : refs)
    if (r.kind == events::ForceKind::unit) out.push_back(r.index);
  return out;
}

// Six decimals: enough for a page, and the same text whatever printed it.
double rounded(double x) {
  return std::round(x * 1e6) / 1e6;
}

// Each roll's odds, each side's luck, and the rolls that swung the game
// most (docs/report.md § Luck); `frame_of` pins a roll to its event.
template <typename FrameOf>
nlohmann::json luck_json(const std::vector<replay::ReadRoll>& rolls, std::size_t sides,
                         FrameOf&& frame_of) {
  nlohmann::json out = nlohmann::json::array();
  std::vector<std::vector<RollOdds>> by_side(sides);
  std::vector<std::pair<dice::Probability, std::size_t>> swings;
  for (const replay::ReadRoll& r : rolls) {
    const std::optional<RollOdds> o = odds(r);
    if (!o) continue;
    std::vector<int> faces;
    for (const dice::RolledDie& d : r.roll.dice) faces.push_back(d.value);
    nlohmann::json j{{"frame", frame_of(r.span.begin)},
                     {"side", r.reading.side},
                     {"what", r.reading.what},
                     {"dice", dice::to_string(r.expr)},
                     {"faces", faces},
                     {"score", o->score},
                     {"reads", r.reading.score == replay::RollReading::Score::total
                                   ? "total"
                                   : fmt::format("dice on {}+", r.reading.face)},
                     {"higher_is_better", r.reading.higher_is_better},
                     {"as_well", rounded(to_double(o->as_well_or_better))},
                     {"percentile", rounded(to_double(o->percentile))},
                     {"swing", rounded(to_double(o->swing))}};
    if (o->pass_chance) {
      j["pass"] = *r.reading.pass;
      j["pass_chance"] = rounded(to_double(*o->pass_chance));
      j["passed"] = *o->passed;
    }
    if (r.reading.side < sides) by_side[r.reading.side].push_back(*o);
    swings.emplace_back(o->swing, out.size());
    out.push_back(std::move(j));
  }
  nlohmann::json side_json = nlohmann::json::array();
  for (const std::vector<RollOdds>& s : by_side) {
    const SideLuck l = side_luck(s);
    side_json.push_back({{"rolls", l.rolls},
                         {"mean_percentile", rounded(l.mean_percentile)},
                         {"z", rounded(l.z)},
                         {"as_extreme", rounded(l.as_extreme)},
                         {"tests", l.tests},
                         {"passed", l.passed},
                         {"expected_passes", rounded(l.expected_passes)}});
  }
  // The largest swings first; the earlier roll first among equals.
  std::stable_sort(swings.begin(), swings.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  nlohmann::json decisive = nlohmann::json::array();
  for (std::size_t i = 0; i < swings.size() && i < 5; ++i) decisive.push_back(swings[i].second);
  return {{"rolls", std::move(out)}, {"sides", std::move(side_json)}, {"decisive", decisive}};
}

nlohmann::json view_json(const replay::UnitView& v) {
  nlohmann::json j{{"unit", v.unit}, {"on", v.on_table}, {"facing", v.facing}};
  if (v.two_hexes) j["hex2"] = {v.column2, v.row2};
  if (v.column != 0 || v.row != 0)
    j["hex"] = {v.column, v.row};
  else
    j["at"] = {v.x, v.y};
  if (!v.formation.empty()) j["formation"] = v.formation;
  if (v.initial_strength > 0) j["strength"] = {v.strength, v.initial_strength};
  if (!v.marks.empty()) j["marks"] = v.marks;
  return j;
}

}  // namespace

void GameRecorder::lowered(const events::Battle& battle) {
  battle_ = nlohmann::json::object();
  nlohmann::json sides = nlohmann::json::array();
  for (const events::Side& s : battle.header.sides)
    sides.push_back({{"id", s.id}, {"name", s.name}, {"players", s.players}});
  battle_["sides"] = std::move(sides);
  battle_["scenario"] = battle.header.scenario;
  battle_["event"] = battle.header.event;
  battle_["date"] = battle.header.date;
  battle_["battlefield"] = battlefield(battle.battlefield);
  nlohmann::json units = nlohmann::json::array();
  for (const events::Unit& u : battle.units) {
    nlohmann::json j{{"id", u.id}, {"name", u.name}, {"side", u.side}, {"type", u.type}};
    // The footprint in millimetres, frontage then depth: the base written,
    // or for a unit of models (WAB) that base times its files and ranks.
    if (u.base) {
      double frontage = u.base->x, depth = u.base->y;
      if (u.models && u.ranks && *u.ranks > 0 && *u.models > 0) {
        const std::int64_t ranks = std::min(*u.ranks, *u.models);
        frontage *= static_cast<double>((*u.models + ranks - 1) / ranks);
        depth *= static_cast<double>(ranks);
      }
      j["base"] = {frontage, depth};
    }
    units.push_back(std::move(j));
  }
  battle_["units"] = std::move(units);

  deployment_.assign(battle.units.size(), {});
  for (std::uint32_t u = 0; u < deployment_.size(); ++u) {
    deployment_[u].unit = u;
    deployment_[u].on_table = false;  // until deployed
    deployment_[u].formation = battle.units[u].formation;
  }
  for (const events::Deployment& d : battle.deployment) {
    if (d.unit.kind != events::ForceKind::unit || d.unit.index >= deployment_.size() ||
        d.at.empty())
      continue;
    replay::UnitView& v = deployment_[d.unit.index];
    place(v, d.at[0]);
    if (d.at.size() > 1 && d.at[1].is_hex) {
      v.two_hexes = true;
      v.column2 = d.at[1].hex.col;
      v.row2 = d.at[1].hex.row;
    }
    if (d.facing) v.facing = degrees(*d.facing);
    if (!d.formation.empty()) v.formation = d.formation;
  }

  log_events_.clear();
  std::vector<replay::UnitView> board = deployment_;
  for (const events::Event e : battle.events()) {
    LogEvent le;
    const Span span = e.span();
    le.begin = span.begin;
    le.line = sources_.line_column(file_, span.begin).line;
    le.text = fmt::format(
        "turn {} {}: {}", e.turn(),
        e.side() < battle.header.sides.size() ? battle.header.sides[e.side()].id : std::string(),
        sources_.line_text(file_, le.line));
    le.kind = std::string(events::to_string(e.kind()));
    le.actors = units_of(e.actors());
    le.targets = units_of(e.targets());
    // The positions the statement writes for its first actor: where it
    // moves (the end of its path), its facing and formation.
    if (!le.actors.empty() && le.actors[0] < board.size()) {
      replay::UnitView& v = board[le.actors[0]];
      bool moved = false;
      if (const auto to = e.to()) {
        place(v, *to);
        moved = true;
      } else if (!e.path().empty()) {
        place(v, e.path().back());
        moved = true;
      }
      if (const auto f = e.facing()) {
        v.facing = degrees(*f);
        moved = true;
      }
      if (!e.formation().empty() && e.kind() == events::EventKind::formation_change) {
        v.formation = std::string(e.formation());
        moved = true;
      }
      if (e.kind() == events::EventKind::remove) {
        v.on_table = false;
        moved = true;
      }
      if (moved) le.log_units.push_back(v);
    }
    log_events_.push_back(std::move(le));
  }
}

std::size_t GameRecorder::frame_at(std::uint32_t begin) const {
  // The last event written at or before `begin`; the deployment (frame 0)
  // for what comes before the first.
  const auto after = std::upper_bound(frames_.begin() + 1, frames_.end(), begin,
                                      [](std::uint32_t b, const Frame& f) { return b < f.begin; });
  return static_cast<std::size_t>(after - frames_.begin()) - 1;
}

const GameRecorder::LogEvent* GameRecorder::log_event_at(std::uint32_t begin) const {
  const auto it = std::lower_bound(log_events_.begin(), log_events_.end(), begin,
                                   [](const LogEvent& e, std::uint32_t b) { return e.begin < b; });
  return it != log_events_.end() && it->begin == begin ? &*it : nullptr;
}

void GameRecorder::add_frame(std::uint32_t begin, std::uint32_t line, std::string text,
                             std::string kind, std::vector<std::uint32_t> actors,
                             std::vector<std::uint32_t> targets,
                             const std::vector<replay::UnitView>& now) {
  Frame f{begin, line, std::move(text), std::move(kind), std::move(actors), std::move(targets), {}};
  for (std::size_t u = 0; u < now.size(); ++u)
    if (u >= board_.size() || !(now[u] == board_[u])) f.changed.push_back(now[u]);
  board_ = now;
  frames_.push_back(std::move(f));
}

void GameRecorder::deployed(const replay::ReplayEngine& engine) {
  std::vector<replay::UnitView> now;
  engine.view_units(now);
  engine_draws_ = !now.empty();
  board_.clear();
  frames_.clear();
  add_frame(0, 0, "deployment", "deploy", {}, {}, engine_draws_ ? now : deployment_);
}

void GameRecorder::applied(std::size_t index, const replay::ReplayEngine& engine) {
  const Span span = engine.event_span(index);
  const LogEvent* le = log_event_at(span.begin);
  std::vector<replay::UnitView> now;
  if (engine_draws_) {
    engine.view_units(now);
  } else {
    now = board_;
    if (le)
      for (const replay::UnitView& v : le->log_units) now[v.unit] = v;
  }
  add_frame(span.begin, sources_.line_column(file_, span.begin).line, engine.describe_event(index),
            le ? le->kind : std::string(), le ? le->actors : std::vector<std::uint32_t>{},
            le ? le->targets : std::vector<std::uint32_t>{}, now);
}

nlohmann::json GameRecorder::finish(const run::RunResult& result, const DiagnosticEngine& diags,
                                    std::string_view ruleset_name) {
  // A log that was not replayed is drawn as it is written.
  if (frames_.empty()) {
    add_frame(0, 0, "deployment", "deploy", {}, {}, deployment_);
    for (const LogEvent& e : log_events_) {
      std::vector<replay::UnitView> now = board_;
      for (const replay::UnitView& v : e.log_units) now[v.unit] = v;
      add_frame(e.begin, e.line, e.text, e.kind, e.actors, e.targets, now);
    }
  }
  const std::vector<Frame>& frames = frames_;

  nlohmann::json j = battle_.is_object() ? battle_
                                         : nlohmann::json{{"sides", nlohmann::json::array()},
                                                          {"units", nlohmann::json::array()},
                                                          {"battlefield", {{"kind", "none"}}}};
  j["file"] = sources_.name(file_);
  j["ruleset"] = {{"id", result.ruleset}, {"name", ruleset_name}, {"replayed", result.replayed}};
  j["verdict"] = {{"violations", result.replay.violations},
                  {"agreed", result.replay.agreed},
                  {"not_checked", result.replay.not_checked_aspects},
                  {"replayed", result.replayed},
                  {"no_engine", result.no_engine}};
  if (!result.data_sha256.empty())
    j["data"] = {{"path", result.data_path}, {"sha256", result.data_sha256}};

  // The log, line by line.
  nlohmann::json lines = nlohmann::json::array();
  const std::string_view text = sources_.text(file_);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(std::string(line));
    start = end + 1;
  }
  j["lines"] = std::move(lines);

  nlohmann::json frames_json = nlohmann::json::array();
  for (const Frame& f : frames) {
    nlohmann::json changed = nlohmann::json::array();
    for (const replay::UnitView& v : f.changed) changed.push_back(view_json(v));
    frames_json.push_back({{"line", f.line},
                           {"text", f.text},
                           {"kind", f.kind},
                           {"actors", f.actors},
                           {"targets", f.targets},
                           {"units", std::move(changed)}});
  }
  j["frames"] = std::move(frames_json);

  // Each diagnostic pinned to the last event written at or before it (the
  // set-up's to the deployment).
  nlohmann::json pinned = nlohmann::json::array();
  for (const Diagnostic& d : diags.sorted()) {
    nlohmann::json dj{{"severity", to_string(d.severity)}, {"id", d.id}, {"message", d.message}};
    std::size_t frame = 0;
    if (d.span.valid() && d.span.file == file_) {
      const LineColumn at = sources_.line_column(file_, d.span.begin);
      dj["line"] = at.line;
      dj["column"] = at.column;
      frame = frame_at(d.span.begin);
    }
    dj["frame"] = frame;
    if (!d.notes.empty()) dj["notes"] = d.notes;
    if (d.rule) dj["rule"] = d.rule->to_string();
    if (!d.hint.empty()) dj["hint"] = d.hint;
    pinned.push_back(std::move(dj));
  }
  j["diagnostics"] = std::move(pinned);
  j["luck"] =
      luck_json(rolls_, j["sides"].size(), [&](std::uint32_t begin) { return frame_at(begin); });
  return j;
}

}  // namespace umpire::reports
