// Compiles the data's expressions to the flat nodes of program.hpp.
#include "engine/rules/program.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/core/replay/state_hash.hpp"
#include "engine/rules/native/native.hpp"

namespace umpire::rules {

Program::Program(const Ruleset& rs, NativeLookup lookup) : source_(&rs) {
  values_.reserve(rs.values.size());
  for (const ValueItem& v : rs.values) values_.push_back(add(v.expr));
  permissions_.reserve(rs.permissions.size());
  for (const Permission& p : rs.permissions) permissions_.push_back(add(p.when));
  for (const Stack& s : rs.stacks) {
    stack_first_.push_back(static_cast<std::uint32_t>(stage_first_.size()));
    for (const Stage& stage : s.stages) {
      stage_first_.push_back(static_cast<std::uint32_t>(entry_when_.size()));
      for (const Entry& e : stage.entries) {
        entry_when_.push_back(add(e.when));
        // mul and div carry a factor, not an operand.
        entry_operand_.push_back(e.op == OpKind::mul || e.op == OpKind::div ? npos
                                                                            : add(e.operand));
      }
    }
  }
  tables_.reserve(rs.tables.size());
  for (const Table& t : rs.tables)
    tables_.push_back(table_cells(rs, t, max_indexed_cells).value_or(TableIndex{}));
  fingerprint_ = compute_fingerprint();
  native_ = lookup ? lookup(fingerprint_) : nullptr;
  if (native_) {
    native_roots_.assign(nodes_.size(), nullptr);
    for (const auto& [node, fn] : native_->roots)
      if (node < nodes_.size()) native_roots_[node] = fn;
  }
}

std::vector<std::uint32_t> Program::roots() const {
  std::vector<std::uint32_t> out;
  for (const auto* slots : {&values_, &permissions_, &entry_when_, &entry_operand_})
    for (const std::uint32_t root : *slots)
      if (root != npos) out.push_back(root);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::uint64_t Program::compute_fingerprint() const {
  // Field by field (a node has padding), in the order the nodes were made.
  std::uint64_t h = 0;
  const auto mix = [&](std::uint64_t v) { h = replay::splitmix64(h ^ v); };
  mix(nodes_.size());
  for (const Node& n : nodes_) {
    mix(static_cast<std::uint64_t>(n.kind) | std::uint64_t{n.round_up} << 8 |
        std::uint64_t{n.none} << 9 | std::uint64_t{n.arity} << 16);
    mix(n.kids);
    mix(n.ref);
    mix(n.index);
    mix(static_cast<std::uint64_t>(n.imm));
  }
  mix(kids_.size());
  for (std::uint32_t k : kids_) mix(k);
  return h;
}

std::uint32_t Program::add(const Expr& e) {
  if (e.args.size() > UINT16_MAX) throw std::length_error("expression with too many operands");
  Node n;
  n.kind = e.kind;
  n.round_up = e.round_up;
  n.arity = static_cast<std::uint16_t>(e.args.size());
  n.ref = e.ref;
  n.index = e.index;
  n.imm = e.factor;
  if (e.kind == ExprKind::literal) {
    const Word w = to_word(e.literal);
    n.imm = w.w;
    n.none = w.none;
  }
  // Children first, then their slots side by side: a node reads its
  // operands as one run of kids_.
  std::vector<std::uint32_t> kids;
  kids.reserve(e.args.size());
  for (const Expr& a : e.args) kids.push_back(add(a));
  n.kids = static_cast<std::uint32_t>(kids_.size());
  kids_.insert(kids_.end(), kids.begin(), kids.end());
  if (nodes_.size() >= npos) throw std::length_error("too many expression nodes in one ruleset");
  nodes_.push_back(n);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

}  // namespace umpire::rules
