#include "engine/core/os_error.hpp"

#include <cctype>
#include <cstring>

namespace umpire {

std::string os_error_text(int err) {
  char buffer[256] = {};
#if defined(__GLIBC__) && defined(_GNU_SOURCE)
  // GNU's strerror_r returns the text, in `buffer` or a static string.
  std::string text = strerror_r(err, buffer, sizeof buffer);
#else
  std::string text = strerror_r(err, buffer, sizeof buffer) == 0 ? buffer : "unknown error";
#endif
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace umpire
