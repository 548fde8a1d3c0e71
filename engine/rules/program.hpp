#pragma once
// The rule data's expressions compiled once into one flat array of small
// nodes, for the evaluator's quiet path (no breakdown kept): a replay asks
// the data thousands of questions per second, and walking `Expr` trees —
// wide records, values of three fields, a type check at every level — cost
// two thirds of it. Every expression is typed when it is loaded, so a node
// needs no kind in its result: one 64-bit word (an integer, a boolean, an
// enumeration index, a profile id or a set's bits) and a `none` flag.
//
// The compiled form computes the same values as the tree; where the tree
// would fail (a given missing, an overflow, a lookup without a row) it gives
// up and the evaluator walks the tree again for that item, which fails with
// its usual message (docs/rules-format.md § Evaluation). A differential test
// holds the two to the same answers on every item of every ruleset.
#include <cstdint>
#include <vector>

#include "engine/rules/model.hpp"

namespace umpire::rules {

// A value without its kind, which the node's static type gives.
struct Word {
  std::int64_t w = 0;
  bool none = false;
};

inline Word to_word(const Val& v) {
  return {v.kind == Val::Kind::set ? static_cast<std::int64_t>(v.bits) : v.number, v.is_none()};
}
// The value of static type `kind` that `word` holds. In line: every value a
// compiled expression computes goes through it.
inline Val to_val(Word word, TypeKind kind) {
  if (word.none) return Val::none();
  switch (kind) {
    case TypeKind::boolean:
      return Val::boolean(word.w != 0);
    case TypeKind::integer:
    case TypeKind::roll:
      return Val::integer(word.w);
    case TypeKind::enumeration:
      return Val::enumeration(static_cast<std::uint32_t>(word.w));
    case TypeKind::set:
      return Val::set(static_cast<std::uint64_t>(word.w));
    case TypeKind::profile:
      return Val::profile(static_cast<std::uint32_t>(word.w));
  }
  return Val::none();
}

// The data's `/`, rounded down or up (docs/rules-format.md § Expressions),
// for the tree and the compiled form alike.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return -floor_div(-a, b);
}

class Evaluator;
struct NativeProgram;
// An item's expression as C++ generated at build time (native/native.hpp).
using NativeRoot = Word (*)(Evaluator&);
// Finds the generated code for a program's fingerprint (rules::find_native).
using NativeLookup = const NativeProgram* (*)(std::uint64_t fingerprint);

class Program {
 public:
  static constexpr std::uint32_t npos = UINT32_MAX;

  struct Node {
    ExprKind kind = ExprKind::literal;
    bool round_up = false;  // div
    bool none = false;      // literal `none`
    std::uint16_t arity = 0;
    std::uint32_t kids = 0;   // first child's slot in kids()
    std::uint32_t ref = 0;    // given, switch, value, table or stack id
    std::uint32_t index = 0;  // field or column
    std::int64_t imm = 0;     // literal word, or factor (mul, div)
  };

  // Compiles every value, permission condition and stack entry of `rs`. The
  // program answers for that ruleset object only (source()), which must not
  // change after.
  // With `lookup`, the program also takes the C++ generated from its nodes
  // when the build made some for exactly these nodes (native()).
  explicit Program(const Ruleset& rs, NativeLookup lookup = nullptr);

  // A digest of every node and operand slot: two programs with the same
  // fingerprint compute alike (what a node reads at run time, a table's
  // rows or a profile's fields, it reads through the ruleset).
  std::uint64_t fingerprint() const { return fingerprint_; }
  // The generated code this program runs, or null: then it interprets.
  const NativeProgram* native() const { return native_; }
  // Root `node`'s generated function, or null.
  NativeRoot native_root(std::uint32_t node) const {
    return native_roots_.empty() ? nullptr : native_roots_[node];
  }

  const Ruleset* source() const { return source_; }
  const Node& node(std::uint32_t i) const { return nodes_[i]; }
  std::uint32_t kid(const Node& n, std::uint32_t k) const { return kids_[n.kids + k]; }

  // Roots, or npos where the item has no such expression.
  std::uint32_t value(std::uint32_t id) const { return values_[id]; }
  std::uint32_t permission(std::uint32_t id) const { return permissions_[id]; }
  // Entry `entry` of stage `stage` of stack `stack`: its condition, its operand.
  std::uint32_t entry_when(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry) const {
    return entry_when_[entry_slot(stack, stage, entry)];
  }
  std::uint32_t entry_operand(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry) const {
    return entry_operand_[entry_slot(stack, stage, entry)];
  }
  std::size_t size() const { return nodes_.size(); }

  // A table's rows by their keys, for a table whose keys take few values
  // (their domains multiply to at most max_indexed_cells): the first row
  // that each combination of keys matches, as the rows' scan would find it.
  using TableIndex = TableCells;
  static constexpr std::uint64_t max_indexed_cells = 4096;
  // Table `t`'s index, or null: its rows are scanned.
  const TableIndex* table_index(std::uint32_t t) const {
    return t < tables_.size() && !tables_[t].first_row.empty() ? &tables_[t] : nullptr;
  }

  // Every node an item's expression starts at (values, permission conditions,
  // stack entries' conditions and operands), in increasing order.
  std::vector<std::uint32_t> roots() const;

 private:
  std::uint32_t add(const Expr& e);
  std::uint32_t add(const std::optional<Expr>& e) { return e ? add(*e) : npos; }
  std::size_t entry_slot(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry) const {
    return stage_first_[stack_first_[stack] + stage] + entry;
  }

  std::uint64_t compute_fingerprint() const;

  const Ruleset* source_;
  std::uint64_t fingerprint_ = 0;
  const NativeProgram* native_ = nullptr;
  std::vector<NativeRoot> native_roots_;  // by node: empty without native code
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> kids_;
  std::vector<std::uint32_t> values_, permissions_;
  // Stack s's stages are stage_first_[stack_first_[s] ...]; each gives the
  // slot of its first entry in entry_when_ / entry_operand_.
  std::vector<std::uint32_t> stack_first_, stage_first_;
  std::vector<std::uint32_t> entry_when_, entry_operand_;
  std::vector<TableIndex> tables_;
};

}  // namespace umpire::rules
