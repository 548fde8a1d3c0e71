#include "report/html_page.hpp"

#include "report/html_text.hpp"
#include "report/page_assets.hpp"

namespace umpire::reports {
namespace {

// JSON inside <script type="application/json">: "</script" would close
// the element and "<!--" change how it is read, so every "<" (only ever in
// a string) is written "\u003c", the same JSON string.
std::string script_json(const nlohmann::json& j) {
  const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (const char c : text)
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  return out;
}

void replace_once(std::string& page, std::string_view key, std::string_view value) {
  const std::size_t at = page.find(key);
  if (at != std::string::npos) page.replace(at, key.size(), value);
}

}  // namespace

std::string escape_html(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  return out;
}

std::string html_page(const nlohmann::json& game) {
  std::string title = "umpire report";
  if (const auto s = game.find("scenario");
      s != game.end() && s->is_string() && !s->get<std::string>().empty())
    title = s->get<std::string>() + ": umpire report";
  std::string page(assets::page_html);
  // The data goes in last: a game's text could hold the other keys.
  replace_once(page, "@TITLE@", escape_html(title));
  replace_once(page, "@STYLE@", assets::page_css);
  replace_once(page, "@SCRIPT@", assets::page_js);
  replace_once(page, "@DATA@", script_json(game));
  return page;
}

}  // namespace umpire::reports
