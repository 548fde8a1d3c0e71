#pragma once
// The compiled nodes of a shipped ruleset (program.hpp) turned into C++ when
// Umpire is built (generate_native.cpp): one function per item's expression,
// its operands inlined, so a quiet evaluation runs straight-line code where
// the interpreter dispatches on every node. The interpreter stays the
// definition: a program uses native code only when its nodes are exactly
// those the code was generated from (the fingerprint), and a differential
// test holds the two to the same answers (tests/rules/program_test.cpp).
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "engine/rules/program.hpp"

namespace umpire::rules {

// An item's expression is a NativeRoot (program.hpp), rooted at one node; it
// throws Evaluator::Bail where the interpreter would (the tree then says why).
struct NativeProgram {
  std::string_view ruleset;  // the stem of the .rules file it was generated from
  std::uint64_t fingerprint = 0;
  // (root node, its function), by node.
  std::span<const std::pair<std::uint32_t, NativeRoot>> roots;
};

// The generated program whose nodes have this fingerprint, or null (a ruleset
// edited since the build, a variant written by a user, a test's own data).
const NativeProgram* find_native(std::uint64_t fingerprint);

}  // namespace umpire::rules
