#pragma once
// The step of each kind of compiled node: what the interpreter
// (Evaluator::run, evaluate_compiled.cpp) and the C++ generated from a
// program (generate_native.cpp) both call, so that the two compute alike and
// give up (Bail) at the same points.
#include <algorithm>
#include <cstdint>
#include <span>

#include "engine/rules/evaluator.hpp"
#include "engine/rules/native/native.hpp"

namespace umpire::rules {

struct NativeOps {
  using Bail = Evaluator::Bail;

  // Most reads find the given kept: that path is inlined in the generated
  // code, asking the source is not.
  static Word given(Evaluator& e, std::uint32_t id) {
    if (const Val* known = e.s_.kept(id)) return to_word(*known);
    return provided(e, id);
  }
#if defined(__GNUC__)
  [[gnu::noinline]]
#endif
  static Word
  provided(Evaluator& e, std::uint32_t id) {
    const std::optional<Val> v = e.s_.provided(id);
    if (!v) throw Bail{};
    return to_word(*v);
  }
  static Word switch_option(Evaluator& e, std::uint32_t id) {
    return {static_cast<std::int64_t>(e.s_.switch_option(id)), false};
  }
  static Word value(Evaluator& e, std::uint32_t id) {
    return to_word(e.value_inner(id));
  }
  static Word field(Evaluator& e, Word profile, std::uint32_t index) {
    if (profile.none) return profile;
    return to_word(e.rs_.profiles[static_cast<std::size_t>(profile.w)].values[index]);
  }
  // A table's rows are data the program does not hold: looked up as the
  // interpreter does, from the node, once its keys are evaluated.
  static Word lookup(Evaluator& e, std::uint32_t node, std::span<const Word> keys) {
    return e.lookup_row(e.code_->node(node), keys);
  }
  static Word stack(Evaluator& e, std::uint32_t id, std::int64_t start) {
    return {e.stack_inner(id, start), false};
  }

  static std::int64_t integer(Word w) {
    if (w.none) throw Bail{};
    return w.w;
  }
  static bool boolean(Word w) {
    if (w.none) throw Bail{};
    return w.w != 0;
  }
  static Word truth(bool b) {
    return {b ? 1 : 0, false};
  }
  // The bound on intermediate results (the tree's `checked`, evaluator.cpp).
  static Word checked(bool overflow, std::int64_t r) {
    if (overflow || r > 64 * max_int || r < -64 * max_int) throw Bail{};
    return {r, false};
  }
  static Word add(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    const bool o = __builtin_add_overflow(a, b, &r);
    return checked(o, r);
  }
  static Word sub(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    const bool o = __builtin_sub_overflow(a, b, &r);
    return checked(o, r);
  }
  static Word mul(std::int64_t a, std::int64_t factor) {
    std::int64_t r = 0;
    const bool o = __builtin_mul_overflow(a, factor, &r);
    return checked(o, r);
  }
  // `want_equal`: eq, else ne. Two nones are equal.
  static Word equal(Word a, Word b, bool want_equal) {
    const bool same = a.none == b.none && (a.none || a.w == b.w);
    return truth(want_equal == same);
  }
  static Word member(Word a, Word set) {
    if (a.none || a.w < 0 || a.w >= 64) return {0, false};
    return truth((static_cast<std::uint64_t>(set.w) >> a.w & 1U) != 0);
  }
};

}  // namespace umpire::rules
