// Files Umpire writes behave as users expect (engine/core/write_file.hpp):
// atomic replacement that keeps mode, owner and group; the umask for new
// files; links kept; terminals, pipes and devices written through.
#include "engine/core/write_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace umpire {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct stat stat_of(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st;
}

// A fresh folder per test, removed after it.
class WriteFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("umpire_write_file_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
  fs::path dir_;
};

// Sets the umask for one scope.
class Umask {
 public:
  explicit Umask(mode_t mask) : old_(::umask(mask)) {}
  ~Umask() { ::umask(old_); }

 private:
  mode_t old_;
};

TEST_F(WriteFile, ReplacesContentAndLeavesNoTemporary) {
  const auto file = dir_ / "game.ulog";
  { std::ofstream(file) << "old"; }
  EXPECT_EQ(write_file(file, "new contents\n"), "");
  EXPECT_EQ(read(file), "new contents\n");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(WriteFile, NewFileGetsTheUmaskNotPrivatePermissions) {
  {
    const Umask mask(022);
    EXPECT_EQ(write_file(dir_ / "a.ulog", "a"), "");
  }
  EXPECT_EQ(stat_of(dir_ / "a.ulog").st_mode & 07777, 0644u);
  {
    const Umask mask(077);
    EXPECT_EQ(write_file(dir_ / "b.ulog", "b"), "");
  }
  EXPECT_EQ(stat_of(dir_ / "b.ulog").st_mode & 07777, 0600u);
}

TEST_F(WriteFile, RewriteKeepsModeOwnerAndGroup) {
  const auto file = dir_ / "game.ulog";
  { std::ofstream(file) << "old"; }
  ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
  // Root can give the file away, and must give it back after the rewrite;
  // anyone else rewrites a file of their own.
  if (::geteuid() == 0) {
    ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
  }
  const struct stat before = stat_of(file);
  const Umask mask(077);
  EXPECT_EQ(write_file(file, "new"), "");
  const struct stat after = stat_of(file);
  EXPECT_EQ(read(file), "new");
  EXPECT_NE(after.st_ino, before.st_ino) << "replaced, not rewritten in place";
  EXPECT_EQ(after.st_mode & 07777, 0640u);
  EXPECT_EQ(after.st_uid, before.st_uid);
  EXPECT_EQ(after.st_gid, before.st_gid);
}

TEST_F(WriteFile, SymlinkIsKeptAndItsTargetRewritten) {
  const auto target = dir_ / "real.ulog";
  { std::ofstream(target) << "old"; }
  ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
  fs::create_symlink("real.ulog", dir_ / "middle.ulog");  // relative, and a chain of two
  fs::create_symlink(dir_ / "middle.ulog", dir_ / "link.ulog");
  EXPECT_EQ(write_file(dir_ / "link.ulog", "new"), "");
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.ulog"));
  EXPECT_TRUE(fs::is_symlink(dir_ / "middle.ulog"));
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(stat_of(target).st_mode & 07777, 0640u);
  EXPECT_EQ(entries(), 3u);
}

TEST_F(WriteFile, DanglingSymlinkCreatesItsTarget) {
  fs::create_symlink("missing.ulog", dir_ / "link.ulog");
  EXPECT_EQ(write_file(dir_ / "link.ulog", "new"), "");
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.ulog"));
  EXPECT_EQ(read(dir_ / "missing.ulog"), "new");
}

TEST_F(WriteFile, DeviceIsWrittenThroughNotReplaced) {
  const struct stat null = stat_of("/dev/null");
  ASSERT_TRUE(S_ISCHR(null.st_mode));
  EXPECT_EQ(write_file("/dev/null", "discarded"), "");
  const struct stat after = stat_of("/dev/null");
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_ino, null.st_ino);
}

TEST_F(WriteFile, FifoIsWrittenThroughToItsReader) {
  const auto fifo = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = read(fifo); });
  EXPECT_EQ(write_file(fifo, "through the pipe\n"), "");
  reader.join();
  EXPECT_EQ(received, "through the pipe\n");
  EXPECT_TRUE(S_ISFIFO(stat_of(fifo).st_mode));
  EXPECT_EQ(entries(), 1u);
}

TEST_F(WriteFile, OwnDescriptorIsWrittenToAsRedirected) {
  // /dev/fd/N, as `-o /dev/stdout` is when standard output is a pipe.
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  EXPECT_EQ(write_file("/dev/fd/" + std::to_string(ends[1]), "to the descriptor"), "");
  ::close(ends[1]);
  std::string received(64, '\0');
  const ssize_t n = ::read(ends[0], received.data(), received.size());
  ::close(ends[0]);
  ASSERT_GT(n, 0);
  received.resize(static_cast<std::size_t>(n));
  EXPECT_EQ(received, "to the descriptor");
}

TEST_F(WriteFile, FolderIsRefusedAndNothingLeftBeside) {
  fs::create_directories(dir_ / "sub");
  EXPECT_NE(write_file(dir_ / "sub", "x"), "");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(WriteFile, ASignalDuringTheWriteLeavesTheOldFileAndNoTemporary) {
  const auto file = dir_ / "game.ulog";
  { std::ofstream(file) << "old"; }
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The temporary is complete, the rename not done: Ctrl-C now.
    testing::set_before_rename_hook([] { ::raise(SIGINT); });
    static_cast<void>(write_file(file, std::string(1 << 20, 'x')));
    ::_exit(0);  // not reached: the signal ends the process
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the child ended normally: " << status;
  EXPECT_EQ(WTERMSIG(status), SIGINT);
  EXPECT_EQ(read(file), "old");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(WriteFile, ATemporaryOfAProcessThatNoLongerRunsIsRemovedByTheNextWrite) {
  const auto file = dir_ / "game.ulog";
  // A process that has ended: its PID runs nothing (until reused, which a
  // test cannot rule out but makes the check only weaker).
  const pid_t gone = ::fork();
  ASSERT_GE(gone, 0);
  if (gone == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(gone, nullptr, 0), gone);
  const auto stale = dir_ / (".game.ulog.umpire-tmp-" + std::to_string(gone) + "-a1b2c3");
  const auto live = dir_ / (".game.ulog.umpire-tmp-" + std::to_string(::getppid()) + "-d4e5f6");
  const auto other = dir_ / (".notes.txt.umpire-tmp-" + std::to_string(gone) + "-a1b2c3");
  for (const auto& p : {stale, live, other}) std::ofstream(p) << "partial";
  EXPECT_EQ(write_file(file, "new"), "");
  EXPECT_EQ(read(file), "new");
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live)) << "a running process's temporary is its own";
  EXPECT_TRUE(fs::exists(other)) << "only temporaries of the file written are touched";
}

TEST(WriteFileErrors, ReportsUnwritableDirectories) {
  EXPECT_NE(write_file("/nonexistent-dir/x.ulog", "x"), "");
}

}  // namespace
}  // namespace umpire
