#include "engine/core/atomic_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace umpire {
namespace {

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(AtomicFile, ReplacesContentAndLeavesNoTemporary) {
  const auto dir = std::filesystem::temp_directory_path() / "umpire_atomic_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto file = dir / "game.ulog";
  { std::ofstream(file) << "old"; }
  std::filesystem::permissions(file, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  EXPECT_EQ(write_file_atomically(file, "new contents\n"), "");
  EXPECT_EQ(read(file), "new contents\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
  EXPECT_EQ(std::filesystem::status(file).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::filesystem::remove_all(dir);
}

TEST(AtomicFile, ReportsUnwritableDirectories) {
  EXPECT_NE(write_file_atomically("/nonexistent-dir/x.ulog", "x"), "");
}

}  // namespace
}  // namespace umpire
