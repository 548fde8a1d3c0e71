#pragma once
// Owns the text of every file a run reads (logs, rules, the command line) and
// maps byte offsets to 1-based line and column. Line tables are built on first
// use per file.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/mapped_file.hpp"
#include "engine/core/span.hpp"

namespace umpire {

struct LineColumn {
  std::uint32_t line = 0;    // 1-based
  std::uint32_t column = 0;  // 1-based, counted in Unicode code points
  friend constexpr auto operator<=>(const LineColumn&, const LineColumn&) = default;
};

class SourceManager {
 public:
  // Adds an in-memory buffer (a command line, a test input, stdin).
  FileId add(std::string name, std::string text);

  // Why a file was not loaded: the OS refused (a missing file, no
  // permission), it is no regular file (a device, a FIFO, a directory), or
  // it is larger than the input limit.
  enum class LoadFailure : std::uint8_t { unreadable, not_regular, too_large };

  // Reads a file: a regular file, or standard input when `path` is "-"
  // (named "<stdin>"), of at most `max_input_bytes()`. Anything else is
  // refused before a byte is read: a character device (/dev/zero) would be
  // read without end, a FIFO without a writer would block. On failure
  // returns nullopt and sets `error` to a phrase fit for a diagnostic
  // ("is a character device, not a regular file", the OS reason in lower
  // case) and `why`, when given. A file of `map_threshold` bytes or more is
  // mapped rather than copied (see `release`).
  std::optional<FileId> load(const std::filesystem::path& path, std::string& error,
                             LoadFailure* why = nullptr);
  static constexpr std::size_t map_threshold = std::size_t{1} << 20;

  // The largest input `load` accepts (docs/cli.md § Inputs): 64 MiB unless
  // set; a battle log of 3,600 turns a side is 28 MB.
  static constexpr std::uint64_t default_max_input_bytes = std::uint64_t{64} << 20;
  std::uint64_t max_input_bytes() const { return max_input_bytes_; }
  void set_max_input_bytes(std::uint64_t bytes) { max_input_bytes_ = bytes; }

  std::string_view name(FileId id) const { return files_[id.value].name; }
  std::string_view text(FileId id) const {
    const File& f = files_[id.value];
    return f.mapped ? f.mapped->text() : std::string_view(f.text);
  }
  // Tells that the text of `id` before offset `end` will not be read again
  // soon: a mapped file gives its pages back (they are read from the file
  // again when a diagnostic quotes them), so reading a large log front to
  // back keeps only the part being read in memory. No effect on other files.
  void release(FileId id, std::size_t end) const;
  std::string_view text(Span span) const;
  std::size_t file_count() const { return files_.size(); }

  LineColumn line_column(FileId id, std::uint32_t offset) const;
  // The whole line holding `line` (1-based), without its line terminator.
  std::string_view line_text(FileId id, std::uint32_t line) const;
  // Byte offset where `line` starts.
  std::uint32_t line_start(FileId id, std::uint32_t line) const;

 private:
  struct File {
    std::string name;
    std::string text;  // unless mapped
    std::unique_ptr<MappedFile> mapped;
    mutable std::vector<std::uint32_t> line_starts;  // empty until first use
  };
  const std::vector<std::uint32_t>& lines(FileId id) const;

  // A deque: adding a file never moves the others, so the views into their
  // text that syntax trees keep stay valid.
  std::deque<File> files_;
  std::uint64_t max_input_bytes_ = default_max_input_bytes;
};

// "64 MiB", "1,000 bytes": a size in messages.
std::string size_text(std::uint64_t bytes);

// Number of code points in a UTF-8 byte range; invalid bytes count one each.
std::uint32_t count_code_points(std::string_view utf8);

}  // namespace umpire
