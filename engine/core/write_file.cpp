#include "engine/core/write_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>

#include "engine/core/os_error.hpp"

namespace umpire {
namespace {

namespace fs = std::filesystem;

std::string reason(int err) {
  return os_error_text(err);
}

// Writes all of `contents`; 0 or the errno of the failure.
int write_all(int fd, std::string_view contents) {
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    written += static_cast<std::size_t>(n);
  }
  return 0;
}

// The descriptor of this process that a path names (/dev/stdout,
// /dev/stderr, /dev/fd/N, /proc/self/fd/N), if it names one.
std::optional<int> own_descriptor(const fs::path& path) {
  const std::string p = path.lexically_normal().string();
  if (p == "/dev/stdout") return STDOUT_FILENO;
  if (p == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (p.size() <= prefix.size() || p.compare(0, prefix.size(), prefix) != 0) continue;
    int fd = 0;
    for (std::size_t i = prefix.size(); i < p.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(p[i])) || fd > 100000) return std::nullopt;
      fd = fd * 10 + (p[i] - '0');
    }
    return fd;
  }
  return std::nullopt;
}

// What a path finally names: a file (which may not exist yet) once its
// symbolic links are followed, or one of the process's own descriptors.
struct Target {
  fs::path path;
  std::optional<int> descriptor;
};

std::optional<Target> resolve(fs::path path, std::string& error) {
  for (int hops = 0; hops < 40; ++hops) {
    if (auto fd = own_descriptor(path)) return Target{path, fd};
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return Target{path, std::nullopt};
    std::error_code ec;
    const fs::path next = fs::read_symlink(path, ec);
    if (ec) {
      error = reason(ec.value());
      return std::nullopt;
    }
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  error = reason(ELOOP);
  return std::nullopt;
}

// A file that is not a regular one (a terminal, a pipe, a device): written
// through, as `>` in a shell would.
std::string write_through(const fs::path& path, std::string_view contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return reason(errno);
  const int err = write_all(fd, contents);
  const int closed = ::close(fd) == 0 ? 0 : errno;
  return err != 0 ? reason(err) : closed != 0 ? reason(closed) : std::string{};
}

// The temporary file being written, removed by a signal that ends the
// process before the rename (Ctrl-C during `fmt --in-place` of a large
// log). A fixed buffer: a signal handler may only read it and unlink.
char pending_tmp[4096];
volatile std::sig_atomic_t pending_set = 0;
void (*before_rename_hook)() = nullptr;

constexpr std::array<int, 4> cleanup_signals{SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void remove_pending_and_reraise(int sig) {
  if (pending_set != 0) ::unlink(pending_tmp);
  // The default action now: the process ends by this signal, as the caller
  // and its shell expect.
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Handlers for the signals that end a process, installed while a temporary
// exists and restored after, unless the program had chosen to ignore one.
class PendingTemporary {
 public:
  explicit PendingTemporary(const std::string& tmp) {
    if (tmp.size() >= sizeof pending_tmp) return;
    std::memcpy(pending_tmp, tmp.c_str(), tmp.size() + 1);
    pending_set = 1;
    struct sigaction sa {};
    sa.sa_handler = remove_pending_and_reraise;
    sigemptyset(&sa.sa_mask);
    for (std::size_t i = 0; i < cleanup_signals.size(); ++i) {
      installed_[i] = ::sigaction(cleanup_signals[i], nullptr, &old_[i]) == 0 &&
                      old_[i].sa_handler != SIG_IGN &&
                      ::sigaction(cleanup_signals[i], &sa, nullptr) == 0;
    }
  }
  ~PendingTemporary() {
    for (std::size_t i = 0; i < cleanup_signals.size(); ++i) {
      if (installed_[i]) ::sigaction(cleanup_signals[i], &old_[i], nullptr);
    }
    pending_set = 0;
  }
  PendingTemporary(const PendingTemporary&) = delete;
  PendingTemporary& operator=(const PendingTemporary&) = delete;

 private:
  std::array<struct sigaction, cleanup_signals.size()> old_{};
  std::array<bool, cleanup_signals.size()> installed_{};
};

// Temporaries of `path` left by a process that no longer runs (killed with
// SIGKILL, or a machine that stopped): `.NAME.umpire-tmp-PID-XXXXXX` beside
// it, PID not a live process. Removed before a new one is made, so they
// never pile up; another live writer's temporary is left alone.
void remove_stale_temporaries(const fs::path& dir, const fs::path& path) {
  const std::string prefix = fmt::format(".{}.umpire-tmp-", path.filename().string());
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::size_t dash = name.find('-', prefix.size());
    if (dash == std::string::npos || dash == prefix.size() || dash - prefix.size() > 9) continue;
    pid_t pid = 0;
    bool digits = true;
    for (std::size_t i = prefix.size(); i < dash; ++i) {
      digits = digits && std::isdigit(static_cast<unsigned char>(name[i])) != 0;
      pid = pid * 10 + (name[i] - '0');
    }
    if (!digits || pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

// A regular file, new (`old` null) or replacing `old`, written atomically.
std::string replace(const fs::path& path, std::string_view contents, const struct stat* old) {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  remove_stale_temporaries(dir, path);
  std::random_device random;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = (dir / fmt::format(".{}.umpire-tmp-{}-{:06x}", path.filename().string(), ::getpid(),
                             random() & 0xffffffU))
              .string();
    // Created as any new file is, 0666 less the umask.
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return reason(errno);
  }
  if (fd < 0) return reason(EEXIST);
  const PendingTemporary pending(tmp);
  auto fail = [&](int err) {
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    return reason(err);
  };
  if (old != nullptr) {
    // The owner first (changing it clears set-id bits), then the mode. Only
    // root may give a file away; a user may still set the group to one of
    // theirs. What cannot be kept stays the writer's.
    if (::fchown(fd, old->st_uid, old->st_gid) != 0) {
      [[maybe_unused]] const int group_kept = ::fchown(fd, static_cast<uid_t>(-1), old->st_gid);
    }
    if (::fchmod(fd, old->st_mode & 07777) != 0) return fail(errno);
  }
  if (const int err = write_all(fd, contents); err != 0) return fail(err);
  if (::fsync(fd) != 0) return fail(errno);
  const int closing = ::close(fd);
  fd = -1;
  if (closing != 0) return fail(errno);
  if (before_rename_hook != nullptr) before_rename_hook();
  if (std::rename(tmp.c_str(), path.c_str()) != 0) return fail(errno);
  return {};
}

}  // namespace

namespace testing {
void set_before_rename_hook(void (*hook)()) {
  before_rename_hook = hook;
}
}  // namespace testing

std::string write_file(const fs::path& path, std::string_view contents) {
  std::string error;
  const std::optional<Target> target = resolve(path, error);
  if (!target) return error;
  if (target->descriptor) {
    // What this process printed before goes first.
    std::fflush(nullptr);
    const int err = write_all(*target->descriptor, contents);
    return err == 0 ? std::string{} : reason(err);
  }
  struct stat st {};
  if (::stat(target->path.c_str(), &st) != 0) {
    if (errno != ENOENT) return reason(errno);
    return replace(target->path, contents, nullptr);
  }
  if (S_ISDIR(st.st_mode)) return reason(EISDIR);
  if (!S_ISREG(st.st_mode)) return write_through(target->path, contents);
  return replace(target->path, contents, &st);
}

}  // namespace umpire
