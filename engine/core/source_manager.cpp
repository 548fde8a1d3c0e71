#include "engine/core/source_manager.hpp"

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>

namespace umpire {

FileId SourceManager::add(std::string name, std::string text) {
  files_.push_back({std::move(name), std::move(text), nullptr, {}});
  return FileId{static_cast<std::uint32_t>(files_.size() - 1)};
}

void SourceManager::release(FileId id, std::size_t end) const {
  if (const File& f = files_[id.value]; f.mapped) f.mapped->release(end);
}

std::optional<FileId> SourceManager::load(const std::filesystem::path& path, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "is a directory";
    return std::nullopt;
  }
  // Offsets are 32-bit: a 4 GiB battle log is not a battle log.
  constexpr const char* too_large = "file too large (4 GiB or more)";
  if (const auto size = std::filesystem::file_size(path, ec);
      !ec && size >= map_threshold && std::filesystem::is_regular_file(path, ec)) {
    if (size >= std::numeric_limits<std::uint32_t>::max()) {
      error = too_large;
      return std::nullopt;
    }
    std::string map_error;
    if (auto mapped = MappedFile::open(path, map_error)) {
      files_.push_back({path.string(), {}, std::move(mapped), {}});
      return FileId{static_cast<std::uint32_t>(files_.size() - 1)};
    }
    // Not mappable (a special file system): read it as any other file.
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::strerror(errno);
    if (!error.empty()) error[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(error[0])));
    return std::nullopt;
  }
  // Read in blocks rather than through istreambuf_iterator: faster, and it
  // keeps libstdc++'s streambuf internals out of -Wnull-dereference's sight.
  std::string text;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() >= std::numeric_limits<std::uint32_t>::max()) break;
  }
  if (in.bad()) {
    error = "read error";
    return std::nullopt;
  }
  if (text.size() >= std::numeric_limits<std::uint32_t>::max()) {
    error = too_large;
    return std::nullopt;
  }
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
