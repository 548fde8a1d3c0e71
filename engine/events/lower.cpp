// Lowering driver and the helpers every pass shares: references, positions,
// facings, dice.
#include "engine/events/lower.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>

#include "engine/core/dice/recorded.hpp"
#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"
#include "grammar/dice/dice_parser.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::events {
namespace detail {
namespace {

Section section_of(ast::Verb verb) {
  switch (ast::verb_group(verb)) {
    case ast::VerbGroup::header:
      return Section::header;
    case ast::VerbGroup::battlefield:
      return Section::battlefield;
    case ast::VerbGroup::army:
    case ast::VerbGroup::unit:
      return Section::army;
    case ast::VerbGroup::deployment:
      return Section::deployment;
    default:
      return Section::turns;
  }
}

std::string_view section_name(Section s) {
  switch (s) {
    case Section::header:
      return "the header";
    case Section::battlefield:
      return "the battlefield";
    case Section::army:
      return "the armies";
    case Section::deployment:
      return "the deployment";
    case Section::turns:
      return "the turns";
  }
  return "";
}

constexpr std::array<std::string_view, 6> hex_facings{"n", "ne", "se", "s", "sw", "nw"};
// The same words by id, in HexFacing order: a facing is compared by the id the
// scanner gave the word.
constexpr std::array<Word, 6> hex_facing_words{Word::n, Word::ne, Word::se,
                                               Word::s, Word::sw, Word::nw};

// Most recorded rolls are plain: every dice term keeps all its dice and
// re-rolls nothing, and every face is written once and lies on its die.
// Such a roll has nothing to report, and its total is the sum of the values
// term by term, as dice::evaluate gives it; this returns that total without
// building the dice::Roll (a heap vector per roll). Any other roll, right or
// wrong, goes through dice::check_recorded, which reports what is wrong.
std::optional<std::int64_t> plain_roll_total(const dice::Expr& expr,
                                             std::span<const ast::Face> faces) {
  std::int64_t total = 0;
  std::size_t at = 0;
  for (const dice::Term& t : expr.terms) {
    if (!t.is_dice) {
      total += t.negative ? -t.constant : t.constant;
      continue;
    }
    const dice::DiceTerm& d = t.dice;
    if (d.keep != dice::Keep::all || d.reroll.active() || faces.size() - at < d.count)
      return std::nullopt;
    std::int64_t sum = 0;
    for (std::uint16_t i = 0; i < d.count; ++i, ++at) {
      const ast::Face& f = faces[at];
      if (f.rerolled || f.value < 1 || f.value > d.physical_sides()) return std::nullopt;
      sum += d.value_of(static_cast<std::uint16_t>(f.value));
    }
    total += t.negative ? -sum : sum;
  }
  if (at != faces.size()) return std::nullopt;
  return total;
}

}  // namespace

Battle Lowerer::run(const ast::Log& log) {
  // One event per action statement: reserving once keeps the records from
  // moving as the vector grows.
  std::size_t actions = 0;
  for (const ast::Line& line : log.lines) {
    if (line.has_statement && ast::verb_group(line.statement.verb) == ast::VerbGroup::action)
      ++actions;
  }
  battle_.store.records.reserve(actions);
  for (const ast::Line& line : log.lines) {
    if (line.has_statement) statement(log, line.statement);
  }
  return finish(log.file);
}

void Lowerer::statement(const ast::Log& log, const ast::Statement& s) {
  log_ = &log;
  file_ = log.file;
  battle_.store.file = log.file;
  const Section sec = section_of(s.verb);
  if (sec < section_) {
    log::report(diags_, log::Diag::order_section, s.verb_span,
                "'{}' belongs to {}, which comes before {}", ast::verb_name(s.verb),
                section_name(sec), section_name(section_))
        .hint("a log is written in order: header, battlefield, armies, deployment, turns");
    return;
  }
  section_ = sec;
  check_duplicate_keys(s);
  switch (sec) {
    case Section::header:
      header(s);
      break;
    case Section::battlefield:
      battlefield(s);
      break;
    case Section::army:
      army(s);
      break;
    case Section::deployment:
      deploy(s);
      break;
    case Section::turns:
      if (s.verb == ast::Verb::turn)
        turn(s);
      else if (s.verb == ast::Verb::phase)
        phase(s);
      else if (s.verb == ast::Verb::end)
        end(s);
      else
        action(s);
      break;
  }
}

Battle Lowerer::finish(FileId file) {
  file_ = file;
  battle_.store.file = file;
  finish_header(file);
  finish_armies();
  return std::move(battle_);
}

void Lowerer::check_duplicate_keys(const ast::Statement& s) {
  const std::span<const ast::Clause> all = clauses(s);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const ast::Clause& c = all[i];
    // Rolls may repeat (two `hit` rolls for two weapons); players may be several.
    if (c.key == Word::none || c.key == Word::player ||
        (!c.values.empty() && values(c)[0].kind == ast::ValueKind::roll)) {
      continue;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (all[j].key == c.key) {
        log::report(diags_, log::Diag::clause_duplicate, c.key_span, "'{}' is given twice",
                    ast::word_text(c.key))
            .label(all[j].key_span, "first given here")
            .hint("keep one of them");
        break;
      }
    }
  }
}

void Lowerer::declare(std::string_view id, ForceRef ref) {
  const std::size_t known = force_symbols_.size();
  const auto symbol = static_cast<std::size_t>(force_symbols_.intern(id));
  // The empty id is symbol 0, there from the start.
  const bool seen = id.empty() ? std::exchange(empty_id_declared_, true) : symbol < known;
  if (seen) {
    const ForceRef first = forces_[symbol];
    Span first_span;
    switch (first.kind) {
      case ForceKind::unit:
        first_span = battle_.units[first.index].span;
        break;
      case ForceKind::general:
        first_span = battle_.generals[first.index].span;
        break;
      case ForceKind::division:
        first_span = battle_.divisions[first.index].span;
        break;
    }
    log::report(diags_, log::Diag::unit_duplicate_id, ref.span, "duplicate id '{}'", id)
        .label(first_span, "first declared here")
        .hint("units, generals and divisions share one set of ids; rename one of them");
    duplicated_.emplace(std::string(id), ref.span);
    return;
  }
  if (forces_.size() <= symbol) forces_.resize(symbol + 1);
  forces_[symbol] = ref;
  force_ids_.emplace_back(id);
}

std::optional<ForceRef> Lowerer::force(const ast::Value& v, std::string_view what) {
  const std::optional<Symbol> symbol =
      v.text.empty() ? (empty_id_declared_ ? std::optional(Symbol::empty) : std::nullopt)
                     : force_symbols_.find(v.text);
  if (!symbol) {
    // Reported once; an id of an army whose side is unknown not at all.
    if (ignored_ids_.count(v.text) != 0) return std::nullopt;
    if (!unknown_reported_.emplace(std::string(v.text), v.span).second) return std::nullopt;
    auto d = log::report(diags_, log::Diag::unit_unknown, v.span, "unknown {} '{}'", what, v.text);
    d.note("later uses of '{}' are not reported", v.text);
    std::vector<std::string> duplicated;
    for (const auto& [id, second] : duplicated_) duplicated.push_back(id);
    if (auto twice = closest_match(v.text, duplicated)) {
      // `unit f2` written for `unit f3`: renaming the uses of f3 would be
      // the wrong fix; the second declaration is.
      const Span second = duplicated_.find(*twice)->second;
      d.label(second, fmt::format("'{}' is declared a second time here", *twice));
      d.hint("was the second '{}' meant to be '{}'? rename it there", *twice, v.text);
    } else if (auto best = closest_match(v.text, force_ids_)) {
      d.hint("did you mean '{}'?", *best);
      d.fixit(v.span, *best);
    } else {
      d.hint("declare it with 'unit', 'general' or 'division' in the armies");
    }
    return std::nullopt;
  }
  ForceRef ref = forces_[static_cast<std::size_t>(*symbol)];
  ref.span = v.span;
  if (ref.kind == ForceKind::unit && ref.index < removed_.size() && removed_[ref.index].valid()) {
    log::report(diags_, log::Diag::unit_removed, v.span, "unit '{}' was removed from the table",
                v.text)
        .label(removed_[ref.index], "removed here")
        .hint("a unit that was destroyed, routed or left the table takes no further part");
  }
  return ref;
}

std::optional<std::uint32_t> Lowerer::side(const ast::Value& v, std::string_view consequence) {
  auto it = sides_.find(v.text);
  if (it != sides_.end()) return it->second;
  // Reported once, where it is first used.
  if (!unknown_reported_.emplace("side " + std::string(v.text), v.span).second) return std::nullopt;
  std::vector<std::string> names;
  for (const Side& s : battle_.header.sides) names.push_back(s.id);
  auto d = log::report(diags_, log::Diag::side_unknown, v.span, "unknown side '{}'", v.text);
  if (!consequence.empty()) d.note("{}", consequence);
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
        log::report(diags_, log::Diag::battlefield_missing, v.span,
                    "a position, but no battlefield was declared")
            .hint("declare 'map hex 12x10' or 'table 72x48' before the armies");
      }
      return std::nullopt;
    case BattlefieldKind::hex_map:
      if (v.items.count != 2) {
        log::report(diags_, log::Diag::syntax_expected_hex, v.span,
                    "expected a hex like 5,7, found '{}'", v.text)
            .hint("hexes are whole numbers: column,row");
        return std::nullopt;
      }
      loc.is_hex = true;
      loc.hex = {
          static_cast<std::int32_t>(std::clamp<std::int64_t>(log_->parts_of(v)[0], -1, INT32_MAX)),
          static_cast<std::int32_t>(std::clamp<std::int64_t>(log_->parts_of(v)[1], -1, INT32_MAX))};
      if (loc.hex.col < 1 || loc.hex.row < 1 || loc.hex.col > bf.cols || loc.hex.row > bf.rows) {
        log::report(diags_, log::Diag::hex_off_map, v.span, "hex {} is off the map", v.text)
            .label(bf.span, fmt::format("the map is {}x{}", bf.cols, bf.rows))
            .hint("columns run 1..{} and rows 1..{}", bf.cols, bf.rows);
        return std::nullopt;
      }
      return loc;
    case BattlefieldKind::tabletop:
      loc.point = {v.x, v.y};
      if (v.x < 0 || v.y < 0 || v.x > bf.width || v.y > bf.depth) {
        log::report(diags_, log::Diag::position_off_table, v.span, "position {} is off the table",
                    v.text)
            .label(bf.span, fmt::format("the table is {}x{} inches", bf.width, bf.depth))
            .hint("x runs east from the south-west corner, y north, in inches");
        return std::nullopt;
      }
      return loc;
  }
  return std::nullopt;
}

bool Lowerer::is_off_table(std::span<const ast::Value> to_values) {
  return !to_values.empty() && to_values[0].word == Word::off_table;
}

// Leaving the battlefield needs no map or table to check against: the
// schema took only `off-table` and one of the four edges.
Location Lowerer::off_table(std::span<const ast::Value> to_values) const {
  Location loc;
  loc.span = to_values[0].span;
  loc.is_off_table = true;
  if (to_values.size() > 1) {
    loc.span = merge(loc.span, to_values[1].span);
    for (const Edge e : {Edge::north, Edge::south, Edge::east, Edge::west}) {
      if (to_values[1].text == to_string(e)) loc.edge = e;
    }
  }
  return loc;
}

std::optional<Facing> Lowerer::facing(const ast::Value& v) {
  Facing f;
  f.span = v.span;
  if (battle_.battlefield.kind == BattlefieldKind::hex_map) {
    for (std::size_t i = 0; i < hex_facing_words.size(); ++i) {
      if (v.word == hex_facing_words[i]) {
        f.is_hex = true;
        f.hex = static_cast<HexFacing>(i);
        return f;
      }
    }
    auto d = log::report(diags_, log::Diag::facing_invalid, v.span,
                         "expected a hex facing: n, ne, se, s, sw or nw");
    if (v.kind == ast::ValueKind::word) {
      std::vector<std::string> names(hex_facings.begin(), hex_facings.end());
      if (auto best = closest_match(v.text, names)) d.hint("did you mean '{}'?", *best);
    } else {
      d.hint("on a hex map a unit faces one of the six vertices of its hex");
    }
    return std::nullopt;
  }
  if (v.kind == ast::ValueKind::word) {
    log::report(diags_, log::Diag::facing_invalid, v.span,
                "expected a facing in degrees like 90, found '{}'", v.text)
        .hint("on a tabletop, facings are degrees clockwise from north (0 faces the north edge)");
    return std::nullopt;
  }
  if (!(v.x >= 0 && v.x < 360)) {
    log::report(diags_, log::Diag::facing_invalid, v.span, "facing {} is not in 0..359 degrees",
                v.kind == ast::ValueKind::decimal ? v.text : std::to_string(v.integer))
        .hint("facings are degrees clockwise from north, at least 0 and less than 360");
    return std::nullopt;
  }
  f.degrees = v.x;
  return f;
}

void Lowerer::roll(const ast::Clause& c) {
  const ast::Value& v = values(c).front();
  EventStore& store = battle_.store;
  DiceRoll r;
  r.span = c.span;
  // A label is one of a dozen words: its symbol is interned once per word id.
  std::uint32_t& label = label_symbols_[static_cast<std::size_t>(c.key)];
  if (label == 0)
    label = static_cast<std::uint32_t>(store.symbols.intern(ast::word_text(c.key))) + 1;
  r.label = static_cast<Symbol>(label - 1);
  r.notation = store.symbols.intern(v.text);
  r.notation_begin = v.span.begin;
  // A log repeats a few notations many times; a notation that parsed once
  // parses the same way again, so each is parsed once and shared. Failures
  // are not remembered, so each is reported.
  const auto n = static_cast<std::uint32_t>(r.notation);
  if (n >= expr_of_notation_.size()) expr_of_notation_.resize(n + 1, 0);
  const dice::Expr* expr = nullptr;
  if (expr_of_notation_[n] != 0) {
    r.expr = expr_of_notation_[n] - 1;
    const dice::Expr& shared = store.exprs[r.expr];
    // A plain roll reports nothing, so the spans of its terms are not needed:
    // the shared expression gives its total as it is.
    if (const auto total = plain_roll_total(shared, log_->faces_of(v))) {
      add_plain_roll(r, *total, v);
      return;
    }
    // Same text, so the same layout: move the spans to this occurrence.
    expr_buffer_ = shared;
    const auto rebase = [&](Span& sp) {
      if (!sp.valid()) return;
      const std::uint32_t offset = sp.begin - shared.span.begin;
      sp = {v.span.file, v.span.begin + offset, v.span.begin + offset + sp.size()};
    };
    for (dice::Term& t : expr_buffer_.terms) rebase(t.span);
    rebase(expr_buffer_.span);
    expr = &expr_buffer_;
  } else if (auto parsed = dice::parse(v.text, v.notation_span(), diags_)) {
    r.expr = static_cast<std::uint32_t>(store.exprs.size());
    store.exprs.push_back(std::move(*parsed));
    expr_of_notation_[n] = r.expr + 1;
    expr = &store.exprs.back();
  }
  if (expr != nullptr) {
    if (const auto total = plain_roll_total(*expr, log_->faces_of(v))) {
      add_plain_roll(r, *total, v);
      return;
    }
    std::vector<dice::RecordedDie>& faces = faces_buffer_;
    faces.clear();
    const auto clamp = [](std::int64_t x) {
      return static_cast<std::uint32_t>(std::clamp<std::int64_t>(x, 0, UINT32_MAX));
    };
    char digits[24];
    for (const ast::Face& f : log_->faces_of(v)) {
      dice::RecordedDie d;
      d.first = clamp(f.value);
      d.second = clamp(f.second);
      d.rerolled = f.rerolled;
      d.span = f.span;
      if (f.rerolled) {
        // `1r4`: the first face, 'r', the second.
        const auto written = std::to_chars(digits, digits + sizeof digits, f.value).ptr - digits;
        const std::uint32_t r_at = f.span.begin + static_cast<std::uint32_t>(written);
        d.first_span = {f.span.file, f.span.begin, r_at};
        d.second_span = {f.span.file, r_at + 1, f.span.end};
      } else {
        d.first_span = f.span;
      }
      faces.push_back(d);
    }
    if (auto rolled = dice::check_recorded(*expr, faces, log_->faces_span(v), diags_)) {
      r.checked = true;
      r.total = rolled->total;
      r.first_throw = static_cast<std::uint32_t>(store.throws.size());
      r.throw_count = static_cast<std::uint16_t>(rolled->dice.size());
      for (const dice::RolledDie& d : rolled->dice) store.throws.push_back(d.faces);
    }
  }
  store.rolls.push_back(store.encode(r));
}

void Lowerer::add_plain_roll(DiceRoll& r, std::int64_t total, const ast::Value& v) {
  EventStore& store = battle_.store;
  r.checked = true;
  r.total = total;
  r.first_throw = static_cast<std::uint32_t>(store.throws.size());
  r.throw_count = static_cast<std::uint16_t>(v.items.count);
  for (const ast::Face& f : log_->faces_of(v))
    store.throws.push_back({static_cast<std::uint16_t>(f.value), 0});
  store.rolls.push_back(store.encode(r));
}

const ast::Clause* Lowerer::find(const ast::Statement& s, Word key) const {
  for (const ast::Clause& c : clauses(s)) {
    if (c.key == key && !(c.values.count == 1 && values(c)[0].kind == ast::ValueKind::roll))
      return &c;
  }
  return nullptr;
}

std::optional<std::int64_t> Lowerer::int_of(const ast::Statement& s, Word key) const {
  const ast::Clause* c = find(s, key);
  if (c == nullptr || c->values.empty()) return std::nullopt;
  return values(*c)[0].integer;
}

std::string Lowerer::text_of(const ast::Statement& s, Word key) const {
  const ast::Clause* c = find(s, key);
  if (c == nullptr || c->values.empty()) return {};
  return std::string(values(*c)[0].text);
}

}  // namespace detail

Battle lower(const log::ast::Log& log, const LowerOptions& options, DiagnosticEngine& diags) {
  detail::Lowerer lowerer(options, diags);
  return lowerer.run(log);
}

std::string_view to_string(Ruleset ruleset) {
  switch (ruleset) {
    case Ruleset::hail_caesar:
      return "hail-caesar";
    case Ruleset::hail_caesar_hyw:
      return "hail-caesar-hyw";
    case Ruleset::wab:
      return "wab";
    case Ruleset::sabreur_hex:
      return "sabreur-hex";
    case Ruleset::none:
      return "";
  }
  return "";
}

std::string_view to_string(Edge edge) {
  switch (edge) {
    case Edge::none:
      return "";
    case Edge::north:
      return "north";
    case Edge::south:
      return "south";
    case Edge::east:
      return "east";
    case Edge::west:
      return "west";
  }
  return "";
}

std::string_view to_string(HexFacing facing) {
  return detail::hex_facings[static_cast<std::size_t>(facing)];
}

std::string_view to_string(EventKind kind) {
  switch (kind) {
#define UMPIRE_EVENT_KIND(name, verb) \
  case EventKind::name:               \
    return verb;
#include "engine/events/event_kinds.def"
#undef UMPIRE_EVENT_KIND
  }
  return "";
}

std::optional<Battle> parse_and_lower(std::string_view text, FileId file,
                                      const LowerOptions& options, DiagnosticEngine& diags,
                                      log::ReleaseText release) {
  // Lowering reports to its own engine so that its diagnostics can be
  // dropped when a syntax error turns up later in the file.
  DiagnosticEngine lowering(0);
  detail::Lowerer lowerer(options, lowering);
  lowerer.battle_.store.reserve_for(text.size());
  const std::size_t errors_before = diags.count(Severity::error);
  const auto syntax_errors = [&] { return diags.count(Severity::error) > errors_before; };
  log::ast::Log scratch;
  log::LineReader reader(text, file, diags, std::move(release));
  while (reader.next(scratch)) {
    const log::ast::Line& line = scratch.lines.back();
    if (line.has_statement && !syntax_errors()) lowerer.statement(scratch, line.statement);
    scratch.clear();
  }
  if (syntax_errors()) return std::nullopt;
  Battle battle = lowerer.finish(file);
  diags.absorb(std::move(lowering));
  return battle;
}

std::string_view Battle::name_of(ForceRef ref) const {
  switch (ref.kind) {
    case ForceKind::unit:
      return units[ref.index].id;
    case ForceKind::general:
      return generals[ref.index].id;
    case ForceKind::division:
      return divisions[ref.index].id;
  }
  return "";
}

}  // namespace umpire::events
