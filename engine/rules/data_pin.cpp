#include "engine/rules/data_pin.hpp"

#include <system_error>

#include "grammar/log/diagnostics.hpp"

namespace umpire::rules {
namespace {

namespace fs = std::filesystem;

// The folder with symbolic links and `..` resolved; the path itself when
// it cannot be (then nothing is inside it but itself).
fs::path real(const fs::path& p) {
  std::error_code ec;
  fs::path out = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? p.lexically_normal() : out;
}

// Whether `p` (resolved) is `dir` or below it.
bool inside(const fs::path& p, const fs::path& dir) {
  if (dir.empty()) return false;
  auto d = dir.begin();
  auto q = p.begin();
  for (; d != dir.end(); ++d, ++q) {
    if (d->empty()) continue;  // a trailing separator
    if (q == p.end() || *q != *d) return false;
  }
  return true;
}

struct Resolution {
  std::optional<fs::path> file;
  bool outside = false;          // a candidate led outside the allowed folders
  std::vector<fs::path> looked;  // the allowed candidates that held no file
};

Resolution resolve(std::string_view written, const fs::path& log_dir,
                   const fs::path& rulesets_dir) {
  Resolution out;
  const fs::path w(written);
  std::vector<fs::path> candidates;
  candidates.push_back(w.is_absolute() ? w : log_dir / w);
  if (!w.is_absolute() && written.substr(0, rulesets_prefix.size()) == rulesets_prefix &&
      !rulesets_dir.empty())
    candidates.push_back(rulesets_dir / fs::path(written.substr(rulesets_prefix.size())));
  const fs::path log_root = real(log_dir.empty() ? fs::path(".") : log_dir);
  const fs::path data_root = rulesets_dir.empty() ? fs::path() : real(rulesets_dir);
  for (const fs::path& c : candidates) {
    // Resolved with its links before it is judged: a link in the log's
    // folder to /etc/passwd leads outside.
    const fs::path r = real(c);
    if (!inside(r, log_root) && !inside(r, data_root)) {
      out.outside = true;
      continue;
    }
    std::error_code ec;
    if (fs::is_regular_file(r, ec)) {
      out.file = r;
      return out;
    }
    out.looked.push_back(r);
  }
  return out;
}

}  // namespace

std::string shown_path(const fs::path& file) {
  std::error_code ec;
  const fs::path here = real(fs::current_path(ec));
  const fs::path r = real(file);
  if (!ec && inside(r, here)) return r.lexically_relative(here).generic_string();
  return r.generic_string();
}

std::optional<fs::path> resolve_data_path(std::string_view written, const fs::path& log_dir,
                                          const fs::path& rulesets_dir, std::string& why) {
  const Resolution r = resolve(written, log_dir, rulesets_dir);
  if (r.file) return r.file;
  why = r.outside && r.looked.empty()
            ? "it leads outside the log's folder and the rules data folder"
            : "no such file";
  return std::nullopt;
}

std::optional<fs::path> data_file_for_log(const DataRequest& q, DiagnosticEngine& diags) {
  if (!q.explicit_file.empty()) return q.explicit_file;
  if (q.written.empty()) return q.rulesets_dir / (q.ruleset + ".rules");
  const Resolution r = resolve(q.written, q.log_dir, q.rulesets_dir);
  if (r.file) return r.file;
  const std::string log_folder = shown_path(q.log_dir.empty() ? fs::path(".") : q.log_dir);
  if (r.outside && r.looked.empty()) {
    log::report(diags, log::Diag::data_outside, q.written_span,
                "the rules data '{}' is outside the folders a log may name", q.written)
        .note(
            "a log names data in its own folder '{}' (and below), or in the rules data folder '{}' "
            "as "
            "'corpus/rulesets/NAME'",
            log_folder, shown_path(q.rulesets_dir))
        .hint("copy the data beside the log, or give it with '--rules FILE'");
    return std::nullopt;
  }
  auto d = log::report(diags, log::Diag::data_not_found, q.written_span,
                       "cannot find the rules data '{}' the log names", q.written);
  for (const fs::path& p : r.looked) d.note("no file '{}'", shown_path(p));
  d.hint("put the data where the log says, or give it with '--rules FILE'");
  return std::nullopt;
}

std::optional<std::string> data_path_for_log(const fs::path& file, const fs::path& log_dir,
                                             const fs::path& rulesets_dir) {
  const fs::path r = real(file);
  const fs::path log_root = real(log_dir.empty() ? fs::path(".") : log_dir);
  if (inside(r, log_root)) return r.lexically_relative(log_root).generic_string();
  if (!rulesets_dir.empty()) {
    const fs::path data_root = real(rulesets_dir);
    if (inside(r, data_root))
      return std::string(rulesets_prefix) + r.lexically_relative(data_root).generic_string();
  }
  return std::nullopt;
}

bool check_pin(const DataRequest& q, const fs::path& file, std::string_view digest,
               DiagnosticEngine& diags) {
  if (q.sha256.empty() || q.sha256 == digest) return true;
  auto d = log::report(diags, log::Diag::data_digest_mismatch,
                       q.sha256_span.valid() ? q.sha256_span : q.written_span,
                       "the log pins other rules data than '{}'", shown_path(file));
  d.note("the log pins sha256 {}", q.sha256);
  d.note("'{}' has sha256 {}", shown_path(file), digest);
  if (!q.explicit_file.empty()) {
    d.hint(
        "check the log with the data it was played with, or pin this data with 'umpire pin LOG "
        "--rules {}'",
        q.explicit_file.string());
  } else {
    d.hint(
        "the data changed since the game: check the log with the data it was played with ('--rules "
        "FILE'), "
        "or pin the data in use with 'umpire pin LOG'");
  }
  return false;
}

}  // namespace umpire::rules
