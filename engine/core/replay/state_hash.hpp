#pragma once
// Canonical state bytes and their hash (docs/engine-internals.md § State hash).
//
// A ruleset engine writes its whole state through a StateWriter, field by
// field in a fixed order; the writer turns every value into fixed-width
// little-endian bytes, so the bytes depend neither on the compiler nor on the
// host's endianness or padding. The hash (hash64) takes those bytes eight at
// a time as little-endian 64-bit words: simple enough that another
// implementation can recompute a replay's hash sequence from the documented
// layout alone, and one multiply per eight bytes rather than one per byte.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace umpire::replay {

// SplitMix64's finaliser (docs/engine-internals.md § State hash).
constexpr std::uint64_t splitmix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline constexpr std::uint64_t hash64_seed = 0x243f6a8885a308d3ULL;  // π's fraction
// 2^64 divided by the golden ratio: hash64's multiplier and record_term's step.
inline constexpr std::uint64_t golden_ratio64 = 0x9e3779b97f4a7c15ULL;

// One word folded into the running hash: xor, multiply, xorshift. Each step
// is a bijection of the running value for a given word, and of the word for
// a given running value.
constexpr std::uint64_t hash64_step(std::uint64_t h, std::uint64_t word) {
  h = (h ^ word) * golden_ratio64;
  return h ^ (h >> 32);
}

// The length in bytes and then SplitMix64's finaliser.
constexpr std::uint64_t hash64_finish(std::uint64_t h, std::uint64_t length) {
  return splitmix64(h ^ length);
}

// The state hash of `bytes` (docs/engine-internals.md § State hash), byte by byte as
// the definition reads: the bytes in little-endian 64-bit words, the last
// one padded with zero bytes, each word folded by hash64_step from
// hash64_seed, then hash64_finish with the number of bytes. Hasher (and the
// StateWriter through it) computes the same value as the bytes are written.
constexpr std::uint64_t hash64(std::string_view bytes) {
  std::uint64_t h = hash64_seed;
  std::uint64_t word = 0;
  std::size_t i = 0;
  for (const char c : bytes) {
    word |= std::uint64_t{static_cast<std::uint8_t>(c)} << (8 * (i % 8));
    if (++i % 8 == 0) {
      h = hash64_step(h, word);
      word = 0;
    }
  }
  if (i % 8 != 0) h = hash64_step(h, word);
  return hash64_finish(h, bytes.size());
}

// The canonical values, each as fixed-width little-endian bytes handed to
// the writer's put(v, width): one definition of the layout's primitives for
// the Hasher and the StateWriter alike.
template <typename Writer>
class ValueWriter {
 public:
  void u8(std::uint8_t v) { self().put(v, 1); }
  void boolean(bool v) { self().put(v ? 1 : 0, 1); }
  void u16(std::uint16_t v) { self().put(v, 2); }
  void u32(std::uint32_t v) { self().put(v, 4); }
  void u64(std::uint64_t v) { self().put(v, 8); }
  // Two's complement, as the unsigned value of the same width.
  void i32(std::int32_t v) { self().put(static_cast<std::uint32_t>(v), 4); }
  void i64(std::int64_t v) { self().put(static_cast<std::uint64_t>(v), 8); }
  // Length (u32) then the bytes.
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    for (const char c : s) u8(static_cast<std::uint8_t>(c));
  }
  // A one-byte section tag, so that two layouts never produce the same bytes
  // by accident when a field moves.
  void tag(char t) { u8(static_cast<std::uint8_t>(t)); }

 private:
  Writer& self() { return static_cast<Writer&>(*this); }
};

// hash64 computed as the values are written, the same values and widths as
// StateWriter's, keeping no bytes. Plain members and inline steps, so that
// a local Hasher lives in registers: where the widths written so far are
// known at compile time (a unit record's fixed fields), the place of each
// value in its word is a constant.
class Hasher : public ValueWriter<Hasher> {
 public:
  // hash64 of every byte written since construction.
  std::uint64_t hash() const {
    const std::uint64_t h = fill_ != 0 ? hash64_step(hash_, word_) : hash_;
    return hash64_finish(h, 8 * words_ + fill_ / 8);
  }

  // `v` holds `width` bytes (1, 2, 4 or 8), its higher bytes zero. They go
  // into the word being filled at bit `fill_`; a full word is folded and the
  // bytes left over start the next one.
  void put(std::uint64_t v, unsigned width) {
    word_ |= v << fill_;
    fill_ += 8 * width;
    if (fill_ >= 64) {
      hash_ = hash64_step(hash_, word_);
      ++words_;
      fill_ -= 64;
      // The bits of `v` that did not fit (none when the word ended with it).
      word_ = fill_ != 0 ? v >> (8 * width - fill_) : 0;
    }
  }

 private:
  std::uint64_t hash_ = hash64_seed;  // over the full words so far
  std::uint64_t word_ = 0;            // the word being filled, little-endian
  std::uint64_t words_ = 0;           // full words folded
  unsigned fill_ = 0;                 // bits of word_ written: 0, 8, … 56
};

class StateWriter : public ValueWriter<StateWriter> {
 public:
  // A replay only needs the hash: the writer then folds the bytes into it
  // and keeps none.
  enum class Mode : std::uint8_t { keep_bytes, hash_only };
  explicit StateWriter(Mode mode = Mode::keep_bytes) : keep_(mode == Mode::keep_bytes) {}

  // Empty in hash_only mode.
  const std::string& bytes() const { return bytes_; }
  // hash64 of every byte written since construction or clear().
  std::uint64_t hash() const { return hasher_.hash(); }
  void clear() {
    bytes_.clear();
    hasher_ = Hasher{};
  }

 private:
  friend class ValueWriter<StateWriter>;
  [[gnu::noinline]] void keep(std::uint64_t v, unsigned width) {
    for (unsigned i = 0; i < width; ++i)
      bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xffU));
  }
  void put(std::uint64_t v, unsigned width) {
    if (keep_) [[unlikely]]
      keep(v, width);
    hasher_.put(v, width);
  }
  bool keep_;
  Hasher hasher_;
  std::string bytes_;
};

// The digest of record `index` as it enters the sum of a record set
// (docs/engine-internals.md § State hash): the SplitMix64 finaliser of the record's
// hash64 plus (index + 1) times the golden ratio, so that equal records
// at different places, or two records swapped, change the sum.
constexpr std::uint64_t record_term(std::uint64_t index, std::uint64_t digest) {
  return splitmix64(digest + (index + 1) * golden_ratio64);
}

// A set of records (the units) hashed as the sum, modulo 2^64, of their
// record_term()s. Each call of digest() compares the records with their
// values at the previous call and writes and hashes again only those that
// differ: after an event that touched two units of eighty, two records are
// hashed, not eighty. Records that carry stamps (Sabreur-hex's units) are
// compared only where a stamp moved. `Record` needs == (plain bytes, with
// stamps); `hash(record)` gives the hash64 of its canonical bytes (a function
// with its own local Hasher, which the compiler keeps in registers).
template <typename Record>
class RecordSetDigest {
 public:
  template <typename Hash>
  std::uint64_t digest(std::span<const Record> records, Hash&& hash) {
    drop_beyond(records.size());
    const std::size_t common = last_.size();
    for (std::size_t i = 0; i < common; ++i)
      if (!(last_[i] == records[i])) rehash(i, records[i], hash);
    add_from(common, records, hash);
    return sum_;
  }

  // The same, for records that carry stamps (stamps[i] changes whenever
  // record i may have changed, and equal stamps mean an equal record): only
  // the records whose stamp moved are compared, and hashed again if they
  // differ. Debug builds compare the others too and stop at a record that
  // changed under an unchanged stamp.
  template <typename Hash>
  std::uint64_t digest(std::span<const Record> records, std::span<const std::uint64_t> stamps,
                       Hash&& hash) {
    static_assert(std::is_trivially_copyable_v<Record>);
    drop_beyond(records.size());
    const std::size_t common = last_.size();
    stamps_.resize(common, 0);  // records hashed by the other digest(): compared once
    // Most blocks of stamps are unchanged: one memcmp skips eight records.
    constexpr std::size_t block = 8;
    for (std::size_t b = 0; b < common; b += block) {
      const std::size_t n = std::min(block, common - b);
      if (std::memcmp(&stamps_[b], &stamps[b], n * sizeof(std::uint64_t)) == 0) continue;
      for (std::size_t i = b; i < b + n; ++i) {
        if (stamps_[i] == stamps[i]) continue;
        stamps_[i] = stamps[i];
        if (std::memcmp(&last_[i], &records[i], sizeof(Record)) != 0) rehash(i, records[i], hash);
      }
    }
#ifndef NDEBUG
    for (std::size_t i = 0; i < common; ++i)
      if (std::memcmp(&last_[i], &records[i], sizeof(Record)) != 0)
        throw std::logic_error("a record changed without a new stamp");
#endif
    stamps_.insert(stamps_.end(), stamps.begin() + static_cast<std::ptrdiff_t>(common),
                   stamps.end());
    add_from(common, records, hash);
    return sum_;
  }

 private:
  // The records past the first `n` leave the sum.
  void drop_beyond(std::size_t n) {
    while (last_.size() > n) {
      sum_ -= record_term(last_.size() - 1, digests_.back());
      last_.pop_back();
      digests_.pop_back();
    }
    if (stamps_.size() > n) stamps_.resize(n);
  }
  // Records `first`... are new: hashed and added to the sum.
  template <typename Hash>
  void add_from(std::size_t first, std::span<const Record> records, Hash&& hash) {
    for (std::size_t i = first; i < records.size(); ++i) {
      last_.push_back(records[i]);
      digests_.push_back(0);
      rehash(i, records[i], hash, /*fresh=*/true);
    }
  }
  template <typename Hash>
  void rehash(std::size_t index, const Record& record, Hash&& hash, bool fresh = false) {
    if (!fresh) sum_ -= record_term(index, digests_[index]);
    digests_[index] = hash(record);
    sum_ += record_term(index, digests_[index]);
    // Padding too, so that the next comparison of an unchanged record holds.
    if constexpr (std::is_trivially_copyable_v<Record>)
      std::memcpy(&last_[index], &record, sizeof(Record));
    else
      last_[index] = record;
  }
  std::vector<Record> last_;            // the records as last hashed
  std::vector<std::uint64_t> digests_;  // hash64 of their bytes
  std::vector<std::uint64_t> stamps_;   // their stamps then (0: none known)
  std::uint64_t sum_ = 0;
};

// "0x" and 16 lower-case hex digits.
std::string hash_text(std::uint64_t hash);

}  // namespace umpire::replay
