// Writes a verifier's witness as a Sabreur-hex battle log. The witness unit
// `w1` (side blue) stands at 4,4 facing north; the enemy `e1` (side red)
// three hexes north, or as close as the witness's distance says. Each
// witness given is either written into the log (a unit word, a terrain, an
// army size, a roll), holds in any freshly deployed game (a false flag), or
// is listed as not reproduced: the log never claims more than it sets up.
#include "engine/rulesets/sabreur_hex/witness_log.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <regex>

namespace umpire::sabreur {
namespace {

// What the finding is about decides the last action of the log.
enum class WitnessAction { morale_test, order_points, shot, move, attack, deployment };

bool witness_item_is(const rulesets::WitnessSituation& f,
                     std::initializer_list<std::string_view> names) {
  return std::any_of(f.items.begin(), f.items.end(), [&](std::string_view item) {
    return std::find(names.begin(), names.end(), item) != names.end();
  });
}

bool witness_item_starts(const rulesets::WitnessSituation& f, std::string_view prefix) {
  return std::any_of(f.items.begin(), f.items.end(),
                     [&](std::string_view item) { return item.starts_with(prefix); });
}

WitnessAction witness_action_of(const rulesets::WitnessSituation& f,
                                const std::map<std::string, std::string>& w) {
  if (witness_item_starts(f, "morale_test") ||
      witness_item_is(f, {"morale_target_mods", "modified_command_factor"}))
    return WitnessAction::morale_test;
  if (witness_item_starts(f, "order_points") || witness_item_starts(f, "two_d6_order_points"))
    return WitnessAction::order_points;
  if (witness_item_starts(f, "combat_") || f.message.find("action 'attack'") != std::string::npos)
    return WitnessAction::attack;
  if (witness_item_starts(f, "fire_") || w.contains("fire.enfilade")) return WitnessAction::shot;
  if (witness_item_is(f, {"movement_factor"})) return WitnessAction::move;
  return WitnessAction::deployment;
}

// Hex terrain of the rules data -> the log's terrain word (docs/log-format.md § 3).
std::string witness_terrain_word(const std::string& data_name) {
  if (data_name == "open_ground") return "open";
  if (data_name == "difficult_terrain") return "difficult";
  return data_name;
}

// "{a, b}" -> "(a, b)"; "{}" -> "".
std::string witness_skill_list(std::string set) {
  if (set.size() < 2 || set == "{}") return "";
  set = set.substr(1, set.size() - 2);
  // The log writes the skill "contre-charge" as `countercharge`.
  const std::string long_name = "countercharge_skill";
  for (std::size_t at = set.find(long_name); at != std::string::npos; at = set.find(long_name))
    set.replace(at, long_name.size(), "countercharge");
  return "(" + set + ")";
}

std::optional<std::int64_t> witness_number(const std::string& text, const char* pattern) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(pattern))) return std::nullopt;
  return std::stoll(m[1].str());
}

std::string witness_faces(int count, int face) {
  std::string out;
  for (int i = 0; i < count; ++i) out += (i ? "," : "") + std::to_string(face);
  return out;
}

// Builds the log; records which givens it reproduces.
class WitnessLogWriter {
 public:
  WitnessLogWriter(const rulesets::WitnessSituation& f, rulesets::WitnessLogText& out)
      : f_(f), out_(out), w_(f.givens) {}

  void write() {
    const WitnessAction action = witness_action_of(f_, w_);
    const std::string army_points = take("army.points").value_or("1600");
    // A test called by a charge: the enemy, cavalry unless the witness says
    // otherwise, charges w1 from the north on its own turn (§ Réactions face
    // à une charge); that puts the reason, the target and the reaction on
    // the board, and rules out an outflanking enemy at the same moment.
    charge_reaction_ = action == WitnessAction::morale_test && w_.contains("morale.reason") &&
                       w_.at("morale.reason") == "charge_reaction";
    Unit self = unit("self", "line", 18, 7);
    Unit enemy =
        unit("enemy", "line", 18, 7, charge_reaction_ ? "medium_cavalry" : "line_infantry");
    // Where the enemy stands: beside w1's flank when the witness has w1
    // outflanked (it engages w1, w1 does not engage it: board.cpp), else
    // straight north at the distance the witness names.
    std::string enemy_hex = "4,7", enemy_facing = "s";
    const bool outflanked =
        !charge_reaction_ && w_.contains("self.outflanked") && w_.at("self.outflanked") == "true";
    if (outflanked) {
      take("self.outflanked");
      enemy_hex = "5,4";
      enemy_facing = "nw";
      for (const char* adjacent :
           {"self.nearest_enemy_distance", "self.nearest_any_enemy_distance"})
        if (w_.contains(adjacent) && w_.at(adjacent) == "1") take(adjacent);
      for (const char* engaged : {"self.engaged_by_enemy", "self.in_contact_with_enemy"})
        if (w_.contains(engaged) && w_.at(engaged) == "true") take(engaged);
    } else if (action == WitnessAction::shot || action == WitnessAction::attack) {
      enemy_hex = "4,6";  // two hexes: in range of a shot, one step for a charge
      if (w_.contains("charge.target_distance") && w_.at("charge.target_distance") == "2")
        take("charge.target_distance");
    } else if (auto d = w_.find("self.nearest_enemy_distance");
               !charge_reaction_ && d != w_.end() &&
               d->second.find_first_not_of("0123456789") == std::string::npos &&
               std::stoi(d->second) >= 1 && std::stoi(d->second) <= 5) {
      enemy_hex = fmt::format("4,{}", 4 + std::stoi(d->second));
      take("self.nearest_enemy_distance");
    }
    if (auto enfilade = take("fire.enfilade")) {
      // Shot from behind: outside the target's front cone (fire.cpp's enfilade test).
      enemy_facing = *enfilade == "true" ? "n" : "s";
    }
    std::string body;
    body += fmt::format("map hex 8x10\n");
    if (!self.terrain.empty()) body += fmt::format("hex 4,4 {}\n", self.terrain);
    if (!enemy.terrain.empty()) body += fmt::format("hex {} {}\n", enemy_hex, enemy.terrain);
    body +=
        fmt::format("\narmy blue points {}\n  {}\narmy red points 1600\n  {}\n\n", army_points,
                    unit_line("w1", "witness unit", self), unit_line("e1", "enemy unit", enemy));
    body += fmt::format("deploy w1 at 4,4 facing n formation {}\n", self.formation);
    body += fmt::format("deploy e1 at {} facing {} formation {}\n\n", enemy_hex, enemy_facing,
                        enemy.formation);
    const std::string turn = actions(action, self);
    // Whatever is left was not put on the board.
    for (const auto& [name, value] : w_) {
      const bool fresh_flag =
          value == "false" && (name.starts_with("self.") || name.starts_with("enemy."));
      if (name.find('.') == std::string::npos)
        out_.not_reproduced.push_back(name + " = " + value +
                                      " (a switch of the rules data, not a fact of the game)");
      else
        (fresh_flag ? out_.reproduced : out_.not_reproduced).push_back(name + " = " + value);
    }
    std::string head =
        fmt::format("# Witness of {}, written by `umpire verify --emit-log`.\n# {}\n",
                    f_.finding_id, f_.message);
    for (const std::string& line : out_.reproduced) head += "# set up: " + line + "\n";
    for (const std::string& line : out_.not_reproduced) head += "# not reproduced: " + line + "\n";
    head += fmt::format(
        "ulog 1\nruleset sabreur-hex\nscenario \"witness of {}\"\nside blue \"Witness\" points {}\n"
        "side red \"Enemy\" points 1600\ndice {}\n\n",
        f_.finding_id, army_points, seeded_ ? "seeded 1" : "recorded");
    out_.text = head + body + turn;
  }

 private:
  struct Unit {
    std::string profile, quality, formation, skills, terrain;
    std::int64_t strength = 18, command = 7;
  };

  std::optional<std::string> take(const std::string& name) {
    auto it = w_.find(name);
    if (it == w_.end()) return std::nullopt;
    std::string value = it->second;
    out_.reproduced.push_back(name + " = " + value);
    w_.erase(it);
    return value;
  }

  Unit unit(const std::string& who, const std::string& formation, std::int64_t strength,
            std::int64_t command, const std::string& profile = "line_infantry") {
    Unit u;
    u.profile = take(who + ".type").value_or(profile);
    u.quality = take(who + ".quality").value_or("ordinary");
    u.formation = take(who + ".formation").value_or(formation);
    u.skills = witness_skill_list(take(who + ".skills").value_or("{}"));
    u.strength = std::stoll(take(who + ".strength").value_or(std::to_string(strength)));
    u.command = std::stoll(take(who + ".command_factor").value_or(std::to_string(command)));
    // No unit stands on impassable terrain (§ Les terrains): left unreproduced.
    if (auto t = w_.find(who + ".hex_terrain"); t != w_.end() && t->second != "impassable") {
      const std::string terrain = *take(who + ".hex_terrain");
      if (terrain != "open_ground") u.terrain = witness_terrain_word(terrain);
    }
    // A unit's strength at deployment is its initial strength.
    if (auto initial = w_.find(who + ".initial_strength");
        initial != w_.end() && initial->second == std::to_string(u.strength))
      take(who + ".initial_strength");
    if (who == "self") {
      out_.unit_words = {{"profile", u.profile},
                         {"quality", u.quality},
                         {"formation", u.formation},
                         {"strength", std::to_string(u.strength)},
                         {"command", std::to_string(u.command)}};
    }
    return u;
  }

  static std::string unit_line(const char* id, const char* name, const Unit& u) {
    std::string line =
        fmt::format("unit {} \"{}\" profile {} quality {} strength {} command {} formation {}", id,
                    name, u.profile, u.quality, u.strength, u.command, u.formation);
    if (!u.skills.empty()) line += " skills " + u.skills;
    return line;
  }

  // The turn: order points, then the action where the finding shows.
  std::string actions(WitnessAction action, const Unit& self) {
    std::string out = "turn 1 blue\n  phase orders\n";
    if (action == WitnessAction::order_points) {
      const bool two_d6 = take("order.formula").value_or("") == "two_d6_formula";
      const std::string two = take("order.two_d6").value_or("12");
      const std::string one = take("order.d6").value_or("6");
      std::string roll;
      if (two_d6) {
        const int total = std::clamp(std::stoi(two), 2, 12);
        roll = fmt::format("2d6={},{}", std::min(6, total - 1), total - std::min(6, total - 1));
      } else {
        roll = fmt::format("d3+1={}", std::clamp(std::stoi(one), 1, 6));
      }
      out += fmt::format("    order-points {}\n", roll);
      out_.action = fmt::format("order points thrown as {} for an army of {} points", roll,
                                take_reproduced("army.points", "1600"));
      return out + "end\n";
    }
    // Dice the engine draws (seeded): the action's outcome is recomputed, not stated.
    seeded_ = action != WitnessAction::morale_test && action != WitnessAction::deployment;
    out += seeded_ ? "    order-points\n" : "";
    // The seeded actions begin with the activation of w1, on a straight path.
    if (seeded_) {
      if (w_.contains("self.activated_this_turn") && w_.at("self.activated_this_turn") == "true")
        take("self.activated_this_turn");
      if (action == WitnessAction::attack && w_.contains("charge.would_rotate") &&
          w_.at("charge.would_rotate") == "false")
        take("charge.would_rotate");
    }
    // An activation does not outlast its turn: not with a charge on the enemy's.
    const bool activated = !charge_reaction_ && w_.contains("self.activated_this_turn") &&
                           w_.at("self.activated_this_turn") == "true";
    if (action == WitnessAction::morale_test && activated) out += "    order-points d3+1=6\n";
    out += "  phase actions\n";
    switch (action) {
      case WitnessAction::morale_test:
        if (activated) {
          take("self.activated_this_turn");
          out += "    activate w1 cost 1\n";
        }
        // A change of formation near the enemy calls the test (§ Test moral).
        if (w_.contains("morale.reason") && w_.at("morale.reason") == "formation_change" &&
            w_.contains("self.new_formation")) {
          take("morale.reason");
          out += fmt::format("    form w1 {}\n", *take("self.new_formation"));
        }
        if (charge_reaction_) {
          // w1's side has played its turn; the enemy's turn brings the charge.
          take("morale.reason");
          if (w_.contains("self.is_attack_target") && w_.at("self.is_attack_target") == "true")
            take("self.is_attack_target");
          std::string reaction = take("self.reaction").value_or("hold");
          std::replace(reaction.begin(), reaction.end(), '_', '-');
          out +=
              "  phase victory\nturn 1 red\n  phase orders\n    order-points d3+1=6\n  phase "
              "actions\n";
          out += fmt::format(
              "    activate e1 cost 1\n    charge e1 w1 path 4,6 4,5 facing s\n    respond w1 {}\n",
              reaction);
        }
        out += morale(self);
        if (charge_reaction_) out_.action += fmt::format(", reacting to a charge of e1");
        break;
      case WitnessAction::shot:
        out += "    activate w1 cost 1\n    shoot w1 e1\n";
        out_.action = "a shot of w1 at e1, two hexes away";
        break;
      case WitnessAction::move:
        out += "    activate w1 cost 1\n    move w1 frontal path 4,5 facing n\n";
        out_.action = "a move of w1 by one hex";
        break;
      case WitnessAction::attack: {
        const bool mounted = self.profile.find("cavalry") != std::string::npos;
        out += fmt::format("    activate w1 cost 1\n    {} w1 e1 path 4,5 facing n\n",
                           mounted ? "charge" : "assault");
        out_.action = fmt::format("{} of e1 by w1", mounted ? "a charge" : "an assault");
        break;
      }
      case WitnessAction::deployment:
        out_.action = "the deployment of w1";
        break;
      case WitnessAction::order_points:
        break;
    }
    return out + "end\n";
  }

  std::string take_reproduced(const std::string& name, const std::string& fallback) const {
    for (const std::string& line : out_.reproduced)
      if (line.starts_with(name + " = ")) return line.substr(name.size() + 3);
    return fallback;
  }

  // A morale test stating the witness's modifier, dice as low (impossible)
  // or as high (automatic) as they fall.
  std::string morale(const Unit& self) {
    std::string test;
    for (std::string_view item : f_.items)
      if (item.starts_with("morale_test")) test = std::string(item);
    if (test.empty())
      test = self.quality == "elite"     ? "morale_test_drop_highest"
             : self.quality == "recruit" ? "morale_test_drop_lowest"
                                         : "morale_test_2d6";
    const bool three = test != "morale_test_2d6";
    const std::string dice = !three                               ? "2d6"
                             : test == "morale_test_drop_highest" ? "3d6kl2"
                                                                  : "3d6kh2";
    std::optional<std::int64_t> needed =
        witness_number(std::string(f_.message), "can need (?:only )?(-?[0-9]+) or less");
    std::optional<std::int64_t> modifier;
    if (needed)
      modifier = *needed - self.command;
    else if (auto gives = witness_number(std::string(f_.message), "gives (-?[0-9]+)"))
      modifier = *gives;
    const bool automatic = f_.test == rulesets::TestExtreme::always_passes;
    const int face = automatic ? 6 : 1;
    std::string line =
        fmt::format("    test w1 morale {}={}", dice, witness_faces(three ? 3 : 2, face));
    if (modifier) line += fmt::format(" mod {:+}", *modifier);
    if (f_.test == rulesets::TestExtreme::never_passes) line += fmt::format(" => total 2 fail");
    if (automatic) line += fmt::format(" => total 12 pass");
    out_.action =
        modifier ? fmt::format("a morale test of w1 with mod {:+} (Cd {})", *modifier, self.command)
                 : fmt::format("a morale test of w1 (Cd {})", self.command);
    return line + "\n";
  }

  const rulesets::WitnessSituation& f_;
  rulesets::WitnessLogText& out_;
  std::map<std::string, std::string> w_;
  bool seeded_ = false;
  bool charge_reaction_ = false;
};

class SabreurWitnessWriter final : public rulesets::WitnessWriter {
 public:
  rulesets::WitnessLogText write(const rulesets::WitnessSituation& situation) const override {
    rulesets::WitnessLogText out;
    WitnessLogWriter(situation, out).write();
    return out;
  }
};

}  // namespace

const rulesets::WitnessWriter& witness_writer() {
  static const SabreurWitnessWriter writer;
  return writer;
}

}  // namespace umpire::sabreur
