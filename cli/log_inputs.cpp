#include "cli/log_inputs.hpp"

#include <algorithm>
#include <system_error>

#include "cli/diagnostics.hpp"
#include "engine/core/os_error.hpp"

namespace umpire::cli {
namespace {

namespace fs = std::filesystem;

// Appends the *.ulog files under `dir` to `out`; false after reporting a
// folder that could not be listed (its readable siblings are still walked).
bool walk(Session& session, const std::string& argument, const fs::path& dir,
          std::vector<fs::path>& out) {
  bool ok = true;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::error_code kind_ec;
    // A link to a folder is not followed: it could lead back up the tree.
    if (entry.is_directory(kind_ec) && !entry.is_symlink(kind_ec)) {
      ok = walk(session, argument, entry.path(), out) && ok;
    } else if (entry.path().extension() == ".ulog") {
      out.push_back(entry.path());
    }
  }
  if (ec) {
    session.diags
        .report(cli::Diag::file_unreadable, session.find_arg(argument),
                "cannot read the folder '{}': {}", dir.generic_string(), os_error_text(ec.value()))
        .hint("check its permissions; the logs found elsewhere are checked");
    return false;
  }
  return ok;
}

}  // namespace

LogInputs find_logs(Session& session, const std::vector<std::string>& arguments) {
  LogInputs in;
  for (const std::string& argument : arguments) {
    std::error_code ec;
    if (argument == "-" || !fs::is_directory(argument, ec)) {
      in.logs.emplace_back(argument);  // a file: reading it reports what is wrong
      continue;
    }
    std::vector<fs::path> found;
    in.failed = !walk(session, argument, argument, found) || in.failed;
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
      return a.generic_string() < b.generic_string();
    });
    if (found.empty()) {
      session.diags
          .report(cli::Diag::check_no_file, session.find_arg(argument),
                  "no battle log (*.ulog) in the folder '{}'", argument)
          .hint("umpire check reads the .ulog files of a folder and of its subfolders");
      in.failed = true;
    }
    in.logs.insert(in.logs.end(), found.begin(), found.end());
  }
  return in;
}

}  // namespace umpire::cli
