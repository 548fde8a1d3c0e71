#pragma once
// The detail word of a statement (docs/log-format.md): the kind of a march,
// of a test or of a special action, or the reaction to a charge. Read once
// when the statement is lowered, so that the engine compares enumerators;
// the word as written stays for messages, and a word the engine does not
// know is `other` (reported where the statement is applied, as written).
#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace umpire::sabreur {

enum class Detail : std::uint8_t {
  none,   // no word
  other,  // a word the engine does not know
  // march
  frontal,
  forced,
  indirect,
  // `move <skirmisher> aside`: a friendly skirmisher put back after a march,
  // charge or assault (§ Charge ou assaut à travers tirailleurs amis)
  aside,
  // test
  morale,
  // special action
  transfer_losses,
  // reaction (respond)
  form_square,
  form_closed_column,
  rotate,
  turn_to_face,
  countercharge,
  defensive_fire,
  evade,
  flee,
  do_nothing,
  hold,
};

inline constexpr std::array<std::pair<std::string_view, Detail>, 16> kDetailWords{{
    {"frontal", Detail::frontal},
    {"aside", Detail::aside},
    {"forced", Detail::forced},
    {"indirect", Detail::indirect},
    {"morale", Detail::morale},
    {"transfer-losses", Detail::transfer_losses},
    {"form-square", Detail::form_square},
    {"form-closed-column", Detail::form_closed_column},
    {"rotate", Detail::rotate},
    {"turn-to-face", Detail::turn_to_face},
    {"countercharge", Detail::countercharge},
    {"defensive-fire", Detail::defensive_fire},
    {"evade", Detail::evade},
    {"flee", Detail::flee},
    {"do-nothing", Detail::do_nothing},
    {"hold", Detail::hold},
}};

constexpr Detail detail_of(std::string_view word) {
  if (word.empty()) return Detail::none;
  for (const auto& [w, d] : kDetailWords)
    if (w == word) return d;
  return Detail::other;
}

// A statement's detail: set from the log's word, compared as a Detail
// (`a.detail == Detail::forced`; comparing with a string does not compile).
class DetailWord {
 public:
  DetailWord() = default;
  DetailWord& operator=(std::string_view word) {
    text_ = word;
    kind_ = detail_of(word);
    return *this;
  }
  Detail kind() const { return kind_; }
  const std::string& text() const { return text_; }  // as written
  bool empty() const { return text_.empty(); }
  friend bool operator==(const DetailWord& w, Detail d) { return w.kind_ == d; }

 private:
  std::string text_;
  Detail kind_ = Detail::none;
};

}  // namespace umpire::sabreur

// Messages quote the word as written.
template <>
struct fmt::formatter<umpire::sabreur::DetailWord> : fmt::formatter<std::string_view> {
  auto format(const umpire::sabreur::DetailWord& w, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(w.text(), ctx);
  }
};
