// The constraints of an army list (2-c to 2-f, and 2-a's division size):
// the evaluator of the rules data decides whether each holds on the army's
// roster; this file words a breach: where (the unit beyond an "at most" on
// units, else the division or the army), the written amount, the amount
// required, and the switches the constraint was read under.
#include <fmt/format.h>

#include "engine/core/plural.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster_army.hpp"

namespace umpire::hyw::detail {
namespace {

using rules::Amount;
using rules::CmpOp;
using rules::Constraint;

// An amount on `counts` (a division's, or the army's), as the evaluator
// reads it (engine/rules/evaluate_items.cpp).
std::int64_t amount(const MusterArmy& army, const Amount& a,
                    const std::vector<std::int64_t>& counts) {
  const rules::ArmyList& list = army.data->army_lists[*army.list];
  const std::vector<std::uint32_t>& profiles =
      a.all || a.kind == Amount::Kind::total_points ? list.units : a.profiles;
  std::int64_t n = 0;
  switch (a.kind) {
    case Amount::Kind::constant:
      return a.value;
    case Amount::Kind::divisions:
      return static_cast<std::int64_t>(army.divisions.size());
    case Amount::Kind::count:
      for (std::uint32_t p : profiles) n += counts[p];
      return n;
    case Amount::Kind::points:
    case Amount::Kind::total_points:
      for (std::uint32_t p : profiles) {
        const rules::Profile& prof = army.data->profiles[p];
        const auto field = army.data->records[prof.record].find("points");
        if (field && counts[p] > 0) n += counts[p] * prof.values[*field].number;
      }
      return n;
  }
  return 0;
}

std::string selection(const MusterArmy& army, const Amount& a) {
  if (a.all) return "units";
  std::string out = "(";
  for (std::size_t i = 0; i < a.profiles.size(); ++i) {
    if (i > 0) out += ", ";
    out += army.entry_name(a.profiles[i]);
  }
  return out + ")";
}

// "93 points of (english_archers, mounted_archers)", "2 units of (kerns)".
std::string describe(const MusterArmy& army, const Amount& a, std::int64_t value,
                     std::string_view scope) {
  switch (a.kind) {
    case Amount::Kind::constant:
      return std::to_string(value);
    case Amount::Kind::divisions:
      return plural(value, "division");
    case Amount::Kind::total_points:
      return fmt::format("{} in {}", plural(value, "point"), scope);
    case Amount::Kind::count:
      return a.all ? fmt::format("{} in {}", plural(value, "unit"), scope)
                   : fmt::format("{} of {}", plural(value, "unit"), selection(army, a));
    case Amount::Kind::points:
      return a.all ? fmt::format("{} in {}", plural(value, "point"), scope)
                   : fmt::format("{} of {}", plural(value, "point"), selection(army, a));
  }
  return {};
}

std::string_view op_words(CmpOp op) {
  switch (op) {
    case CmpOp::eq:
      return "exactly";
    case CmpOp::ne:
      return "other than";
    case CmpOp::lt:
      return "fewer than";
    case CmpOp::le:
      return "at most";
    case CmpOp::gt:
      return "more than";
    case CmpOp::ge:
      return "at least";
  }
  return "";
}

// What the constraint asks of the left-hand amount, in its own unit: the
// least (at least, more than) or the most (at most, fewer than) it may be.
// A percentage is compared exactly (100 * lhs OP percent * rhs).
std::int64_t bound(const Constraint& c, std::int64_t rhs) {
  if (c.rhs_kind == Constraint::Rhs::per_every) {
    const std::int64_t blocks = c.round_up ? (rhs + c.every - 1) / c.every : rhs / c.every;
    return c.count * blocks;
  }
  if (c.rhs_kind != Constraint::Rhs::percent) return rhs;
  const std::int64_t scaled = c.percent * rhs;
  const std::int64_t floor = scaled / 100, ceil = (scaled + 99) / 100;
  switch (c.op) {
    case CmpOp::ge:
      return ceil;
    case CmpOp::gt:
      return floor + 1;
    case CmpOp::le:
      return floor;
    case CmpOp::lt:
      return ceil - 1;
    default:
      return scaled % 100 == 0 ? floor : ceil;
  }
}

// "at least 40% of the army's 235 points: 94 points of (…)".
std::string required(const MusterArmy& army, const Constraint& c, std::int64_t rhs,
                     std::string_view scope) {
  const std::string target = describe(army, c.rhs, rhs, scope);
  const std::int64_t b = bound(c, rhs);
  const bool points = c.lhs.kind == Amount::Kind::points;
  const std::string least = points ? plural(b, "point") : plural(b, "unit");
  const std::string_view words = op_words(c.op);
  switch (c.rhs_kind) {
    case Constraint::Rhs::percent:
      return fmt::format("{} {}% of {}, that is {} {}", words, c.percent, target, words, least);
    case Constraint::Rhs::per_every:
      return fmt::format("{} {} per {}{} of {}, that is {} {}", words, c.count,
                         c.round_up ? "started " : "", c.every, target, words, least);
    case Constraint::Rhs::plain:
      break;
  }
  return fmt::format("{} {}", words, c.rhs.kind == Amount::Kind::constant ? least : target);
}

bool holds(CmpOp op, std::int64_t l, std::int64_t r) {
  switch (op) {
    case CmpOp::eq:
      return l == r;
    case CmpOp::ne:
      return l != r;
    case CmpOp::lt:
      return l < r;
    case CmpOp::le:
      return l <= r;
    case CmpOp::gt:
      return l > r;
    case CmpOp::ge:
      return l >= r;
  }
  return false;
}

// The switches the constraint's `when` reads, with the options in force.
void switches_read(const rules::Ruleset& data, const rules::Situation& s, const rules::Expr& e,
                   std::vector<std::string>& out) {
  if (e.kind == rules::ExprKind::switch_) {
    const rules::Switch& sw = data.switches[e.ref];
    const rules::SwitchOption& o = sw.options[s.switch_option(e.ref)];
    std::string line = fmt::format("read with {} = {} ({})", sw.name, o.name, o.description);
    for (const std::string& seen : out)
      if (seen == line) return;
    out.push_back(std::move(line));
  }
  for (const rules::Expr& a : e.args) switches_read(data, s, a, out);
}

// Where an "at most" on units breaks: the first unit of the selection, in
// roster order, beyond the number allowed (`division`: within that one).
Span unit_beyond(const MusterArmy& army, const Amount& lhs, std::int64_t allowed,
                 std::optional<std::uint32_t> division) {
  const rules::ArmyList& list = army.data->army_lists[*army.list];
  const std::vector<std::uint32_t>& selected = lhs.all ? list.units : lhs.profiles;
  std::int64_t seen = 0;
  const events::Battle& b = *army.battle;
  for (std::uint32_t i = 0; i < b.units.size(); ++i) {
    if (!army.entry[i]) continue;
    if (division && b.units[i].division != *division) continue;
    if (std::find(selected.begin(), selected.end(), *army.entry[i]) == selected.end()) continue;
    if (++seen > allowed) return b.units[i].span;
  }
  return army.side_of().army_span;
}

void report(const MusterArmy& army, const Constraint& c, const rules::Situation& situation,
            const std::vector<std::int64_t>& counts, std::optional<std::uint32_t> division,
            Reporter& out) {
  const rules::ArmyList& list = army.data->army_lists[*army.list];
  const events::Battle& b = *army.battle;
  const std::int64_t lhs = amount(army, c.lhs, counts);
  const std::int64_t rhs = amount(army, c.rhs, counts);
  const std::string scope =
      division ? fmt::format("division '{}'", b.divisions[*division].id) : std::string("the army");
  const std::string where = division && !c.lhs.all && c.lhs.kind != Amount::Kind::total_points
                                ? fmt::format(" in division '{}'", b.divisions[*division].id)
                                : std::string();
  Span span = division ? b.divisions[*division].span : army.side_of().army_span;
  const bool at_most_units =
      c.lhs.kind == Amount::Kind::count && (c.op == CmpOp::le || c.op == CmpOp::lt);
  if (at_most_units) span = unit_beyond(army, c.lhs, bound(c, rhs), division);
  std::string share;
  if (c.rhs_kind == Constraint::Rhs::percent && rhs > 0)
    share =
        fmt::format(" ({:.1f}% of {})", 100.0 * static_cast<double>(lhs) / static_cast<double>(rhs),
                    describe(army, c.rhs, rhs, scope));
  const std::string message = fmt::format(
      "army '{}' breaks the '{}' list: {}{}{}, where it requires {}", army.side_of().id, list.name,
      describe(army, c.lhs, lhs, scope), where, share, required(army, c, rhs, scope));
  const std::optional<Check> check = check_for_constraint(list.name, c.name);
  auto d = check ? out.breach(*check, span, message)
                 : out.breach("hyw.muster.list-rule", c.refs.empty() ? list.refs : c.refs, span,
                              message);
  d.note("constraint '{}' of the '{}' list in the rules data", c.name, list.name);
  std::vector<std::string> readings;
  if (c.when) switches_read(*army.data, situation, *c.when, readings);
  for (const std::string& r : readings) d.note(r);
  const bool wants_more = c.op == CmpOp::ge || c.op == CmpOp::gt;
  if (c.lhs.kind == Amount::Kind::divisions)
    d.hint("muster the army in as many divisions as the list allows");
  else if (c.lhs.all)
    d.hint("muster {} units{}", wants_more ? "more" : "fewer", division ? " in the division" : "");
  else if (wants_more)
    d.hint("muster more of {}{}, or fewer other units", selection(army, c.lhs),
           division ? " in the division" : "");
  else
    d.hint("muster fewer of {}{}", selection(army, c.lhs), division ? " in the division" : "");
}

}  // namespace

void check_list_constraints(const MusterArmy& army, Reporter& out) {
  const rules::ArmyList& list = army.data->army_lists[*army.list];
  rules::Situation situation(*army.data);
  const std::vector<std::vector<std::int64_t>> roster = army.roster();
  std::vector<std::int64_t> totals(army.data->profiles.size(), 0);
  for (const auto& d : roster)
    for (std::size_t p = 0; p < totals.size(); ++p) totals[p] += d[p];
  situation.set_roster(roster);
  for (std::uint32_t i = 0; i < list.constraints.size(); ++i) {
    const Constraint& c = list.constraints[i];
    rules::Evaluator ev(*army.data, situation);
    const std::optional<bool> met = ev.constraint(*army.list, i);
    if (!met) {
      out.breach("hyw.muster.list-rule", c.refs.empty() ? list.refs : c.refs,
                 army.side_of().army_span,
                 fmt::format("the constraint '{}' of the '{}' list cannot be evaluated: {}", c.name,
                             list.name, ev.error() ? ev.error()->message : "no reason given"));
      continue;
    }
    if (*met) continue;
    if (!c.per_division) {
      report(army, c, situation, totals, std::nullopt, out);
      continue;
    }
    // Each division in breach is one breach, at its own line.
    for (std::size_t d = 0; d < roster.size(); ++d) {
      const std::int64_t l = amount(army, c.lhs, roster[d]);
      const std::int64_t r = amount(army, c.rhs, roster[d]);
      if (!holds(c.op, c.rhs_kind == Constraint::Rhs::percent ? l * 100 : l,
                 c.rhs_kind == Constraint::Rhs::percent     ? r * c.percent
                 : c.rhs_kind == Constraint::Rhs::per_every ? bound(c, r)
                                                            : r))
        report(army, c, situation, roster[d], army.divisions[d], out);
    }
  }
}

}  // namespace umpire::hyw::detail
