#pragma once
// A read-only view of a whole file through the virtual memory system, for
// large battle logs: the process reads the page cache instead of holding a
// copy, and pages already read can be given back (`release`), so a log
// parsed front to back costs the window being read, not the whole text, in
// resident memory. The pages come back from the file on the next access.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace umpire {

class MappedFile {
 public:
  // Maps a regular file. Returns nullptr and sets `error` when the file
  // cannot be opened or mapped (the caller may read it instead).
  static std::unique_ptr<MappedFile> open(const std::filesystem::path& path, std::string& error);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view text() const { return {data_, size_}; }
  // Drops the resident pages wholly before `end` from this process, from
  // where the last call stopped (from the start when `end` is before it: a
  // new pass over the text); the text is unchanged and is read again from
  // the file when needed.
  void release(std::size_t end) const;

 private:
  MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
  const char* data_;
  std::size_t size_;
  mutable std::size_t released_ = 0;  // pages before this were given back
};

}  // namespace umpire
