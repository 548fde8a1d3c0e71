// Lowering of turns, phases and actions into events: references resolved,
// dice attached, stated outcomes typed, turns and phases kept in order.
#include <array>
#include <span>
#include <utility>

#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"
#include "grammar/log/diagnostics.hpp"

namespace umpire::events::detail {
namespace {

constexpr std::array<std::string_view, 4> hc_phases{"movement", "shooting", "combat", "end"};
constexpr std::array<std::string_view, 4> wab_phases{"start", "movement", "shooting", "combat"};
constexpr std::array<std::string_view, 3> sabreur_phases{"orders", "actions", "victory"};

std::span<const std::string_view> phases_of(Ruleset r) {
  switch (r) {
    case Ruleset::hail_caesar:
    case Ruleset::hail_caesar_hyw:
      return hc_phases;
    case Ruleset::wab:
      return wab_phases;
    case Ruleset::sabreur_hex:
      return sabreur_phases;
    case Ruleset::none:
      return {};
  }
  return {};
}

EventKind kind_of(ast::Verb verb) {
  switch (verb) {
    case ast::Verb::order_points:
      return EventKind::order_points;
    case ast::Verb::order:
      return EventKind::order;
    case ast::Verb::activate:
      return EventKind::activate;
    case ast::Verb::move:
      return EventKind::move;
    case ast::Verb::form:
      return EventKind::formation_change;
    case ast::Verb::charge:
      return EventKind::charge;
    case ast::Verb::assault:
      return EventKind::assault;
    case ast::Verb::respond:
      return EventKind::charge_response;
    case ast::Verb::shoot:
      return EventKind::shoot;
    case ast::Verb::combat:
      return EventKind::combat;
    case ast::Verb::attack:
      return EventKind::attack;
    case ast::Verb::support:
      return EventKind::support;
    case ast::Verb::result:
      return EventKind::combat_result;
    case ast::Verb::test:
      return EventKind::test;
    case ast::Verb::save:
      return EventKind::save;
    case ast::Verb::rally:
      return EventKind::rally;
    case ast::Verb::pursue:
      return EventKind::pursue;
    case ast::Verb::flee:
      return EventKind::flee;
    case ast::Verb::evade:
      return EventKind::evade;
    case ast::Verb::special:
      return EventKind::special;
    case ast::Verb::remove:
      return EventKind::remove;
    case ast::Verb::state:
      return EventKind::state_change;
    default:
      return EventKind::end_of_game;
  }
}

// The words of positional arguments that are not unit references.
bool is_detail_arg(ast::Verb verb, std::size_t index) {
  switch (verb) {
    case ast::Verb::move:
    case ast::Verb::form:
    case ast::Verb::respond:
    case ast::Verb::test:
    case ast::Verb::special:
    case ast::Verb::remove:
    case ast::Verb::flee:
      return index == 1;
    case ast::Verb::state:
      return index >= 1;
    default:
      return false;
  }
}

}  // namespace

void Lowerer::turn(const ast::Statement& s) {
  const ast::Value& number = args(s)[0];
  const ast::Value& side_arg = args(s)[1];
  auto side_index =
      side(side_arg, "the statements of this turn are not read until its side is known");
  // A turn of an unknown side: its phases and actions are passed over, not
  // reported as outside a turn or as acts of the wrong side.
  turn_unknown_ = !side_index;
  turn_unknown_seen_ = turn_unknown_seen_ || turn_unknown_;
  if (!side_index) {
    in_turn_ = true;
    return;
  }
  if (number.integer < 1 || number.integer > 100000) {
    log::report(diags_, log::Diag::turn_bad_number, number.span, "turn {} is not a turn number",
                number.integer)
        .hint("turns are counted from 1");
    return;
  }
  const auto n = static_cast<std::uint32_t>(number.integer);
  const std::size_t side_count = battle_.header.sides.size();
  const auto out_of_order = [&](std::string_view why) {
    log::report(diags_, log::Diag::turn_out_of_order, number.span,
                "turn {} of '{}' is out of order: {}", n, side_arg.text, why)
        .hint("write the turns in the order they were played: turn 1 of each side, then turn 2...");
  };
  // A turn out of order is reported and its actions are still lowered, in
  // the turn reached so far, so that they are checked too.
  in_turn_ = true;
  turn_side_ = *side_index;
  phase_ = Symbol::empty;
  phase_name_.clear();
  phase_index_ = -1;
  if (turn_ == 0 && n != 1) {
    return out_of_order("the first turn is turn 1");
  } else if (n < turn_) {
    return out_of_order(fmt::format("turn {} was already reached", turn_));
  } else if (n > turn_ + 1 && turn_ != 0) {
    return out_of_order(fmt::format("turn {} comes next", turn_ + 1));
  } else if (n == turn_ && sides_played_[n - 1][*side_index]) {
    return out_of_order("that side has already played this turn");
  } else if (n == turn_ + 1 && turn_ != 0) {
    for (std::size_t i = 0; i < side_count; ++i) {
      // A turn of an unknown side (reported) may have been this side's.
      if (!sides_played_[turn_ - 1][i] && !turn_unknown_seen_) {
        log::report(diags_, log::Diag::turn_side_skipped, number.span, "side '{}' has no turn {}",
                    battle_.header.sides[i].id, turn_)
            .hint("write 'turn {} {}' even when nothing happened in it", turn_,
                  battle_.header.sides[i].id);
      }
    }
  }
  if (sides_played_.size() < n) sides_played_.resize(n, std::vector<bool>(side_count, false));
  sides_played_[n - 1][*side_index] = true;
  turn_ = std::max(turn_, n);
  battle_.turns.push_back({n, *side_index});
}

void Lowerer::phase(const ast::Statement& s) {
  if (turn_unknown_) return;
  if (!in_turn_) {
    log::report(diags_, log::Diag::turn_missing, s.verb_span, "'phase' before any turn")
        .hint("start with 'turn 1 <side>'");
    return;
  }
  const ast::Value& name = args(s)[0];
  const auto phases = phases_of(battle_.header.ruleset);
  if (phases.empty()) {
    // No ruleset (reported once, in the header): no phase can be judged.
    phase_name_ = std::string(name.text);
    phase_ = battle_.store.symbols.intern(name.text);
    return;
  }
  int index = -1;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    if (phases[i] == name.text) index = static_cast<int>(i);
  }
  if (index < 0) {
    std::vector<std::string> names(phases.begin(), phases.end());
    std::string list;
    for (const std::string& p : names) list += (list.empty() ? "" : ", ") + p;
    auto d = log::report(diags_, log::Diag::phase_unknown, name.span, "unknown phase '{}' in {}",
                         name.text, to_string(battle_.header.ruleset));
    if (auto best = closest_match(name.text, names)) {
      d.hint("did you mean '{}'?", *best);
      d.fixit(name.span, *best);
    } else {
      d.hint("phases of {}: {}", to_string(battle_.header.ruleset), list);
    }
    return;
  }
  if (index <= phase_index_) {
    log::report(diags_, log::Diag::phase_out_of_order, name.span, "phase '{}' after phase '{}'",
                name.text, phase_name_)
        .hint("the phases of a turn come in the order of the rules: {}", [&] {
          std::string list;
          for (std::string_view p : phases) list += (list.empty() ? "" : ", ") + std::string(p);
          return list;
        }());
    return;
  }
  phase_index_ = index;
  phase_name_ = std::string(name.text);
  phase_ = battle_.store.symbols.intern(name.text);
}

void Lowerer::end(const ast::Statement& s) {
  if (const ast::Clause* w = find(s, Word::winner)) {
    if (auto side_index = side(values(*w)[0])) battle_.winner = *side_index;
    battle_.winner_span = values(*w)[0].span;
  }
  battle_.end_reason = find(s, Word::reason) != nullptr;
  if (const ast::Clause* sc = find(s, Word::score)) end_score(*sc);
  // `end` is an event (end_of_game) of the last turn, so that a
  // replay reports what it does not check (the victory conditions) and
  // hashes the state after it. Its clauses (winner, reason) stay the
  // battle's; only the statement's span, turn and phase are recorded.
  if (in_turn_) {
    EventRecord e;
    e.kind = EventKind::end_of_game;
    e.begin = s.span.begin;
    e.end = s.span.end;
    e.segment = battle_.store.segment_for({turn_, turn_side_, phase_});
    e.first_roll = static_cast<std::uint32_t>(battle_.store.rolls.size());
    e.first_ref = static_cast<std::uint32_t>(battle_.store.refs.size());
    e.first_field = static_cast<std::uint32_t>(battle_.store.fields.size());
    battle_.store.records.push_back(e);
  }
  in_turn_ = false;
}

// `score (red 240, blue 120)`: each entry a side and its victory points,
// each side once. A bad entry is reported and left out.
void Lowerer::end_score(const ast::Clause& c) {
  battle_.score_span = c.span;
  for (const ast::ListEntry& e : log_->entries_of(values(c)[0])) {
    const std::span<const ast::Value> ev = log_->values_of(e);
    if (ev.size() != 2 || ev[0].kind != ast::ValueKind::word ||
        ev[1].kind != ast::ValueKind::integer) {
      log::report(diags_, log::Diag::end_bad_score, e.span,
                  "a score is a side and its victory points, like 'red 240'")
          .hint("separate the sides with commas: score (red 240, blue 120)");
      continue;
    }
    const auto side_index = side(ev[0]);
    if (!side_index) continue;
    bool again = false;
    for (const SideScore& earlier : battle_.score) again = again || earlier.side == *side_index;
    if (again) {
      log::report(diags_, log::Diag::end_bad_score, e.span, "side '{}' is scored twice", ev[0].text)
          .hint("write each side's victory points once");
      continue;
    }
    battle_.score.push_back({e.span, *side_index, ev[1].integer});
  }
}

void Lowerer::add_field(Field key, std::int64_t integer) {
  fields_.push_back(battle_.store.integer_field(key, integer));
}

void Lowerer::add_number(Field key, double number) {
  fields_.push_back(battle_.store.number_field(key, number));
}

void Lowerer::add_word(Field key, std::string_view word) {
  fields_.push_back(battle_.store.symbol_field(key, battle_.store.symbols.intern(word)));
}

// A position or facing that did not resolve is kept as an empty field: a
// later clause of the same key overrides an earlier one, also to nothing.
void Lowerer::add_location(Field key, std::optional<Location> loc) {
  fields_.push_back(battle_.store.range_field(key, battle_.store.locations.size(), loc ? 1u : 0u));
  if (!loc) return;
  battle_.store.locations.push_back(battle_.store.encode(*loc));
}

void Lowerer::add_facing(Field key, std::optional<Facing> facing_value) {
  fields_.push_back(
      battle_.store.range_field(key, battle_.store.facings.size(), facing_value ? 1u : 0u));
  if (!facing_value) return;
  battle_.store.facings.push_back(EventStore::encode(*facing_value));
}

void Lowerer::action(const ast::Statement& s) {
  if (turn_unknown_) return;
  if (!in_turn_) {
    log::report(diags_, log::Diag::turn_missing, s.verb_span, "'{}' before any turn",
                ast::verb_name(s.verb))
        .hint("actions are written inside a turn: 'turn 1 <side>'");
    return;
  }
  EventStore& store = battle_.store;
  EventRecord e;
  e.kind = kind_of(s.verb);
  e.begin = s.span.begin;
  e.end = s.span.end;
  e.segment = store.segment_for({turn_, turn_side_, phase_});
  e.first_roll = static_cast<std::uint32_t>(store.rolls.size());
  // Actors, then targets, go straight to the arena: arguments name the
  // actors first (a target is never before an actor) and clauses add targets.
  e.first_ref = static_cast<std::uint32_t>(store.refs.size());
  bool too_many_reported = false;
  const auto too_many = [&](const ForceRef& r) {
    if (std::exchange(too_many_reported, true)) return;
    log::report(diags_, log::Diag::statement_too_many_units, r.span,
                "a statement names at most {} units, and as many targets", EventRecord::max_refs)
        .hint("split the statement");
  };
  const auto add_actor = [&](const ForceRef& r) {
    if (e.actor_count == EventRecord::max_refs) return too_many(r);
    store.refs.push_back(EventStore::encode(r));
    ++e.actor_count;
  };
  const auto add_target = [&](const ForceRef& r) {
    if (e.target_count == EventRecord::max_refs) return too_many(r);
    store.refs.push_back(EventStore::encode(r));
    ++e.target_count;
  };
  path_.clear();
  states_.clear();
  stated_states_.clear();
  fields_.clear();
  bool has_path = false;
  std::optional<std::optional<ForceRef>> by;
  const std::span<const ast::Value> arguments = args(s);
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const ast::Value& v = arguments[i];
    if (is_detail_arg(s.verb, i)) {
      if (s.verb == ast::Verb::state)
        states_.push_back(store.symbols.intern(v.text));
      else if (s.verb == ast::Verb::form)
        add_word(Field::formation, v.text);
      else
        e.detail = store.symbols.intern(v.text);
      continue;
    }
    auto ref = force(v);
    if (!ref) continue;
    // Charges, shots, attacks and supports name their target second.
    const bool is_target = i >= 1 && (s.verb == ast::Verb::charge || s.verb == ast::Verb::assault ||
                                      s.verb == ast::Verb::shoot || s.verb == ast::Verb::attack ||
                                      s.verb == ast::Verb::support || s.verb == ast::Verb::pursue);
    if (is_target)
      add_target(*ref);
    else
      add_actor(*ref);
  }
  for (const ast::Clause& c : clauses(s)) {
    const std::span<const ast::Value> vs = values(c);
    if (!vs.empty() && vs[0].kind == ast::ValueKind::roll) {
      roll(c);
      continue;
    }
    const ast::Value* v = vs.empty() ? nullptr : &vs[0];
    // By the key's id (the scanner decided the word once); the schema gave
    // each key the values it takes.
    switch (c.key) {
      case Word::to:
        if (is_off_table(vs)) {
          add_location(Field::to, off_table(vs));
        } else if (v->kind == ast::ValueKind::word) {
          if (auto ref = force(*v)) add_target(*ref);  // `respond r1 countercharge to w2`
        } else {
          add_location(Field::to, location(*v));
        }
        break;
      case Word::at:
        add_location(Field::to, location(*v));
        break;
      case Word::path:
        has_path = true;
        for (const ast::Value& p : vs) {
          if (auto loc = location(p)) path_.push_back(*loc);
        }
        break;
      case Word::facing:
        add_facing(Field::facing, facing(*v));
        break;
      case Word::formation:
        add_word(Field::formation, v->text);
        break;
      case Word::distance:
        add_number(Field::distance, v->x);
        break;
      case Word::range:
        add_number(Field::range, v->x);
        break;
      case Word::target:
        if (v->kind == ast::ValueKind::target) {
          add_field(Field::target_score, v->integer);  // `save r1 target 4+`
          break;
        }
        [[fallthrough]];
      case Word::from:
        // `shoot r3 f5 from 6,8`: the hex the fire is made from (an
        // extended line's half); `flee r1 from e1`: the units fled from.
        if (v && v->kind == ast::ValueKind::position) {
          add_location(Field::from, location(*v));
          break;
        }
        [[fallthrough]];
      case Word::through:
      case Word::vs:
        for (const ast::Value& u : vs) {
          if (auto ref = force(u)) add_target(*ref);
        }
        break;
      case Word::by:
        if (s.verb == ast::Verb::order || s.verb == ast::Verb::rally)
          by = force(*v, "general");
        else
          add_word(Field::means, v->text);
        break;
      case Word::as:
        e.detail = store.symbols.intern(v->text);
        break;
      case Word::mod:
        add_field(Field::modifier, v->integer);
        break;
      case Word::against:
        add_field(Field::against, v->integer);
        break;
      case Word::round:
        add_field(Field::round, v->integer);
        break;
      case Word::cost:
        add_field(Field::cost, v->integer);
        break;
      case Word::dice:
        add_field(Field::dice_count, v->integer);
        break;
      case Word::weapon:
        add_word(Field::weapon, v->text);
        break;
      case Word::on:
        add_word(Field::on, v->text);
        break;
      case Word::cover:
        add_word(Field::cover, v->text);
        break;
      default:
        break;
    }
  }
  std::optional<std::optional<ForceRef>> winner;
  bool destroyed = false;
  bool cancelled = false;
  if (s.arrow_span.valid() || !s.outcomes.empty()) {
    const std::span<const ast::Clause> outcomes = log_->outcomes(s);
    const Span stated = outcomes.empty() ? s.arrow_span : merge(s.arrow_span, outcomes.back().span);
    if (stated.valid()) {
      e.flags |= EventRecord::stated_flag;
      e.stated_begin = stated.begin;
      // A diagnostic at the outcomes underlines at most 65,535 bytes of them.
      e.stated_length =
          static_cast<std::uint16_t>(std::min<std::uint32_t>(stated.size(), UINT16_MAX));
    }
    for (const ast::Clause& c : outcomes) {
      const std::span<const ast::Value> vs = values(c);
      const ast::Value* v = vs.empty() ? nullptr : &vs[0];
      switch (c.key) {
        case Word::hits:
          add_field(Field::hits, v->integer);
          break;
        case Word::saves:
          add_field(Field::saves, v->integer);
          break;
        case Word::losses:
          add_field(Field::losses, v->integer);
          break;
        case Word::casualties:
          add_field(Field::casualties, v->integer);
          break;
        case Word::wounds:
          add_field(Field::wounds, v->integer);
          break;
        case Word::moves:
          add_field(Field::moves, v->integer);
          break;
        case Word::points:
          add_field(Field::points, v->integer);
          break;
        case Word::margin:
          add_field(Field::margin, v->integer);
          break;
        case Word::score:
          add_field(Field::score, v->integer);
          break;
        case Word::total:
          add_field(Field::total, v->integer);
          break;
        case Word::result:
          add_word(Field::result, v->text);
          break;
        case Word::state:
          for (const ast::Value& w : vs) stated_states_.push_back(store.symbols.intern(w.text));
          break;
        case Word::pass:
          add_field(Field::passed, 1);
          break;
        case Word::fail:
          add_field(Field::passed, 0);
          break;
        case Word::draw:
          e.flags |= Stated::draw_bit;
          break;
        case Word::destroyed:
          destroyed = true;
          break;
        case Word::cancelled:
          cancelled = true;
          break;
        case Word::winner:
          winner = force(*v);
          break;
        case Word::to:
          add_location(Field::stated_to, is_off_table(vs) ? off_table(vs) : location(*v));
          break;
        case Word::facing:
          add_facing(Field::stated_facing, facing(*v));
          break;
        case Word::formation:
          add_word(Field::stated_formation, v->text);
          break;
        case Word::distance:
          add_number(Field::stated_distance, v->x);
          break;
        default:
          break;
      }
    }
  }
  if (destroyed) e.flags |= Stated::destroyed_bit;
  if (cancelled) e.flags |= Stated::cancelled_bit;
  if (s.agreed.present) {
    e.flags |= EventRecord::agreed_flag;
    if (s.agreed.has_note) add_word(Field::agreed_note, s.agreed.note);
    log::report(diags_, log::Diag::ruling_agreed, s.agreed.span,
                "agreed ruling: both players accepted this action")
        .note("a breach of the rules here is reported as a note, not an error");
  }
  // The parts that live in arenas: actors then targets, then the general
  // giving the order and the stated winner; paths and word lists.
  const auto add_ref = [&](Field key, const std::optional<ForceRef>& ref) {
    fields_.push_back(store.range_field(key, store.refs.size(), ref ? 1u : 0u));
    if (!ref) return;
    store.refs.push_back(EventStore::encode(*ref));
  };
  if (by) add_ref(Field::by, *by);
  if (winner) add_ref(Field::winner, *winner);
  const auto add_symbols = [&](Field key, const std::vector<Symbol>& list) {
    fields_.push_back(store.range_field(key, store.symbol_lists.size(), list.size()));
    store.symbol_lists.insert(store.symbol_lists.end(), list.begin(), list.end());
  };
  if (!states_.empty()) add_symbols(Field::states, states_);
  if (!stated_states_.empty()) add_symbols(Field::stated_states, stated_states_);
  if (has_path) {
    fields_.push_back(store.range_field(Field::path, store.locations.size(), path_.size()));
    for (const Location& l : path_) store.locations.push_back(store.encode(l));
  }
  e.first_field = static_cast<std::uint32_t>(store.fields.size());
  store.fields.insert(store.fields.end(), fields_.begin(), fields_.end());
  store.records.push_back(e);
  // A unit leaves the table after the statement that removes it.
  if (e.kind == EventKind::remove || destroyed) {
    const Event event(battle_, store.records.back());
    for (const ForceRef& r :
         (e.kind == EventKind::remove || e.target_count == 0) ? event.actors() : event.targets()) {
      if (r.kind != ForceKind::unit) continue;
      if (removed_.size() < battle_.units.size()) removed_.resize(battle_.units.size());
      removed_[r.index] = s.span;
    }
  }
}

}  // namespace umpire::events::detail
