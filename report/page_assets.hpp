#pragma once
// The report page's template, style and script (report/page/), built into
// the binary by report/embed_assets.cmake.
#include <string_view>

namespace umpire::reports::assets {

extern const std::string_view page_html;
extern const std::string_view page_css;
extern const std::string_view page_js;

}  // namespace umpire::reports::assets
