#pragma once
// "Did you mean ...?" for misspelled keywords, options, unit ids and rule
// items: the closest candidate by optimal-string-alignment distance.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire {

// Edits (insert, delete, substitute, swap two neighbours) from a to b,
// case-insensitive for ASCII letters.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word`, if within a third of its length (at least
// one edit, at most `max_edits`). Ties go to the earlier candidate.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates,
                                         std::size_t max_edits = 3);

}  // namespace umpire
