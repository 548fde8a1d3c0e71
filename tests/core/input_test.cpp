// What the source manager reads: only regular files (and standard input)
// up to the input limit, refused by kind before a byte is read.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/source_manager.hpp"

namespace umpire {
namespace input_test {  // its own names in the unity build of core_tests
namespace {

namespace fs = std::filesystem;

fs::path temp_file(const std::string& name, const std::string& text) {
  const fs::path p = fs::path(::testing::TempDir()) / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

TEST(InputFiles, ACharacterDeviceIsRefusedByKindAtOnce) {
  SourceManager sm;
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(sm.load("/dev/zero", error, &why));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
  EXPECT_EQ(why, SourceManager::LoadFailure::not_regular);
  EXPECT_EQ(error, "is a character device, not a regular file");
  EXPECT_FALSE(sm.load("/dev/urandom", error, &why));
  EXPECT_EQ(why, SourceManager::LoadFailure::not_regular);
}

TEST(InputFiles, AFifoWithNoWriterIsRefusedNotWaitedOn) {
  const fs::path fifo = fs::path(::testing::TempDir()) / "umpire_input_test.fifo";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  SourceManager sm;
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  EXPECT_FALSE(sm.load(fifo, error, &why));
  EXPECT_EQ(why, SourceManager::LoadFailure::not_regular);
  EXPECT_EQ(error, "is a FIFO (named pipe), not a regular file");
  fs::remove(fifo);
}

TEST(InputFiles, ADirectoryAndAMissingFileAreNamed) {
  SourceManager sm;
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  EXPECT_FALSE(sm.load(::testing::TempDir(), error, &why));
  EXPECT_EQ(error, "is a directory");
  EXPECT_EQ(why, SourceManager::LoadFailure::not_regular);
  EXPECT_FALSE(sm.load("/nonexistent/game.ulog", error, &why));
  EXPECT_EQ(error, "no such file or directory");
  EXPECT_EQ(why, SourceManager::LoadFailure::unreadable);
}

TEST(InputFiles, AFileAboveTheLimitIsRefusedAndOneAtItRead) {
  const fs::path p = temp_file("umpire_input_limit.ulog", std::string(100, 'x'));
  SourceManager sm;
  sm.set_max_input_bytes(100);
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  ASSERT_TRUE(sm.load(p, error, &why)) << error;
  sm.set_max_input_bytes(99);
  EXPECT_FALSE(sm.load(p, error, &why));
  EXPECT_EQ(why, SourceManager::LoadFailure::too_large);
  EXPECT_EQ(error, "100 bytes, more than the input limit of 99 bytes");
  EXPECT_EQ(SourceManager::default_max_input_bytes, std::uint64_t{64} << 20);
  fs::remove(p);
}

TEST(InputFiles, SizesAreNamedInTheirLargestWholeUnit) {
  EXPECT_EQ(size_text(std::uint64_t{64} << 20), "64 MiB");
  EXPECT_EQ(size_text(std::uint64_t{1} << 30), "1 GiB");
  EXPECT_EQ(size_text(512 * 1024), "512 KiB");
  EXPECT_EQ(size_text(1000), "1000 bytes");
  EXPECT_EQ(size_text(1), "1 byte");
}

}  // namespace
}  // namespace input_test
}  // namespace umpire
