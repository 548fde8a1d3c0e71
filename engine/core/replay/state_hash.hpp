#pragma once
// Canonical state bytes and their hash (docs/engine.md § State hash).
//
// A ruleset engine writes its whole state through a StateWriter, field by
// field in a fixed order; the writer turns every value into fixed-width
// little-endian bytes, so the bytes depend neither on the compiler nor on the
// host's endianness or padding. The hash is 64-bit FNV-1a over those bytes:
// simple enough that another implementation can recompute a replay's hash
// sequence from the documented layout alone.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace umpire::replay {

inline constexpr std::uint64_t fnv1a_offset_basis = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t fnv1a_prime = 0x100000001b3ULL;

constexpr std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = fnv1a_offset_basis) {
  for (const char c : bytes) {
    hash ^= static_cast<std::uint8_t>(c);
    hash *= fnv1a_prime;
  }
  return hash;
}

class StateWriter {
 public:
  // A replay only needs the hash: the writer then folds each byte into it
  // and keeps none (writing the state after every event is on the hot path).
  enum class Mode : std::uint8_t { keep_bytes, hash_only };
  explicit StateWriter(Mode mode = Mode::keep_bytes) : keep_(mode == Mode::keep_bytes) {}

  // Small enough to inline: a replay hashes a few hundred bytes per event.
  void u8(std::uint8_t v) {
    hash_ = (hash_ ^ v) * fnv1a_prime;
    if (keep_) [[unlikely]]
      keep(v);
  }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void u16(std::uint16_t v) { put(v, 2); }
  void u32(std::uint32_t v) { put(v, 4); }
  void u64(std::uint64_t v) { put(v, 8); }
  // Two's complement, as the unsigned value of the same width.
  void i32(std::int32_t v) { put(static_cast<std::uint32_t>(v), 4); }
  void i64(std::int64_t v) { put(static_cast<std::uint64_t>(v), 8); }
  // Length (u32) then the bytes.
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    for (const char c : s) u8(static_cast<std::uint8_t>(c));
  }
  // A one-byte section tag, so that two layouts never produce the same bytes
  // by accident when a field moves.
  void tag(char t) { u8(static_cast<std::uint8_t>(t)); }

  // Empty in hash_only mode.
  const std::string& bytes() const { return bytes_; }
  // FNV-1a 64 of every byte written since construction or clear().
  std::uint64_t hash() const { return hash_; }
  void clear() {
    bytes_.clear();
    hash_ = fnv1a_offset_basis;
  }

 private:
  [[gnu::noinline]] void keep(std::uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void put(std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) u8(static_cast<std::uint8_t>((v >> (8 * i)) & 0xffU));
  }
  bool keep_;
  std::uint64_t hash_ = fnv1a_offset_basis;
  std::string bytes_;
};

// The digest of record `index` as it enters the sum of a record set
// (docs/engine.md § State hash): the SplitMix64 finaliser of the record's
// FNV-1a 64 plus (index + 1) times the golden ratio, so that equal records
// at different places, or two records swapped, change the sum.
constexpr std::uint64_t record_term(std::uint64_t index, std::uint64_t digest) {
  std::uint64_t z = digest + (index + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A set of records (the units) hashed as the sum, modulo 2^64, of their
// record_term()s. Each call of digest() compares the records with their
// values at the previous call and writes and hashes again only those that
// differ: after an event that touched two units of eighty, two records are
// hashed, not eighty. `Record` needs ==; `write(record, StateWriter&)` writes
// its canonical bytes.
template <typename Record>
class RecordSetDigest {
 public:
  template <typename Write>
  std::uint64_t digest(std::span<const Record> records, Write&& write) {
    while (last_.size() > records.size()) {
      sum_ -= record_term(last_.size() - 1, digests_.back());
      last_.pop_back();
      digests_.pop_back();
    }
    const std::size_t common = last_.size();
    if constexpr (std::is_trivially_copyable_v<Record>) {
      // Plain records are compared as bytes, a block at a time: most blocks
      // are unchanged, and one memcmp over a block beats one per record.
      // Equal bytes are equal records; bytes that differ only in padding
      // merely hash an unchanged record again.
      constexpr std::size_t block = 8;
      for (std::size_t b = 0; b < common; b += block) {
        const std::size_t n = std::min(block, common - b);
        if (std::memcmp(&last_[b], &records[b], n * sizeof(Record)) == 0) continue;
        for (std::size_t i = b; i < b + n; ++i)
          if (std::memcmp(&last_[i], &records[i], sizeof(Record)) != 0)
            rehash(i, records[i], write);
      }
    } else {
      for (std::size_t i = 0; i < common; ++i)
        if (!(last_[i] == records[i])) rehash(i, records[i], write);
    }
    for (std::size_t i = common; i < records.size(); ++i) {
      last_.push_back(records[i]);
      digests_.push_back(0);
      rehash(i, records[i], write, /*fresh=*/true);
    }
    return sum_;
  }

 private:
  template <typename Write>
  void rehash(std::size_t index, const Record& record, Write&& write, bool fresh = false) {
    if (!fresh) sum_ -= record_term(index, digests_[index]);
    scratch_.clear();
    write(record, scratch_);
    digests_[index] = scratch_.hash();
    sum_ += record_term(index, digests_[index]);
    // Padding too, so that the next comparison of an unchanged record holds.
    if constexpr (std::is_trivially_copyable_v<Record>)
      std::memcpy(&last_[index], &record, sizeof(Record));
    else
      last_[index] = record;
  }
  std::vector<Record> last_;            // the records as last hashed
  std::vector<std::uint64_t> digests_;  // FNV-1a 64 of their bytes
  StateWriter scratch_{StateWriter::Mode::hash_only};
  std::uint64_t sum_ = 0;
};

// "0x" and 16 lower-case hex digits.
std::string hash_text(std::uint64_t hash);

}  // namespace umpire::replay
