#pragma once
// Text written into an HTML page.
#include <string>
#include <string_view>

namespace umpire::reports {

// For an element's content or a quoted attribute's value.
std::string escape_html(std::string_view s);

}  // namespace umpire::reports
