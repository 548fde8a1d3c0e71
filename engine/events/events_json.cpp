#include "engine/events/events_json.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/core/dice/expr.hpp"

namespace umpire::events {
namespace {

using nlohmann::json;

json where(const SourceManager& sources, Span s) {
  if (!s.valid()) return nullptr;
  const LineColumn lc = sources.line_column(s.file, s.begin);
  return json{{"line", lc.line}, {"column", lc.column}, {"begin", s.begin}, {"end", s.end}};
}

json location_json(const Location& l) {
  if (l.off_table()) {
    json j{{"off_table", true}};
    if (l.edge != Edge::none) j["edge"] = std::string(to_string(l.edge));
    return j;
  }
  if (l.is_hex) return json{{"hex", json::array({l.hex.col, l.hex.row})}};
  return json{{"x", l.point.x}, {"y", l.point.y}};
}

json facing_json(const Facing& f) {
  if (f.is_hex) return json(std::string(to_string(f.hex)));
  return json(f.degrees);
}

json refs_json(const Battle& b, RefRange refs) {
  json out = json::array();
  for (const ForceRef& r : refs) out.push_back(std::string(b.name_of(r)));
  return out;
}

json words_json(const Battle& b, std::span<const Symbol> words) {
  json out = json::array();
  for (Symbol w : words) out.push_back(std::string(b.text(w)));
  return out;
}

template <typename T>
void put(json& j, const char* key, const std::optional<T>& v) {
  if (v) j[key] = *v;
}
void put(json& j, const char* key, const std::string& v) {
  if (!v.empty()) j[key] = v;
}
void put(json& j, const char* key, std::string_view v) {
  if (!v.empty()) j[key] = std::string(v);
}

json event_json(const SourceManager& sources, const Battle& b, const Event& e) {
  json j;
  j["kind"] = std::string(to_string(e.kind()));
  j["at"] = where(sources, e.span());
  j["turn"] = e.turn();
  j["side"] = b.header.sides.empty() ? std::string() : b.header.sides[e.side()].id;
  put(j, "phase", e.phase());
  if (!e.actors().empty()) j["actors"] = refs_json(b, e.actors());
  if (!e.targets().empty()) j["targets"] = refs_json(b, e.targets());
  put(j, "detail", e.detail());
  put(j, "means", e.means());
  if (const auto by = e.by()) j["by"] = std::string(b.name_of(*by));
  if (const auto to = e.to()) j["to"] = location_json(*to);
  if (!e.path().empty()) {
    json p = json::array();
    for (const Location& l : e.path()) p.push_back(location_json(l));
    j["path"] = p;
  }
  if (const auto f = e.facing()) j["facing"] = facing_json(*f);
  if (const auto from = e.from()) j["from"] = location_json(*from);
  put(j, "formation", e.formation());
  put(j, "weapon", e.weapon());
  put(j, "on", e.on());
  put(j, "cover", e.cover());
  if (!e.states().empty()) j["states"] = words_json(b, e.states());
  put(j, "distance", e.distance());
  put(j, "range", e.range());
  put(j, "modifier", e.modifier());
  put(j, "against", e.against());
  put(j, "round", e.round());
  put(j, "cost", e.cost());
  put(j, "dice_count", e.dice_count());
  put(j, "target_score", e.target_score());
  if (!e.dice().empty()) {
    json dice = json::array();
    for (const DiceRoll& r : e.dice()) {
      json d;
      put(d, "label", b.text(r.label));
      d["notation"] =
          r.parsed() ? dice::to_string(b.store.exprs[r.expr]) : std::string(b.text(r.notation));
      if (r.checked) {
        json faces = json::array();
        for (const dice::Throw& t : b.throws(r)) faces.push_back(t.face());
        d["faces"] = faces;
        d["total"] = r.total;
      }
      dice.push_back(d);
    }
    j["dice"] = dice;
  }
  if (const Stated s = e.stated(); !s.empty()) {
    json st;
    put(st, "hits", s.hits());
    put(st, "saves", s.saves());
    put(st, "losses", s.losses());
    put(st, "casualties", s.casualties());
    put(st, "wounds", s.wounds());
    put(st, "moves", s.moves());
    put(st, "points", s.points());
    put(st, "margin", s.margin());
    put(st, "score", s.score());
    put(st, "total", s.total());
    put(st, "result", s.result());
    if (!s.states().empty()) st["states"] = words_json(b, s.states());
    put(st, "passed", s.passed());
    if (s.draw()) st["draw"] = true;
    if (s.destroyed()) st["destroyed"] = true;
    if (s.cancelled()) st["cancelled"] = true;
    if (const auto w = s.winner()) st["winner"] = std::string(b.name_of(*w));
    if (const auto to = s.to()) st["to"] = location_json(*to);
    if (const auto f = s.facing()) st["facing"] = facing_json(*f);
    put(st, "formation", s.formation());
    put(st, "distance", s.distance());
    j["stated"] = st;
  }
  if (e.agreed()) {
    j["agreed"] = true;
    put(j, "agreed_note", e.agreed_note());
  }
  return j;
}

// Everything but the events: small beside them.
json battle_without_events(const Battle& b) {
  json root;
  const Header& h = b.header;
  json header{{"version", h.version},
              {"ruleset", std::string(to_string(h.ruleset))},
              {"dice", h.dice == DiceMode::recorded ? "recorded" : "seeded"}};
  if (h.dice == DiceMode::seeded) header["seed"] = h.seed;
  put(header, "edition", h.edition);
  put(header, "data", h.data_file);
  put(header, "sha256", h.data_sha256);
  put(header, "scenario", h.scenario);
  if (h.tolerance) header["tolerance"] = *h.tolerance;
  put(header, "event", h.event);
  put(header, "round", h.round);
  put(header, "table", h.table);
  put(header, "date", h.date);
  json sides = json::array();
  for (const Side& s : h.sides) {
    json sj{{"id", s.id}, {"name", s.name}, {"players", s.players}};
    put(sj, "points", s.points);
    put(sj, "home_edge", s.home_edge);
    sides.push_back(sj);
  }
  header["sides"] = sides;
  root["header"] = header;
  const Battlefield& bf = b.battlefield;
  json field;
  if (bf.kind == BattlefieldKind::hex_map) {
    field = json{{"kind", "hex"}, {"cols", bf.cols}, {"rows", bf.rows}};
    json hexes = json::array();
    for (const HexTerrain& t : bf.hexes)
      hexes.push_back({{"hex", {t.hex.col, t.hex.row}}, {"terrain", t.kinds}});
    field["hexes"] = hexes;
    json sides_j = json::array();
    for (const Hexside& hs : bf.hexsides) {
      sides_j.push_back(
          {{"between", {{hs.a.col, hs.a.row}, {hs.b.col, hs.b.row}}}, {"feature", hs.feature}});
    }
    field["hexsides"] = sides_j;
  } else if (bf.kind == BattlefieldKind::tabletop) {
    field = json{{"kind", "table"}, {"width", bf.width}, {"depth", bf.depth}};
    json pieces = json::array();
    for (const TerrainPiece& p : bf.terrain) {
      json pj{{"kind", p.kind}};
      put(pj, "name", p.name);
      if (p.is_polygon) {
        json pts = json::array();
        for (const Point& pt : p.polygon) pts.push_back({pt.x, pt.y});
        pj["polygon"] = pts;
      } else {
        pj["rect"] = {{"centre", {p.centre.x, p.centre.y}},
                      {"size", {p.width, p.depth}},
                      {"rotation", p.rotation}};
      }
      put(pj, "height", p.height);
      pieces.push_back(pj);
    }
    field["terrain"] = pieces;
  }
  root["battlefield"] = field;
  json units = json::array();
  for (const Unit& u : b.units) {
    json uj{{"id", u.id}, {"side", h.sides.empty() ? std::string() : h.sides[u.side].id}};
    put(uj, "name", u.name);
    if (u.division) uj["division"] = b.divisions[*u.division].id;
    put(uj, "profile", u.profile);
    if (!u.stats.empty()) {
      json st = json::object();
      for (const Stat& s : u.stats) st[s.name] = s.value;
      uj["stats"] = st;
    }
    put(uj, "type", u.type);
    put(uj, "quality", u.quality);
    put(uj, "formation", u.formation);
    if (!u.skills.empty()) uj["skills"] = u.skills;
    if (!u.special.empty()) uj["special"] = u.special;
    if (!u.equipment.empty()) uj["equipment"] = u.equipment;
    put(uj, "strength", u.strength);
    put(uj, "models", u.models);
    put(uj, "stamina", u.stamina);
    put(uj, "command", u.command);
    put(uj, "points", u.points);
    put(uj, "ranks", u.ranks);
    put(uj, "vp", u.victory_points);
    if (u.base) uj["base_mm"] = {u.base->x, u.base->y};
    units.push_back(uj);
  }
  root["units"] = units;
  json generals = json::array();
  for (const General& g : b.generals) {
    json gj{{"id", g.id}, {"side", h.sides.empty() ? std::string() : h.sides[g.side].id}};
    put(gj, "name", g.name);
    put(gj, "command", g.command);
    if (g.at) gj["at"] = location_json(*g.at);
    generals.push_back(gj);
  }
  root["generals"] = generals;
  json deploy = json::array();
  for (const Deployment& d : b.deployment) {
    json dj{{"unit", std::string(b.name_of(d.unit))}};
    json at = json::array();
    for (const Location& l : d.at) at.push_back(location_json(l));
    dj["at"] = at;
    if (d.facing) dj["facing"] = facing_json(*d.facing);
    put(dj, "formation", d.formation);
    deploy.push_back(dj);
  }
  root["deployment"] = deploy;
  if (b.winner) root["winner"] = h.sides[*b.winner].id;
  if (!b.score.empty()) {
    json score = json::object();
    for (const SideScore& s : b.score) score[h.sides[s.side].id] = s.points;
    root["score"] = score;
  }
  return root;
}

// `value` as nlohmann::json prints it at `indent` spaces a level, nested
// `depth` levels deep: the lines after the first are shifted. Strings in
// JSON hold no raw newline, so every '\n' is a line break of the layout.
void write_nested(std::ostream& out, const json& value, int indent, int depth) {
  const std::string text = value.dump(indent, ' ', false, json::error_handler_t::replace);
  if (indent < 0 || depth == 0) {
    out << text;
    return;
  }
  const std::string shift(static_cast<std::size_t>(indent * depth), ' ');
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1) {
    out.write(text.data() + from, static_cast<std::streamsize>(nl + 1 - from));
    out << shift;
  }
  out.write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
}

}  // namespace

void write_battle_json(std::ostream& out, const SourceManager& sources, const Battle& b, int indent,
                       int depth) {
  // The layout nlohmann::json gives the whole document (keys in order,
  // `indent` spaces a level), written one member and one event at a time.
  const json rest = battle_without_events(b);
  const bool pretty = indent >= 0;
  const std::string pad =
      pretty ? std::string(static_cast<std::size_t>(indent * (depth + 1)), ' ') : "";
  const std::string pad2 =
      pretty ? std::string(static_cast<std::size_t>(indent * (depth + 2)), ' ') : "";
  const char* newline = pretty ? "\n" : "";
  const char* colon = pretty ? ": " : ":";
  out << '{' << newline;
  bool first = true;
  const auto member = [&](std::string_view key) {
    if (!first) out << ',' << newline;
    first = false;
    out << pad << '"' << key << '"' << colon;
  };
  bool events_written = false;
  const auto write_events = [&] {
    events_written = true;
    member("events");
    if (b.events().empty()) {
      out << "[]";
      return;
    }
    out << '[' << newline;
    bool first_event = true;
    std::size_t written = 0;
    for (const Event e : b.events()) {
      // A mapped log gives back the pages of the events written.
      if (++written % 4096 == 0) sources.release(e.span().file, e.span().begin);
      if (!first_event) out << ',' << newline;
      first_event = false;
      out << pad2;
      write_nested(out, event_json(sources, b, e), indent, depth + 2);
    }
    out << newline << pad << ']';
  };
  for (const auto& [key, value] : rest.items()) {
    if (!events_written && key > std::string_view("events")) write_events();
    member(key);
    write_nested(out, value, indent, depth + 1);
  }
  if (!events_written) write_events();
  out << newline << (pretty ? std::string(static_cast<std::size_t>(indent * depth), ' ') : "")
      << '}';
}

std::string battle_json(const SourceManager& sources, const Battle& b, int indent) {
  std::ostringstream out;
  write_battle_json(out, sources, b, indent, 0);
  out << '\n';
  return std::move(out).str();
}

namespace {

void append_event_text(std::string& out, const SourceManager& sources, const Battle& b,
                       const Event& e) {
  const LineColumn lc = sources.line_column(e.span().file, e.span().begin);
  fmt::format_to(
      std::back_inserter(out), "{}:{} turn {} {} {}", lc.line, lc.column, e.turn(),
      b.header.sides.empty() ? std::string_view() : std::string_view(b.header.sides[e.side()].id),
      to_string(e.kind()));
  for (const ForceRef& r : e.actors()) fmt::format_to(std::back_inserter(out), " {}", b.name_of(r));
  if (!e.detail().empty()) fmt::format_to(std::back_inserter(out), " {}", e.detail());
  for (const ForceRef& r : e.targets())
    fmt::format_to(std::back_inserter(out), " -> {}", b.name_of(r));
  for (const DiceRoll& r : e.dice()) {
    const std::string_view label = b.text(r.label);
    fmt::format_to(std::back_inserter(out), " [{}{}{}", label, label.empty() ? "" : " ",
                   b.text(r.notation));
    if (r.checked) fmt::format_to(std::back_inserter(out), " total {}", r.total);
    out += "]";
  }
  if (!e.stated().empty()) out += " (stated)";
  if (e.agreed()) out += " (agreed)";
  out.push_back('\n');
}

}  // namespace

std::string battle_text(const SourceManager& sources, const Battle& b) {
  std::string out;
  for (const Event e : b.events()) append_event_text(out, sources, b, e);
  return out;
}

void write_battle_text(std::ostream& out, const SourceManager& sources, const Battle& b) {
  std::string chunk;
  for (const Event e : b.events()) {
    append_event_text(chunk, sources, b, e);
    if (chunk.size() >= 64 * 1024) {
      out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      chunk.clear();
      sources.release(e.span().file, e.span().begin);  // a mapped log gives back what is written
    }
  }
  out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
}

}  // namespace umpire::events
