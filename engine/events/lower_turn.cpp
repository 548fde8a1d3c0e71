// Lowering of turns, phases and actions into events: references resolved,
// dice attached, stated outcomes typed, turns and phases kept in order.
#include <array>
#include <span>

#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"

namespace umpire::events::detail {
namespace {

constexpr std::array<std::string_view, 4> hc_phases{"movement", "shooting", "combat", "end"};
constexpr std::array<std::string_view, 4> wab_phases{"start", "movement", "shooting", "combat"};
constexpr std::array<std::string_view, 3> sabreur_phases{"orders", "actions", "victory"};

std::span<const std::string_view> phases_of(Ruleset r) {
  switch (r) {
    case Ruleset::hail_caesar:
    case Ruleset::hail_caesar_hyw: return hc_phases;
    case Ruleset::wab: return wab_phases;
    case Ruleset::sabreur_hex: return sabreur_phases;
  }
  return hc_phases;
}

EventKind kind_of(ast::Verb verb) {
  switch (verb) {
    case ast::Verb::order_points: return EventKind::order_points;
    case ast::Verb::order: return EventKind::order;
    case ast::Verb::activate: return EventKind::activate;
    case ast::Verb::move: return EventKind::move;
    case ast::Verb::form: return EventKind::formation_change;
    case ast::Verb::charge: return EventKind::charge;
    case ast::Verb::assault: return EventKind::assault;
    case ast::Verb::respond: return EventKind::charge_response;
    case ast::Verb::shoot: return EventKind::shoot;
    case ast::Verb::combat: return EventKind::combat;
    case ast::Verb::attack: return EventKind::attack;
    case ast::Verb::support: return EventKind::support;
    case ast::Verb::result: return EventKind::combat_result;
    case ast::Verb::test: return EventKind::test;
    case ast::Verb::save: return EventKind::save;
    case ast::Verb::rally: return EventKind::rally;
    case ast::Verb::pursue: return EventKind::pursue;
    case ast::Verb::flee: return EventKind::flee;
    case ast::Verb::evade: return EventKind::evade;
    case ast::Verb::special: return EventKind::special;
    case ast::Verb::remove: return EventKind::remove;
    case ast::Verb::state: return EventKind::state_change;
    default: return EventKind::end_of_game;
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
    case ast::Verb::remove: return index == 1;
    case ast::Verb::state: return index >= 1;
    default: return false;
  }
}

}  // namespace

void Lowerer::turn(const ast::Statement& s) {
  const ast::Value& number = s.args[0];
  auto side_index = side(s.args[1]);
  if (!side_index) return;
  if (number.integer < 1 || number.integer > 100000) {
    diags_.error("log.turn.bad-number", number.span, "turn {} is not a turn number", number.integer)
        .hint("turns are counted from 1");
    return;
  }
  const auto n = static_cast<std::uint32_t>(number.integer);
  const std::size_t side_count = battle_.header.sides.size();
  const auto out_of_order = [&](std::string_view why) {
    diags_.error("log.turn.out-of-order", number.span, "turn {} of '{}' is out of order: {}", n, s.args[1].text, why)
        .hint("write the turns in the order they were played: turn 1 of each side, then turn 2...");
  };
  // A turn out of order is reported and its actions are still lowered, in
  // the turn reached so far, so that they are checked too.
  in_turn_ = true;
  turn_side_ = *side_index;
  phase_.clear();
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
      if (!sides_played_[turn_ - 1][i]) {
        diags_.warning("log.turn.side-skipped", number.span, "side '{}' has no turn {}",
                       battle_.header.sides[i].id, turn_)
            .hint("write 'turn {} {}' even when nothing happened in it", turn_, battle_.header.sides[i].id);
      }
    }
  }
  if (sides_played_.size() < n) sides_played_.resize(n, std::vector<bool>(side_count, false));
  sides_played_[n - 1][*side_index] = true;
  turn_ = std::max(turn_, n);
}

void Lowerer::phase(const ast::Statement& s) {
  if (!in_turn_) {
    diags_.error("log.turn.missing", s.verb_span, "'phase' before any turn").hint("start with 'turn 1 <side>'");
    return;
  }
  const ast::Value& name = s.args[0];
  const auto phases = phases_of(battle_.header.ruleset);
  int index = -1;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    if (phases[i] == name.text) index = static_cast<int>(i);
  }
  if (index < 0) {
    std::vector<std::string> names(phases.begin(), phases.end());
    std::string list;
    for (const std::string& p : names) list += (list.empty() ? "" : ", ") + p;
    auto d = diags_.error("log.phase.unknown", name.span, "unknown phase '{}' in {}", name.text,
                          to_string(battle_.header.ruleset));
    if (auto best = closest_match(name.text, names)) {
      d.hint("did you mean '{}'?", *best);
      d.fixit(name.span, *best);
    } else {
      d.hint("phases of {}: {}", to_string(battle_.header.ruleset), list);
    }
    return;
  }
  if (index <= phase_index_) {
    diags_.error("log.phase.out-of-order", name.span, "phase '{}' after phase '{}'", name.text, phase_)
        .hint("the phases of a turn come in the order of the rules: {}", [&] {
          std::string list;
          for (std::string_view p : phases) list += (list.empty() ? "" : ", ") + std::string(p);
          return list;
        }());
    return;
  }
  phase_index_ = index;
  phase_ = name.text;
}

void Lowerer::end(const ast::Statement& s) {
  if (const ast::Clause* w = find(s, "winner")) {
    if (auto side_index = side(w->values[0])) battle_.winner = *side_index;
  }
  in_turn_ = false;
}

void Lowerer::action(const ast::Statement& s) {
  if (!in_turn_) {
    diags_.error("log.turn.missing", s.verb_span, "'{}' before any turn", ast::verb_name(s.verb))
        .hint("actions are written inside a turn: 'turn 1 <side>'");
    return;
  }
  // Built in place: an event is about a kilobyte, and moving it costs.
  Event& e = battle_.events.emplace_back();
  e.kind = kind_of(s.verb);
  e.span = s.span;
  e.turn = turn_;
  e.side = turn_side_;
  e.phase = phase_;
  for (std::size_t i = 0; i < s.args.size(); ++i) {
    const ast::Value& v = s.args[i];
    if (is_detail_arg(s.verb, i)) {
      if (s.verb == ast::Verb::state) e.states.push_back(v.text);
      else if (s.verb == ast::Verb::form) e.formation = v.text;
      else e.detail = v.text;
      continue;
    }
    auto ref = force(v);
    if (!ref) continue;
    // Charges, shots, attacks and supports name their target second.
    const bool is_target = i >= 1 && (s.verb == ast::Verb::charge || s.verb == ast::Verb::assault ||
                                      s.verb == ast::Verb::shoot || s.verb == ast::Verb::attack ||
                                      s.verb == ast::Verb::support || s.verb == ast::Verb::pursue);
    (is_target ? e.targets : e.actors).push_back(*ref);
  }
  for (const ast::Clause& c : s.clauses) {
    if (!c.values.empty() && c.values[0].kind == ast::ValueKind::roll) {
      if (auto r = roll(c)) e.dice.push_back(std::move(*r));
      continue;
    }
    const ast::Value* v = c.values.empty() ? nullptr : &c.values[0];
    const std::string& k = c.key;
    if (k == "to" && v->kind == ast::ValueKind::word) {
      if (auto ref = force(*v)) e.targets.push_back(*ref);  // `respond r1 countercharge to w2`
    } else if (k == "to" || k == "at") {
      e.to = location(*v);
    } else if (k == "path") {
      e.path.reserve(e.path.size() + c.values.size());
      for (const ast::Value& p : c.values) {
        if (auto loc = location(p)) e.path.push_back(*loc);
      }
    } else if (k == "facing") {
      e.facing = facing(*v);
    } else if (k == "formation") {
      e.formation = v->text;
    } else if (k == "distance") {
      e.distance = v->x;
    } else if (k == "range") {
      e.range = v->x;
    } else if (k == "target" && v->kind == ast::ValueKind::target) {
      e.target_score = v->integer;  // `save r1 target 4+`
    } else if (k == "through" || k == "vs" || k == "target" || k == "from") {
      for (const ast::Value& u : c.values) {
        if (auto ref = force(u)) e.targets.push_back(*ref);
      }
    } else if (k == "by") {
      if (s.verb == ast::Verb::order || s.verb == ast::Verb::rally) e.by = force(*v, "general");
      else e.means = v->text;
    } else if (k == "as") {
      e.detail = v->text;
    } else if (k == "mod") {
      e.modifier = v->integer;
    } else if (k == "against") {
      e.against = v->integer;
    } else if (k == "round") {
      e.round = v->integer;
    } else if (k == "cost") {
      e.cost = v->integer;
    } else if (k == "dice") {
      e.dice_count = v->integer;
    } else if (k == "weapon") {
      e.weapon = v->text;
    } else if (k == "on") {
      e.on = v->text;
    }
  }
  if (s.arrow_span.valid() || !s.outcomes.empty()) {
    Stated& st = e.stated;
    st.span = s.outcomes.empty() ? s.arrow_span : merge(s.arrow_span, s.outcomes.back().span);
    for (const ast::Clause& c : s.outcomes) {
      const ast::Value* v = c.values.empty() ? nullptr : &c.values[0];
      const std::string& k = c.key;
      if (k == "hits") st.hits = v->integer;
      else if (k == "saves") st.saves = v->integer;
      else if (k == "losses") st.losses = v->integer;
      else if (k == "casualties") st.casualties = v->integer;
      else if (k == "wounds") st.wounds = v->integer;
      else if (k == "moves") st.moves = v->integer;
      else if (k == "points") st.points = v->integer;
      else if (k == "margin") st.margin = v->integer;
      else if (k == "score") st.score = v->integer;
      else if (k == "total") st.total = v->integer;
      else if (k == "result") st.result = v->text;
      else if (k == "state") for (const ast::Value& w : c.values) st.states.push_back(w.text);
      else if (k == "pass") st.passed = true;
      else if (k == "fail") st.passed = false;
      else if (k == "draw") st.draw = true;
      else if (k == "destroyed") st.destroyed = true;
      else if (k == "winner") st.winner = force(*v);
      else if (k == "to") st.to = location(*v);
      else if (k == "facing") st.facing = facing(*v);
      else if (k == "formation") st.formation = v->text;
      else if (k == "distance") st.distance = v->x;
    }
  }
  e.agreed = s.agreed.present;
  e.agreed_note = s.agreed.note;
  if (e.agreed) {
    diags_.note("log.ruling.agreed", s.agreed.span, "agreed ruling: both players accepted this action")
        .note("a breach of the rules here is reported as a note, not an error");
  }
  // A unit leaves the table after the statement that removes it.
  if (e.kind == EventKind::remove || e.stated.destroyed) {
    for (const ForceRef& r : (e.kind == EventKind::remove || e.targets.empty()) ? e.actors : e.targets) {
      if (r.kind != ForceKind::unit) continue;
      if (removed_.size() < battle_.units.size()) removed_.resize(battle_.units.size());
      removed_[r.index] = s.span;
    }
  }
}

}  // namespace umpire::events::detail
