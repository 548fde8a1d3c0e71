// Army lists: for 1 to 4 divisions (the usual game sizes), whether an army
// meeting every constraint exists (under some option of the switches the
// constraints read), the smallest one by points at the smallest legal
// number of divisions, and the units that no legal
// army of those sizes can include. An unsatisfiable list is reported with a
// minimal set of constraints that cannot hold together (deletion-based).
// Every army found is re-checked constraint by constraint by the evaluator.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {
constexpr std::int64_t max_divisions = 4;
}  // namespace

std::vector<std::string> army_lines(const Ruleset& rs, const ArmyList& list, const Army& army) {
  std::vector<std::string> out;
  for (std::size_t d = 0; d < army.counts.size(); ++d) {
    std::vector<std::string> units;
    for (std::size_t u = 0; u < list.units.size(); ++u) {
      if (army.counts[d][u] > 0)
        units.push_back(fmt::format("{} x{}", rs.profiles[list.units[u]].name, army.counts[d][u]));
    }
    out.push_back(
        fmt::format("division {}: {}", d + 1,
                    units.empty() ? "(empty)" : fmt::format("{}", fmt::join(units, ", "))));
  }
  for (std::size_t s = 0; s < army.switches.size() && s < rs.switches.size(); ++s) {
    if (army.switches[s] != rs.switches[s].default_option) {
      out.push_back(fmt::format("{} = {}", rs.switches[s].name,
                                rs.switches[s].options[army.switches[s]].name));
    }
  }
  out.push_back(fmt::format("total points {}", army.total_points));
  return out;
}

std::string evaluator_check(const Ruleset& rs, std::uint32_t list_id, const Army& army,
                            std::vector<std::string>& evidence) {
  const ArmyList& list = rs.army_lists[list_id];
  auto situation = [&](const std::vector<std::int64_t>* division) {
    Situation s(rs);
    for (std::size_t i = 0; i < army.switches.size(); ++i)
      s.set_switch(static_cast<std::uint32_t>(i), army.switches[i]);
    s.set_divisions(army.divisions);
    for (std::size_t u = 0; u < list.units.size(); ++u) {
      std::int64_t n = 0;
      if (division)
        n = (*division)[u];
      else
        for (const auto& d : army.counts) n += d[u];
      s.set_count(list.units[u], n);
    }
    return s;
  };
  for (std::uint32_t k = 0; k < list.constraints.size(); ++k) {
    const Constraint& c = list.constraints[k];
    std::vector<Situation> where;
    if (c.per_division) {
      for (const auto& d : army.counts) where.push_back(situation(&d));
    } else {
      where.push_back(situation(nullptr));
    }
    for (const Situation& s : where) {
      Evaluator ev(rs, s);
      auto ok = ev.constraint(list_id, k);
      for (const std::string& l : breakdown_lines(ev.breakdown())) evidence.push_back(l);
      if (!ok) return fmt::format("constraint '{}' cannot be evaluated", c.name);
      if (!*ok) return fmt::format("constraint '{}' is not met", c.name);
    }
  }
  return {};
}

void analyse_army_lists(Context& c) {
  const Ruleset& rs = c.rs;
  for (std::uint32_t l = 0; l < rs.army_lists.size(); ++l) {
    const ArmyList& list = rs.army_lists[l];
    const FindingItem item = c.item({ItemKind::army_list, l});
    std::optional<Army> smallest;
    std::vector<std::int64_t> legal_sizes;
    bool unknown_size = false;
    for (std::int64_t d = 1; d <= max_divisions; ++d) {
      ArmyQuery q;
      q.divisions = d;
      // The smallest army at the smallest legal size; the other sizes only
      // need an army (minimising at every size took seconds per list).
      q.minimise_points = !smallest;
      SmtStatus st = SmtStatus::unknown;
      auto army = c.smt.army(l, q, &st);
      if (st == SmtStatus::unknown) {
        c.not_proved(
            item, fmt::format("{}:{}div", list.name, d),
            fmt::format("whether list '{}' has a legal army of {} division(s)", list.name, d));
        unknown_size = true;
      }
      if (!army) continue;
      legal_sizes.push_back(d);
      std::vector<std::string> evidence;
      const std::string why = evaluator_check(rs, l, *army, evidence);
      if (!why.empty()) {
        Finding f =
            c.finding(Category::army_list, Severity::error, fmt::format("{}:{}div", list.name, d),
                      fmt::format("army for '{}'", list.name));
        f.items.push_back(item);
        f.witness = army_lines(rs, list, *army);
        f.evidence = evidence;
        c.internal_error(f, why);
        continue;
      }
      if (!smallest) smallest = army;
    }
    if (legal_sizes.empty() && unknown_size) continue;
    if (legal_sizes.empty()) {
      // A minimal set of constraints that cannot hold together at 1 division.
      std::vector<bool> on(list.constraints.size(), true);
      for (std::size_t k = 0; k < on.size(); ++k) {
        on[k] = false;
        ArmyQuery q;
        q.divisions = 1;
        q.enabled = on;
        SmtStatus st = SmtStatus::unknown;
        if (c.smt.army(l, q, &st) || st != SmtStatus::unsat)
          on[k] = true;  // needed for the contradiction
      }
      Finding f =
          c.finding(Category::army_list, Severity::error, list.name + ":unsatisfiable",
                    fmt::format("no legal army can be built from list '{}' with 1 to {} divisions",
                                list.name, max_divisions));
      f.items.push_back(item);
      f.action = fmt::format("Relax one of the constraints of list '{}' that exclude each other.",
                             list.name);
      std::vector<std::string> names;
      for (std::size_t k = 0; k < on.size(); ++k) {
        if (on[k]) names.push_back("'" + list.constraints[k].name + "'");
      }
      f.explanation = fmt::format(
          "Proved: no choice of units (up to 60 of each per division) meets every constraint, "
          "whatever the "
          "switches say. With 1 division these constraints already exclude each other: {}.",
          names.empty() ? "(the constraints as a whole)"
                        : fmt::format("{}", fmt::join(names, ", ")));
      c.add(std::move(f));
      continue;
    }
    std::string smallest_text;
    if (smallest)
      smallest_text = fmt::format("{}", fmt::join(army_lines(rs, list, *smallest), "; "));
    c.prove(fmt::format(
        "army list '{}' has a legal army with {} division(s); the smallest with {} division(s) "
        "(checked by the evaluator): {}",
        list.name, fmt::join(legal_sizes, ", "), legal_sizes.front(), smallest_text));
    // Units no legal army can include.
    for (std::size_t u = 0; u < list.units.size(); ++u) {
      bool possible = false;
      for (std::int64_t d = 1; d <= max_divisions && !possible; ++d) {
        ArmyQuery q;
        q.divisions = d;
        q.include_unit = u;
        SmtStatus st = SmtStatus::unknown;
        possible = c.smt.army(l, q, &st).has_value() || st == SmtStatus::unknown;
        if (st == SmtStatus::unknown) {
          c.not_proved(
              item, fmt::format("{}:{}:{}div", list.name, rs.profiles[list.units[u]].name, d),
              fmt::format("whether unit '{}' can be chosen in list '{}' with {} division(s)",
                          rs.profiles[list.units[u]].name, list.name, d));
        }
      }
      if (possible) continue;
      const std::string unit = rs.profiles[list.units[u]].name;
      Finding f =
          c.finding(Category::army_list, Severity::warning, fmt::format("{}:{}", list.name, unit),
                    fmt::format("unit '{}' can never be chosen in list '{}'", unit, list.name));
      f.action =
          fmt::format("Say how an army of list '{}' can field '{}', or drop it from the list.",
                      list.name, unit);
      f.items.push_back(item);
      f.items.push_back(c.item({ItemKind::profile, list.units[u]}));
      f.explanation = fmt::format(
          "Proved: no army of 1 to {} divisions meeting every constraint includes '{}'.",
          max_divisions, unit);
      c.add(std::move(f));
    }
  }
}

}  // namespace umpire::verify
