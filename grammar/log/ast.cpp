// Storage of the AST: the text arena and the shared vectors of a log.
#include "grammar/log/ast.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace umpire::log::ast {
namespace {

// Most logs need no arena text at all; a block holds many lower-cased words.
constexpr std::size_t block_size = 16 * 1024;

// The words of Word, by id.
constexpr std::array word_texts{
    std::string_view(),
#define UMPIRE_LOG_VERB(name, text, group) std::string_view(text),
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
#define UMPIRE_LOG_WORD(name, text) std::string_view(text),
#include "grammar/log/words.def"
#undef UMPIRE_LOG_WORD
};
static_assert(word_texts.size() <= 256, "Word is one byte");

// Every word of a log is looked up, and most are no keyword (unit ids,
// formations, manoeuvres): the table is indexed by a hash of the length and
// three characters, and each slot keeps those four bytes, so a word that is
// none of the language's words is nearly always refused without comparing
// texts. Built at compile time from verbs.def and words.def.
constexpr std::size_t max_word_length = 16;
constexpr std::size_t table_bits = 9;
constexpr std::size_t table_size = std::size_t{1} << table_bits;

// Length, first, second and last characters (the first twice for a word of
// one letter).
constexpr std::uint32_t signature(std::string_view w) {
  const auto at = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(w[i]));
  };
  return static_cast<std::uint32_t>(w.size()) << 24 | at(0) << 16 | at(w.size() > 1 ? 1 : 0) << 8 |
         at(w.size() - 1);
}
constexpr std::size_t slot_of(std::uint32_t sig) {
  return static_cast<std::size_t>((sig * 0x9E3779B1u) >> (32 - table_bits));
}

struct WordSlot {
  std::uint32_t signature = 0;  // 0: free (no word has length 0)
  Word word = Word::none;
};

struct WordTable {
  std::array<WordSlot, table_size> slots{};
  std::size_t longest_probe = 0;
};

constexpr WordTable make_word_table() {
  WordTable t;
  for (std::size_t w = 1; w < word_texts.size(); ++w) {
    const std::uint32_t sig = signature(word_texts[w]);
    std::size_t i = slot_of(sig);
    std::size_t probe = 1;
    while (t.slots[i].signature != 0) {
      i = (i + 1) & (table_size - 1);
      ++probe;
    }
    t.slots[i] = {sig, static_cast<Word>(w)};
    t.longest_probe = std::max(t.longest_probe, probe);
  }
  return t;
}
constexpr WordTable word_table = make_word_table();
static_assert(word_table.longest_probe <= 4, "the word hash spreads the words badly");

constexpr bool words_are_distinct() {
  for (std::size_t a = 1; a < word_texts.size(); ++a) {
    if (word_texts[a].empty() || word_texts[a].size() > max_word_length) return false;
    for (std::size_t b = a + 1; b < word_texts.size(); ++b) {
      if (word_texts[a] == word_texts[b]) return false;
    }
  }
  return true;
}
static_assert(words_are_distinct(),
              "a word of verbs.def or words.def is given twice, or is empty or too long");

}  // namespace

Word find_word(std::string_view text) {
  if (text.empty() || text.size() > max_word_length) return Word::none;
  const std::uint32_t sig = signature(text);
  for (std::size_t i = slot_of(sig);; i = (i + 1) & (table_size - 1)) {
    const WordSlot& slot = word_table.slots[i];
    if (slot.signature == 0) return Word::none;
    if (slot.signature != sig) continue;
    // Same length, first, second and last characters: only the characters
    // between the second and the last are left to compare (none for a word
    // of three letters or fewer). A loop over those few bytes is cheaper than
    // a call of memcmp, which most words of a log (keys, verbs) would make.
    const char* known = word_texts[static_cast<std::size_t>(slot.word)].data();
    std::size_t k = 2;
    while (k + 1 < text.size() && known[k] == text[k]) ++k;
    if (k + 1 >= text.size()) return slot.word;
  }
}

std::string_view word_text(Word word) {
  return word_texts[static_cast<std::size_t>(word)];
}

std::string_view to_string(SizeUnit unit) {
  switch (unit) {
    case SizeUnit::none:
      return "";
    case SizeUnit::mm:
      return "mm";
    case SizeUnit::cm:
      return "cm";
    case SizeUnit::in:
      return "in";
  }
  return "";
}

char* TextArena::allocate(std::size_t size) {
  if (size == 0) return nullptr;
  if (blocks_.empty() || used_ + size > capacity_) {
    // A text larger than a block gets a block of its own.
    const std::size_t capacity = std::max(size, block_size);
    blocks_.push_back(std::make_unique<char[]>(capacity));
    capacity_ = capacity;
    used_ = 0;
  }
  char* out = blocks_.back().get() + used_;
  used_ += size;
  return out;
}

std::string_view TextArena::store(std::string_view text) {
  if (text.empty()) return {};
  char* out = allocate(text.size());
  std::memcpy(out, text.data(), text.size());
  return {out, text.size()};
}

void TextArena::clear() {
  if (blocks_.empty()) return;
  // Keep one block; the last one is the one allocate() fills.
  blocks_.erase(blocks_.begin(), blocks_.end() - 1);
  used_ = 0;
}

Span Log::faces_span(const Value& roll) const {
  if (roll.items.empty()) return {roll.span.file, roll.span.end, roll.span.end};
  return {roll.span.file, faces[roll.items.first].span.begin, roll.span.end};
}

void Log::clear() {
  lines.clear();
  values.clear();
  clauses.clear();
  entries.clear();
  entry_values.clear();
  faces.clear();
  parts.clear();
  arena.clear();
}

}  // namespace umpire::log::ast
