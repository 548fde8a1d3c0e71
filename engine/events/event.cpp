// Accessors of the compact event stream: an Event reads its fixed record
// and the battle's arenas.
#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/events/battle.hpp"

namespace umpire::events {

std::uint32_t Event::turn() const {
  return battle_->store.segments[record_->segment].turn;
}
std::uint32_t Event::side() const {
  return battle_->store.segments[record_->segment].side;
}
std::string_view Event::phase() const {
  return battle_->text(battle_->store.segments[record_->segment].phase);
}
std::string_view Event::detail() const {
  return battle_->text(record_->detail);
}

RefRange Event::actors() const {
  return {*battle_, battle_->store.refs.data() + record_->first_ref, record_->actor_count};
}

RefRange Event::targets() const {
  return {*battle_, battle_->store.refs.data() + record_->first_ref + record_->actor_count,
          record_->target_count};
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

Span Event::span() const {
  return {battle_->store.file, record_->begin, record_->end};
}

Span Stated::span() const {
  if (empty()) return {};
  return {battle_->store.file, record_->stated_begin,
          record_->stated_begin + record_->stated_length};
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
  r.first_throw = stored.first_throw;
  r.throw_count = stored.throw_count;
  r.checked = (stored.bits & StoredRoll::checked_bit) != 0;
  if ((stored.bits & StoredRoll::wide_bit) != 0) {
    const auto at = static_cast<std::uint32_t>(stored.total);
    r.total = std::bit_cast<std::int64_t>(battle.store.wide_values[at]);
    r.notation_begin = static_cast<std::uint32_t>(battle.store.wide_values[at + 1]);
  } else {
    r.total = stored.total;
    r.notation_begin = stored.begin + stored.notation_offset;
  }
  return r;
}

StoredRoll EventStore::encode(const DiceRoll& r) {
  StoredRoll s;
  s.begin = r.span.begin;
  s.end = r.span.end;
  s.label = r.label;
  s.notation = r.notation;
  s.expr = r.expr;
  s.first_throw = r.first_throw;
  s.throw_count = r.throw_count;
  s.bits = r.checked ? StoredRoll::checked_bit : 0;
  const std::uint32_t offset = r.notation_begin - r.span.begin;
  if (r.notation_begin >= r.span.begin && offset <= UINT8_MAX && r.total >= INT32_MIN &&
      r.total <= INT32_MAX) {
    s.total = static_cast<std::int32_t>(r.total);
    s.notation_offset = static_cast<std::uint8_t>(offset);
  } else {
    s.bits |= StoredRoll::wide_bit;
    s.total = static_cast<std::int32_t>(wide_values.size());
    wide_values.push_back(std::bit_cast<std::uint64_t>(r.total));
    wide_values.push_back(r.notation_begin);
  }
  return s;
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

Event::Range Event::range_of(const FieldValue& f) const {
  if (f.wide == 0) return {f.value, f.count};
  const std::uint64_t w = battle_->store.wide_values[f.value];
  return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(w >> 32)};
}

std::optional<std::int64_t> Event::integer(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return std::nullopt;
  if (f->wide != 0) return std::bit_cast<std::int64_t>(battle_->store.wide_values[f->value]);
  return std::bit_cast<std::int32_t>(f->value);
}

std::optional<double> Event::number(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return std::nullopt;
  if (f->wide != 0) return std::bit_cast<double>(battle_->store.wide_values[f->value]);
  return static_cast<double>(std::bit_cast<std::int32_t>(f->value));
}

std::string_view Event::word(Field key) const {
  const FieldValue* f = field(key);
  return f == nullptr ? std::string_view() : battle_->text(static_cast<Symbol>(f->value));
}

std::span<const Symbol> Event::symbols(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr) return {};
  const Range r = range_of(*f);
  return {battle_->store.symbol_lists.data() + r.first, r.count};
}

LocationRange Event::path() const {
  const FieldValue* f = field(Field::path);
  if (f == nullptr) return {};
  const Range r = range_of(*f);
  return {*battle_, battle_->store.locations.data() + r.first, r.count};
}

std::optional<Location> Event::location(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || range_of(*f).count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.locations[range_of(*f).first]);
}

std::optional<Facing> Event::facing_of(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || range_of(*f).count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.facings[range_of(*f).first]);
}

std::optional<ForceRef> Event::ref(Field key) const {
  const FieldValue* f = field(key);
  if (f == nullptr || range_of(*f).count == 0) return std::nullopt;
  return decode(*battle_, battle_->store.refs[range_of(*f).first]);
}

std::optional<ForceRef> Event::by() const {
  return ref(Field::by);
}

std::optional<std::int64_t> Stated::integer(Field key) const {
  return Event(*battle_, *record_).integer(key);
}
std::string_view Stated::result() const {
  return Event(*battle_, *record_).word(Field::result);
}
std::span<const Symbol> Stated::states() const {
  return Event(*battle_, *record_).symbols(Field::stated_states);
}
std::optional<bool> Stated::passed() const {
  const auto v = integer(Field::passed);
  if (!v) return std::nullopt;
  return *v != 0;
}
std::optional<ForceRef> Stated::winner() const {
  return Event(*battle_, *record_).ref(Field::winner);
}
std::optional<Location> Stated::to() const {
  return Event(*battle_, *record_).location(Field::stated_to);
}
std::optional<Facing> Stated::facing() const {
  return Event(*battle_, *record_).facing_of(Field::stated_facing);
}
std::string_view Stated::formation() const {
  return Event(*battle_, *record_).word(Field::stated_formation);
}
std::optional<double> Stated::distance() const {
  return Event(*battle_, *record_).number(Field::stated_distance);
}

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
  if (last > first)
    madvise(reinterpret_cast<void*>(first), last - first,
            MADV_HUGEPAGE);  // a hint: failure is fine
#else
  (void)v;
#endif
}

}  // namespace

FieldValue EventStore::integer_field(Field key, std::int64_t value) {
  FieldValue f;
  f.key = key;
  if (value >= INT32_MIN && value <= INT32_MAX) {
    f.value = std::bit_cast<std::uint32_t>(static_cast<std::int32_t>(value));
  } else {
    f.wide = 1;
    f.value = static_cast<std::uint32_t>(wide_values.size());
    wide_values.push_back(std::bit_cast<std::uint64_t>(value));
  }
  return f;
}

FieldValue EventStore::number_field(Field key, double value) {
  // Most numbers are whole (`range 3`, `distance 6`): inline.
  if (value >= INT32_MIN && value <= INT32_MAX &&
      value == static_cast<double>(static_cast<std::int32_t>(value)) &&
      !(value == 0 && std::signbit(value))) {
    return integer_field(key, static_cast<std::int32_t>(value));
  }
  FieldValue f;
  f.key = key;
  f.wide = 1;
  f.value = static_cast<std::uint32_t>(wide_values.size());
  wide_values.push_back(std::bit_cast<std::uint64_t>(value));
  return f;
}

FieldValue EventStore::symbol_field(Field key, Symbol value) {
  FieldValue f;
  f.key = key;
  f.value = static_cast<std::uint32_t>(value);
  return f;
}

FieldValue EventStore::range_field(Field key, std::size_t first, std::size_t count) {
  FieldValue f;
  f.key = key;
  if (count <= UINT16_MAX) {
    f.value = static_cast<std::uint32_t>(first);
    f.count = static_cast<std::uint16_t>(count);
  } else {
    f.wide = 1;
    f.value = static_cast<std::uint32_t>(wide_values.size());
    wide_values.push_back(static_cast<std::uint64_t>(first) |
                          (static_cast<std::uint64_t>(count) << 32));
  }
  return f;
}

std::uint32_t EventStore::segment_for(const Segment& s) {
  if (segments.empty() || !(segments.back() == s)) segments.push_back(s);
  return static_cast<std::uint32_t>(segments.size() - 1);
}

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
  return records.size() * sizeof(EventRecord) + refs.size() * sizeof(StoredRef) +
         rolls.size() * sizeof(StoredRoll) + throws.size() * sizeof(dice::Throw) + exprs_bytes +
         fields.size() * sizeof(FieldValue) + wide_values.size() * sizeof(std::uint64_t) +
         segments.size() * sizeof(Segment) + locations.size() * sizeof(StoredLocation) +
         points.size() * sizeof(Point) + facings.size() * sizeof(StoredFacing) +
         symbol_lists.size() * sizeof(Symbol) + symbols.bytes();
}

}  // namespace umpire::events

namespace umpire::events {
// The sizes the memory budget counts on (docs/performance.md).
static_assert(sizeof(StoredRef) == 8);
static_assert(sizeof(StoredLocation) == 16);
static_assert(sizeof(StoredRoll) == 32);
static_assert(sizeof(StoredFacing) == 16);
static_assert(sizeof(EventRecord) == 40);
static_assert(sizeof(FieldValue) == 8);
}  // namespace umpire::events
