#include "engine/events/symbols.hpp"

namespace umpire::events {
namespace {

// FNV-1a: words are short, and the table needs no more.
std::uint32_t hash_of(std::string_view text) {
  std::uint32_t h = 2166136261u;
  for (char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
}

// Ids and notations are a few bytes long: a loop over them is cheaper than
// the call of memcmp that string_view's == makes.
bool same_text(std::string_view a, const char* b, std::size_t b_size) {
  if (a.size() != b_size) return false;
  for (std::size_t i = 0; i < b_size; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace

SymbolTable::SymbolTable() : starts_{0, 0}, slots_(64, 0) {
  // Symbol 0 is the empty word, found without hashing.
}

Symbol SymbolTable::intern(std::string_view text) {
  if (text.empty()) return Symbol::empty;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash_of(text) & mask;; i = (i + 1) & mask) {
    const std::uint32_t slot = slots_[i];
    if (slot == 0) {
      const auto symbol = static_cast<std::uint32_t>(size());
      chars_.append(text);
      starts_.push_back(static_cast<std::uint32_t>(chars_.size()));
      slots_[i] = symbol + 1;
      if (size() * 2 > slots_.size()) grow();
      return static_cast<Symbol>(symbol);
    }
    if (same_text(text, chars_.data() + starts_[slot - 1], starts_[slot] - starts_[slot - 1])) {
      return static_cast<Symbol>(slot - 1);
    }
  }
}

std::optional<Symbol> SymbolTable::find(std::string_view text) const {
  if (text.empty()) return Symbol::empty;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash_of(text) & mask;; i = (i + 1) & mask) {
    const std::uint32_t slot = slots_[i];
    if (slot == 0) return std::nullopt;
    if (same_text(text, chars_.data() + starts_[slot - 1], starts_[slot] - starts_[slot - 1])) {
      return static_cast<Symbol>(slot - 1);
    }
  }
}

void SymbolTable::grow() {
  std::vector<std::uint32_t> slots(slots_.size() * 2, 0);
  const std::size_t mask = slots.size() - 1;
  for (std::uint32_t symbol = 1; symbol < size(); ++symbol) {
    std::size_t i = hash_of(text(static_cast<Symbol>(symbol))) & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    slots[i] = symbol + 1;
  }
  slots_ = std::move(slots);
}

std::size_t SymbolTable::bytes() const {
  return chars_.capacity() + starts_.capacity() * sizeof(std::uint32_t) +
         slots_.capacity() * sizeof(std::uint32_t);
}

}  // namespace umpire::events
