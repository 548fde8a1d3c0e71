#pragma once
// Files Umpire rewrites (fmt --in-place, generated docs, golden updates) are
// written to a temporary file beside the target, flushed, then renamed over
// it: a reader sees the old file or the new one, never half of either.
#include <filesystem>
#include <string>
#include <string_view>

namespace umpire {

// Returns an empty string on success, otherwise the reason (lower case).
std::string write_file_atomically(const std::filesystem::path& path, std::string_view contents);

}  // namespace umpire
