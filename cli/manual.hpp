#pragma once
// The manual page and the bash completion of `umpire`, written from the
// commands themselves (names, options, descriptions, examples), so that
// neither can say something `umpire --help` does not. `umpire --generate
// man|bash-completion` prints them; the build writes both and installs them
// (cli/CMakeLists.txt).
#include <string>

namespace CLI {
class App;
}

namespace umpire::cli {

// umpire(1) in roff (man(7) macros).
std::string man_page(const CLI::App& root);

// A bash script defining the completion of `umpire`: commands and
// subcommands, options, the values of options that take a fixed set of
// them, folders for DIR options, file names elsewhere.
std::string bash_completion(const CLI::App& root);

}  // namespace umpire::cli
