#pragma once
// A span is a half-open byte range [begin, end) in one source file. Nodes keep
// byte offsets only; line and column are computed when a diagnostic is printed,
// as Clang does, so that parsing never pays for line tables it may not need.
#include <compare>
#include <cstdint>

namespace umpire {

struct FileId {
  std::uint32_t value = UINT32_MAX;
  constexpr bool valid() const { return value != UINT32_MAX; }
  friend constexpr auto operator<=>(FileId, FileId) = default;
};

struct Span {
  FileId file;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;

  constexpr bool valid() const { return file.valid(); }
  constexpr std::uint32_t size() const { return end - begin; }
  friend constexpr auto operator<=>(const Span&, const Span&) = default;
};

// Smallest span covering both (same file assumed).
constexpr Span merge(Span a, Span b) {
  if (!a.valid()) return b;
  if (!b.valid()) return a;
  return {a.file, a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
}

}  // namespace umpire
