// Storage of the AST: the text arena and the shared vectors of a log.
#include "grammar/log/ast.hpp"

#include <algorithm>
#include <cstring>

namespace umpire::log::ast {
namespace {

// Most logs need no arena text at all; a block holds many lower-cased words.
constexpr std::size_t block_size = 16 * 1024;

}  // namespace

std::string_view to_string(SizeUnit unit) {
  switch (unit) {
    case SizeUnit::none: return "";
    case SizeUnit::mm: return "mm";
    case SizeUnit::cm: return "cm";
    case SizeUnit::in: return "in";
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
