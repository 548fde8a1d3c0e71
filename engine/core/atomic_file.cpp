#include "engine/core/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace umpire {

std::string write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  std::string tmp = (dir / ("." + path.filename().string() + ".umpire-XXXXXX")).string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return std::strerror(errno);
  auto fail = [&](int err) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return std::string(std::strerror(err));
  };
  // Keep the permissions of the file being replaced.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) ::fchmod(fd, st.st_mode & 07777);
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return fail(errno);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return std::strerror(err);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return std::strerror(err);
  }
  return {};
}

}  // namespace umpire
