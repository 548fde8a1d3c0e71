// Lowering of the header (format, ruleset, rules data, event, sides, dice)
// and of the battlefield (hex map or tabletop, terrain, edges).
#include <array>
#include <cmath>

#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "grammar/log/diagnostics.hpp"

namespace umpire::events::detail {
namespace {

constexpr std::int64_t supported_version = 1;

// Above this a written tolerance is no longer a tape's error but another
// distance: a limit of the log format, as the table's 1000" is.
constexpr double max_tolerance_inches = 2.0;

constexpr std::array<std::string_view, 4> ruleset_ids{"hail-caesar", "hail-caesar-hyw", "wab",
                                                      "sabreur-hex"};

// Terrain words of the four rule texts (GLOSSARY.md § terrain), plus a few
// common table features; a hex may combine them with '+' (`hill+wood`).
constexpr std::array<std::string_view, 22> terrain_kinds{
    "open",        "wood",      "rough",          "obstacle",   "building",      "hill",
    "river",       "stream",    "ford",           "bridge",     "marsh",         "village",
    "strongpoint", "difficult", "very-difficult", "impassable", "fortification", "road",
    "field",       "lake",      "camp",           "wall"};
constexpr std::array<std::string_view, 6> hexside_features{"stream", "river",      "ford",
                                                           "bridge", "impassable", "wood"};
constexpr std::array<std::string_view, 4> edges{"north", "south", "east", "west"};

template <std::size_t N>
bool one_of(std::string_view word, const std::array<std::string_view, N>& words) {
  for (std::string_view w : words) {
    if (w == word) return true;
  }
  return false;
}

template <std::size_t N>
std::vector<std::string> as_strings(const std::array<std::string_view, N>& words) {
  return {words.begin(), words.end()};
}

// Neighbours by the one map convention of the project (engine/geometry/hex/offset.hpp).
bool adjacent(Hex a, Hex b) {
  return hex::adjacent(hex::from_offset({a.col, a.row}), hex::from_offset({b.col, b.row}));
}

}  // namespace

void Lowerer::header(const ast::Statement& s) {
  Header& h = battle_.header;
  const std::string_view verb = ast::verb_name(s.verb);
  if (s.verb != ast::Verb::side) {
    auto [it, inserted] = header_seen_.emplace(std::string(verb), s.verb_span);
    if (!inserted) {
      log::report(diags_, log::Diag::header_duplicate, s.verb_span,
                  "'{}' is given twice in the header", verb)
          .label(it->second, "first given here")
          .hint("keep one of them");
      return;
    }
  }
  const ast::Value* arg = args(s).empty() ? nullptr : &args(s)[0];
  switch (s.verb) {
    case ast::Verb::ulog:
      h.version = arg->integer;
      if (h.version != supported_version) {
        log::report(diags_, log::Diag::header_unsupported_version, arg->span,
                    "unsupported log format version {}", h.version)
            .hint("this umpire reads version {}", supported_version);
      }
      break;
    case ast::Verb::ruleset: {
      h.ruleset_span = arg->span;
      bool found = false;
      for (std::size_t i = 0; i < ruleset_ids.size(); ++i) {
        if (arg->text == ruleset_ids[i]) {
          h.ruleset = static_cast<Ruleset>(i);
          found = true;
        }
      }
      if (!found) {
        auto d = log::report(diags_, log::Diag::header_unknown_ruleset, arg->span,
                             "unknown ruleset '{}'", arg->text);
        if (auto best = closest_match(arg->text, as_strings(ruleset_ids)))
          d.hint("did you mean '{}'?", *best);
        else
          d.hint("rulesets: hail-caesar, hail-caesar-hyw, wab, sabreur-hex");
      }
      h.edition = text_of(s, Word::edition);
      break;
    }
    case ast::Verb::data:
      h.data_file = std::string(arg->text);
      h.data_span = arg->span;
      h.data_sha256 = text_of(s, Word::sha256);
      if (const ast::Clause* sha = find(s, Word::sha256)) h.data_sha256_span = values(*sha)[0].span;
      h.data_version = text_of(s, Word::version);
      if (!h.data_sha256.empty()) {
        const bool hex64 = h.data_sha256.size() == 64 &&
                           h.data_sha256.find_first_not_of("0123456789abcdef") == std::string::npos;
        if (!hex64) {
          log::report(diags_, log::Diag::header_bad_sha256, values(*find(s, Word::sha256))[0].span,
                      "a sha256 is 64 lower-case hexadecimal digits")
              .hint("print it with 'sha256sum {}'", h.data_file);
        }
      }
      break;
    case ast::Verb::scenario:
      h.scenario = std::string(arg->text);
      break;
    case ast::Verb::event:
      h.event = std::string(arg->text);
      h.round = int_of(s, Word::round);
      h.table = int_of(s, Word::table);
      break;
    case ast::Verb::date: {
      h.date = std::string(arg->text);
      const int month = std::stoi(h.date.substr(5, 2));
      const int day = std::stoi(h.date.substr(8, 2));
      if (month < 1 || month > 12 || day < 1 || day > 31) {
        log::report(diags_, log::Diag::header_bad_date, arg->span, "'{}' is not a date", h.date)
            .hint("dates are written YYYY-MM-DD");
      }
      break;
    }
    case ast::Verb::side: {
      Side side;
      side.span = s.span;
      side.id = std::string(arg->text);
      if (args(s).size() > 1) side.name = std::string(args(s)[1].text);
      for (const ast::Clause& c : clauses(s)) {
        if (c.key == Word::player) side.players.emplace_back(values(c)[0].text);
      }
      side.points = int_of(s, Word::points);
      auto [it, inserted] = sides_.emplace(side.id, static_cast<std::uint32_t>(h.sides.size()));
      if (!inserted) {
        log::report(diags_, log::Diag::side_duplicate, arg->span, "side '{}' is declared twice",
                    side.id)
            .label(h.sides[it->second].span, "first declared here");
        return;
      }
      h.sides.push_back(std::move(side));
      break;
    }
    case ast::Verb::dice:
      if (arg->text == "recorded") {
        h.dice = DiceMode::recorded;
        if (args(s).size() > 1) {
          log::report(diags_, log::Diag::header_seed_recorded, args(s)[1].span,
                      "a recorded log has no seed")
              .hint("write 'dice seeded {}' to let the engine draw the dice", args(s)[1].integer);
        }
      } else if (arg->text == "seeded") {
        h.dice = DiceMode::seeded;
        if (args(s).size() < 2 || args(s)[1].integer < 0) {
          log::report(diags_, log::Diag::header_missing_seed, arg->span,
                      "a seeded log needs a seed")
              .hint("write 'dice seeded 12345'");
        } else {
          h.seed = static_cast<std::uint64_t>(args(s)[1].integer);
        }
      } else {
        auto d = log::report(diags_, log::Diag::header_unknown_dice_mode, arg->span,
                             "unknown dice mode '{}'", arg->text);
        if (auto best = closest_match(arg->text, {"recorded", "seeded"}))
          d.hint("did you mean '{}'?", *best);
        else
          d.hint("'recorded': every die is written; 'seeded': a seed, the engine draws");
      }
      break;
    case ast::Verb::tolerance:
      tolerance(*arg);
      break;
    default:
      break;
  }
}

void Lowerer::tolerance(const ast::Value& v) {
  // A bare number is in inches, as a table's size is.
  const double inches = v.kind != ast::ValueKind::length ? v.x
                        : v.unit == ast::SizeUnit::mm    ? v.x / 25.4
                        : v.unit == ast::SizeUnit::cm    ? v.x / 2.54
                                                         : v.x;
  if (!(inches >= 0)) {
    log::report(diags_, log::Diag::header_bad_tolerance, v.span, "a tolerance cannot be negative")
        .hint("write how far a measurement may be off either way: 'tolerance 0.5\"'");
    return;
  }
  if (inches > max_tolerance_inches) {
    log::report(diags_, log::Diag::header_bad_tolerance, v.span,
                "a tolerance of {} is not a measuring error: at most {}", tabletop::inches(inches),
                tabletop::inches(max_tolerance_inches))
        .hint(
            "a tape measured by hand is off by a fraction of an inch: 'tolerance 0.5\"'; "
            "without the line the default is {}",
            tabletop::inches(tabletop::kDefaultTolerance));
    return;
  }
  battle_.header.tolerance = inches;
  battle_.header.tolerance_span = v.span;
}

void Lowerer::battlefield(const ast::Statement& s) {
  Battlefield& bf = battle_.battlefield;
  const auto reject_second = [&]() {
    if (bf.kind == BattlefieldKind::none) return false;
    log::report(diags_, log::Diag::battlefield_duplicate, s.verb_span,
                "the battlefield is declared twice")
        .label(bf.span, "first declared here")
        .hint("a log is played either on a hex map or on a tabletop");
    return true;
  };
  switch (s.verb) {
    case ast::Verb::map: {
      if (reject_second()) return;
      if (args(s)[0].text != "hex") {
        log::report(diags_, log::Diag::battlefield_unknown_map, args(s)[0].span, "unknown map '{}'",
                    args(s)[0].text)
            .hint("write 'map hex 12x10' for a hex map, 'table 72x48' for a tabletop");
        return;
      }
      const ast::Value& size = args(s)[1];
      if (size.x != std::floor(size.x) || size.y != std::floor(size.y) || size.x < 1 ||
          size.y < 1 || size.x > 1000 || size.y > 1000 || size.unit != ast::SizeUnit::none) {
        log::report(diags_, log::Diag::battlefield_bad_size, size.span,
                    "a hex map is 1 to 1000 whole hexes each way")
            .hint("write the columns and rows: 'map hex 12x10'");
        return;
      }
      bf.kind = BattlefieldKind::hex_map;
      bf.span = s.span;
      bf.cols = static_cast<std::int32_t>(size.x);
      bf.rows = static_cast<std::int32_t>(size.y);
      return;
    }
    case ast::Verb::table: {
      if (reject_second()) return;
      const ast::Value& size = args(s)[0];
      if (!(size.x > 0 && size.y > 0 && size.x <= 1000 && size.y <= 1000) ||
          (size.unit != ast::SizeUnit::none && size.unit != ast::SizeUnit::in)) {
        log::report(diags_, log::Diag::battlefield_bad_size, size.span,
                    "a table is measured in inches, 1 to 1000 each way")
            .hint("write 'table 72x48' for six feet by four");
        return;
      }
      bf.kind = BattlefieldKind::tabletop;
      bf.span = s.span;
      bf.width = size.x;
      bf.depth = size.y;
      return;
    }
    case ast::Verb::hex: {
      if (bf.kind != BattlefieldKind::hex_map) {
        log::report(diags_, log::Diag::battlefield_not_hex, s.verb_span,
                    "'hex' describes a hex map, and none was declared")
            .hint("declare 'map hex 12x10' first");
        return;
      }
      const ast::Value& terrain = args(s).back();
      std::vector<std::string> kinds;
      std::size_t start = 0;
      while (start <= terrain.text.size()) {
        std::size_t plus = terrain.text.find('+', start);
        if (plus == std::string_view::npos) plus = terrain.text.size();
        kinds.emplace_back(terrain.text.substr(start, plus - start));
        start = plus + 1;
      }
      for (const std::string& k : kinds) {
        if (!one_of(k, terrain_kinds)) {
          auto d = log::report(diags_, log::Diag::terrain_unknown, terrain.span,
                               "unknown terrain '{}'", k);
          if (auto best = closest_match(k, as_strings(terrain_kinds)))
            d.hint("did you mean '{}'?", *best);
          return;
        }
      }
      if (kinds.size() > 1 && kinds.front() != "hill") {
        log::report(diags_, log::Diag::terrain_bad_combination, terrain.span,
                    "only a hill combines with other terrain")
            .rule("002_87c3dc452f850204.txt", "Les terrains dans Sabreur")
            .hint("write the hill first: 'hill+wood'");
        return;
      }
      for (std::size_t i = 0; i + 1 < args(s).size(); ++i) {
        auto loc = location(args(s)[i]);
        if (!loc) continue;
        bf.hexes.push_back({s.span, loc->hex, kinds, text_of(s, Word::name)});
      }
      return;
    }
    case ast::Verb::hexside: {
      if (bf.kind != BattlefieldKind::hex_map) {
        log::report(diags_, log::Diag::battlefield_not_hex, s.verb_span,
                    "'hexside' describes a hex map, and none was declared")
            .hint("declare 'map hex 12x10' first");
        return;
      }
      auto a = location(args(s)[0]);
      auto b = location(args(s)[1]);
      const ast::Value& feature = args(s)[2];
      if (!one_of(feature.text, hexside_features)) {
        auto d = log::report(diags_, log::Diag::terrain_unknown, feature.span,
                             "unknown hexside feature '{}'", feature.text);
        if (auto best = closest_match(feature.text, as_strings(hexside_features)))
          d.hint("did you mean '{}'?", *best);
        else
          d.hint("hexside features: stream, river, ford, bridge, impassable, wood");
        return;
      }
      if (!a || !b) return;
      if (!adjacent(a->hex, b->hex)) {
        log::report(diags_, log::Diag::hexside_not_adjacent,
                    merge(args(s)[0].span, args(s)[1].span), "hexes {} and {} do not share a side",
                    args(s)[0].text, args(s)[1].text)
            .hint("a hexside is named by the two neighbouring hexes it separates");
        return;
      }
      bf.hexsides.push_back({s.span, a->hex, b->hex, std::string(feature.text)});
      return;
    }
    case ast::Verb::terrain: {
      if (bf.kind != BattlefieldKind::tabletop) {
        log::report(diags_, log::Diag::battlefield_not_table, s.verb_span,
                    "'terrain' pieces go on a tabletop, and none was declared")
            .hint("declare 'table 72x48' first, or use 'hex' on a hex map");
        return;
      }
      TerrainPiece piece;
      piece.span = s.span;
      piece.kind = std::string(args(s)[0].text);
      if (!one_of(piece.kind, terrain_kinds)) {
        auto d = log::report(diags_, log::Diag::terrain_unknown, args(s)[0].span,
                             "unknown terrain '{}'", piece.kind);
        if (auto best = closest_match(piece.kind, as_strings(terrain_kinds)))
          d.hint("did you mean '{}'?", *best);
        return;
      }
      if (args(s).size() > 1) piece.name = std::string(args(s)[1].text);
      const ast::Clause* rect = find(s, Word::rect);
      const ast::Clause* polygon = find(s, Word::polygon);
      if ((rect == nullptr) == (polygon == nullptr)) {
        log::report(diags_, log::Diag::terrain_shape, s.verb_span,
                    "a terrain piece has one shape: 'rect' or 'polygon'")
            .hint("'rect 12,24 12x8' (centre and size) or 'polygon 0,0 10,0 10,10'");
        return;
      }
      if (rect != nullptr) {
        auto centre = location(values(*rect)[0]);
        if (!centre) return;
        piece.centre = centre->point;
        piece.width = values(*rect)[1].x;
        piece.depth = values(*rect)[1].y;
      } else {
        piece.is_polygon = true;
        if (values(*polygon).size() < 3) {
          log::report(diags_, log::Diag::terrain_shape, polygon->span,
                      "a polygon needs at least three corners");
          return;
        }
        for (const ast::Value& v : values(*polygon)) {
          auto p = location(v);
          if (!p) return;
          piece.polygon.push_back(p->point);
        }
      }
      if (const ast::Clause* r = find(s, Word::rotation)) piece.rotation = values(*r)[0].x;
      piece.height = int_of(s, Word::height);
      bf.terrain.push_back(std::move(piece));
      return;
    }
    case ast::Verb::edge: {
      const ast::Value& e = args(s)[0];
      if (!one_of(e.text, edges)) {
        auto d =
            log::report(diags_, log::Diag::edge_unknown, e.span, "unknown table edge '{}'", e.text);
        if (auto best = closest_match(e.text, as_strings(edges)))
          d.hint("did you mean '{}'?", *best);
        else
          d.hint("edges: north, south, east, west");
        return;
      }
      if (const ast::Clause* home = find(s, Word::home)) {
        if (auto side_index = side(values(*home)[0])) {
          Side& sd = battle_.header.sides[*side_index];
          if (!sd.home_edge.empty()) {
            log::report(diags_, log::Diag::edge_duplicate_home, values(*home)[0].span,
                        "side '{}' already has a home edge", sd.id);
            return;
          }
          sd.home_edge = std::string(e.text);
        }
      }
      return;
    }
    default:
      return;
  }
}

void Lowerer::finish_header(FileId file) {
  const Span file_start{file, 0, 0};
  const auto missing = [&](std::string_view verb, std::string_view example) {
    if (header_seen_.count(verb) == 0) {
      log::report(diags_, log::Diag::header_missing, file_start, "the header has no '{}'", verb)
          .hint("add '{}'", example);
    }
  };
  missing("ulog", "ulog 1");
  if (header_seen_.count("ruleset") == 0) {
    // Read as no ruleset at all (never as a default one): nothing that
    // depends on it (phases, profiles, the replay) is judged.
    log::report(diags_, log::Diag::header_missing, file_start,
                "the header has no 'ruleset': the log names no rules")
        .hint("add 'ruleset sabreur-hex' (or hail-caesar, hail-caesar-hyw, wab) after 'ulog 1'");
  }
  missing("dice", "dice recorded");
  if (battle_.header.sides.size() < 2) {
    log::report(diags_, log::Diag::header_sides, file_start,
                "a battle needs at least two sides, found {}", battle_.header.sides.size())
        .hint("declare each: side romans \"Roman army\" player \"A. Player\"");
  }
  if (battle_.header.data_sha256.empty()) {
    const std::string_view ruleset = battle_.header.ruleset == Ruleset::none
                                         ? std::string_view("RULESET")
                                         : to_string(battle_.header.ruleset);
    log::report(diags_, log::Diag::data_unpinned, file_start,
                "the log does not pin the rules data it was played with")
        .hint(
            "run 'umpire pin LOG' to add 'data \"corpus/rulesets/{}.rules\" sha256 \"...\"', so "
            "that the log "
            "stays checkable when the data changes",
            ruleset);
  }
  // Hexes are counted, not measured (docs/hex-geometry.md).
  const Header& h = battle_.header;
  if (h.tolerance_span.valid() &&
      (h.ruleset == Ruleset::sabreur_hex || battle_.battlefield.kind == BattlefieldKind::hex_map)) {
    log::report(diags_, log::Diag::header_tolerance_on_hex, h.tolerance_span,
                "a tolerance is for measurements on a tabletop; a hex map's distances are counted")
        .hint("remove the 'tolerance' line: hexes are counted exactly");
  }
  if (battle_.battlefield.kind == BattlefieldKind::none && !battlefield_missing_reported_) {
    log::report(diags_, log::Diag::battlefield_missing, file_start,
                "the log declares no battlefield")
        .hint("declare 'map hex 12x10' or 'table 72x48'");
  }
}

}  // namespace umpire::events::detail
