#include "engine/rulesets/wab/muster.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>

#include "engine/core/suggest.hpp"
#include "engine/events/battle.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/common/check_breach.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/wab/checks.hpp"
#include "engine/rulesets/wab/diagnostics.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {
namespace {

// The nine characteristics of a profile, as a roster writes them.
constexpr std::array<std::string_view, 9> kCharacteristics{"m", "ws", "bs", "s", "t",
                                                           "w", "i",  "a",  "ld"};

class Reporter {
 public:
  explicit Reporter(DiagnosticEngine& diags) : diags_(diags) {}
  template <typename... Args>
  DiagnosticBuilder breach(Check check, Span span, fmt::format_string<Args...> format,
                           Args&&... args) {
    ++breaches_;
    return rulesets::check_breach(diags_, check, span, format, std::forward<Args>(args)...);
  }
  DiagnosticEngine& diags() { return diags_; }
  std::size_t breaches() const { return breaches_; }

 private:
  DiagnosticEngine& diags_;
  std::size_t breaches_ = 0;
};

std::optional<std::int64_t> whole_number(std::string_view v) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
  return n;
}

// The missile weapons of the weapons table: the data's profiles of record
// missile_weapon (§ Table des armes de tirs).
bool is_missile_weapon(const rules::Ruleset& data, std::string_view word) {
  const std::string name = rulesets::data_word(word, rulesets::WordCase::exact);
  for (const rules::Profile& p : data.profiles)
    if (p.name == name && data.records[p.record].name == "missile_weapon") return true;
  return false;
}

// The log's words for the missile weapons of the weapons table.
std::vector<std::string> missile_weapon_words(const rules::Ruleset& data) {
  std::vector<std::string> words;
  for (const rules::Profile& p : data.profiles)
    if (data.records[p.record].name == "missile_weapon")
      words.push_back(rulesets::log_word(p.name));
  return words;
}

void check_type(const events::Unit& u, Reporter& out) {
  if (u.type.empty() || parse_troop_type(u.type)) return;
  const std::vector<std::string> names(troop_type_names().begin(), troop_type_names().end());
  auto d = out.breach(Check::muster_troop_type, u.span,
                      "'{}' of '{}' is not a troop type of the sheet", u.type, u.id);
  if (auto m = closest_match(rulesets::data_word(u.type, rulesets::WordCase::exact), names))
    d.hint("did you mean '{}'?", *m);
  d.note("the troop types are: {}", fmt::join(names, ", "));
}

void check_profile(const events::Unit& u, Reporter& out) {
  for (std::string_view c : kCharacteristics) {
    const events::Stat* written = nullptr;
    for (const events::Stat& st : u.stats)
      if (st.name == c) written = &st;
    if (!written) {
      out.breach(Check::muster_characteristic, u.span, "the profile of '{}' has no '{}'", u.id, c)
          .hint("write all nine: 'stats (m 4, ws 3, bs 3, s 3, t 3, w 1, i 3, a 1, ld 7)'");
      continue;
    }
    const std::optional<std::int64_t> n = whole_number(written->value);
    const std::int64_t low = c == "bs" ? 0 : 1;
    if (!n || *n < low || *n > 10)
      out.breach(Check::muster_characteristic, written->span,
                 "'{}' of '{}' is written {}: a characteristic is a whole number from {} to 10", c,
                 u.id, written->value, low)
          .note(
              "the charts of § Résultat pour toucher and § Résultat pour blesser run from 1 "
              "to 10 (their header '0' is 10)");
  }
  for (const events::Stat& st : u.stats) {
    bool known = false;
    for (std::string_view c : kCharacteristics) known = known || st.name == c;
    if (!known)
      out.diags().not_checked("replay.not-checked", st.span,
                              "characteristic '{}' of '{}': the sheet has no such one", st.name,
                              u.id);
  }
}

void check_models(const events::Unit& u, Reporter& out) {
  if (!u.models || *u.models < 1) {
    out.breach(Check::muster_models, u.span, "'{}' has {} models: a unit has at least one", u.id,
               u.models ? std::to_string(*u.models) : std::string("no"))
        .hint("write how many models it has, e.g. 'models 20'");
    return;
  }
  // The sheet sets no limit on a unit's size; 500 (the data's model_count)
  // is umpire's bound on hostile input, so it is no check of the rule text.
  if (*u.models > 500) {
    report(out.diags(), Diag::setup_unit, u.span,
           "'{}' has {} models: umpire replays units of at most 500 models (a limit of this "
           "tool, not of the rules: the sheet sets no limit on a unit's size)",
           u.id, *u.models);
    return;
  }
  if (u.ranks && (*u.ranks < 1 || *u.ranks > *u.models))
    out.breach(Check::muster_models, u.span,
               "'{}' has {} ranks of its {} models: from 1 rank to one rank per model", u.id,
               *u.ranks, *u.models);
}

void check_equipment(const events::Unit& u, const rules::Ruleset& data, Reporter& out) {
  // Missile weapons are not counted: § Table des armes de tirs lists the
  // weapons and sets no limit to how many a unit carries (a shot names the
  // one it uses); the save chart has one armour row and one shield column.
  std::vector<std::string_view> armours, shields;
  const TroopType type = parse_troop_type(u.type).value_or(TroopType::infantry);
  for (const std::string& e : u.equipment) {
    if (parse_armour(e))
      armours.push_back(e);
    else if (parse_shield(e))
      shields.push_back(e);
    else if (is_missile_weapon(data, e))
      continue;
    else if (e == "standard" || e == "army-standard")
      continue;  // § Résultat du combat: +1 for a standard (phases/combat_result.hpp)
    else if (e == "musician")
      continue;  // § Marche: a column with one may force-march (phases/movement.hpp)
    else if ((e == "barding" && type == TroopType::cavalry) ||
             (e == "howdah" && type == TroopType::elephants))
      continue;  // § Jet de sauvegarde: the mount's bonus (from_events.cpp, mount_of)
    else {
      auto d =
          out.diags().not_checked("replay.not-checked", u.span,
                                  "'{}' of '{}': the sheet gives this weapon no rule", e, u.id);
      // A near miss of a weapon of the table ('dart' for its 'darts').
      if (auto m = closest_match(e, missile_weapon_words(data)))
        d.hint("did you mean '{}'? (§ Table des armes de tirs)", *m);
    }
  }
  const auto at_most_one = [&](const std::vector<std::string_view>& worn, std::string_view what) {
    if (worn.size() > 1)
      out.breach(Check::muster_equipment, u.span, "'{}' carries {} {}: {}", u.id, worn.size(), what,
                 fmt::join(worn, ", "))
          .note("the save chart reads one armour row and one shield column");
  };
  at_most_one(armours, "armours");
  at_most_one(shields, "shields");
}

void check_special(const events::Unit& u, Reporter& out) {
  for (const std::string& s : u.special)
    if (!special_rule_of(s))
      out.diags().not_checked("replay.not-checked", u.span,
                              "special rule '{}' of '{}': the sheet gives it no rule", s, u.id);
}

void check_generals(const events::Battle& battle, Reporter& out) {
  for (std::size_t side = 0; side < battle.header.sides.size(); ++side) {
    const events::Side& s = battle.header.sides[side];
    std::vector<const events::General*> generals;
    for (const events::General& g : battle.generals)
      if (g.side == side) generals.push_back(&g);
    const Span where = s.army_span.valid() ? s.army_span : s.span;
    if (generals.empty())
      out.breach(Check::muster_general, where, "the army of '{}' has no General", s.id)
          .hint("write him: 'general gen \"Name\" command 8'");
    for (std::size_t i = 1; i < generals.size(); ++i)
      out.breach(Check::muster_general, generals[i]->span,
                 "'{}' is a second General of '{}' (the first: '{}')", generals[i]->id, s.id,
                 generals.front()->id)
          .note("the army's General lends his Leadership to the troops (§ 2.2)");
    for (const events::General* g : generals)
      if (!g->command || *g->command < 1 || *g->command > 10)
        out.breach(Check::muster_general, g->span,
                   "the General '{}' has {} Leadership: it is from 1 to 10", g->id,
                   g->command ? std::to_string(*g->command) : std::string("no"))
            .hint("write it: 'command 9'");
  }
}

class WabMuster final : public rulesets::Muster {
 public:
  rulesets::MusterResult check(const events::Battle& battle, const rules::Ruleset& data,
                               DiagnosticEngine& diags) const override {
    Reporter out(diags);
    check_generals(battle, out);
    for (const events::Unit& u : battle.units) {
      check_type(u, out);
      check_profile(u, out);
      check_models(u, out);
      check_equipment(u, data, out);
      check_special(u, out);
    }
    for (const events::Side& s : battle.header.sides)
      if (s.points || s.army_points)
        diags.not_checked("replay.not-checked", s.army_span.valid() ? s.army_span : s.span,
                          "the points of '{}': the sheet has no points values nor army lists",
                          s.id);
    return {battle.header.sides.size(), out.breaches()};
  }
};

}  // namespace

const rulesets::Muster& muster() {
  static const WabMuster m;
  return m;
}

}  // namespace umpire::wab
