// Compiles the data's expressions to the flat nodes of program.hpp.
#include "engine/rules/program.hpp"

#include <stdexcept>

namespace umpire::rules {

Val to_val(Word word, TypeKind kind) {
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

Program::Program(const Ruleset& rs) : source_(&rs) {
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
