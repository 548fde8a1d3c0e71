#pragma once
// Every file Umpire writes (fmt --in-place, simulate -o, verify --emit-log,
// the generated code, golden updates) is written here, the way users expect
// of a command-line tool:
// - a regular file is replaced atomically: the contents go to a temporary
//   file beside it (`.NAME.umpire-tmp-PID-XXXXXX`, removed on failure),
//   flushed, then renamed over it, so that a reader sees the old file or the
//   new one, never half of either. The new file keeps the old one's mode,
//   owner and group (owner and group as far as the user may set them);
// - a new file gets the usual permissions, 0666 less the umask;
// - a symbolic link stays a link: the file it finally names is rewritten;
// - a path that is not a regular file (a terminal, a pipe, a device) is
//   written through, never replaced; /dev/stdout, /dev/stderr and
//   /dev/fd/N write to the process's open descriptor itself, as a shell's
//   redirection made it;
// - a temporary is never left behind: removed on failure, and on SIGINT,
//   SIGTERM, SIGHUP or SIGQUIT before the process ends by that signal; one
//   left by a process killed outright (its PID no longer runs) is removed
//   by the next write of the same file.
#include <filesystem>
#include <string>
#include <string_view>

namespace umpire {

// Returns an empty string on success, otherwise the reason (lower case).
std::string write_file(const std::filesystem::path& path, std::string_view contents);

namespace testing {
// Called between the temporary's last byte and the rename (tests only:
// a signal there must leave the old file and no temporary).
void set_before_rename_hook(void (*hook)());
}  // namespace testing

}  // namespace umpire
