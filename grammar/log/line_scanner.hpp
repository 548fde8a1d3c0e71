#pragma once
// The values of one statement line, read by hand where that is simple and
// by the X3 value rule everywhere else. Words, plain integers, hexes like
// 5,7 and plain rolls like 6d6=5,6,1 make most of a log; a hand-written
// scanner reads them several times faster than X3. Anything else (texts,
// lists, signs, decimals, sizes, rolls with options...) goes to the X3 rule
// from the value's first character, so the result, and every diagnostic, is
// what the X3 line rule (line_def.hpp) gives.
#include "grammar/log/config.hpp"
#include "grammar/log/raw_line.hpp"

namespace umpire::log::parser {

// Appends the values of [first, last) to the log of `state` and fills `raw`
// as the X3 line rule does. Returns `last` when the whole line was read,
// otherwise where the end of the line was expected (the caller reports it,
// unless the X3 value rule reported an error there through state.errors).
iterator_type scan_line(iterator_type first, iterator_type last, ParseState& state,
                        detail::RawLine& raw);

}  // namespace umpire::log::parser
