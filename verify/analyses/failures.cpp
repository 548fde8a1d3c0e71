// Table coverage and range breaches: every place where the evaluator can
// stop with an error on a legal situation. For each root item and each
// failure site in its translation, Z3 looks for a situation where
// evaluation stops there first; the evaluator replays the witness and must
// fail too. A lookup with no row (or keys outside the table) is a gap; a
// value or stack beyond its declared range is a breach.
#include <fmt/format.h>

#include <optional>
#include <set>

#include "grammar/rules/diagnostics.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

bool is_gap(const FailureSite& site, const Ruleset& rs) {
  if (site.id == rules::Diag::eval_no_row) return true;
  if (site.id == rules::Diag::eval_no_value) return true;
  if (site.id == rules::Diag::eval_out_of_range) {
    for (const Table& t : rs.tables) {
      for (const Field& k : t.keys) {
        if (k.span.file == site.span.file && k.span.begin == site.span.begin) return true;
      }
    }
  }
  return false;
}

// The partial table whose missing row stopped the evaluator, named in its
// message ("no row of partial table 'T' matches …"), if any.
std::optional<std::string> partial_table_in(const std::optional<EvalError>& error) {
  if (!error) return std::nullopt;
  const std::string_view marker = "partial table '";
  const std::size_t at = error->message.find(marker);
  if (at == std::string::npos) return std::nullopt;
  const std::size_t begin = at + marker.size(), end = error->message.find('\'', begin);
  if (end == std::string::npos) return std::nullopt;
  return error->message.substr(begin, end - begin);
}

}  // namespace

void analyse_failures(Context& c) {
  std::set<std::uint32_t> done;
  for (const Root& root : c.roots()) {
    // Most items can never fail: one query over all their open sites first,
    // and one per site only for the items that can.
    std::vector<std::uint32_t> open;
    for (std::uint32_t site_id : c.smt.sites(root.term)) {
      if (!done.count(site_id) && c.smt.site(site_id).id != absent_site) open.push_back(site_id);
    }
    if (open.empty()) continue;
    // Whatever fails past an entry the text leaves out on purpose is what
    // the text means ("la cavalerie ne tire pas"), not a defect.
    const Term outside_absent = c.reached(root.term);
    Term any = c.smt.fails_at(root.term, open.front());
    for (std::size_t i = 1; i < open.size(); ++i)
      any = c.smt.or_(any, c.smt.fails_at(root.term, open[i]));
    if (c.smt.check({any, c.legal, outside_absent}) == SmtStatus::unsat) continue;
    for (std::uint32_t site_id : open) {
      if (done.count(site_id)) continue;
      const FailureSite& site = c.smt.site(site_id);
      Witness w;
      const std::vector<Term> query{c.smt.fails_at(root.term, site_id), c.legal, outside_absent};
      const SmtStatus st = c.smt.check(query, &w);
      if (st == SmtStatus::unknown) {
        c.not_proved(root.item, fmt::format("{}:{}", root.item.name, site_id),
                     fmt::format("whether '{}' can stop at: {}", root.item.name, site.what));
      }
      if (st != SmtStatus::sat) continue;
      done.insert(site_id);
      w = c.typical(query, w, root.support);
      const bool gap = is_gap(site, c.rs);
      const Situation s = w.situation(c.rs);
      const Replay r = c.replay(root, s);
      const std::string message = r.error ? r.error->message : site.what;
      // The table, value or stack where evaluation stops.
      std::optional<ItemRef> where;
      for (const auto& [name, ref] : c.rs.items) {
        if (ref.kind != ItemKind::table && ref.kind != ItemKind::stack &&
            ref.kind != ItemKind::value)
          continue;
        const Span sp = c.rs.span_of(ref);
        if (sp.file == site.span.file && sp.begin <= site.span.begin && site.span.end <= sp.end) {
          where = ref;
          break;
        }
      }
      const std::string where_name = where ? c.rs.name_of(*where) : root.item.name;
      Finding f = c.finding(
          gap ? Category::table_gap : Category::range_breach, Severity::error,
          fmt::format("{}:{}", where_name, id_of(site.id).substr(id_of(site.id).rfind('.') + 1)),
          fmt::format("'{}' cannot be computed in some situations: {}", root.item.name, message));
      f.items.push_back(root.item);
      if (where && where_name != root.item.name) f.items.push_back(c.item(*where));
      f.witness = c.witness_lines(w, &root.support);
      f.evidence = r.evidence;
      // A hole of a partial table is the table's gap (text_notes.cpp), one cause.
      if (auto table = partial_table_in(r.error))
        f.cause = fmt::format("gap:{}:{}", c.rs.id, *table);
      // A partial table's lookup whose missing row leaves the expression
      // that fails without a value (the lookup itself, or a `cases` arm
      // around it) is the same hole, when the evaluator finds no row for it
      // in the witness.
      for (std::uint32_t ti = 0; ti < c.rs.tables.size() && f.cause.empty(); ++ti) {
        if (!c.rs.tables[ti].partial) continue;
        for (const Expr* lookup : lookups_of(c.rs, ti)) {
          if (lookup->span.file != site.span.file || lookup->span.begin < site.span.begin ||
              lookup->span.end > site.span.end) {
            continue;
          }
          Evaluator ev(c.rs, s);
          const std::optional<Val> found = ev.eval(*lookup);
          if (found && found->is_none())
            f.cause = fmt::format("gap:{}:{}", c.rs.id, c.rs.tables[ti].name);
        }
      }
      // A stack whose base is a partial table's lookup: the table's gap too.
      if (root.kind == RootKind::stack) {
        const Stack& stack = c.rs.stacks[root.index];
        if (stack.base && stack.base->kind == ExprKind::lookup &&
            c.rs.tables[stack.base->ref].partial) {
          f.cause = fmt::format("gap:{}:{}", c.rs.id, c.rs.tables[stack.base->ref].name);
        }
      }
      f.action =
          gap ? fmt::format(
                    "Give '{}' a result for the witness's case, or say that the case cannot occur.",
                    where_name)
              : fmt::format(
                    "Bound '{}' as the text intends (a cap on the modifiers), or say that it has "
                    "no "
                    "bound.",
                    where_name);
      if (gap) {
        f.explanation = fmt::format(
            "In the witness situation the lookup finds no result: {}. Either a row is missing (add "
            "one that covers "
            "these keys, or mark the table 'partial' if the text leaves the case open), or the "
            "modifiers can push "
            "a key beyond what the table was written for (clamp the stack, or state the limit).",
            message);
      } else {
        f.explanation = fmt::format(
            "In the witness situation the result leaves its declared range: {}. Either the "
            "modifiers stack higher "
            "(or lower) than the text allows, in which case a cap is missing, or the declared "
            "range is too narrow; "
            "declare the stack 'clamp' only if the text itself bounds the result.",
            message);
      }
      if (!r.failed) {
        c.internal_error(f, "the evaluator computes it without error");
        continue;
      }
      c.add(std::move(f));
    }
  }
}

}  // namespace umpire::verify
