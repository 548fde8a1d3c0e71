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

}  // namespace umpire::testing
