#pragma once
// Words of a battle (phases, manoeuvres, labels, notations, formations...)
// interned once: an event holds a 4-byte Symbol, and `text(symbol)` gives the
// word back. Symbol 0 is the empty word, so a default Symbol reads as "".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::events {

enum class Symbol : std::uint32_t { empty = 0 };

class SymbolTable {
 public:
  SymbolTable();
  Symbol intern(std::string_view text);
  // The symbol of `text` if it was interned, without adding it.
  std::optional<Symbol> find(std::string_view text) const;
  std::string_view text(Symbol symbol) const {
    const auto i = static_cast<std::uint32_t>(symbol);
    return {chars_.data() + starts_[i], starts_[i + 1] - starts_[i]};
  }
  std::size_t size() const { return starts_.size() - 1; }
  std::size_t bytes() const;

 private:
  void grow();
  std::string chars_;                  // every word, end to end
  std::vector<std::uint32_t> starts_;  // word i is chars_[starts_[i], starts_[i + 1])
  std::vector<std::uint32_t> slots_;   // open addressing: symbol + 1, or 0 when free
};

}  // namespace umpire::events
