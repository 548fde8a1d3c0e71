#pragma once
// The portable random number generator of seeded games. Fully specified in
// docs/dice.md § Random numbers so that another implementation reproduces a
// seeded game bit for bit: SplitMix64 expands the 64-bit seed into the state
// of xoshiro256** (Blackman and Vigna), and faces are drawn by rejection, never
// through a std:: distribution, whose output differs between standard
// libraries.
#include <array>
#include <cstdint>

namespace umpire::dice {

// SplitMix64 (Steele, Lea and Flood): used only to seed Rng.
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
  constexpr std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// A face 1..sides from 64-bit outputs x drawn from `next`: with
// r = 2^64 mod sides, an x above 2^64 - 1 - r falls in the incomplete block at
// the top of the range and is rejected (another x is drawn); otherwise the
// face is x mod sides + 1. `sides` must be at least 1.
template <typename Next>
constexpr std::uint32_t unbiased_face(std::uint32_t sides, Next&& next) {
  const std::uint64_t n = sides;
  const std::uint64_t r = (0 - n) % n;  // 2^64 mod n, in 64-bit arithmetic
  const std::uint64_t limit = ~std::uint64_t{0} - r;
  std::uint64_t x = next();
  while (x > limit) x = next();
  return static_cast<std::uint32_t>(x % n) + 1;
}

class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;

  // The state is four successive SplitMix64 outputs from `seed`.
  explicit constexpr Rng(std::uint64_t seed) : state_(seed_state(seed)) {}
  // A raw state, for the published reference vectors; must not be all zero.
  static constexpr Rng from_state(const State& state) { return Rng(state, 0); }

  // Next raw 64-bit output of xoshiro256**.
  constexpr std::uint64_t next() {
    std::uint64_t* s = state_.data();
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }

  // A face 1..sides, unbiased (see unbiased_face above).
  constexpr std::uint32_t face(std::uint32_t sides) {
    return unbiased_face(sides, [this] { return next(); });
  }

  constexpr const State& state() const { return state_; }

 private:
  constexpr Rng(const State& state, int) : state_(state) {}
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static constexpr State seed_state(std::uint64_t seed) {
    SplitMix64 sm(seed);
    State s{};
    for (std::uint64_t& word : s) word = sm.next();
    return s;
  }

  State state_;
};

}  // namespace umpire::dice
