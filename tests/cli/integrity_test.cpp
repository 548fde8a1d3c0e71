// The reproducers of an independent probe of mutated logs and rules data,
// each as a user meets it: a pinned log checked against the data it names,
// special files and escape sequences refused or shown, silent changes
// refused, input errors exit 2, and all of it within a second or two.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../slowdown.hpp"
#include "run_umpire.hpp"
#include "tests/support/paths.hpp"

namespace {

namespace fs = std::filesystem;
using umpire::cli_test::Outcome;
using umpire::cli_test::umpire;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// A folder of its own for a test, removed after it.
struct Scratch {
  fs::path dir;
  // The process id keeps two test runs on one machine (two build trees)
  // out of each other's files.
  explicit Scratch(const std::string& name)
      : dir(fs::path(::testing::TempDir()) /
            ("umpire_integrity_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
  std::string path(const std::string& file) const { return "'" + (dir / file).string() + "'"; }
};

// Runs `umpire ARGS` and checks that it ends within a minute: each takes
// well under a second on its own (docs/development.md), and a hang or a
// cost that grows with the hostile input's size takes far longer. How fast
// it is, the benchmarks measure; the bound only tells a hang from a
// loaded machine.
Outcome timed(const std::string& args) {
  const auto start = std::chrono::steady_clock::now();
  Outcome r = umpire(args);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(took, 60.0 * umpire::testing::slowdown) << "umpire " << args;
  return r;
}

bool has(const Outcome& r, const std::string& text) {
  return r.out.find(text) != std::string::npos;
}

const std::string essling =
    (umpire::test::source_dir() / "replays/sabreur-hex/essling-village.ulog").string();

// Essling's log with `text` inserted where `where` first stands after the
// first `after` (replacing `length` characters there), written as game.ulog
// of `s`.
template <typename Scratch>
void write_essling(const Scratch& s, std::string_view after, std::string_view where,
                   std::string_view text, std::size_t length = 0) {
  std::string log = read(essling);
  const std::size_t from = log.find(after);
  ASSERT_NE(from, std::string::npos) << after;
  const std::size_t at = log.find(where, from);
  ASSERT_NE(at, std::string::npos) << where;
  log.replace(at, length, text);
  write(s.dir / "game.ulog", log);
}

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
  EXPECT_TRUE(has(clean, "rules data corpus/rulesets/sabreur-hex.rules sha256 " + digest +
                             ", pinned by the log"))
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
  const Outcome other =
      umpire("check --rules corpus/rulesets/sabreur-hex.rules " + s.path("game.ulog"));
  EXPECT_EQ(other.exit_code, 2) << other.out;
}

TEST(Integrity, ALogCannotNameDataOutsideItsFolderAndTheRulesData) {
  const Scratch s("outside");
  const std::string data = "data \"corpus/rulesets/sabreur-hex.rules\"";
  write_essling(
      s, data, data,
      "data \"../../../../../../../../etc/passwd\" sha256 \"" + std::string(64, 'a') + "\"",
      data.size());
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

// ------------------------------------------------------- 2. special files

TEST(Integrity, SpecialFilesAreRefusedByKindAtOnce) {
  for (const std::string args :
       {"check /dev/zero", "parse /dev/urandom", "fmt /dev/zero", "replay /dev/zero",
        "rules check /dev/zero", "verify /dev/zero", "rules show /dev/zero",
        "check --rules /dev/zero replays/sabreur-hex/essling-village.ulog",
        "simulate --ruleset sabreur-hex --seed 1 --rules /dev/zero"}) {
    const Outcome r = timed(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_TRUE(has(r, "is a character device, not a regular file")) << args << ": " << r.out;
  }
}

TEST(Integrity, StandardInputIsReadWithTheSameLimit) {
  const Outcome r = umpire("check - < replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(has(r, "<stdin>: follows the rules checked")) << r.out;
  const Outcome small =
      umpire("--max-input-size 1K check - < replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(small.exit_code, 2) << small.out;
  EXPECT_TRUE(has(small, "more than the input limit of 1 KiB [cli.file.too-large]")) << small.out;
  const Outcome limited = umpire("--max-input-size 100 parse replays/wab/bagradas-plain.ulog");
  EXPECT_EQ(limited.exit_code, 2) << limited.out;
  const Outcome bad = umpire("--max-input-size 64Q parse replays/wab/bagradas-plain.ulog");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  const Outcome fmt = umpire("fmt - < replays/wab/bagradas-plain.ulog", false);
  EXPECT_EQ(fmt.exit_code, 0);
  EXPECT_EQ(fmt.out, read(umpire::test::source_dir() / "replays/wab/bagradas-plain.ulog"));
  const Outcome in_place = umpire("fmt --in-place - < replays/wab/bagradas-plain.ulog");
  EXPECT_EQ(in_place.exit_code, 2) << in_place.out;
  EXPECT_TRUE(has(in_place, "[cli.fmt.stdin]")) << in_place.out;
  EXPECT_FALSE(fs::exists(umpire::test::source_dir() / "-")) << "no file named '-' is written";
}

// -------------------------------------------------- 3. terminal escapes

TEST(Integrity, EscapeSequencesFromALogNeverReachTheTerminal) {
  const Scratch s("escapes");
  std::string text = read(essling);
  // An OSC that retitles the terminal, and a C1 CSI that clears it, in a
  // unit name and in an agreed ruling's note: refused where they are
  // written (exit 2), and shown escaped under the caret.
  const std::string evil =
      "\x1b]0;owned\x07\xC2\x9B"
      "2J";
  const std::size_t name = text.find("\"4e de ligne\"");
  ASSERT_NE(name, std::string::npos);
  text.replace(name, 13, "\"4e " + evil + "\"");
  const std::size_t note = text.find("agreed \"");
  ASSERT_NE(note, std::string::npos);
  text.insert(note + 8, evil);
  write(s.dir / "game.ulog", text);
  for (const std::string command : {"check", "parse --dump ast", "replay", "fmt"}) {
    const Outcome r = timed(command + " " + s.path("game.ulog"));
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
    EXPECT_TRUE(has(r, "a control character (<1B>) in a quoted text [log.input.control-character]"))
        << r.out;
    EXPECT_TRUE(has(r, "\"4e <1B>]0;owned<07><U+009B>2J\""))
        << "the source line, escaped: " << r.out;
    EXPECT_EQ(r.out.find("\x1b]"), std::string::npos) << command << ": " << r.out;
    EXPECT_EQ(r.out.find("\xC2\x9B"), std::string::npos) << command << ": " << r.out;
  }
  // Rules data: a title that would retitle the terminal.
  write(s.dir / "title.rules", "ruleset title \"Title" + evil + "\"\n");
  const Outcome rules = timed("rules show " + s.path("title.rules"));
  EXPECT_EQ(rules.exit_code, 2) << rules.out;
  EXPECT_TRUE(has(rules, "[rules.syntax.control-character]")) << rules.out;
  EXPECT_EQ(rules.out.find("\x1b]"), std::string::npos) << rules.out;
}

// ------------------------------------------------ 6. silent changes

TEST(Integrity, FmtNeverChangesWhatATextSays) {
  const Scratch s("fmt");
  const std::string text = "ulog 1\nruleset wab\nscenario \"C:\\notes\\turn1.txt \\o/\"\n";
  write(s.dir / "game.ulog", text);
  const Outcome r = timed("fmt --in-place " + s.path("game.ulog"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(has(r, "unknown escape '\\n' in a quoted text [log.syntax.unknown-escape]")) << r.out;
  EXPECT_TRUE(has(r, "^~")) << "a caret under the escape: " << r.out;
  EXPECT_EQ(read(s.dir / "game.ulog"), text) << "the file is left as it was";
}

// ------------------------------------------------------- 7. exit codes

TEST(Integrity, RulesDataThatCannotBeUsedIsAnInputError) {
  const Scratch s("rules");
  write(s.dir / "broken.rules", "ruleset broken \"Broken\"\nvalue v : int 0..3 = (\n");
  for (const std::string& args : std::vector<std::string>{
           "check --rules " + s.path("broken.rules") + " replays/sabreur-hex/essling-village.ulog",
           "check --rules /nonexistent replays/sabreur-hex/essling-village.ulog",
           "simulate --ruleset sabreur-hex --seed 7 --rules " + s.path("broken.rules"),
           "simulate --ruleset sabreur-hex --seed 7 --rules /nonexistent",
           "verify " + s.path("broken.rules"), "verify --rulesets /nonexistent",
           "rules check /nonexistent"}) {
    const Outcome r = timed(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
  }
}

TEST(Integrity, SeedsOutOfRangeAreRefusedNotClamped) {
  for (const std::string args : {"simulate --ruleset sabreur-hex --seed -1", "dice 2d6 --seed -5",
                                 "simulate --ruleset sabreur-hex --seed 18446744073709551616",
                                 "dice 2d6 --seed 99999999999999999999999", "dice 2d6 --seed 7x"}) {
    const Outcome r = umpire(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_TRUE(has(r, "a seed is a whole number from 0 to 18446744073709551615")) << r.out;
  }
  const Outcome top = umpire("dice 2d6 --seed 18446744073709551615 --draws 1");
  EXPECT_EQ(top.exit_code, 0) << top.out;
}

TEST(Integrity, RulesCheckWarningsAreFindingsOnlyWhenAskedFor) {
  const Scratch s("warnings");
  // An unreachable row: a warning.
  write(s.dir / "warn.rules",
        "ruleset warn \"W\"\nsource \"000_a44b407871cbdad9.txt\"\n"
        "table t ref \"TABLEAU DE PANIQUE\" {\n  key b : bool\n  column v : int 0..1\n  row _ => "
        "1\n  row true => 0\n}\n");
  const Outcome plain = umpire("rules check " + s.path("warn.rules"));
  EXPECT_EQ(plain.exit_code, 0) << plain.out;
  EXPECT_TRUE(has(plain, "[rules.table.unreachable-row]")) << plain.out;
  const Outcome strict = umpire("rules check --warnings-as-errors " + s.path("warn.rules"));
  EXPECT_EQ(strict.exit_code, 1) << strict.out;
}

// ------------------------------------------------ 4. fields ignored

TEST(Integrity, AModOnASabreurHexFireIsRefused) {
  const Scratch s("mod");
  write_essling(s, "\n    shoot ", " hit ", " mod -1");
  const Outcome r = timed("check " + s.path("game.ulog"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(
      has(r, "'mod' is not meaningful on a Sabreur-hex 'shoot' [sabreur.field.not-meaningful]"))
      << r.out;
  EXPECT_FALSE(has(r, "follows the rules checked"))
      << "no verdict on a log with a field it would ignore: " << r.out;
}

TEST(Integrity, EveryRulesetsGameIsReplayedByItsEngine) {
  // All four rulesets have an engine: a bundled game of each is replayed,
  // never answered "no replay engine" (exit 4).
  for (const std::string log :
       {"replays/sabreur-hex/essling-village.ulog", "replays/hail-caesar/ford-of-the-arar.ulog",
        "replays/hail-caesar-hyw/azincourt-lane.ulog", "replays/wab/bagradas-plain.ulog"}) {
    const Outcome r = umpire("check " + log);
    EXPECT_NE(r.exit_code, 4) << r.out;
    EXPECT_FALSE(has(r, "[replay.no-engine]")) << r.out;
    EXPECT_FALSE(has(r, "none replayed")) << r.out;
  }
}

TEST(Integrity, ArmiesAreMusteredBeforeTheReplay) {
  // HYW is mustered, then replayed: armies that pass and a game that follows
  // the rules check clean (exit 0); a list broken at muster is a finding
  // (exit 1).
  const Outcome clean = umpire("check replays/hail-caesar-hyw/azincourt-lane.ulog");
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  EXPECT_TRUE(has(clean, "follows the rules checked")) << clean.out;
  const std::string fail = "replays/hail-caesar-hyw/fail/fail_english_archers.ulog";
  const Outcome broken = umpire("check " + fail);
  EXPECT_EQ(broken.exit_code, 1) << broken.out;
  EXPECT_TRUE(has(broken, fail + ":15:1: error: army 'english' breaks the 'english' list"))
      << broken.out;
  EXPECT_TRUE(has(broken, "[hyw.muster.english.archers]")) << broken.out;
  EXPECT_TRUE(has(broken, "004_b7c666874e8df030.txt § 2-e) Liste anglaise")) << broken.out;
}

// ------------------------------------------------- 5. hostile rules data

TEST(Integrity, AHundredThousandCasesArmsAreRefusedAtOnce) {
  const Scratch s("arms");
  std::string text =
      "ruleset arms \"Arms\"\ngiven n : int 0..200000\nvalue v : int 0..9 = cases {\n";
  for (std::size_t a = 0; a < umpire::testing::hostile_count; ++a)
    text += "  when n == " + std::to_string(a) + " => 1\n";
  text += "  else => 0\n}\n";
  write(s.dir / "arms.rules", text);
  const Outcome verify = timed("verify " + s.path("arms.rules"));
  EXPECT_EQ(verify.exit_code, 2) << verify.out;
  EXPECT_TRUE(
      has(verify, "arms.rules:260:3: error: more than 256 arms in one 'cases' [rules.limit.arms]"))
      << verify.out.substr(0, 2000);
  const Outcome check = timed("rules check " + s.path("arms.rules"));
  EXPECT_EQ(check.exit_code, 1) << "a rules file's errors are what rules check finds";
}

}  // namespace
