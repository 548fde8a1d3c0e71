#pragma once
// The dice notation as written, before any meaning is checked: plain structs
// whose nodes carry byte offsets into the parsed text. lower.cpp turns them
// into engine/core/dice/expr.hpp types and reports what the syntax allows but
// the dice do not (`d0`, `3d6kl4`).
#include <boost/optional.hpp>
#include <boost/variant.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::dice::grammar::ast {

// Offsets relative to the start of the parsed text, filled on success.
struct Node {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct Number : Node {
  std::string digits;
};

struct KeepOption : Node {
  std::string op;  // "kh", "kl", "dh" or "dl", as written (any case)
  Number count;
};

struct RerollOption : Node {
  boost::optional<char> relation;  // '<' or '>'; none: that one value
  Number value;
};

struct DiceNode : Node {
  boost::optional<Number> count;
  Number sides;
  boost::optional<KeepOption> keep;
  boost::optional<RerollOption> reroll;
};

struct ConstantNode : Node {
  std::string digits;
};

using Operand = boost::variant<DiceNode, ConstantNode>;

struct SignedTerm : Node {
  boost::optional<char> sign;  // only the first term may omit it
  Operand operand;
};

struct ExprNode : Node {
  SignedTerm first;
  std::vector<SignedTerm> rest;
};

// Recorded faces: `3,5` or `1r4,5`.
struct FaceNode : Node {
  Number first;
  boost::optional<Number> second;
};

struct FacesNode : Node {
  FaceNode first;
  std::vector<FaceNode> rest;
};

}  // namespace umpire::dice::grammar::ast
