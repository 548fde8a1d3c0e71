// The armies as mustered, checked once before turn 1: each unit's strength
// and command factor (the permissions of the data's `muster_unit`), the
// skills it holds (each skill's `allowed when` and `requires`), the elite
// units per 1500 army points, and the points written for each unit and each
// army (002_87c3dc452f850204.txt § Force des unités et coûts des unités,
// § Coût du commandement (Cd) des unités, § Qualité des unités, § Les
// compétences). Every number comes from corpus/rulesets/sabreur-hex.rules.
#include "engine/rulesets/sabreur_hex/phases/roster.hpp"

#include <fmt/format.h>

#include "engine/rules/describe.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"

namespace umpire::sabreur {
namespace {

// A cell of a table the binding names (its column), for the breakdown of a
// unit's cost; nullopt when the data has no such row.
std::optional<std::int64_t> roster_cell(rules::Evaluator& ev, const RulesBinding& rules, Table t,
                                        const std::vector<rules::Val>& keys) {
  auto row = ev.lookup(rules.table(t), keys);
  if (!row || rules.column(t) >= row->size()) return std::nullopt;
  return (*row)[rules.column(t)].number;
}

struct UnitCost {
  std::optional<std::int64_t> points;
  std::string_view unknown;  // the aspect not checked when points is empty
  std::int64_t per_point = 0, flat = 0;
  // The breakdown (unit_cost's `explain`).
  std::optional<std::int64_t> type_cost, command_cost;
  std::string skills_text;
};

// A unit's cost: (base_cost_per_strength_point + each per-point skill's
// cost) × initial strength + each flat skill's cost; or the aspect that
// leaves it unknown (explicit characteristics, a cost the data lacks). With
// `explain`, the breakdown a diagnostic shows: asked only when the written
// points differ, since every unit of every log is costed.
UnitCost unit_cost(const Context& cx, UnitId u, bool explain) {
  UnitCost out;
  const UnitSetup& s = cx.setup.units[u];
  if (s.explicit_stats) {
    out.unknown = "the points of a unit with explicit characteristics";
    return out;
  }
  const rules::Ruleset& rs = cx.rules.rs();
  Facts f(cx.rules);
  fill_self(cx, f, u);
  rules::Evaluator ev(rs, f.situation());
  ev.set_trace(false);  // asked, not explained
  auto base = ev.value(cx.rules.value(Value::base_cost_per_strength_point));
  if (!base || !f.error().empty()) {
    out.unknown = "the points of a unit whose cost the rules do not give";
    return out;
  }
  if (explain) {
    out.type_cost = roster_cell(ev, cx.rules, Table::unit_cost,
                                {cx.rules.type(s.type), cx.rules.quality(s.quality)});
    out.command_cost = roster_cell(ev, cx.rules, Table::command_factor_cost,
                                   {cx.rules.quality(s.quality), rules::Val::integer(s.command)});
  }
  out.per_point = base->number;
  for (std::size_t i = 0; i < skill_count; ++i) {
    if (!s.skills.has(static_cast<Skill>(i))) continue;
    const std::uint32_t id = cx.rules.skill(static_cast<Skill>(i));
    auto cost = ev.skill_cost(id);
    if (!cost) {
      out.unknown = "the points of a unit with a skill whose cost the rules do not give";
      return out;
    }
    const bool once = rs.skills[id].cost_per.empty();
    (once ? out.flat : out.per_point) += *cost;
    if (explain)
      out.skills_text += fmt::format(" + {} {}{}", skill_names()[i], *cost, once ? " (once)" : "");
  }
  out.points = out.per_point * cx.state.units[u].initial_strength + out.flat;
  return out;
}

// The points a unit costs against its written `points`, with the breakdown.
void check_unit_points(Context& cx, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitCost cost = unit_cost(cx, u, false);
  if (!cost.points) {
    cx.checker.not_checked(cost.unknown, s.span);
    return;
  }
  const std::int64_t total = *cost.points;
  if (!s.points || *s.points == total) return;
  const UnitCost why = unit_cost(cx, u, true);
  auto b = cx.checker.violation(
      Check::roster_unit_points, s.span,
      fmt::format("{} is written at {} points, the rules give {}", cx.quoted(u), *s.points, total));
  b.note("type cost {} ({} {}) + command cost {} (Cd {}){} = {} per strength point",
         why.type_cost ? fmt::format("{}", *why.type_cost) : std::string("?"), name(s.type),
         name(s.quality),
         why.command_cost ? fmt::format("{}", *why.command_cost) : std::string("?"), s.command,
         why.skills_text, why.per_point);
  b.note("{} per strength point x strength {}{} = {} points", why.per_point,
         cx.state.units[u].initial_strength,
         why.flat != 0 ? fmt::format(" + {}", why.flat) : std::string(), total);
  b.hint("write 'points {}' on the unit, or correct its profile", total);
}

// § Les compétences, § Les compétences (suite): each skill is "réservée à"
// some troops (the data's `allowed when`), and "guerrier" is taken "que si
// elle possède aussi la compétence irrégulier" (its `requires`).
void check_unit_skills(Context& cx, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  if (s.skills.bits == 0) return;
  const rules::Ruleset& rs = cx.rules.rs();
  Facts f(cx.rules);
  fill_self(cx, f, u);
  if (!f.error().empty()) return;
  rules::Evaluator ev(rs, f.situation());
  ev.set_trace(false);
  const auto held = [&](std::uint32_t id) {
    for (std::size_t i = 0; i < skill_count; ++i)
      if (s.skills.has(static_cast<Skill>(i)) && cx.rules.skill(static_cast<Skill>(i)) == id)
        return true;
    return false;
  };
  const auto refs = [&](const rules::Skill& def) {
    return def.refs.empty() ? std::string() : fmt::format(" ({})", def.refs.front().text());
  };
  for (std::size_t i = 0; i < skill_count; ++i) {
    if (!s.skills.has(static_cast<Skill>(i))) continue;
    const std::uint32_t id = cx.rules.skill(static_cast<Skill>(i));
    const rules::Skill& def = rs.skills[id];
    const std::optional<bool> allowed = ev.skill_allowed(id);
    if (!allowed) {
      cx.checker.not_checked(fmt::format("whether a unit may take the skill '{}'", def.name),
                             s.span);
    } else if (!*allowed) {
      cx.checker
          .violation(Check::roster_skill, s.span,
                     fmt::format("{} is {}: the skill '{}' is reserved to other troops",
                                 cx.quoted(u), name(s.type), def.name))
          .note("'{}' may be taken only when {}{}", def.name,
                def.allowed ? rules::expr_text(rs, *def.allowed) : std::string("never"), refs(def))
          .hint("take the skill off the unit, or correct its profile");
    }
    for (std::uint32_t r : def.requires_skills) {
      if (held(r)) continue;
      cx.checker
          .violation(Check::roster_skill, s.span,
                     fmt::format("{} holds the skill '{}' without '{}', which it requires",
                                 cx.quoted(u), def.name, rs.skills[r].name))
          .note("'{}' is taken only by a unit that also has '{}'{}", def.name, rs.skills[r].name,
                refs(def))
          .hint("add '{}' to the unit's skills, or take '{}' off", rs.skills[r].name, def.name);
    }
    for (std::uint32_t x : def.excludes_skills) {
      if (!held(x)) continue;
      cx.checker
          .violation(Check::roster_skill, s.span,
                     fmt::format("{} holds both '{}' and '{}', which exclude each other",
                                 cx.quoted(u), def.name, rs.skills[x].name))
          .note("'{}' excludes '{}'{}", def.name, rs.skills[x].name, refs(def))
          .hint("keep one of the two skills");
    }
  }
}

}  // namespace

std::optional<std::int64_t> unit_points(const Context& cx, UnitId u) {
  return unit_cost(cx, u, false).points;
}

void check_rosters(Context& cx) {
  // A set-up built without a log (the tests' positions) has no roster: every
  // log's set-up (from_events.cpp) writes one entry per side.
  if (cx.setup.written_points.size() != cx.setup.sides.size()) return;
  for (std::size_t side = 0; side < cx.setup.sides.size(); ++side) {
    const SideSetup& sd = cx.setup.sides[side];
    const WrittenPoints written =
        side < cx.setup.written_points.size() ? cx.setup.written_points[side] : WrittenPoints{};
    // The army's points decide its elite units: the `army` line's, else the header's.
    const std::optional<std::int64_t> army_points =
        written.roster ? written.roster : written.header;
    std::int64_t elite = 0, written_sum = 0;
    bool all_written = true, any_unit = false;
    for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
      const UnitSetup& s = cx.setup.units[i];
      if (s.side != side) continue;
      any_unit = true;
      const auto u = static_cast<UnitId>(i);
      Facts f(cx.rules);
      fill_self(cx, f, u);
      // Without army points the elite limit is unknown: reported not checked,
      // and the data asked with the largest army it allows, so that strength
      // and command are still checked.
      f.integer(Given::army_points,
                army_points ? *army_points
                            : cx.rules.rs().domains[cx.rules.domain(Domain::army_points)].hi);
      f.integer(Given::army_elite_units, elite);
      if (!army_points && s.quality == Quality::elite)
        cx.checker.not_checked("elite units of an army whose points are not written", s.span);
      check_permissions(f, RuleAction::muster_unit, cx.checker, s.span, Check::roster_strength,
                        [&] { return fmt::format("mustering {}", cx.quoted(u)); });
      check_unit_skills(cx, u);
      if (s.quality == Quality::elite) ++elite;
      if (s.points) {
        check_unit_points(cx, u);  // checked only when written
        written_sum += *s.points;
      } else {
        all_written = false;
      }
    }
    if (!any_unit) continue;
    if (!all_written) {
      cx.checker.not_checked("the army's points when a unit does not write its points", sd.span);
      continue;
    }
    const auto army_check = [&](std::optional<std::int64_t> stated, Span span,
                                std::string_view where) {
      if (!stated || *stated == written_sum) return;
      cx.checker
          .violation(Check::roster_army_points, span,
                     fmt::format("{} of '{}' states {} points, its units' points sum to {}", where,
                                 sd.id, *stated, written_sum))
          .hint("the army's points are the sum of its units' points");
    };
    army_check(written.roster, written.roster_span.valid() ? written.roster_span : sd.span,
               "the army line");
    army_check(written.header, sd.span, "the side");
  }
}

}  // namespace umpire::sabreur
