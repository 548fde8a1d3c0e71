// The Sabreur-hex state hash (docs/engine-internals.md § State hash): the engine keeps
// each unit's record and hashes again only the records an event changed;
// after every event of the recorded games and of simulated games that
// incremental hash must equal the definition computed afresh, and the
// definition must notice a change in any unit.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/core/replay/state_hash.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "tests/engine/sabreur_simulated_game.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur {
namespace {

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Replays `text` and compares the incremental hash with the one computed
// afresh after deployment and after every event; returns the events seen.
std::size_t expect_incremental_equals_scratch(const std::string& text) {
  std::size_t seen = 0;
  const testing::CheckedLog r = testing::check_log(text, [&](std::size_t i, const Engine& e) {
    EXPECT_EQ(e.state_hash(), e.state_hash_from_scratch())
        << "after event " << (i == SIZE_MAX ? std::string("deployment") : std::to_string(i + 1));
    ++seen;
  });
  EXPECT_TRUE(r.replayed) << r.messages;
  return seen;
}

TEST(SabreurHash, IncrementalEqualsFromScratchOnTheRecordedGames) {
  std::size_t games = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(umpire::test::source_dir() / "replays/sabreur-hex")) {
    if (entry.path().extension() != ".ulog") continue;
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_GT(expect_incremental_equals_scratch(read_text(entry.path())), 50U);
    ++games;
  }
  EXPECT_GE(games, 4U);
}

TEST(SabreurHash, IncrementalEqualsFromScratchOnSimulatedGames) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE(seed);
    EXPECT_GT(expect_incremental_equals_scratch(testing::simulated_log(seed, 6)), 20U);
  }
}

TEST(SabreurHash, TheUnitSumSeesEveryRecordAndItsPlace) {
  const auto write = [](const std::string& r) {
    replay::Hasher out;
    for (const char c : r) out.u8(static_cast<std::uint8_t>(c));
    return out.hash();
  };
  using Records = std::vector<std::string>;
  replay::RecordSetDigest<std::string> a;
  const std::uint64_t both = a.digest(Records{"abc", "def"}, write);
  EXPECT_EQ(both, replay::record_term(0, replay::hash64("abc")) +
                      replay::record_term(1, replay::hash64("def")));
  // Swapping two records changes the sum: the place enters each term.
  replay::RecordSetDigest<std::string> swapped;
  EXPECT_NE(swapped.digest(Records{"def", "abc"}, write), both);
  // A record changed and changed back gives the sum it had.
  EXPECT_NE(a.digest(Records{"abc", "deg"}, write), both);
  EXPECT_EQ(a.digest(Records{"abc", "def"}, write), both);
  // Records dropped leave the sum.
  EXPECT_EQ(a.digest(Records{"abc"}, write), replay::record_term(0, replay::hash64("abc")));
  // The documented constants: SplitMix64's finaliser of hash64("") + 1 × φ.
  EXPECT_EQ(replay::record_term(0, replay::hash64("")), [] {
    std::uint64_t z = 0xe9e0033e3badaf36ULL + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }());
}

// A change in any record, the first or the last, is seen as a fresh digest
// sees it.
TEST(SabreurHash, PlainRecordsChangedAnywhereAreHashedAgain) {
  struct Plain {
    std::int32_t a = 0;
    std::int16_t b = 0;
    bool operator==(const Plain&) const = default;
  };
  const auto write = [](const Plain& r) {
    replay::Hasher out;
    out.i32(r.a);
    out.u16(static_cast<std::uint16_t>(r.b));
    return out.hash();
  };
  std::vector<Plain> records(19);
  for (std::size_t i = 0; i < records.size(); ++i) records[i].a = static_cast<std::int32_t>(i);
  replay::RecordSetDigest<Plain> kept;
  kept.digest(records, write);
  for (const std::size_t changed : {0U, 7U, 8U, 15U, 16U, 18U}) {
    SCOPED_TRACE(changed);
    records[changed].b = static_cast<std::int16_t>(records[changed].b + 1);
    replay::RecordSetDigest<Plain> fresh;
    EXPECT_EQ(kept.digest(records, write), fresh.digest(records, write));
  }
}

// With stamps, only the records whose stamp moved are compared and hashed
// again; the sum is the one a fresh digest gives, across changes, records
// added and dropped, and a snapshot restored with its old stamps.
TEST(SabreurHash, StampedRecordsAreLookedAtOnlyWhenTheirStampMoves) {
  struct Plain {
    std::int32_t a = 0;
    bool operator==(const Plain&) const = default;
  };
  int hashed = 0;
  const auto write = [&](const Plain& r) {
    ++hashed;
    replay::Hasher out;
    out.i32(r.a);
    return out.hash();
  };
  std::vector<Plain> records(20);
  std::vector<std::uint64_t> stamps(20);
  std::uint64_t clock = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    records[i].a = static_cast<std::int32_t>(i);
    stamps[i] = ++clock;
  }
  const auto fresh = [&] {
    replay::RecordSetDigest<Plain> d;
    return d.digest(std::span<const Plain>(records), write);
  };
  replay::RecordSetDigest<Plain> kept;
  EXPECT_EQ(kept.digest(records, stamps, write), fresh());
  // Nothing stamped: nothing hashed.
  hashed = 0;
  kept.digest(records, stamps, write);
  EXPECT_EQ(hashed, 0);
  // Two records stamped, one of them changed: that one alone hashed again.
  const std::vector<Plain> snapshot = records;
  const std::vector<std::uint64_t> snapshot_stamps = stamps;
  records[3].a = 100;
  stamps[3] = ++clock;
  stamps[17] = ++clock;
  hashed = 0;
  const std::uint64_t changed = kept.digest(records, stamps, write);
  EXPECT_EQ(hashed, 1);
  EXPECT_EQ(changed, fresh());
  // The snapshot restored, its stamps with it: record 3 is seen again.
  records = snapshot;
  stamps = snapshot_stamps;
  EXPECT_EQ(kept.digest(records, stamps, write), fresh());
  // Records added, then dropped.
  records.push_back({42});
  stamps.push_back(++clock);
  EXPECT_EQ(kept.digest(records, stamps, write), fresh());
  records.resize(5);
  stamps.resize(5);
  EXPECT_EQ(kept.digest(records, stamps, write), fresh());
#ifndef NDEBUG
  // Debug builds stop at a record changed under its old stamp.
  records[1].a = -1;
  EXPECT_THROW(kept.digest(records, stamps, write), std::logic_error);
#endif
}

// The unit table stamps every access for writing, never a read through a
// const table, and never gives one stamp twice: a copy taken before an edit
// and put back carries stamps no later edit repeats.
TEST(SabreurHash, UnitTableStampsEveryEditOnly) {
  UnitTable units;
  units.resize(2);
  const std::vector<std::uint64_t> before(units.stamps().begin(), units.stamps().end());
  EXPECT_NE(before[0], before[1]);
  const UnitTable& read_only = units;
  EXPECT_EQ(read_only[0].strength, 0);
  EXPECT_EQ(std::vector<std::uint64_t>(units.stamps().begin(), units.stamps().end()), before);
  const UnitTable snapshot = units;
  units.edit(1).strength = 3;
  EXPECT_EQ(units.stamps()[0], before[0]);
  EXPECT_NE(units.stamps()[1], before[1]);
  const std::uint64_t edited = units.stamps()[1];
  units = snapshot;
  EXPECT_EQ(units.stamps()[1], before[1]);
  EXPECT_EQ(units[1].strength, 0);
  units.edit(1).strength = 4;
  EXPECT_NE(units.stamps()[1], edited);
  EXPECT_NE(units.stamps()[1], before[1]);
}

}  // namespace
}  // namespace umpire::sabreur
