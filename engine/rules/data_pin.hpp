#pragma once
// The rules data a battle log is checked against, and its pin
// (docs/log-format.md § The rules data). A log's header may name the data
// it was played with, `data "PATH" sha256 "DIGEST"`: the path is resolved
// relative to the log's folder (or, written `corpus/rulesets/NAME`, in the
// rules data folder in use), never outside those two folders, and the
// digest must be the SHA-256 of the file's bytes, as `sha256sum` prints
// it. A log that pins other data than the data at hand is refused, not
// checked against whatever data the command found.
#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/diagnostic.hpp"

namespace umpire::rules {

struct DataRequest {
  // From the log's header: `data "PATH"` (empty: no `data` line) and its
  // `sha256` (empty: not pinned), with where they are written.
  std::string written;
  Span written_span;
  std::string sha256;
  Span sha256_span;
  std::string ruleset;  // the log's ruleset id; its bundled file when the log names none
  // Where the path may lead: the log's folder (its whole tree) and the
  // rules data folder in use.
  std::filesystem::path log_dir;
  std::filesystem::path rulesets_dir;
  // `--rules FILE`: the data to use instead of the one the log names. A
  // pin still holds: its digest must be this file's.
  std::filesystem::path explicit_file;
};

// The file a log is checked against: `--rules`, else the one its `data`
// line names, else the bundled data of its ruleset. Nullopt after an
// error: a path that leads outside the allowed folders
// (`log.data.outside`) or to no file (`log.data.not-found`).
std::optional<std::filesystem::path> data_file_for_log(const DataRequest& request,
                                                       DiagnosticEngine& diags);

// The path a log names resolved alone, for `umpire pin`: nullopt with
// `why` set when it is outside the allowed folders or names no file.
std::optional<std::filesystem::path> resolve_data_path(std::string_view written,
                                                       const std::filesystem::path& log_dir,
                                                       const std::filesystem::path& rulesets_dir,
                                                       std::string& why);

// How a log names `file`, for `umpire pin`: relative to the log's folder
// when it is in its tree, `corpus/rulesets/...` when it is in the rules
// data folder; nullopt when it is in neither (a log could not name it).
std::optional<std::string> data_path_for_log(const std::filesystem::path& file,
                                             const std::filesystem::path& log_dir,
                                             const std::filesystem::path& rulesets_dir);

// False, after `log.data.digest-mismatch`, when the log pins a digest and
// `digest` (the SHA-256 of `file`'s bytes) is another.
bool check_pin(const DataRequest& request, const std::filesystem::path& file,
               std::string_view digest, DiagnosticEngine& diags);

// `file` as the verdict prints it: relative to the current folder when it
// is below it, else absolute.
std::string shown_path(const std::filesystem::path& file);

// The prefix a log writes for the rules data folder: `corpus/rulesets/`.
inline constexpr std::string_view rulesets_prefix = "corpus/rulesets/";

}  // namespace umpire::rules
