#pragma once
// Words of a log against the value names of the rules data: a log writes
// `heavy-infantry`, the data `heavy_infantry`. Each engine keeps its enums
// in the order of the data's domains, with one array of names each, and
// reads a log's word through parse_word.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::rulesets {

enum class WordCase : std::uint8_t {
  exact,   // `Heavy-Infantry` is no troop type
  folded,  // capitals read as small letters
};

// `word` as the data spells it: '-' read as '_', capitals folded or not.
std::string data_word(std::string_view word, WordCase letters);

// `word` as a log spells it: '_' written as '-' (`heavy_infantry`:
// `heavy-infantry`).
std::string log_word(std::string_view word);

// The enum value whose name in `names` is `word`, if any.
template <typename E, std::size_t N>
std::optional<E> parse_word(const std::array<std::string_view, N>& names, std::string_view word,
                            WordCase letters = WordCase::exact) {
  const std::string w = data_word(word, letters);
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == w) return static_cast<E>(i);
  return std::nullopt;
}

// The name of `value` in `names` (in the order of the enum).
template <typename E, std::size_t N>
constexpr std::string_view word_of(const std::array<std::string_view, N>& names, E value) {
  return names[static_cast<std::size_t>(value)];
}

}  // namespace umpire::rulesets
