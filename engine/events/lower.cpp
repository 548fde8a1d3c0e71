// Lowering driver and the helpers every pass shares: references, positions,
// facings, dice.
#include "engine/events/lower.hpp"

#include <algorithm>
#include <cmath>

#include "engine/core/dice/recorded.hpp"
#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace umpire::events {
namespace detail {
namespace {

Section section_of(ast::Verb verb) {
  switch (ast::verb_group(verb)) {
    case ast::VerbGroup::header: return Section::header;
    case ast::VerbGroup::battlefield: return Section::battlefield;
    case ast::VerbGroup::army:
    case ast::VerbGroup::unit: return Section::army;
    case ast::VerbGroup::deployment: return Section::deployment;
    default: return Section::turns;
  }
}

std::string_view section_name(Section s) {
  switch (s) {
    case Section::header: return "the header";
    case Section::battlefield: return "the battlefield";
    case Section::army: return "the armies";
    case Section::deployment: return "the deployment";
    case Section::turns: return "the turns";
  }
  return "";
}

constexpr std::array<std::string_view, 6> hex_facings{"n", "ne", "se", "s", "sw", "nw"};

}  // namespace

Battle Lowerer::run(const ast::Log& log) {
  file_ = log.file;
  // Events are large: reserving exactly one per action statement keeps vector
  // growth from moving them and reserves no memory that stays unused.
  std::size_t actions = 0;
  for (const ast::Line& line : log.lines) {
    if (line.has_statement && ast::verb_group(line.statement.verb) == ast::VerbGroup::action) ++actions;
  }
  battle_.events.reserve(actions);
  for (const ast::Line& line : log.lines) {
    if (!line.has_statement) continue;
    const ast::Statement& s = line.statement;
    const Section sec = section_of(s.verb);
    if (sec < section_) {
      diags_.error("log.order.section", s.verb_span, "'{}' belongs to {}, which comes before {}",
                   ast::verb_name(s.verb), section_name(sec), section_name(section_))
          .hint("a log is written in order: header, battlefield, armies, deployment, turns");
      continue;
    }
    section_ = sec;
    check_duplicate_keys(s);
    switch (sec) {
      case Section::header: header(s); break;
      case Section::battlefield: battlefield(s); break;
      case Section::army: army(s); break;
      case Section::deployment: deploy(s); break;
      case Section::turns:
        if (s.verb == ast::Verb::turn) turn(s);
        else if (s.verb == ast::Verb::phase) phase(s);
        else if (s.verb == ast::Verb::end) end(s);
        else action(s);
        break;
    }
  }
  finish_header(log);
  finish_armies();
  return std::move(battle_);
}

void Lowerer::check_duplicate_keys(const ast::Statement& s) {
  for (std::size_t i = 0; i < s.clauses.size(); ++i) {
    const ast::Clause& c = s.clauses[i];
    // Rolls may repeat (two `hit` rolls for two weapons); players may be several.
    if (c.key.empty() || c.key == "player" || (!c.values.empty() && c.values[0].kind == ast::ValueKind::roll)) continue;
    for (std::size_t j = 0; j < i; ++j) {
      if (s.clauses[j].key == c.key) {
        diags_.error("log.clause.duplicate", c.key_span, "'{}' is given twice", c.key)
            .label(s.clauses[j].key_span, "first given here")
            .hint("keep one of them");
        break;
      }
    }
  }
}

void Lowerer::declare(const std::string& id, ForceRef ref) {
  auto [it, inserted] = forces_.emplace(id, ref);
  if (!inserted) {
    const ForceRef first = it->second;
    Span first_span;
    switch (first.kind) {
      case ForceKind::unit: first_span = battle_.units[first.index].span; break;
      case ForceKind::general: first_span = battle_.generals[first.index].span; break;
      case ForceKind::division: first_span = battle_.divisions[first.index].span; break;
    }
    diags_.error("log.unit.duplicate-id", ref.span, "duplicate id '{}'", id)
        .label(first_span, "first declared here")
        .hint("units, generals and divisions share one set of ids; rename one of them");
    return;
  }
  force_ids_.push_back(id);
}

std::optional<ForceRef> Lowerer::force(const ast::Value& v, std::string_view what) {
  auto it = forces_.find(v.text);
  if (it == forces_.end()) {
    auto d = diags_.error("log.unit.unknown", v.span, "unknown {} '{}'", what, v.text);
    if (auto best = closest_match(v.text, force_ids_)) {
      d.hint("did you mean '{}'?", *best);
      d.fixit(v.span, *best);
    } else {
      d.hint("declare it with 'unit', 'general' or 'division' in the armies");
    }
    return std::nullopt;
  }
  ForceRef ref = it->second;
  ref.span = v.span;
  if (ref.kind == ForceKind::unit && ref.index < removed_.size() && removed_[ref.index].valid()) {
    diags_.error("log.unit.removed", v.span, "unit '{}' was removed from the table", v.text)
        .label(removed_[ref.index], "removed here")
        .hint("a unit that was destroyed, routed or left the table takes no further part");
  }
  return ref;
}

std::optional<std::uint32_t> Lowerer::side(const ast::Value& v) {
  auto it = sides_.find(v.text);
  if (it != sides_.end()) return it->second;
  std::vector<std::string> names;
  for (const Side& s : battle_.header.sides) names.push_back(s.id);
  auto d = diags_.error("log.side.unknown", v.span, "unknown side '{}'", v.text);
  if (auto best = closest_match(v.text, names)) {
    d.hint("did you mean '{}'?", *best);
    d.fixit(v.span, *best);
  } else {
    d.hint("sides are declared in the header: side romans \"Roman army\"");
  }
  return std::nullopt;
}

std::optional<Location> Lowerer::location(const ast::Value& v) {
  const Battlefield& bf = battle_.battlefield;
  Location loc;
  loc.span = v.span;
  switch (bf.kind) {
    case BattlefieldKind::none:
      if (!battlefield_missing_reported_) {
        battlefield_missing_reported_ = true;
        diags_.error("log.battlefield.missing", v.span, "a position, but no battlefield was declared")
            .hint("declare 'map hex 12x10' or 'table 72x48' before the armies");
      }
      return std::nullopt;
    case BattlefieldKind::hex_map:
      if (v.parts.size() != 2) {
        diags_.error("log.syntax.expected-hex", v.span, "expected a hex like 5,7, found '{}'", v.text)
            .hint("hexes are whole numbers: column,row");
        return std::nullopt;
      }
      loc.is_hex = true;
      loc.hex = {static_cast<std::int32_t>(std::clamp<std::int64_t>(v.parts[0], -1, INT32_MAX)),
                 static_cast<std::int32_t>(std::clamp<std::int64_t>(v.parts[1], -1, INT32_MAX))};
      if (loc.hex.col < 1 || loc.hex.row < 1 || loc.hex.col > bf.cols || loc.hex.row > bf.rows) {
        diags_.error("log.hex.off-map", v.span, "hex {} is off the map", v.text)
            .label(bf.span, fmt::format("the map is {}x{}", bf.cols, bf.rows))
            .hint("columns run 1..{} and rows 1..{}", bf.cols, bf.rows);
        return std::nullopt;
      }
      return loc;
    case BattlefieldKind::tabletop:
      loc.point = {v.x, v.y};
      if (v.x < 0 || v.y < 0 || v.x > bf.width || v.y > bf.depth) {
        diags_.error("log.position.off-table", v.span, "position {} is off the table", v.text)
            .label(bf.span, fmt::format("the table is {}x{} inches", bf.width, bf.depth))
            .hint("x runs east from the south-west corner, y north, in inches");
        return std::nullopt;
      }
      return loc;
  }
  return std::nullopt;
}

std::optional<Facing> Lowerer::facing(const ast::Value& v) {
  Facing f;
  f.span = v.span;
  if (battle_.battlefield.kind == BattlefieldKind::hex_map) {
    for (std::size_t i = 0; i < hex_facings.size(); ++i) {
      if (v.kind == ast::ValueKind::word && v.text == hex_facings[i]) {
        f.is_hex = true;
        f.hex = static_cast<HexFacing>(i);
        return f;
      }
    }
    auto d = diags_.error("log.facing.invalid", v.span, "expected a hex facing: n, ne, se, s, sw or nw");
    if (v.kind == ast::ValueKind::word) {
      std::vector<std::string> names(hex_facings.begin(), hex_facings.end());
      if (auto best = closest_match(v.text, names)) d.hint("did you mean '{}'?", *best);
    } else {
      d.hint("on a hex map a unit faces one of the six vertices of its hex");
    }
    return std::nullopt;
  }
  if (v.kind == ast::ValueKind::word) {
    diags_.error("log.facing.invalid", v.span, "expected a facing in degrees like 90, found '{}'", v.text)
        .hint("on a tabletop, facings are degrees clockwise from north (0 faces the north edge)");
    return std::nullopt;
  }
  if (!(v.x >= 0 && v.x < 360)) {
    diags_.error("log.facing.invalid", v.span, "facing {} is not in 0..359 degrees", v.kind == ast::ValueKind::decimal ? v.text : std::to_string(v.integer))
        .hint("facings are degrees clockwise from north, at least 0 and less than 360");
    return std::nullopt;
  }
  f.degrees = v.x;
  return f;
}

std::optional<DiceRoll> Lowerer::roll(const ast::Clause& c) {
  const ast::Value& v = c.values.front();
  DiceRoll r;
  r.span = c.span;
  r.label = c.key;
  r.notation = v.text;
  // A log repeats a few notations many times; a notation that parsed once
  // parses the same way again. Failures are not cached, so each is reported.
  if (auto it = expr_cache_.find(v.text); it != expr_cache_.end()) {
    // Same text, so the same layout: move the spans to this occurrence.
    r.expr = it->second;
    const auto rebase = [&](Span& sp) {
      if (!sp.valid()) return;
      const std::uint32_t offset = sp.begin - it->second.span.begin;
      sp = {v.notation_span.file, v.notation_span.begin + offset, v.notation_span.begin + offset + sp.size()};
    };
    for (dice::Term& t : r.expr->terms) rebase(t.span);
    rebase(r.expr->span);
  } else {
    r.expr = dice::parse(v.text, v.notation_span, diags_);
    if (r.expr && expr_cache_.size() < 4096) expr_cache_.emplace(v.text, *r.expr);
  }
  if (!r.expr) return r;
  std::vector<dice::RecordedDie>& faces = faces_buffer_;
  faces.clear();
  const auto clamp = [](std::int64_t x) {
    return static_cast<std::uint32_t>(std::clamp<std::int64_t>(x, 0, UINT32_MAX));
  };
  for (const ast::Face& f : v.faces) {
    dice::RecordedDie d;
    d.first = clamp(f.value);
    d.second = clamp(f.second);
    d.rerolled = f.rerolled;
    d.span = f.span;
    if (f.rerolled) {
      // `1r4`: the first face, 'r', the second.
      const std::uint32_t r_at = f.span.begin + static_cast<std::uint32_t>(std::to_string(f.value).size());
      d.first_span = {f.span.file, f.span.begin, r_at};
      d.second_span = {f.span.file, r_at + 1, f.span.end};
    } else {
      d.first_span = f.span;
    }
    faces.push_back(d);
  }
  r.roll = dice::check_recorded(*r.expr, faces, v.faces_span, diags_);
  return r;
}

const ast::Clause* Lowerer::find(const ast::Statement& s, std::string_view key) {
  for (const ast::Clause& c : s.clauses) {
    if (c.key == key && !(c.values.size() == 1 && c.values[0].kind == ast::ValueKind::roll)) return &c;
  }
  return nullptr;
}

std::optional<std::int64_t> Lowerer::int_of(const ast::Statement& s, std::string_view key) {
  const ast::Clause* c = find(s, key);
  if (c == nullptr || c->values.empty()) return std::nullopt;
  return c->values[0].integer;
}

std::string Lowerer::text_of(const ast::Statement& s, std::string_view key) {
  const ast::Clause* c = find(s, key);
  if (c == nullptr || c->values.empty()) return {};
  return c->values[0].text;
}

}  // namespace detail

Battle lower(const log::ast::Log& log, const LowerOptions& options, DiagnosticEngine& diags) {
  detail::Lowerer lowerer(options, diags);
  return lowerer.run(log);
}

std::string_view to_string(Ruleset ruleset) {
  switch (ruleset) {
    case Ruleset::hail_caesar: return "hail-caesar";
    case Ruleset::hail_caesar_hyw: return "hail-caesar-hyw";
    case Ruleset::wab: return "wab";
    case Ruleset::sabreur_hex: return "sabreur-hex";
  }
  return "";
}

std::string_view to_string(HexFacing facing) { return detail::hex_facings[static_cast<std::size_t>(facing)]; }

std::string_view to_string(EventKind kind) {
  switch (kind) {
#define UMPIRE_EVENT_KIND(name, verb) \
  case EventKind::name: return verb;
#include "engine/events/event_kinds.def"
#undef UMPIRE_EVENT_KIND
  }
  return "";
}

std::string_view Battle::name_of(ForceRef ref) const {
  switch (ref.kind) {
    case ForceKind::unit: return units[ref.index].id;
    case ForceKind::general: return generals[ref.index].id;
    case ForceKind::division: return divisions[ref.index].id;
  }
  return "";
}

}  // namespace umpire::events
