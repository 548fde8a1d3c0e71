// Where Umpire finds its data and the rule texts (engine/core/data_paths.hpp):
// the order of the places, what qualifies, and every place tried named.
#include "engine/core/data_paths.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace umpire::paths {
namespace {

namespace fs = std::filesystem;

// A folder with an installed tree (prefix/), a build tree (build/) and the
// source tree it records (src/), made per test.
class DataPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("umpire_data_paths_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "prefix" / "bin");
    fs::create_directories(root_ / "prefix" / "share" / "umpire" / "corpus" / "rulesets");
    fs::create_directories(root_ / "src" / "corpus" / "rulesets");
    fs::create_directories(root_ / "texts");
    fs::create_directories(root_ / "build" / "tests" / "core");
    std::ofstream(root_ / "build" / "umpire-paths.txt")
        << "# comment\ndata=" << (root_ / "src").string()
        << "\ntexts=" << (root_ / "texts").string() << "\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

TEST_F(DataPaths, InstalledBinaryReadsShareUmpireBesideIt) {
  const Lookup l = find_data_dir({{}, std::nullopt, root_ / "prefix" / "bin" / "umpire"});
  ASSERT_TRUE(l.dir.has_value());
  EXPECT_EQ(*l.dir, root_ / "prefix" / "share" / "umpire");
  EXPECT_EQ(l.tried.size(), 1u);
  // An installed binary has no rule texts.
  EXPECT_FALSE(
      find_texts_dir({{}, std::nullopt, root_ / "prefix" / "bin" / "umpire"}).dir.has_value());
}

TEST_F(DataPaths, BuildTreeRecordIsFoundFromAnyFolderBelowIt) {
  for (const fs::path& exe :
       {root_ / "build" / "umpire", root_ / "build" / "tests" / "core" / "core_tests"}) {
    const Lookup data = find_data_dir({{}, std::nullopt, exe});
    ASSERT_TRUE(data.dir.has_value()) << exe;
    EXPECT_EQ(*data.dir, root_ / "src");
    ASSERT_EQ(data.tried.size(), 2u);
    EXPECT_EQ(data.tried[0].origin, "the install prefix");
    EXPECT_EQ(data.tried[1].origin, "the build tree");
    const Lookup texts = find_texts_dir({{}, std::nullopt, exe});
    ASSERT_TRUE(texts.dir.has_value());
    EXPECT_EQ(*texts.dir, root_ / "texts");
  }
}

TEST_F(DataPaths, OptionComesFirstThenTheVariable) {
  const fs::path exe = root_ / "prefix" / "bin" / "umpire";
  EXPECT_EQ(find_data_dir({root_ / "src", (root_ / "prefix").string(), exe}).dir, root_ / "src");
  EXPECT_EQ(find_data_dir({{}, (root_ / "src").string(), exe}).dir, root_ / "src");
  EXPECT_EQ(find_texts_dir({root_ / "src", std::nullopt, root_ / "build" / "umpire"}).dir,
            root_ / "src");
  EXPECT_EQ(find_texts_dir({{}, (root_ / "src").string(), root_ / "build" / "umpire"}).dir,
            root_ / "src");
}

TEST_F(DataPaths, NamedFolderWithoutDataStopsTheLookup) {
  // --data or UMPIRE_DATA_DIR naming a wrong folder is an error, not a
  // reason to quietly read another one.
  const fs::path exe = root_ / "prefix" / "bin" / "umpire";
  const Lookup option = find_data_dir({root_ / "texts", std::nullopt, exe});
  EXPECT_FALSE(option.dir.has_value());
  EXPECT_TRUE(option.named_place_missing);
  ASSERT_EQ(option.tried.size(), 1u);
  EXPECT_EQ(describe(option.tried[0]),
            "--data: " + (root_ / "texts").string() + " (no corpus/rulesets/ there)");
  const Lookup variable = find_data_dir({{}, (root_ / "nowhere").string(), exe});
  EXPECT_FALSE(variable.dir.has_value());
  EXPECT_TRUE(variable.named_place_missing);
  EXPECT_EQ(variable.tried[0].origin, "UMPIRE_DATA_DIR");
  const Lookup texts = find_texts_dir({root_ / "nowhere", std::nullopt, exe});
  EXPECT_FALSE(texts.dir.has_value());
  EXPECT_TRUE(texts.named_place_missing);
}

TEST_F(DataPaths, NothingFoundNamesEveryPlaceTried) {
  fs::remove_all(root_ / "src" / "corpus");
  const Lookup l = find_data_dir({{}, std::nullopt, root_ / "build" / "umpire"});
  EXPECT_FALSE(l.dir.has_value());
  EXPECT_FALSE(l.named_place_missing);
  ASSERT_EQ(l.tried.size(), 2u);
  EXPECT_EQ(describe(l.tried[0]), "the install prefix: " + (root_ / "share" / "umpire").string() +
                                      " (no corpus/rulesets/ there)");
  EXPECT_EQ(describe(l.tried[1]),
            "the build tree: " + (root_ / "src").string() + " (no corpus/rulesets/ there)");
}

TEST_F(DataPaths, BuildTreeWithoutTextsHasNone) {
  std::ofstream(root_ / "build" / "umpire-paths.txt")
      << "data=" << (root_ / "src").string() << "\ntexts=\n";
  const Lookup texts = find_texts_dir({{}, std::nullopt, root_ / "build" / "umpire"});
  EXPECT_FALSE(texts.dir.has_value());
  EXPECT_FALSE(texts.named_place_missing);
  EXPECT_TRUE(texts.tried.empty());
}

}  // namespace
}  // namespace umpire::paths
