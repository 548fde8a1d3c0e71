#include "engine/rulesets/wab/phases/psychology.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/fear.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/leadership_roll.hpp"
#include "engine/rulesets/wab/phases/owed_at_start.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"

namespace umpire::wab {
namespace {

// The data's test of each kind a log writes.
std::optional<Test> test_of(std::string_view kind) {
  if (kind == "panic") return Test::panic_test;
  if (kind == "terror") return Test::terror_test;
  if (kind == "fear") return Test::fear_test;
  if (kind == "stupidity") return Test::stupidity_test;
  if (kind == "impetuosity") return Test::warband_impetuosity_test;
  return std::nullopt;
}

// The General of side `side` on the table, if any.
std::optional<GeneralId> general_of(const Context& cx, std::uint8_t side) {
  for (std::size_t g = 0; g < cx.setup.generals.size(); ++g)
    if (cx.setup.generals[g].side == side && cx.state.generals[g].on_table)
      return static_cast<GeneralId>(g);
  return std::nullopt;
}

// The General's help to a rally (§ 2.2): his distance to the unit and
// his Leadership; far away when he is not on the table.
void fill_general(const Context& cx, Facts& f, UnitId u) {
  const std::optional<GeneralId> g = general_of(cx, cx.setup.units[u].side);
  double distance = std::numeric_limits<double>::infinity();
  if (g)
    distance = tabletop::distance(cx.footprint(u), cx.state.generals[*g].at,
                                  tabletop::Measure::closest_edges);
  f.integer(Given::rally_general_distance, whole_inches_up(distance));
  f.integer(Given::rally_general_leadership, g ? std::max(1, cx.setup.generals[*g].leadership) : 1);
  f.boolean(Given::rally_general_fleeing, false);
  f.boolean(Given::rally_general_rallied_this_turn, false);
}

// A panic test with no cause the engine sees (phases/panic.hpp).
void report_no_panic_due(Context& cx, const Action& a, UnitId u) {
  const UnitState& st = cx.state.units[u];
  const std::int64_t lost = std::max<std::int64_t>(0, st.phase_models - cx.models_standing(u));
  const bool again = st.panic_tested && cx.state.phase != Phase::movement;
  const bool after_break = !again && cx.state.phase == Phase::combat && st.break_tested;
  const bool immune = !again && !after_break && immune_while_engaged(cx, u);
  auto v = cx.checker.violation(
      Check::panic_due, a.span,
      immune ? fmt::format("{} is frenzied and engaged in combat, its enemy within charge range: "
                           "it is immune to psychology and takes no panic test",
                           cx.quoted(u))
      : again
          ? fmt::format("{} took its panic test this phase already: one test is owed", cx.quoted(u))
      : after_break
          ? fmt::format("{} took a break test this phase: it owes no panic test", cx.quoted(u))
      : cx.state.phase == Phase::combat
          ? fmt::format("{} takes no panic test: no friend broke or was destroyed within 12\" of "
                        "it this phase (a fall back in good order causes none)",
                        cx.quoted(u))
      : cx.state.phase == Phase::movement && lost == 0
          ? fmt::format("{} takes no panic test in the movement phase: no fleeing friend of more "
                        "than half its size was destroyed by a charge within 4\" of it, and no "
                        "enemy charged it in the flank or rear while it was engaged",
                        cx.quoted(u))
      : cx.state.phase != Phase::start
          ? fmt::format("{} takes no panic test: it lost {} of its {} models to shooting this "
                        "phase, less than 25%",
                        cx.quoted(u), lost, st.phase_models)
          : fmt::format("{} takes no panic test: no friend flees within 4\" of it at the start "
                        "of the turn (or none is half its size)",
                        cx.quoted(u)));
  if (again || after_break)
    v.note(
        "§ Tests de Panique à la phase de combat: 'Les unités amies qui n'ont pas effectuées de "
        "test de moral doivent faire un seul test de panique'; § Phase 3 : Tir: one mark at 25%, "
        "one test");
  if (immune)
    v.note(
        "§ Frénésie (Frenzy): 'Elles sont immunisées à la psychologie tant qu'elles sont à "
        "portée de charge' (the data's psychology_immune)");
  v.note("§ Panique: the causes of a panic test (the data's panic_test_required)");
  // The replay goes on with the result the log states.
  if (a.stated.passed && !*a.stated.passed) cx.state.units[u].fleeing = true;
}

// A terror or fear test with no cause the engine sees (phases/fear.hpp).
void report_no_fear_due(Context& cx, const Action& a, UnitId u) {
  auto v = cx.checker.violation(
      Check::fear_due, a.span,
      fmt::format(
          "{} takes no {} test: {}", cx.quoted(u), a.detail,
          a.detail == "terror" && cx.state.units[u].terror_tested
              ? "it took its terror test of the battle (§ Terreur: 'On teste la terreur, "
                "une seule fois par bataille')"
          : cx.state.phase == Phase::movement && fear_tests_taken(cx, u, a.detail == "terror") > 0
              ? fmt::format("it took its {} test for the charge already (one a charge)", a.detail)
          : cx.state.phase == Phase::start
              ? "no enemy that causes it stands within 8\" at the start of the turn"
              : "it neither charges nor is charged by an enemy that causes it this phase"));
  if (a.detail == "terror" && cx.state.units[u].overcame_terror)
    v.note("it passed that test: the enemy causes it fear only (§ Terreur)");
  v.note("§ Terreur, § Peur, § Phase 2 : Mouvement (the data's {}_test_required)", a.detail);
  if (a.detail == "fear") cite_fear(v);
  if (a.stated.passed && !*a.stated.passed && a.detail == "terror")
    cx.state.units[u].fleeing = true;
}

// Whether `u` owes its impetuosity test now (§ Warbands 1: "Les Warbands
// doivent tester leur impétuosité au début du tour"): in the start phase of
// its side's turn, once, when the data's impetuosity_test_required says so.
bool impetuosity_owed(const Context& cx, UnitId u) {
  const auto& owed = cx.scratch.start_impetuosity_owed;
  return cx.state.phase == Phase::start && std::find(owed.begin(), owed.end(), u) != owed.end();
}

void report_no_impetuosity_due(Context& cx, const Action& a, UnitId u) {
  cx.checker
      .violation(
          Check::impetuosity_due, a.span,
          fmt::format("{} owes no impetuosity test: {}", cx.quoted(u),
                      cx.state.phase != Phase::start ? "a Warband tests at the start of its turn"
                      : cx.setup.units[u].side != cx.state.side
                          ? "it is not its side's turn"
                          : "only a Warband tests, once a turn"))
      .note(
          "§ Warbands 1: 'Les Warbands doivent tester leur impétuosité au début du tour'; "
          "§ Phase 1 : Début du tour, item 4 (the data's impetuosity_test_required)");
}

}  // namespace

void owe_start_impetuosity(Context& cx) {
  cx.scratch.start_impetuosity_owed = owed_at_turn_start(cx, [&](UnitId u) -> std::optional<bool> {
    Facts f(cx.rules);
    fill_unit(cx, f, u);
    const auto v = eval_int(f, Value::impetuosity_test_required, cx.checker);
    if (!v) return std::nullopt;
    return *v != 0;
  });
}

void settle_start_impetuosity(Context& cx, Span span) {
  // A unit leaves the list when it tests: every one still there owes it.
  settle_owed_at_start(
      cx, cx.scratch.start_impetuosity_owed, [](const UnitState&) { return false; },
      [&](UnitId u) {
        DiagnosticBuilder d = cx.checker.violation(
            Check::impetuosity_due, span,
            fmt::format("{} is a Warband and took no impetuosity test at the start of the turn",
                        cx.quoted(u)));
        d.note(
             "§ Warbands 1: 'Les Warbands doivent tester leur impétuosité au début du tour'; "
             "§ Phase 1 : Début du tour, item 4 (the data's impetuosity_test_required)")
            .hint("write its test in the turn's start phase: 'test {} impetuosity 2d6=… against L'",
                  cx.setup.units[u].id);
        note_skipped_turn(cx, d);
      });
}

void psychology_test(Context& cx, const Action& a) {
  if (a.detail == "leadership" && restraint_test(cx, a)) return;
  const std::optional<Test> test = test_of(a.detail);
  if (!test || a.actors.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  if (*test == Test::warband_impetuosity_test) {
    if (!impetuosity_owed(cx, u)) {
      report_no_impetuosity_due(cx, a, u);
      return;
    }
    auto& owed = cx.scratch.start_impetuosity_owed;
    owed.erase(std::remove(owed.begin(), owed.end(), u), owed.end());
  }
  if (*test == Test::stupidity_test &&
      (cx.state.phase != Phase::start || cx.setup.units[u].side != cx.state.side)) {
    // § Phase 1 : Début du tour, item 3: "Test de Stupidité. En cas d'échec
    // la fuite a lieu durant la phase des Mouvements Obligatoires": the
    // test is taken at the start of the unit's turn, before its moves.
    cx.checker
        .violation(Check::stupidity_due, a.span,
                   fmt::format("{} takes a stupidity test {}: the test is taken at the start of "
                               "its side's turn",
                               cx.quoted(u),
                               cx.state.phase != Phase::start ? "outside the start phase"
                                                              : "in the other side's turn"))
        .note(
            "§ Phase 1 : Début du tour, item 3: 'Test de Stupidité. En cas d'échec la fuite a "
            "lieu durant la phase des Mouvements Obligatoires'")
        .hint("write it after 'phase start' of its side's turn");
    return;
  }
  const bool terror = *test == Test::terror_test;
  const std::optional<bool> due = *test == Test::panic_test            ? panic_due(cx, u)
                                  : terror || *test == Test::fear_test ? fear_due(cx, u, terror)
                                  : *test == Test::warband_impetuosity_test
                                      ? std::optional<bool>(true)
                                      : std::nullopt;
  if (due && !*due) {
    if (*test == Test::panic_test)
      report_no_panic_due(cx, a, u);
    else
      report_no_fear_due(cx, a, u);
    return;
  }
  if (*test == Test::panic_test) st.panic_tested = true;
  if (terror) st.terror_tested = true;
  if (terror || *test == Test::fear_test) note_fear_tested(cx, u, terror);
  if (!due)
    cx.checker.not_checked(
        fmt::format("when the {} test is due, and what it tests against (§ Psychologie)", a.detail),
        a.span);
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  const auto result = eval_test(f, *test, cx.checker);
  if (!result) return;
  const auto why = [&] { return explain(f, *test); };
  const std::string what = fmt::format("{} test", a.detail);
  const std::optional<bool> passed =
      roll_test(cx, a, u, {Check::psychology_test, *test, result->needed, what}, why);
  if (passed && *passed && terror) st.overcame_terror = true;
  if (!passed || *passed) return;
  // § Psychologie: a unit that fails its panic or terror test flees, and
  // § Phase 1 : Début du tour says the same of stupidity.
  if (*test == Test::panic_test || *test == Test::terror_test || *test == Test::stupidity_test)
    st.fleeing = true;
  // § Phase 2 : Mouvement step 4: charged troops that fail their fear test
  // and do not outnumber the charger flee at once (the data's
  // failed_fear_test_defender_flees; the log's flee moves them); those that
  // outnumber it need 6s in the first round (close_combat_to_hit_mods).
  if (*test == Test::fear_test) {
    st.failed_fear = true;
    hold_after_failed_fear(cx, u);
    if (const PendingCharge* c = charge_against(cx, u)) {
      Facts flight(cx.rules);
      fill_unit(cx, flight, u);
      fill_enemy(cx, flight, c->charger);
      flight.word(Given::psych_context, "charged_by_the_cause");
      for (Given g : {Given::self_failed_panic_test, Given::self_failed_terror_test,
                      Given::self_failed_stupidity_test, Given::self_failed_break_test})
        flight.boolean(g, false);
      if (verdict(flight, RuleAction::flee) == rules::Verdict::required) st.fleeing = true;
    }
  }
  if (*test == Test::panic_test) st.panicked_this_turn = true;
}

void rally(Context& cx, const Action& a) {
  if (a.actors.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  if (!st.fleeing) {
    cx.checker
        .violation(Check::rally_test, a.span,
                   fmt::format("{} does not flee: only fleeing troops rally", cx.quoted(u)))
        .note("§ 2.2 Ralliement des troupes en fuite");
    return;
  }
  if (st.rally_tested) {
    cx.checker
        .violation(Check::rally_test, a.span,
                   fmt::format("{} took its rally test this turn already: a unit that fails it "
                               "flees on",
                               cx.quoted(u)))
        .note(
            "§ 2.2 Ralliement des troupes en fuite: the fleeing units 'peuvent essayer de "
            "rallier', each once; one that fails moves in 2.3 Mouvements obligatoires");
    return;
  }
  st.rally_tested = true;
  if (cx.state.phase != Phase::movement)
    cx.checker
        .violation(Check::rally_test, a.span,
                   fmt::format("{} rallies outside the movement phase: fleeing troops rally "
                               "in it, after the charges are declared",
                               cx.quoted(u)))
        .note(
            "§ Phase 2 : Mouvement: 2.1 Déclaration de charges, then 2.2 Ralliement des troupes "
            "en fuite")
        .hint("write the rally after 'phase movement' and its charges");
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  fill_general(cx, f, u);
  if (!check_permissions(f, RuleAction::rally, cx.checker, a.span, Check::rally_test,
                         [&] { return fmt::format("rallying {}", cx.quoted(u)); }))
    return;
  const auto result = eval_test(f, Test::rally_test, cx.checker);
  if (!result) return;
  const auto why = [&] { return explain(f, Test::rally_test); };
  const std::optional<bool> passed =
      roll_test(cx, a, u, {Check::rally_test, Test::rally_test, result->needed, "rally test"}, why);
  if (passed && *passed) {
    st.fleeing = false;
    st.rallied = true;
  }
  if (passed && !*passed) {
    // It flees again in the compulsory moves (phases/flight.hpp,
    // settle_owed_flights); sized for every unit when the player turn began
    // (phases/turn.cpp).
    cx.scratch.failed_rally[u] = a.span;
  }
  if (written_end(a) || a.facing) place_as_written(cx, u, a);
}

}  // namespace umpire::wab
