#pragma once
// State shared by the lowering passes (lower_*.cpp): the battle being built,
// the names declared so far, where we are in the log. Internal to lowering.
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/dice/recorded.hpp"
#include "engine/events/lower.hpp"

namespace umpire::events::detail {

namespace ast = log::ast;

// The order of the sections of a log; a statement may not go back to an
// earlier section.
enum class Section : std::uint8_t { header, battlefield, army, deployment, turns };

class Lowerer {
 public:
  Lowerer(const LowerOptions& options, DiagnosticEngine& diags) : options_(options), diags_(diags) {}

  Battle run(const ast::Log& log);

  // lower_header.cpp
  void header(const ast::Statement& s);
  void battlefield(const ast::Statement& s);
  void finish_header(const ast::Log& log);
  // lower_army.cpp
  void army(const ast::Statement& s);
  void deploy(const ast::Statement& s);
  void finish_armies();
  // lower_turn.cpp
  void turn(const ast::Statement& s);
  void phase(const ast::Statement& s);
  void action(const ast::Statement& s);
  void end(const ast::Statement& s);

  // Shared helpers (lower.cpp).
  std::optional<ForceRef> force(const ast::Value& v, std::string_view what = "unit");
  std::optional<std::uint32_t> side(const ast::Value& v);
  std::optional<Location> location(const ast::Value& v);
  std::optional<Facing> facing(const ast::Value& v);
  std::optional<DiceRoll> roll(const ast::Clause& c);
  void check_duplicate_keys(const ast::Statement& s);
  void declare(const std::string& id, ForceRef ref);
  static const ast::Clause* find(const ast::Statement& s, std::string_view key);
  static std::optional<std::int64_t> int_of(const ast::Statement& s, std::string_view key);
  static std::string text_of(const ast::Statement& s, std::string_view key);

  const LowerOptions& options_;
  DiagnosticEngine& diags_;
  Battle battle_;
  FileId file_;

  Section section_ = Section::header;
  std::unordered_map<std::string, ForceRef> forces_;
  std::vector<std::string> force_ids_;
  std::unordered_map<std::string, std::uint32_t> sides_;
  std::unordered_map<std::string, Span> header_seen_;
  std::optional<std::uint32_t> current_army_;
  std::optional<std::uint32_t> current_division_;
  std::vector<bool> deployed_;
  std::vector<Span> removed_;  // per unit: where it was removed; invalid while on the table
  std::unordered_map<std::string, dice::Expr> expr_cache_;
  std::vector<dice::RecordedDie> faces_buffer_;  // reused by roll(): one allocation per log
  bool profile_note_given_ = false;
  bool battlefield_missing_reported_ = false;

  // Turn bookkeeping.
  bool in_turn_ = false;
  std::uint32_t turn_ = 0;
  std::uint32_t turn_side_ = 0;
  std::vector<std::vector<bool>> sides_played_;  // per turn number, per side
  std::string phase_;
  int phase_index_ = -1;
};

}  // namespace umpire::events::detail
