// The reproducers of an independent probe of mutated logs and rules data,
// each as a user meets it: a pinned log checked against the data it names,
// within a second or two.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_umpire.hpp"

namespace {

namespace fs = std::filesystem;
using umpire::cli_test::Outcome;
using umpire::cli_test::umpire;

const fs::path source_dir = UMPIRE_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A folder of its own for a test, removed after it.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name) : dir(fs::path(::testing::TempDir()) / ("umpire_integrity_" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
  std::string path(const std::string& file) const { return "'" + (dir / file).string() + "'"; }
};

// Runs `umpire ARGS` and checks that it took at most `seconds`.
Outcome timed(const std::string& args, double seconds = 2.0) {
  const auto start = std::chrono::steady_clock::now();
  Outcome r = umpire(args);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(took, seconds) << "umpire " << args;
  return r;
}

bool has(const Outcome& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

const std::string essling = (source_dir / "replays/sabreur-hex/essling-village.ulog").string();

// ---------------------------------------------------------------- 1. pins

TEST(Integrity, APinnedLogIsCheckedAgainstTheDataItNames) {
  const Scratch s("pin");
  fs::copy_file(essling, s.dir / "game.ulog");
  const Outcome pinned = timed("pin " + s.path("game.ulog"));
  ASSERT_EQ(pinned.exit_code, 0) << pinned.out;
  EXPECT_TRUE(has(pinned, "pinned corpus/rulesets/sabreur-hex.rules sha256 ")) << pinned.out;
  const std::string text = read(s.dir / "game.ulog");
  const std::string line = "data \"corpus/rulesets/sabreur-hex.rules\" sha256 \"";
  const std::size_t at = text.find(line) + line.size();
  ASSERT_NE(text.find(line), std::string::npos) << "the data line is rewritten in place";
  const std::string digest = text.substr(at, 64);
  const Outcome again = umpire("pin " + s.path("game.ulog"));
  EXPECT_TRUE(has(again, "already pinned")) << again.out;

  const Outcome clean = timed("check " + s.path("game.ulog"));
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  EXPECT_TRUE(has(clean, "rules data corpus/rulesets/sabreur-hex.rules sha256 " + digest + ", pinned by the log"))
      << clean.out;
  EXPECT_FALSE(has(clean, "log.data.unpinned")) << clean.out;

  // The probe's reproducer: a pin to other data checked clean.
  std::string wrong = text;
  wrong.replace(at, 64, std::string(64, '0'));
  write(s.dir / "game.ulog", wrong);
  for (const std::string command : {"check", "replay", "parse"}) {
    const Outcome r = timed(command + " " + s.path("game.ulog"));
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
    EXPECT_TRUE(has(r, "[log.data.digest-mismatch]")) << r.out;
    EXPECT_TRUE(has(r, digest)) << "both digests are named: " << r.out;
  }
  // `--rules` changes the data, never the pin.
  const Outcome other = umpire("check --rules corpus/rulesets/sabreur-hex.rules " + s.path("game.ulog"));
  EXPECT_EQ(other.exit_code, 2) << other.out;
}

TEST(Integrity, ALogCannotNameDataOutsideItsFolderAndTheRulesData) {
  const Scratch s("outside");
  std::string text = read(essling);
  const std::size_t at = text.find("data \"corpus/rulesets/sabreur-hex.rules\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("data \"corpus/rulesets/sabreur-hex.rules\"").size(),
               "data \"../../../../../../../../etc/passwd\" sha256 \"" + std::string(64, 'a') + "\"");
  write(s.dir / "game.ulog", text);
  const Outcome r = timed("check " + s.path("game.ulog"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r, "[log.data.outside]")) << r.out;
}

TEST(Integrity, AnUnpinnedLogKeepsItsWarningAndTheVerdictNamesTheData) {
  const Outcome r = umpire("check replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r, "[log.data.unpinned]")) << r.out;
  EXPECT_TRUE(has(r, "umpire pin")) << r.out;
  EXPECT_TRUE(has(r, "rules data corpus/rulesets/sabreur-hex.rules sha256 ")) << r.out;
  EXPECT_TRUE(has(r, ", not pinned by the log")) << r.out;
}

}  // namespace
