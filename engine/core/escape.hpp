#pragma once
// Text from battle logs and rules data (names, notes, agreed rulings,
// titles) shown on a terminal. Control characters are written as visible
// escapes, as compilers show them, so that a unit name holding an escape
// sequence cannot retitle the terminal, clear the screen or forge a line of
// output. Every text renderer passes its untrusted strings through here;
// JSON output escapes them already.
#include <string>
#include <string_view>

namespace umpire {

// `text` with every C0 control (U+0000-U+001F), DEL and C1 control
// (U+0080-U+009F) shown as `<1B>`, `<7F>`, `<U+009B>`, and every byte that
// is not UTF-8 as `<FF>`. With `keep_layout`, line breaks and tabs stay (a
// whole document: `rules show`, a report); without, a text is kept on its
// one line (a message, a name).
std::string escape_controls(std::string_view text, bool keep_layout = false);

// True when escape_controls would change `text`.
bool has_controls(std::string_view text, bool keep_layout = false);

// The length of the C1 control at the start of `text` (2, its UTF-8 form
// C2 80 to C2 9F), or 0.
std::size_t c1_control_length(std::string_view text);

}  // namespace umpire
