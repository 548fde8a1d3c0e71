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

  // Reads a file. On failure returns nullopt and sets `error` to a sentence
  // fit for a diagnostic (the OS reason, lower case). A file of
  // `map_threshold` bytes or more is mapped rather than copied (see
  // `release`).
  std::optional<FileId> load(const std::filesystem::path& path, std::string& error);
  static constexpr std::size_t map_threshold = std::size_t{1} << 20;

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
};

// Number of code points in a UTF-8 byte range; invalid bytes count one each.
std::uint32_t count_code_points(std::string_view utf8);

}  // namespace umpire
