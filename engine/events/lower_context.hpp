#pragma once
// State shared by the lowering passes (lower_*.cpp): the battle being built,
// the names declared so far, where we are in the log. Internal to lowering.
#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/dice/recorded.hpp"
#include "engine/events/lower.hpp"

namespace umpire::events::detail {

namespace ast = log::ast;
using ast::Word;

// Lets the name maps be searched with a string_view: an id is looked up for
// every unit a statement names, and building a std::string each time costs.
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};
template <typename T>
using NameMap = std::unordered_map<std::string, T, NameHash, std::equal_to<>>;

// The order of the sections of a log; a statement may not go back to an
// earlier section.
enum class Section : std::uint8_t { header, battlefield, army, deployment, turns };

class Lowerer {
 public:
  Lowerer(const LowerOptions& options, DiagnosticEngine& diags)
      : options_(options), diags_(diags) {}

  Battle run(const ast::Log& log);
  // Streaming: lower one statement of `log` (the caller may then drop it),
  // and finish once every line was given.
  void statement(const ast::Log& log, const ast::Statement& s);
  Battle finish(FileId file);

  // lower_header.cpp
  void header(const ast::Statement& s);
  void tolerance(const ast::Value& v);
  void battlefield(const ast::Statement& s);
  void finish_header(FileId file);
  // lower_army.cpp
  void army(const ast::Statement& s);
  void deploy(const ast::Statement& s);
  void finish_armies();
  // lower_turn.cpp
  void turn(const ast::Statement& s);
  void phase(const ast::Statement& s);
  void action(const ast::Statement& s);
  void end(const ast::Statement& s);
  void end_score(const ast::Clause& c);

  // Shared helpers (lower.cpp).
  std::optional<ForceRef> force(const ast::Value& v, std::string_view what = "unit");
  // `consequence`: a note on what is passed over when the side is unknown.
  std::optional<std::uint32_t> side(const ast::Value& v, std::string_view consequence = {});
  std::optional<Location> location(const ast::Value& v);
  std::optional<Facing> facing(const ast::Value& v);
  // `to off-table [edge]`: the values of a `to` clause or outcome.
  static bool is_off_table(std::span<const ast::Value> to_values);
  Location off_table(std::span<const ast::Value> to_values) const;
  void roll(const ast::Clause& c);  // appends to the event store
  void add_plain_roll(DiceRoll& r, std::int64_t total, const ast::Value& v);
  void check_duplicate_keys(const ast::Statement& s);
  void declare(std::string_view id, ForceRef ref);
  // Clauses by key id (the scanner decided the words once).
  const ast::Clause* find(const ast::Statement& s, Word key) const;
  std::optional<std::int64_t> int_of(const ast::Statement& s, Word key) const;
  std::string text_of(const ast::Statement& s, Word key) const;
  std::span<const ast::Value> args(const ast::Statement& s) const { return log_->args(s); }
  std::span<const ast::Clause> clauses(const ast::Statement& s) const {
    return log_->clauses_of(s);
  }
  std::span<const ast::Value> values(const ast::Clause& c) const { return log_->values_of(c); }
  // Event fields (lower_turn.cpp).
  void add_field(Field key, std::int64_t integer);
  void add_number(Field key, double number);
  void add_word(Field key, std::string_view word);
  void add_location(Field key, std::optional<Location> loc);
  void add_facing(Field key, std::optional<Facing> f);

  const LowerOptions& options_;
  DiagnosticEngine& diags_;
  Battle battle_;
  FileId file_;
  const ast::Log* log_ = nullptr;  // the log of the statement being lowered

  Section section_ = Section::header;
  // Ids of units, generals and divisions: a symbol each (looked up for every
  // reference, a hash of a few bytes), and what it names, by symbol.
  SymbolTable force_symbols_;
  std::vector<ForceRef> forces_;
  bool empty_id_declared_ = false;
  std::vector<std::string> force_ids_;
  NameMap<std::uint32_t> sides_;
  NameMap<Span> header_seen_;
  std::optional<std::uint32_t> current_army_;
  std::optional<std::uint32_t> current_division_;
  std::vector<bool> deployed_;
  std::vector<Span> removed_;  // per unit: where it was removed; invalid while on the table
  // Per notation symbol: index in the store's expressions, +1 (0: not parsed yet).
  std::vector<std::uint32_t> expr_of_notation_;
  dice::Expr expr_buffer_;  // reused by roll(): the shared expression, rebased
  std::array<std::uint32_t, 256>
      label_symbols_{};  // per label word: its symbol + 1 (0: not interned yet)
  std::vector<dice::RecordedDie> faces_buffer_;  // reused by roll(): one allocation per log
  // Parts of the event being built, reused from event to event.
  std::vector<Location> path_;
  std::vector<Symbol> states_, stated_states_;
  std::vector<FieldValue> fields_;
  bool profile_note_given_ = false;
  bool battlefield_missing_reported_ = false;
  // Follow-on errors of one mistake are not reported: an unknown id or side
  // is reported at its first use only; the ids declared in an army whose
  // side is unknown are passed over where they are used; the statements of
  // a turn whose side is unknown are not read until the next turn. An id
  // declared twice is kept with its second declaration, for the message of
  // an unknown id it may have been meant to be.
  NameMap<Span> unknown_reported_;
  NameMap<Span> duplicated_;
  NameMap<Span> ignored_ids_;
  bool army_unknown_ = false, army_unknown_seen_ = false;
  bool turn_unknown_ = false, turn_unknown_seen_ = false;

  // Turn bookkeeping.
  bool in_turn_ = false;
  std::uint32_t turn_ = 0;
  std::uint32_t turn_side_ = 0;
  std::vector<std::vector<bool>> sides_played_;  // per turn number, per side
  Symbol phase_ = Symbol::empty;
  std::string phase_name_;
  int phase_index_ = -1;
};

}  // namespace umpire::events::detail
