// The evaluator's quiet path over the compiled nodes of program.hpp: the
// same values as eval_inner() (evaluator.cpp), with no breakdown. Wherever
// eval_inner() would fail, this throws Bail and the caller walks the tree.
// Each node's step is NativeOps', which the generated code calls too.
#include <algorithm>

#include "engine/rules/evaluator.hpp"
#include "engine/rules/native/native_ops.hpp"

namespace umpire::rules {
// A node's operand. Literals and givens, half of what the data's conditions
// read, are fetched here without a call of run() of their own.
inline Word Evaluator::child(std::uint32_t k) {
  const Program::Node& c = code_->node(k);
  if (c.kind == ExprKind::literal) return {c.imm, c.none};
  if (c.kind == ExprKind::given) return NativeOps::given(*this, c.ref);
  return run(k);
}

inline std::int64_t Evaluator::child_int(std::uint32_t k) {
  return NativeOps::integer(child(k));
}

inline bool Evaluator::child_bool(std::uint32_t k) {
  return NativeOps::boolean(child(k));
}

// Kept out of run(): its keys would widen the frame of every node's call.
Word Evaluator::run_lookup(const Program::Node& n) {
  boost::container::small_vector<Word, 4> keys;
  for (std::uint32_t k = 0; k < n.arity; ++k) keys.push_back(child(code_->kid(n, k)));
  return lookup_row(n, keys);
}

Word Evaluator::lookup_row(const Program::Node& n, std::span<const Word> keys) {
  const Table& t = rs_.tables[n.ref];
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const Type& type = t.keys[k].type;
    if (keys[k].none || (type.numeric() && (keys[k].w < type.lo || keys[k].w > type.hi)))
      throw Bail{};
  }
  // No row: a partial table gives none, a complete one cannot be answered.
  const auto miss = [&]() -> Word {
    if (!t.partial) throw Bail{};
    last_miss_table_ = n.ref;
    last_miss_keys_.clear();
    for (std::size_t k = 0; k < keys.size(); ++k)
      last_miss_keys_.push_back(to_val(keys[k], t.keys[k].type.kind));
    return {0, true};
  };
  if (const Program::TableIndex* index = code_ ? code_->table_index(n.ref) : nullptr) {
    // The combination's number, the first key fastest (TableCells).
    std::size_t cell = 0;
    bool inside = true;
    for (std::size_t k = keys.size(); k-- > 0 && inside;) {
      const std::int64_t at = keys[k].w - index->first[k];
      inside = at >= 0 && at < index->count[k];
      cell = cell * static_cast<std::size_t>(index->count[k]) + static_cast<std::size_t>(at);
    }
    if (inside) {
      const std::int32_t r = index->first_row[cell];
      if (r >= 0) return to_word(t.rows[static_cast<std::size_t>(r)].results[n.index]);
      return miss();
    }
  }
  for (const Row& row : t.rows) {
    bool all = true;
    for (std::size_t k = 0; k < keys.size() && all; ++k)
      all = row.keys[k].matches(t.keys[k].type.kind, keys[k].w);
    if (all) return to_word(row.results[n.index]);
  }
  return miss();
}

Word Evaluator::run(std::uint32_t i) {
  using O = NativeOps;  // each step, shared with the generated code
  const Program::Node& n = code_->node(i);
  const auto arg = [&](std::uint32_t k) { return code_->kid(n, k); };
  switch (n.kind) {
    case ExprKind::literal:
      return {n.imm, n.none};
    case ExprKind::given:
      return O::given(*this, n.ref);
    case ExprKind::switch_:
      return O::switch_option(*this, n.ref);
    case ExprKind::value:
      return O::value(*this, n.ref);
    case ExprKind::field:
      return O::field(*this, child(arg(0)), n.index);
    case ExprKind::lookup:
      return run_lookup(n);
    case ExprKind::add: {
      const std::int64_t a = child_int(arg(0));  // operands in order, as the tree
      return O::add(a, child_int(arg(1)));
    }
    case ExprKind::sub: {
      const std::int64_t a = child_int(arg(0));  // operands in order, as the tree
      return O::sub(a, child_int(arg(1)));
    }
    case ExprKind::neg:
      return O::checked(false, -child_int(arg(0)));
    case ExprKind::mul:
      return O::mul(child_int(arg(0)), n.imm);
    case ExprKind::div: {
      const std::int64_t a = child_int(arg(0));
      return {n.round_up ? ceil_div(a, n.imm) : floor_div(a, n.imm), false};
    }
    case ExprKind::min: {
      const std::int64_t a = child_int(arg(0));
      return {std::min(a, child_int(arg(1))), false};
    }
    case ExprKind::max: {
      const std::int64_t a = child_int(arg(0));
      return {std::max(a, child_int(arg(1))), false};
    }
    case ExprKind::cases: {
      const std::uint32_t arms = (n.arity - 1U) / 2U;
      for (std::uint32_t k = 0; k < arms; ++k)
        if (child_bool(arg(2 * k))) return child(arg(2 * k + 1));
      return child(arg(n.arity - 1U));
    }
    case ExprKind::with_stack:
      return O::stack(*this, n.ref, child_int(arg(0)));
    case ExprKind::eq:
    case ExprKind::ne: {
      const Word a = child(arg(0));
      return O::equal(a, child(arg(1)), n.kind == ExprKind::eq);
    }
    case ExprKind::lt: {
      const std::int64_t a = child_int(arg(0));
      return O::truth(a < child_int(arg(1)));
    }
    case ExprKind::le: {
      const std::int64_t a = child_int(arg(0));
      return O::truth(a <= child_int(arg(1)));
    }
    case ExprKind::gt: {
      const std::int64_t a = child_int(arg(0));
      return O::truth(a > child_int(arg(1)));
    }
    case ExprKind::ge: {
      const std::int64_t a = child_int(arg(0));
      return O::truth(a >= child_int(arg(1)));
    }
    case ExprKind::in: {
      const Word a = child(arg(0));
      return O::member(a, child(arg(1)));
    }
    case ExprKind::not_:
      return O::truth(!child_bool(arg(0)));
    case ExprKind::and_:
      return O::truth(child_bool(arg(0)) && child_bool(arg(1)));
    case ExprKind::or_:
      return O::truth(child_bool(arg(0)) || child_bool(arg(1)));
    case ExprKind::implies:
      return O::truth(!child_bool(arg(0)) || child_bool(arg(1)));
  }
  throw Bail{};
}

bool Evaluator::holds(const Expr& e, std::uint32_t root) {
  if (quick() && root != Program::npos) {
    try {
      return NativeOps::boolean(compiled(root));
    } catch (const Bail&) {
    }
  }
  return eval_bool(e);
}

std::int64_t Evaluator::integer(const Expr& e, std::uint32_t root) {
  if (quick() && root != Program::npos) {
    try {
      return NativeOps::integer(compiled(root));
    } catch (const Bail&) {
    }
  }
  return eval_int(e);
}

Val Evaluator::value_expr(const ValueItem& v, std::uint32_t root) {
  if (quick() && root != Program::npos) {
    try {
      return to_val(compiled(root), v.type.kind);
    } catch (const Bail&) {
    }
  }
  return eval_inner(v.expr);
}

}  // namespace umpire::rules
