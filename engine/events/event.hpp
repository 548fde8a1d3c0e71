#pragma once
// The event stream in compact form: a fixed 40-byte record per event and
// arenas shared by the whole battle (refs, dice rolls and their throws,
// optional fields, locations, facings), words interned as Symbols. `Event`
// is the view consumers read; lowering (lower_turn.cpp) fills the store.
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/core/span.hpp"
#include "engine/events/places.hpp"
#include "engine/events/symbols.hpp"

namespace umpire::events {

enum class EventKind : std::uint8_t {
#define UMPIRE_EVENT_KIND(name, verb) name,
#include "engine/events/event_kinds.def"
#undef UMPIRE_EVENT_KIND
};
std::string_view to_string(EventKind kind);

// A dice roll of an event, as written and, once checked, evaluated. The
// expression is shared by every roll of the same notation
// (`Battle::expr`); the faces are in the battle's throw arena
// (`Battle::throws`), and `Battle::roll` evaluates them again when a caller
// needs every die.
struct DiceRoll {
  static constexpr std::uint32_t no_expr = UINT32_MAX;
  Span span;
  Symbol label = Symbol::empty;      // `hit`, `save`, `blunder`...; empty for the event's main roll
  Symbol notation = Symbol::empty;   // as written, lower case
  std::uint32_t expr = no_expr;      // index of the parsed notation; no_expr when it did not parse
  std::uint32_t notation_begin = 0;  // where the notation is written (term spans are rebased to it)
  std::uint32_t first_throw = 0;
  std::uint16_t throw_count = 0;
  bool checked = false;    // the recorded faces passed the checks: `total` and the throws hold
  std::int64_t total = 0;  // when checked
  bool parsed() const { return expr != no_expr; }
};

// The fields an event has only sometimes, stored as keyed values beside the
// event (most events have two or three of them). `stated_*` are outcomes
// the players stated after `=>`.
enum class Field : std::uint8_t {
  means,
  by,
  to,
  path,
  facing,
  formation,
  weapon,
  on,
  states,
  distance,
  range,
  modifier,
  against,
  round,
  cost,
  dice_count,
  target_score,
  agreed_note,
  hits,
  saves,
  losses,
  casualties,
  wounds,
  moves,
  points,
  margin,
  score,
  total,
  result,
  stated_states,
  passed,
  winner,
  stated_to,
  stated_facing,
  stated_formation,
  stated_distance,
  from,   // `from <position>`: where a fire is made from (a Sabreur-hex extended line's half)
  cover,  // `cover soft|hard`: the cover players agreed a shot's target has (WAB)
};

// One stored field (8 bytes): `value` holds a 32-bit integer, a number that
// is a 32-bit integer, a Symbol, or the first element of a range of `count`
// in the battle's ref, location, facing or symbol arena (a count of 0: the
// clause was written but did not resolve). What does not fit (a larger
// integer, a fractional number, a range of 65,536 or more) is `wide`:
// `value` is then its index in `EventStore::wide_values`.
struct FieldValue {
  Field key = Field::means;
  std::uint8_t wide = 0;
  std::uint16_t count = 0;
  std::uint32_t value = 0;
};

// Turn, side and phase of a run of events (they change only at `turn` and
// `phase` statements, so a record names its segment instead of the three).
struct Segment {
  std::uint32_t turn = 0;        // 1-based
  std::uint32_t side = 0;        // whose turn it is
  Symbol phase = Symbol::empty;  // empty before any phase statement of the turn
  friend bool operator==(const Segment&, const Segment&) = default;
};

// The fixed part of an event (40 bytes): what every event has. The rest is
// in the battle's arenas, reached through `Event` (below). Spans are offsets
// into the battle's one file (`EventStore::file`); the number of rolls and of
// fields is where the next event's start (records and arenas only grow).
struct EventRecord {
  EventKind kind = EventKind::move;
  // agreed_flag, stated_flag, Stated::draw_bit, Stated::destroyed_bit, Stated::cancelled_bit
  std::uint8_t flags = 0;
  std::uint16_t actor_count = 0;
  std::uint16_t target_count = 0;
  std::uint16_t stated_length = 0;   // of `=> ...`, when stated_flag is set (at most 65,535)
  std::uint32_t segment = 0;         // index in EventStore::segments
  std::uint32_t begin = 0, end = 0;  // the statement
  std::uint32_t stated_begin = 0;
  Symbol detail = Symbol::empty;  // manoeuvre, response, test, special action, reason, order intent
  std::uint32_t first_ref = 0;    // actors, then targets
  std::uint32_t first_roll = 0;
  std::uint32_t first_field = 0;

  static constexpr std::uint8_t agreed_flag = 1;
  static constexpr std::uint8_t stated_flag = 8;
  // A statement names at most this many actors, and as many targets.
  static constexpr std::uint32_t max_refs = UINT16_MAX;
};

struct Battle;

// A reference as stored (8 bytes): where it is written and what it names.
// Its span ends where the id ends: ids are ASCII, lower-cased to the same
// length, so the end is the begin plus the length of the declared id.
struct StoredRef {
  static constexpr std::uint32_t index_bits = 30;
  static constexpr std::uint32_t max_index = (1u << index_bits) - 1;
  std::uint32_t begin = 0;
  std::uint32_t kind_index = 0;  // ForceKind in the top 2 bits, the index below
};

// A location as stored (16 bytes). `a` and `b` are a hex's column and row
// (both at least 1); a tabletop point is a = 0 and b its index in
// `EventStore::points`; off the table is a = -1 and b the Edge.
struct StoredLocation {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::int32_t a = 0;
  std::int32_t b = 0;
};

// A dice roll as stored (32 bytes): a DiceRoll whose span has no file (the
// file is the store's). The total and the notation's offset in the roll are
// inline when they fit (32 bits, 8 bits); otherwise `wide` is set and
// `total` is the index of the two in `EventStore::wide_values`.
struct StoredRoll {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  Symbol label = Symbol::empty;
  Symbol notation = Symbol::empty;
  std::uint32_t expr = DiceRoll::no_expr;
  std::uint32_t first_throw = 0;
  std::int32_t total = 0;
  std::uint16_t throw_count = 0;
  std::uint8_t notation_offset = 0;  // notation_begin - begin
  std::uint8_t bits = 0;             // checked_bit, wide_bit
  static constexpr std::uint8_t checked_bit = 1;
  static constexpr std::uint8_t wide_bit = 2;
};

// A facing as stored (16 bytes): tabletop degrees, or a hex facing as
// -1 - its index (degrees are never negative).
struct StoredFacing {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  double value = 0;
};

ForceRef decode(const Battle& battle, const StoredRef& ref);
Location decode(const Battle& battle, const StoredLocation& loc);
DiceRoll decode(const Battle& battle, const StoredRoll& roll);
Facing decode(const Battle& battle, const StoredFacing& facing);

// The refs or locations of an event: a range of values decoded from their
// stored form (`for (const ForceRef& r : e.actors())`, `e.path()[1].hex`).
template <typename T, typename Stored>
class DecodedRange {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using reference = T;
    using pointer = void;
    iterator() = default;
    iterator(const Battle* b, const Stored* s) : battle_(b), stored_(s) {}
    T operator*() const { return decode(*battle_, *stored_); }
    iterator& operator++() {
      ++stored_;
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++stored_;
      return old;
    }
    friend bool operator==(const iterator& x, const iterator& y) { return x.stored_ == y.stored_; }

   private:
    const Battle* battle_ = nullptr;
    const Stored* stored_ = nullptr;
  };
  DecodedRange() = default;
  DecodedRange(const Battle& battle, const Stored* first, std::size_t count)
      : battle_(&battle), first_(first), count_(count) {}
  iterator begin() const { return {battle_, first_}; }
  iterator end() const { return {battle_, first_ + count_}; }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  T operator[](std::size_t i) const { return decode(*battle_, first_[i]); }
  T front() const { return (*this)[0]; }
  T back() const { return (*this)[count_ - 1]; }

 private:
  const Battle* battle_ = nullptr;
  const Stored* first_ = nullptr;
  std::size_t count_ = 0;
};
using RefRange = DecodedRange<ForceRef, StoredRef>;
using LocationRange = DecodedRange<Location, StoredLocation>;
using RollRange = DecodedRange<DiceRoll, StoredRoll>;

// What the players said happened; every value is optional.
class Stated {
 public:
  Stated(const Battle& battle, const EventRecord& record) : battle_(&battle), record_(&record) {}
  bool empty() const { return (record_->flags & EventRecord::stated_flag) == 0; }
  Span span() const;
  std::optional<std::int64_t> hits() const { return integer(Field::hits); }
  std::optional<std::int64_t> saves() const { return integer(Field::saves); }
  std::optional<std::int64_t> losses() const { return integer(Field::losses); }
  std::optional<std::int64_t> casualties() const { return integer(Field::casualties); }
  std::optional<std::int64_t> wounds() const { return integer(Field::wounds); }
  std::optional<std::int64_t> moves() const { return integer(Field::moves); }
  std::optional<std::int64_t> points() const { return integer(Field::points); }
  std::optional<std::int64_t> margin() const { return integer(Field::margin); }
  std::optional<std::int64_t> score() const { return integer(Field::score); }
  std::optional<std::int64_t> total() const { return integer(Field::total); }
  std::string_view result() const;
  std::span<const Symbol> states() const;
  std::optional<bool> passed() const;
  bool draw() const { return flag(draw_bit); }
  bool destroyed() const { return flag(destroyed_bit); }
  bool cancelled() const { return flag(cancelled_bit); }
  std::optional<ForceRef> winner() const;
  std::optional<Location> to() const;
  std::optional<Facing> facing() const;
  std::string_view formation() const;
  std::optional<double> distance() const;

  static constexpr std::uint8_t draw_bit = 2;
  static constexpr std::uint8_t destroyed_bit = 4;
  static constexpr std::uint8_t cancelled_bit = 16;  // after EventRecord::stated_flag (8)

 private:
  bool flag(std::uint8_t bit) const { return (record_->flags & bit) != 0; }
  std::optional<std::int64_t> integer(Field key) const;
  const Battle* battle_;
  const EventRecord* record_;
};

// An event as consumers see it: the record and the arenas it points into.
// A cheap value (two pointers); valid while the battle lives unchanged.
class Event {
 public:
  Event(const Battle& battle, const EventRecord& record) : battle_(&battle), record_(&record) {}
  const EventRecord& record() const { return *record_; }

  EventKind kind() const { return record_->kind; }
  Span span() const;
  std::uint32_t turn() const;
  std::uint32_t side() const;
  std::string_view phase() const;
  std::string_view detail() const;
  RefRange actors() const;
  RefRange targets() const;
  RollRange dice() const;
  // how the unit was moved or activated: `by initiative`, `by order`, `by test`
  std::string_view means() const { return word(Field::means); }
  std::optional<ForceRef> by() const;  // general giving an order or rallying
  std::optional<Location> to() const { return location(Field::to); }
  LocationRange path() const;
  std::optional<Location> from() const { return location(Field::from); }  // `shoot ... from 6,8`
  std::optional<Facing> facing() const { return facing_of(Field::facing); }
  std::string_view formation() const { return word(Field::formation); }
  std::string_view weapon() const { return word(Field::weapon); }
  std::string_view on() const { return word(Field::on); }        // charge side: front, flank, rear
  std::string_view cover() const { return word(Field::cover); }  // a shot's target's cover
  std::span<const Symbol> states() const { return symbols(Field::states); }  // state statement
  std::optional<double> distance() const { return number(Field::distance); }
  std::optional<double> range() const { return number(Field::range); }
  std::optional<std::int64_t> modifier() const { return integer(Field::modifier); }
  std::optional<std::int64_t> against() const { return integer(Field::against); }
  std::optional<std::int64_t> round() const { return integer(Field::round); }
  std::optional<std::int64_t> cost() const { return integer(Field::cost); }
  std::optional<std::int64_t> dice_count() const { return integer(Field::dice_count); }
  std::optional<std::int64_t> target_score() const {
    return integer(Field::target_score);
  }  // `target 4+`
  Stated stated() const { return {*battle_, *record_}; }
  bool agreed() const { return (record_->flags & EventRecord::agreed_flag) != 0; }
  std::string_view agreed_note() const { return word(Field::agreed_note); }

  // Generic access to the optional fields (Stated uses them too).
  const FieldValue* field(Field key) const;
  std::optional<std::int64_t> integer(Field key) const;
  std::optional<double> number(Field key) const;
  std::string_view word(Field key) const;
  std::span<const Symbol> symbols(Field key) const;
  std::optional<Location> location(Field key) const;
  struct Range {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  Range range_of(const FieldValue& f) const;
  std::optional<Facing> facing_of(Field key) const;
  std::optional<ForceRef> ref(Field key) const;

 private:
  const Battle* battle_;
  const EventRecord* record_;
};

// The events of a battle as a range of `Event` values.
class EventRange {
 public:
  class iterator {
   public:
    using value_type = Event;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    iterator(const Battle* b, const EventRecord* r) : battle_(b), record_(r) {}
    Event operator*() const { return {*battle_, *record_}; }
    iterator& operator++() {
      ++record_;
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++record_;
      return old;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.record_ == b.record_; }

   private:
    const Battle* battle_ = nullptr;
    const EventRecord* record_ = nullptr;
  };
  EventRange(const Battle& battle, std::span<const EventRecord> records)
      : battle_(&battle), records_(records) {}
  iterator begin() const { return {battle_, records_.data()}; }
  iterator end() const { return {battle_, records_.data() + records_.size()}; }
  std::size_t size() const { return records_.size(); }
  bool empty() const { return records_.empty(); }
  Event operator[](std::size_t i) const { return {*battle_, records_[i]}; }

 private:
  const Battle* battle_;
  std::span<const EventRecord> records_;
};

// The event stream of a battle in compact form: fixed records plus shared
// arenas, words interned once. Filled by lowering (EventBuilder).
struct EventStore {
  std::vector<EventRecord> records;
  std::vector<StoredRef> refs;
  std::vector<StoredRoll> rolls;
  std::vector<dice::Throw> throws;
  std::vector<dice::Expr> exprs;  // one per distinct notation
  std::vector<FieldValue> fields;
  std::vector<std::uint64_t> wide_values;  // of fields that do not fit in 32 bits
  std::vector<Segment> segments;
  std::vector<StoredLocation> locations;
  std::vector<Point> points;  // tabletop locations
  std::vector<StoredFacing> facings;
  std::vector<Symbol> symbol_lists;
  SymbolTable symbols;
  FileId file;  // the log the spans of the records are in
  // Reserves for a log of `text_bytes` bytes, generously: pages of a
  // reservation are not touched until used, while growing a vector copies
  // it and briefly holds it twice.
  void reserve_for(std::size_t text_bytes);
  // Bytes in use (records and arenas), for the benchmark's report.
  std::size_t bytes() const;
  // The stored forms (a tabletop point goes to `points`).
  static StoredRef encode(const ForceRef& ref);
  StoredLocation encode(const Location& loc);
  StoredRoll encode(const DiceRoll& roll);
  static StoredFacing encode(const Facing& facing);
  // Stored fields: the value inline when it fits, else in `wide_values`.
  FieldValue integer_field(Field key, std::int64_t value);
  FieldValue number_field(Field key, double value);
  FieldValue symbol_field(Field key, Symbol value);
  FieldValue range_field(Field key, std::size_t first, std::size_t count);
  // The segment of the next record: the last one, or a new one.
  std::uint32_t segment_for(const Segment& s);
};

}  // namespace umpire::events
