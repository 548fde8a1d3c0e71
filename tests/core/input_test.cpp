// What the source manager reads, and what the renderers show of it: only
// regular files (and standard input) up to the input limit, refused by kind
// before a byte is read; control characters from logs and rules data
// escaped in every text rendering; the SHA-256 that pins a log's data.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/sha256.hpp"
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
  // Reading /dev/zero would never end; refusing it by kind takes no time.
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 30.0);
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

TEST(Escape, ControlCharactersAreShownNotSent) {
  // An OSC sequence that retitles a terminal, a CSI that clears it, C1 CSI.
  EXPECT_EQ(escape_controls("A\x1b]0;pwned\x07 B"), "A<1B>]0;pwned<07> B");
  EXPECT_EQ(escape_controls("\x1b[2J"), "<1B>[2J");
  EXPECT_EQ(escape_controls("x\xC2\x9B"
                            "2Jy"),
            "x<U+009B>2Jy");
  EXPECT_EQ(escape_controls("del\x7f"), "del<7F>");
  EXPECT_EQ(escape_controls("a\nb\tc\rd"), "a<0A>b<09>c<0D>d") << "a message stays on its line";
  EXPECT_EQ(escape_controls("a\nb\tc\rd", true), "a\nb\tc<0D>d") << "a document keeps its layout";
  EXPECT_EQ(escape_controls("bad \xff byte"), "bad <FF> byte");
  EXPECT_EQ(escape_controls("Essling, 57e de ligne \xC3\xA9 \xE2\x80\x94"),
            "Essling, 57e de ligne \xC3\xA9 \xE2\x80\x94");
  EXPECT_FALSE(has_controls("plain \xC3\xA9"));
  EXPECT_TRUE(has_controls("\x1b"));
}

TEST(Escape, EveryPartOfACaretDiagnosticIsEscaped) {
  SourceManager sm;
  const FileId f = sm.add("evil\x1b]0;x\x07.ulog",
                          "unit a1 \"Evil\x1b]0;owned\x07\xC2\x9B"
                          "2J\" points 3\n");
  DiagnosticEngine diags;
  diags.error("test.id", Span{f, 8, 30}, "unknown unit 'Evil\x1b]0;owned\x07'")
      .label(Span{f, 0, 4}, "label \x1b[31m")
      .note("note \x1b[2J")
      .hint(
          "hint \xC2\x9B"
          "2J")
      .fixit(Span{f, 8, 30}, "\"fix\x1b\"");
  const std::string text = render_text(sm, diags, {false, 100});
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_EQ(text.find("\xC2\x9B"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
  EXPECT_NE(text.find("Evil<1B>]0;owned<07><U+009B>2J"), std::string::npos) << text;
  EXPECT_NE(text.find("evil<1B>]0;x<07>.ulog:1:9"), std::string::npos) << text;
  // With colour, only the renderer's own escapes reach the terminal.
  const std::string coloured = render_text(sm, diags, {true, 100});
  EXPECT_EQ(coloured.find("\x1b]"), std::string::npos) << coloured;
  EXPECT_EQ(coloured.find("\x1b[2J"), std::string::npos) << coloured;
}

TEST(Sha256, KnownDigests) {
  // FIPS 180-4 examples, and a text across the 56-byte padding boundary.
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // In pieces as in one.
  Sha256 pieces;
  const std::string text(1000, 'z');
  for (std::size_t i = 0; i < text.size(); i += 7)
    pieces.update(std::string_view(text).substr(i, 7));
  const auto digest = pieces.finish();
  std::string hex;
  for (const std::uint8_t b : digest) hex += fmt::format("{:02x}", b);
  EXPECT_EQ(hex, sha256_hex(text));
}

}  // namespace
}  // namespace input_test
}  // namespace umpire
