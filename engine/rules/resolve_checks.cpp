// Whole-ruleset checks after resolution: dependency cycles between values
// and modifier stacks, and table coverage (gaps and unreachable rows).
#include <algorithm>
#include <functional>

#include "engine/core/plural.hpp"
#include "engine/rules/resolve.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {
namespace {

// Values and stacks an expression refers to: node id = value index, or
// values.size() + stack index.
void collect(const Expr& e, std::size_t values, std::vector<std::size_t>& out) {
  if (e.kind == ExprKind::value) out.push_back(e.ref);
  if (e.kind == ExprKind::with_stack) out.push_back(values + e.ref);
  for (const Expr& a : e.args) collect(a, values, out);
}

}  // namespace

void Resolver::check_cycles() {
  const std::size_t nv = rs_.values.size();
  const std::size_t n = nv + rs_.stacks.size();
  std::vector<std::vector<std::size_t>> deps(n);
  for (std::size_t i = 0; i < nv; ++i) collect(rs_.values[i].expr, nv, deps[i]);
  for (std::size_t s = 0; s < rs_.stacks.size(); ++s) {
    const Stack& st = rs_.stacks[s];
    if (st.base) collect(*st.base, nv, deps[nv + s]);
    for (const Stage& stage : st.stages) {
      for (const Entry& e : stage.entries) {
        collect(e.operand, nv, deps[nv + s]);
        if (e.when) collect(*e.when, nv, deps[nv + s]);
      }
    }
  }
  auto name = [&](std::size_t i) { return i < nv ? rs_.values[i].name : rs_.stacks[i - nv].name; };
  auto span = [&](std::size_t i) { return i < nv ? rs_.values[i].span : rs_.stacks[i - nv].span; };
  std::vector<int> colour(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::size_t> path;
  std::function<void(std::size_t)> visit = [&](std::size_t i) {
    colour[i] = 1;
    path.push_back(i);
    for (std::size_t d : deps[i]) {
      if (colour[d] == 1) {
        auto at = std::find(path.begin(), path.end(), d);
        std::string cycle;
        for (auto it = at; it != path.end(); ++it) cycle += name(*it) + " -> ";
        diags_.report(rules::Diag::cycle, span(d), "'{}' depends on itself", name(d))
            .note("cycle: {}{}", cycle, name(d))
            .hint("break the cycle: a value or stack cannot use its own result");
      } else if (colour[d] == 0) {
        visit(d);
      }
    }
    path.pop_back();
    colour[i] = 2;
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (colour[i] == 0) visit(i);
  }
}

void Resolver::check_table_coverage(const Table& t) {
  // Too large to enumerate here: the verifier does it.
  const std::optional<TableCells> cells = table_cells(rs_, t, 100000);
  if (!cells) return;
  std::vector<bool> reached(t.rows.size(), false);
  std::vector<std::string> gaps;
  std::size_t gap_count = 0;
  for (std::size_t cell = 0; cell < cells->first_row.size(); ++cell) {
    const std::int32_t row = cells->first_row[cell];
    if (row >= 0) {
      reached[static_cast<std::size_t>(row)] = true;
      continue;
    }
    ++gap_count;
    if (gaps.size() < 5) {
      std::string text;
      for (std::size_t k = 0; k < t.keys.size(); ++k) {
        const std::int64_t key = cells->key(cell, k);
        const Val v = t.keys[k].type.kind == TypeKind::enumeration
                          ? Val::enumeration(static_cast<std::uint32_t>(key))
                      : t.keys[k].type.kind == TypeKind::boolean ? Val::boolean(key != 0)
                                                                 : Val::integer(key);
        text += (k ? ", " : "") + t.keys[k].name + " = " + value_text(rs_, t.keys[k].type, v);
      }
      gaps.push_back(text);
    }
  }
  if (gap_count > 0 && !t.partial) {
    auto d = diags_.report(rules::Diag::table_gap, t.span, "table '{}' has no row for {}", t.name,
                           plural(gap_count, "key combination"));
    for (const std::string& g : gaps) d.note("no row for {}", g);
    d.hint("add rows, or declare the table 'partial' if the text leaves these cases open");
  }
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    if (reached[r]) continue;
    diags_
        .report(rules::Diag::table_unreachable_row, t.rows[r].span,
                "no situation reaches this row of '{}'", t.name)
        .hint("earlier rows already cover every key it matches");
  }
}

}  // namespace umpire::rules
