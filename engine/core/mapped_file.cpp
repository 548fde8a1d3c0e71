#include "engine/core/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "engine/core/os_error.hpp"

// POSIX directly: Boost.Interprocess maps files too, but gives back pages of
// a whole region only, while the reader releases the part it has passed.
namespace umpire {
namespace {

std::string os_error() {
  return os_error_text(errno);
}

std::size_t page_size() {
  static const std::size_t size = [] {
    const long s = ::sysconf(_SC_PAGESIZE);
    return s > 0 ? static_cast<std::size_t>(s) : std::size_t{4096};
  }();
  return size;
}

}  // namespace

std::unique_ptr<MappedFile> MappedFile::open(const std::filesystem::path& path,
                                             std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = os_error();
    return nullptr;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    error = S_ISREG(st.st_mode) ? os_error() : "not a regular file";
    ::close(fd);
    return nullptr;
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  const std::string map_error = data == MAP_FAILED ? os_error() : std::string();
  ::close(fd);  // the mapping keeps the file
  if (data == MAP_FAILED) {
    error = map_error;
    return nullptr;
  }
  // Read front to back: the kernel reads ahead and may drop pages behind.
  ::madvise(data, size, MADV_SEQUENTIAL);
  return std::unique_ptr<MappedFile>(new MappedFile(static_cast<const char*>(data), size));
}

MappedFile::~MappedFile() {
  ::munmap(const_cast<char*>(data_), size_);
}

void MappedFile::release(std::size_t end) const {
  const std::size_t last = std::min(end, size_) / page_size() * page_size();
  // A new pass from the start (the parse after the UTF-8 check, the output
  // after the parse) has read the pages again.
  if (last < released_) released_ = 0;
  if (last <= released_) return;
  ::madvise(const_cast<char*>(data_ + released_), last - released_, MADV_DONTNEED);
  released_ = last;
}

}  // namespace umpire
