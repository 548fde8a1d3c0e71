#pragma once
// How much slower the code under test runs than a release build: the time
// limits of the tests hold on a loaded machine, and sanitizers slow the
// code about ten times.
#include <cstddef>

namespace umpire::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr double slowdown = 10;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr double slowdown = 10;
#else
inline constexpr double slowdown = 1;
#endif
#else
inline constexpr double slowdown = 1;
#endif

// How many elements a test of a hostile input writes: the input of the
// report (a hundred thousand arms, rows...), or a tenth of it under the
// sanitizers, where the parser of an unoptimised build takes a minute over
// what a release build reads in a fifth of a second; either is far past the
// limits.
inline constexpr std::size_t hostile_count = slowdown > 1 ? 10'000 : 100'000;

// How many of a test's cases (games, seeds, logs) a loop takes: all of them
// in a plain build, a few under the sanitizers. There every process pays a
// second of start-up and every load of the rules data a second more, and
// what the sanitizers look for (a bad read, a leak, an overflow) shows in
// the first cases as well as in the hundredth; the plain build of the same
// CI run takes every case.
inline constexpr bool sanitized = slowdown > 1;
constexpr std::size_t cases(std::size_t all, std::size_t under_sanitizers) {
  return sanitized && under_sanitizers < all ? under_sanitizers : all;
}

}  // namespace umpire::testing
