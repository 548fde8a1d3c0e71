#include "engine/rulesets/common/word_table.hpp"

namespace umpire::rulesets {

std::string data_word(std::string_view word, WordCase letters) {
  std::string out(word);
  for (char& c : out) {
    if (c == '-')
      c = '_';
    else if (letters == WordCase::folded && c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string log_word(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    if (c == '_') c = '-';
  return out;
}

}  // namespace umpire::rulesets
