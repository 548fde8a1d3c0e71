#pragma once
// The OS's reason for a failed call, as a diagnostic writes it ("no such
// file or directory"). Through strerror_r: strerror may share one buffer
// between threads, and logs are read on several (`umpire check -j N`).
#include <string>

namespace umpire {

std::string os_error_text(int err);

}  // namespace umpire
