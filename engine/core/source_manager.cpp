#include "engine/core/source_manager.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <limits>

#include "engine/core/os_error.hpp"
#include "engine/core/plural.hpp"

namespace umpire {

FileId SourceManager::add(std::string name, std::string text) {
  files_.push_back({std::move(name), std::move(text), nullptr, {}});
  return FileId{static_cast<std::uint32_t>(files_.size() - 1)};
}

void SourceManager::release(FileId id, std::size_t end) const {
  if (const File& f = files_[id.value]; f.mapped) f.mapped->release(end);
}

namespace {

std::string os_error(int err) {
  return os_error_text(err);
}

// What a file that is not a regular file is, for the message.
std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string too_large(std::uint64_t size, std::uint64_t limit, bool at_least) {
  return fmt::format("{}{} bytes, more than the input limit of {}", at_least ? "at least " : "",
                     size, size_text(limit));
}

// Reads `fd` to its end, or to one byte past `limit` (the caller refuses
// that). False with errno set on a read error.
bool read_all(int fd, std::uint64_t limit, std::string& text) {
  char block[1 << 16];
  while (text.size() <= limit) {
    const auto want =
        static_cast<std::size_t>(std::min<std::uint64_t>(sizeof block, limit + 1 - text.size()));
    const ssize_t n = ::read(fd, block, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (n == 0) break;
    text.append(block, static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 30) && bytes % (std::uint64_t{1} << 30) == 0)
    return fmt::format("{} GiB", bytes >> 30);
  if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0)
    return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return plural(bytes, "byte");
}

std::optional<FileId> SourceManager::load(const std::filesystem::path& path, std::string& error,
                                          LoadFailure* why) {
  const auto fail = [&](LoadFailure kind, std::string reason) -> std::optional<FileId> {
    error = std::move(reason);
    if (why) *why = kind;
    return std::nullopt;
  };
  // Offsets are 32-bit: a 4 GiB battle log is not a battle log.
  const std::uint64_t limit =
      std::min<std::uint64_t>(max_input_bytes_, std::numeric_limits<std::uint32_t>::max() - 1);
  std::string text;
  if (path == "-") {
    if (!read_all(STDIN_FILENO, limit, text)) return fail(LoadFailure::unreadable, os_error(errno));
    if (text.size() > limit)
      return fail(LoadFailure::too_large, too_large(text.size(), limit, true));
    return add("<stdin>", std::move(text));
  }
  // Opened without blocking, so that a FIFO with no writer is refused
  // rather than waited on; the kind of file is read from the open file.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(LoadFailure::unreadable, os_error(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return fail(LoadFailure::unreadable, os_error(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    if (S_ISDIR(st.st_mode)) return fail(LoadFailure::not_regular, "is a directory");
    return fail(LoadFailure::not_regular,
                fmt::format("is {}, not a regular file", kind_of(st.st_mode)));
  }
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > limit) {
    ::close(fd);
    return fail(LoadFailure::too_large, too_large(size, limit, false));
  }
  if (size >= map_threshold) {
    std::string map_error;
    if (auto mapped = MappedFile::open(path, map_error); mapped && mapped->text().size() <= limit) {
      ::close(fd);
      files_.push_back({path.string(), {}, std::move(mapped), {}});
      return FileId{static_cast<std::uint32_t>(files_.size() - 1)};
    }
    // Not mappable (a special file system): read it as any other file.
  }
  text.reserve(static_cast<std::size_t>(size));
  const bool read = read_all(fd, limit, text);
  const int err = errno;
  ::close(fd);
  if (!read) return fail(LoadFailure::unreadable, os_error(err));
  // The file grew while it was read.
  if (text.size() > limit) return fail(LoadFailure::too_large, too_large(text.size(), limit, true));
  return add(path.string(), std::move(text));
}

std::string_view SourceManager::text(Span span) const {
  const std::string_view all = text(span.file);
  const std::size_t begin = std::min<std::size_t>(span.begin, all.size());
  const std::size_t end = std::min<std::size_t>(std::max(span.begin, span.end), all.size());
  return all.substr(begin, end - begin);
}

const std::vector<std::uint32_t>& SourceManager::lines(FileId id) const {
  const File& file = files_[id.value];
  if (file.line_starts.empty()) {
    const std::string_view t = text(id);
    // Two passes, a mapped log giving back its pages behind each (it is read
    // through once): the line breaks counted, then the table filled, reserved
    // exactly since a vector grown by doubling would hold up to three times
    // the table of a million-line log at its last move.
    constexpr std::size_t chunk = std::size_t{1} << 20;
    std::size_t breaks = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '\n' || t[i] == '\r') ++breaks;
      if (i % chunk == chunk - 1) release(id, i);
    }
    file.line_starts.reserve(breaks + 1);
    file.line_starts.push_back(0);
    for (std::size_t i = 0; i < t.size(); ++i) {
      // "\r\n", "\n" and a lone "\r" each end a line.
      if (t[i] == '\n' || (t[i] == '\r' && (i + 1 == t.size() || t[i + 1] != '\n'))) {
        file.line_starts.push_back(static_cast<std::uint32_t>(i + 1));
      }
      if (i % chunk == chunk - 1) release(id, i);
    }
  }
  return file.line_starts;
}

LineColumn SourceManager::line_column(FileId id, std::uint32_t offset) const {
  const auto& starts = lines(id);
  const std::string_view all = text(id);
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(all.size()));
  const auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  const auto line_index = static_cast<std::uint32_t>(std::distance(starts.begin(), it) - 1);
  const std::uint32_t start = starts[line_index];
  return {line_index + 1, count_code_points(all.substr(start, offset - start)) + 1};
}

std::uint32_t SourceManager::line_start(FileId id, std::uint32_t line) const {
  const auto& starts = lines(id);
  if (line == 0) return 0;
  if (line > starts.size()) return static_cast<std::uint32_t>(text(id).size());
  return starts[line - 1];
}

std::string_view SourceManager::line_text(FileId id, std::uint32_t line) const {
  const auto& starts = lines(id);
  const std::string_view all = text(id);
  if (line == 0 || line > starts.size()) return {};
  const std::uint32_t begin = starts[line - 1];
  std::uint32_t end = line < starts.size() ? starts[line] : static_cast<std::uint32_t>(all.size());
  while (end > begin && (all[end - 1] == '\n' || all[end - 1] == '\r')) --end;
  return all.substr(begin, end - begin);
}

std::uint32_t count_code_points(std::string_view utf8) {
  std::uint32_t n = 0;
  for (const char c : utf8) {
    // Continuation bytes (10xxxxxx) do not start a code point.
    if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) ++n;
  }
  return n;
}

}  // namespace umpire
