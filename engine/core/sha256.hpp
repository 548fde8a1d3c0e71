#pragma once
// SHA-256 (FIPS 180-4), for the digest that pins a battle log to its rules
// data (`data "..." sha256 "..."`, docs/log-format.md § Header): the same
// digest `sha256sum` prints, so that an organiser can check it by hand.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace umpire {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  // The digest of everything updated so far; the object is then spent.
  std::array<std::uint8_t, 32> finish();

 private:
  void block(const std::uint8_t* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  // bytes
};

// The digest of `bytes` as 64 lower-case hexadecimal digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace umpire
