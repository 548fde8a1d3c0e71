// Accessors of the compact event stream: an Event reads its fixed record
// and the battle's arenas.
#include <algorithm>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/events/battle.hpp"

namespace umpire::events {

std::string_view Event::phase() const { return battle_->text(record_->phase); }
std::string_view Event::detail() const { return battle_->text(record_->detail); }

RefRange Event::actors() const {
  return {*battle_, battle_->store.refs.data() + record_->first_ref, record_->actor_count};
}

RefRange Event::targets() const {
  return {*battle_, battle_->store.refs.data() + record_->first_ref + record_->actor_count, record_->target_count};
}

ForceRef decode(const Battle& battle, const StoredRef& stored) {
  ForceRef ref;
  ref.kind = static_cast<ForceKind>(stored.kind_index >> StoredRef::index_bits);
  ref.index = stored.kind_index & StoredRef::max_index;
  const auto length = static_cast<std::uint32_t>(battle.name_of(ref).size());
  ref.span = {battle.store.file, stored.begin, stored.begin + length};
  return ref;
}

Location decode(const Battle& battle, const StoredLocation& stored) {
  Location loc;
  loc.span = {battle.store.file, stored.begin, stored.end};
  if (stored.a > 0) {
    loc.is_hex = true;
    loc.hex = {stored.a, stored.b};
  } else if (stored.a == 0) {
    loc.point = battle.store.points[static_cast<std::uint32_t>(stored.b)];
  } else {
    loc.is_off_table = true;
    loc.edge = static_cast<Edge>(stored.b);
  }
  return loc;
}

StoredRef EventStore::encode(const ForceRef& ref) {
  // Lowering declares far fewer forces than max_index (a log is text).
  return {ref.span.begin, (static_cast<std::uint32_t>(ref.kind) << StoredRef::index_bits) |
                              (ref.index & StoredRef::max_index)};
}

StoredLocation EventStore::encode(const Location& loc) {
  StoredLocation stored{loc.span.begin, loc.span.end, 0, 0};
  if (loc.is_off_table) {
    stored.a = -1;
    stored.b = static_cast<std::int32_t>(loc.edge);
  } else if (loc.is_hex) {
    stored.a = loc.hex.col;  // lowering keeps only hexes of the map: at least 1
    stored.b = loc.hex.row;
  } else {
    stored.b = static_cast<std::int32_t>(points.size());
    points.push_back(loc.point);
  }
  return stored;
}

namespace {

// The record after `r`, if any: its parts start where those of `r` end.
const EventRecord* next_of(const EventStore& store, const EventRecord* r) {
  const EventRecord* next = r + 1;
  return next == store.records.data() + store.records.size() ? nullptr : next;
}

}  // namespace

Span Event::span() const { return {battle_->store.file, record_->begin, record_->end}; }

Span Stated::span() const {
  if (empty()) return {};
  return {battle_->store.file, record_->stated_begin, record_->stated_end};
}

RollRange Event::dice() const {
  const EventStore& store = battle_->store;
  const EventRecord* next = next_of(store, record_);
  const std::size_t end = next ? next->first_roll : store.rolls.size();
  return {*battle_, store.rolls.data() + record_->first_roll, end - record_->first_roll};
}

DiceRoll decode(const Battle& battle, const StoredRoll& stored) {
  DiceRoll r;
  r.span = {battle.store.file, stored.begin, stored.end};
  r.label = stored.label;
  r.notation = stored.notation;
  r.expr = stored.expr;
  r.notation_begin = stored.notation_begin;
  r.first_throw = stored.first_throw;
  r.throw_count = stored.throw_count;
  r.checked = stored.checked;
  r.total = stored.total;
  return r;
}

StoredRoll EventStore::encode(const DiceRoll& r) {
  return {r.span.begin, r.span.end, r.label,       r.notation, r.expr,
          r.notation_begin, r.first_throw, r.throw_count, r.checked, r.total};
}

Facing decode(const Battle& battle, const StoredFacing& stored) {
  Facing f;
  f.span = {battle.store.file, stored.begin, stored.end};
  if (stored.value < 0) {
    f.is_hex = true;
    f.hex = static_cast<HexFacing>(static_cast<int>(-1 - stored.value));
  } else {
    f.degrees = stored.value;
  }
  return f;
}

StoredFacing EventStore::encode(const Facing& f) {
  return {f.span.begin, f.span.end, f.is_hex ? -1.0 - static_cast<double>(f.hex) : f.degrees};
}

const FieldValue* Event::field(Field key) const {
  const EventStore& store = battle_->store;
  const EventRecord* next = next_of(store, record_);
  const FieldValue* first = store.fields.data() + record_->first_field;
  const FieldValue* last = store.fields.data() + (next ? next->first_field : store.fields.size());
  // A later field of the same key wins, as a later clause did.
  for (const FieldValue* f = last; f != first;) {
    --f;
    if (f->key == key) return f;
  }
  return nullptr;
}

std::optional<std::int64_t> Event::integer(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return std::nullopt;
  return f->integer;
}

std::optional<double> Event::number(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return std::nullopt;
  return f->number;
}

std::string_view Event::word(Field key) const {
  const FieldValue* f = field(key);
  return f == nullptr ? std::string_view() : battle_->text(f->symbol);
}

std::span<const Symbol> Event::symbols(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return {};
  return {battle_->store.symbol_lists.data() + f->range.first, f->range.count};
}

LocationRange Event::path() const {
  const FieldValue* f = field(Field::path);
  if (f == nullptr) return {};
  return {*battle_, battle_->store.locations.data() + f->range.first, f->range.count};
}

std::optional<Location> Event::location(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || f->range.count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.locations[f->range.first]);
}

std::optional<Facing> Event::facing_of(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || f->range.count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.facings[f->range.first]);
}

std::optional<ForceRef> Event::ref(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || f->range.count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.refs[f->range.first]);
}

std::optional<ForceRef> Event::by() const { return ref(Field::by); }

std::optional<std::int64_t> Stated::integer(Field key) const { return Event(*battle_, *record_).integer(key); }
std::string_view Stated::result() const { return Event(*battle_, *record_).word(Field::result); }
std::span<const Symbol> Stated::states() const { return Event(*battle_, *record_).symbols(Field::stated_states); }
std::optional<bool> Stated::passed() const {
  const auto v = integer(Field::passed);
  if (!v) return std::nullopt;
  return *v != 0;
}
std::optional<ForceRef> Stated::winner() const { return Event(*battle_, *record_).ref(Field::winner); }
std::optional<Location> Stated::to() const { return Event(*battle_, *record_).location(Field::stated_to); }
std::optional<Facing> Stated::facing() const { return Event(*battle_, *record_).facing_of(Field::stated_facing); }
std::string_view Stated::formation() const { return Event(*battle_, *record_).word(Field::stated_formation); }
std::optional<double> Stated::distance() const { return Event(*battle_, *record_).number(Field::stated_distance); }

std::optional<dice::Expr> Battle::expr(const DiceRoll& roll) const {
  if (!roll.parsed()) return std::nullopt;
  dice::Expr e = store.exprs[roll.expr];
  // The shared expression keeps the spans of its first occurrence: move
  // them to where this roll is written (same text, same layout).
  const std::uint32_t base = e.span.begin;
  const auto rebase = [&](Span& sp) {
    if (!sp.valid()) return;
    const std::uint32_t offset = sp.begin - base;
    sp = {roll.span.file, roll.notation_begin + offset, roll.notation_begin + offset + sp.size()};
  };
  for (dice::Term& t : e.terms) rebase(t.span);
  rebase(e.span);
  return e;
}

std::optional<dice::Roll> Battle::roll(const DiceRoll& r) const {
  if (!r.checked) return std::nullopt;
  dice::Roll out = dice::evaluate(store.exprs[r.expr], throws(r));
  return out;
}

namespace {

// Asks the kernel to back a large reservation with 2 MB pages where it can:
// each 4 kB page of a fresh arena otherwise costs a page fault when first
// written, a third of the time of lowering a large log. At most one partly
// used 2 MB page per arena is resident beyond what is used.
template <typename T>
void prefer_huge_pages(const std::vector<T>& v) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t huge = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  const std::uintptr_t end = begin + v.capacity() * sizeof(T);
  const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1);
  const std::uintptr_t last = end & ~(huge - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);  // a hint: failure is fine
#else
  (void)v;
#endif
}

}  // namespace

void EventStore::reserve_for(std::size_t text_bytes) {
  // The densest logs (the benchmark's) have an event per 48 bytes, a ref
  // per 30, a roll per 77, a die per 16: reserve somewhat more.
  records.reserve(text_bytes / 32);
  refs.reserve(text_bytes / 16);
  rolls.reserve(text_bytes / 48);
  throws.reserve(text_bytes / 8);
  fields.reserve(text_bytes / 16);
  locations.reserve(text_bytes / 48);
  points.reserve(text_bytes / 96);
  facings.reserve(text_bytes / 96);
  // The arenas that take most of the memory of a large log.
  if (text_bytes >= (std::size_t{16} << 20)) {
    prefer_huge_pages(records);
    prefer_huge_pages(refs);
    prefer_huge_pages(rolls);
    prefer_huge_pages(fields);
  }
}

std::size_t EventStore::bytes() const {
  std::size_t exprs_bytes = exprs.size() * sizeof(dice::Expr);
  for (const dice::Expr& e : exprs) exprs_bytes += e.terms.size() * sizeof(dice::Term);
  return records.size() * sizeof(EventRecord) + refs.size() * sizeof(StoredRef) + rolls.size() * sizeof(StoredRoll) +
         throws.size() * sizeof(dice::Throw) + exprs_bytes + fields.size() * sizeof(FieldValue) +
         locations.size() * sizeof(StoredLocation) + points.size() * sizeof(Point) + facings.size() * sizeof(StoredFacing) +
         symbol_lists.size() * sizeof(Symbol) + symbols.bytes();
}

}  // namespace umpire::events

namespace umpire::events {
// The sizes the memory budget counts on (docs/performance.md).
static_assert(sizeof(StoredRef) == 8);
static_assert(sizeof(StoredLocation) == 16);
static_assert(sizeof(StoredRoll) == 40);
static_assert(sizeof(StoredFacing) == 16);
static_assert(sizeof(EventRecord) == 56);
}  // namespace umpire::events
