#pragma once
// How much slower the code under test runs than a release build: the time
// limits of the tests hold on a loaded machine, and sanitizers slow the
// code about ten times.
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

}  // namespace umpire::testing
