// The order of the reactions to a charge or an assault, read from the log:
// 002_87c3dc452f850204.txt § Réactions face à une charge, "elle DOIT
// déclarer une, et une seule, réaction", "La réaction à la charge se fait
// immédiatement après que la manoeuvre de charge ait été effectuée", and a
// friend's countercharge or defensive fire "se fait après que la cible de la
// charge ait effectué sa propre réaction"; § Réactions face à un assaut: the
// same. Only the log's statements are read (the simulator plays the
// target's reaction first); a pursuit's attack admits no reaction.
#include "engine/rulesets/sabreur_hex/phases/reaction_order.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/sabreur_hex/checks.hpp"

namespace umpire::sabreur {
namespace {

const ChargeInProgress* attack_in_progress(const Context& cx) {
  if (cx.state.charge) return cx.state.charge->pursuit ? nullptr : &*cx.state.charge;
  if (cx.state.assault) return &*cx.state.assault;
  return nullptr;
}

bool names(const UnitList& units, UnitId u) {
  return std::find(units.begin(), units.end(), u) != units.end();
}

// Since the declaration of `c` (the charger's `charge` or `assault` on its
// target), before `a`: the declaration, and the target's first and second
// reactions (a `respond`, or a `flee` or `evade` made as the reaction).
struct SinceDeclaration {
  const Action* declaration = nullptr;
  const Action* first_reaction = nullptr;
  const Action* second_response = nullptr;  // a second `respond` of the target
};
SinceDeclaration since_declaration(const Context& cx, const Action& a, const ChargeInProgress& c) {
  SinceDeclaration out;
  std::vector<const Action*> reactions;
  for (const Action* b = &a; b != cx.log.data();) {
    --b;
    if ((b->kind == ActionKind::charge || b->kind == ActionKind::assault) && !b->actors.empty() &&
        b->actors.front() == c.charger && names(b->targets, c.target)) {
      out.declaration = b;
      break;
    }
    if (b->kind == ActionKind::activate || b->turn != a.turn || b->side != a.side) return {};
    const bool by_target = !b->actors.empty() && b->actors.front() == c.target;
    if (by_target && (b->kind == ActionKind::respond || b->kind == ActionKind::flee ||
                      b->kind == ActionKind::evade))
      reactions.push_back(b);
  }
  if (!out.declaration || reactions.empty()) return out;
  out.first_reaction = reactions.back();  // read backwards: the last found is the first made
  for (auto it = reactions.rbegin() + 1; it != reactions.rend(); ++it)
    if ((*it)->kind == ActionKind::respond && out.first_reaction->kind == ActionKind::respond) {
      out.second_response = *it;
      break;
    }
  return out;
}

std::string_view attack_word(const Context& cx) {
  return cx.state.charge ? "charge" : "assault";
}

}  // namespace

void check_reaction_order(Context& cx, const Action& a, UnitId u) {
  const ChargeInProgress* c = attack_in_progress(cx);
  if (!c || !cx.in_log(a)) return;
  const SinceDeclaration s = since_declaration(cx, a, *c);
  if (!s.declaration) return;
  if (u == c->target) {
    if (!s.first_reaction) return;
    cx.checker
        .violation(Check::reaction_order, a.span,
                   fmt::format("{} declares a second reaction to the {} of {}: a charged unit "
                               "declares one reaction, and only one",
                               cx.quoted(u), attack_word(cx), cx.quoted(c->charger)))
        .label(s.first_reaction->span, "its reaction");
    return;
  }
  if (s.first_reaction) return;
  cx.checker
      .violation(
          Check::reaction_order, a.span,
          fmt::format("{} reacts to the {} of {} before its target {}: a friend's "
                      "reaction comes after the target's own",
                      cx.quoted(u), attack_word(cx), cx.quoted(c->charger), cx.quoted(c->target)))
      .label(s.declaration->span, fmt::format("the {} declared here", attack_word(cx)))
      .hint("write the reaction of {} first, right after the {}", cx.setup.units[c->target].id,
            attack_word(cx));
}

void check_target_reacted(Context& cx, const Action& a, UnitId u, UnitId t) {
  const ChargeInProgress* c = attack_in_progress(cx);
  if (!c || c->charger != u || c->target != t || !cx.in_log(a)) return;
  const SinceDeclaration s = since_declaration(cx, a, *c);
  if (!s.declaration || s.first_reaction) return;
  cx.checker
      .violation(Check::reaction_order, a.span,
                 fmt::format("{} strikes {} before it declared its reaction to the {}: a charged "
                             "unit declares one reaction right after the {}'s march",
                             cx.quoted(u), cx.quoted(t), attack_word(cx), attack_word(cx)))
      .label(s.declaration->span, fmt::format("the {} declared here", attack_word(cx)))
      .hint("write 'respond {} <reaction>' after the {} ('do-nothing' when it stands)",
            cx.setup.units[t].id, attack_word(cx));
}

}  // namespace umpire::sabreur
