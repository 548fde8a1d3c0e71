#include "engine/rulesets/sabreur_hex/simulate/roster.hpp"

#include <fmt/format.h>

#include <array>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/geometry/hex/text.hpp"

namespace umpire::sabreur::simulate {
namespace {

constexpr int map_columns = 12;
constexpr int map_rows = 10;
constexpr std::int64_t min_army_points = 1501;
// Up to 2,500 points: the armies above 2,000 may take 2 D6 order points
// (§ Détermination des points d'ordre (PO) en fonction des points d'armée
// (PA)); the engine says which formula an army may use.
constexpr std::int64_t max_army_points = 2500;
constexpr std::array<std::string_view, 2> side_ids{"blue", "red"};
constexpr std::array<std::string_view, 2> side_names{"Blue army", "Red army"};
constexpr std::array<char, 2> unit_prefix{'b', 'r'};

// The unit types a simulated army draws from, line infantry most often.
constexpr std::array<UnitType, 10> type_pool{
    UnitType::line_infantry,      UnitType::line_infantry,       UnitType::line_infantry,
    UnitType::light_infantry,     UnitType::heavy_cavalry,       UnitType::medium_cavalry,
    UnitType::light_cavalry,      UnitType::medium_foot_battery, UnitType::heavy_foot_battery,
    UnitType::light_horse_battery};

// Terrain of the battlefield: a village, a wood and a hill between the armies.
struct TerrainHex {
  int column, row;
  HexTerrain kind;
  bool hill;
  std::string_view word;
};
constexpr std::array<TerrainHex, 6> terrain{{
    {6, 5, HexTerrain::village, false, "village"},
    {7, 5, HexTerrain::village, false, "village"},
    {2, 5, HexTerrain::wood, false, "wood"},
    {3, 6, HexTerrain::wood, false, "wood"},
    {10, 5, HexTerrain::open_ground, true, "hill"},
    {10, 6, HexTerrain::open_ground, true, "hill"},
}};

int pick(dice::Rng& rng, int n) {
  return static_cast<int>(rng.face(static_cast<std::uint32_t>(n))) - 1;
}

// A table row of the rules data, keyed by `keys`; nullopt when absent.
std::optional<std::vector<rules::Val>> row(const RulesBinding& rules, std::string_view table,
                                           const std::vector<rules::Val>& keys) {
  auto ref = rules.rs().find(table);
  if (!ref || ref->kind != rules::ItemKind::table) return std::nullopt;
  rules::Situation situation(rules.rs());
  rules::Evaluator ev(rules.rs(), situation);
  return ev.lookup(ref->index, keys);
}

std::int64_t column_number(const std::optional<std::vector<rules::Val>>& r, std::size_t i,
                           std::int64_t fallback) {
  return r && i < r->size() ? (*r)[i].number : fallback;
}

// Elite units allowed in an army of `points` (value max_elite_units).
std::int64_t max_elite(const RulesBinding& rules, std::int64_t points) {
  auto ref = rules.rs().find("max_elite_units");
  if (!ref) return 0;
  Facts f(rules);
  f.integer(Given::army_points, points);
  rules::Evaluator ev(rules.rs(), f.situation());
  auto v = ev.value(ref->index);
  return v ? v->number : 0;
}

// The skills a simulated unit may draw: those whose play the simulator
// writes (a closed column, § Formations spéciales; the special actions of
// § Points d'ordre). One unit in two draws one of these, "gros bataillon"
// four times as often as each other, kept only when the data allows it for
// the unit (the skill's `allowed`): a third of the line infantry are large
// battalions, a unit in twelve has "sens tactique", one in twelve
// "impétueux". Apart from these, line infantry that is no large battalion
// has "ordre linéaire" one time in two, and so may stand in extended line
// (§ Formations spéciales); one such unit in two musters in it.
constexpr std::array<Skill, 6> skill_pool{Skill::large_battalion, Skill::large_battalion,
                                          Skill::large_battalion, Skill::large_battalion,
                                          Skill::tactical_sense,  Skill::impetuous};
constexpr int skill_one_in = 2;

// The facts of a unit being mustered: what a skill's `allowed`, the
// strength bounds and the cost per strength point read.
Facts muster_facts(const RulesBinding& rules, const UnitSetup& u) {
  Facts f(rules);
  f.set(Given::self_type, rules.type(u.type));
  f.set(Given::self_quality, rules.quality(u.quality));
  f.set(Given::self_skills, rules.skills(u.skills));
  f.set(Given::self_formation, rules.formation(u.formation));
  f.integer(Given::self_command_factor, u.command);
  return f;
}

std::optional<std::int64_t> muster_value(const RulesBinding& rules, const UnitSetup& u, Value v) {
  const Facts f = muster_facts(rules, u);
  rules::Evaluator ev(rules.rs(), f.situation());
  ev.set_trace(false);
  auto r = ev.value(rules.value(v));
  if (!r || !f.error().empty()) return std::nullopt;
  return r->number;
}

// The skill word a log writes (`large-battalion`).
std::string skill_word(Skill s) {
  std::string w(skill_names()[static_cast<std::size_t>(s)]);
  for (char& c : w)
    if (c == '_') c = '-';
  return w;
}

struct Mustered {
  UnitSetup unit;
  std::int64_t points = 0;
};

Mustered muster(const RulesBinding& rules, dice::Rng& rng, std::uint8_t side, bool elite_allowed) {
  Mustered m;
  UnitSetup& u = m.unit;
  u.side = side;
  u.type = type_pool[static_cast<std::size_t>(pick(rng, static_cast<int>(type_pool.size())))];
  const int q = pick(rng, 4);  // ordinary twice as often as elite or recruit
  u.quality = q == 0 && elite_allowed ? Quality::elite
              : q == 1                ? Quality::recruit
                                      : Quality::ordinary;
  const auto command = row(rules, "command_factor_range", {rules.quality(u.quality)});
  u.command = static_cast<std::int32_t>(column_number(command, 0, 7));
  u.formation =
      u.type == UnitType::line_infantry && pick(rng, 2) == 0 ? Formation::column : Formation::line;
  if (pick(rng, skill_one_in) == 0) {
    const Skill skill =
        skill_pool[static_cast<std::size_t>(pick(rng, static_cast<int>(skill_pool.size())))];
    const Facts f = muster_facts(rules, u);
    rules::Evaluator ev(rules.rs(), f.situation());
    ev.set_trace(false);
    const auto allowed = ev.skill_allowed(rules.skill(skill));
    if (allowed && *allowed && f.error().empty()) u.skills.add(skill);
    // A large battalion musters in column, the formation its closed column
    // is formed from (the data's closed_column_from_column).
    if (u.skills.has(Skill::large_battalion)) u.formation = Formation::column;
  }
  if (u.type == UnitType::line_infantry && !u.skills.has(Skill::large_battalion) &&
      pick(rng, 2) == 0) {
    u.skills.add(Skill::linear_order);  // costs nothing (its `cost 0 per strength_point`)
    if (pick(rng, 2) == 0) u.formation = Formation::extended_line;
  }
  // Strength within the data's bounds for the unit and its skills (a large
  // battalion's are higher), else the table's.
  const auto strength = row(rules, "unit_strength", {rules.type(u.type)});
  const std::int64_t
      lo = muster_value(rules, u, Value::min_strength).value_or(column_number(strength, 0, 1)),
      hi = std::max(
          lo, muster_value(rules, u, Value::max_strength).value_or(column_number(strength, 1, lo)));
  u.strength = static_cast<std::int32_t>(lo + pick(rng, static_cast<int>(hi - lo + 1)));
  // Points as the engine counts them (roster.cpp): the cost per strength
  // point (type, quality, command) and each skill's, times the strength,
  // plus each skill's flat cost.
  std::int64_t per_point = muster_value(rules, u, Value::base_cost_per_strength_point).value_or(0),
               flat = 0;
  for (std::size_t i = 0; i < skill_count; ++i) {
    const auto s = static_cast<Skill>(i);
    if (!u.skills.has(s)) continue;
    const Facts f = muster_facts(rules, u);
    rules::Evaluator ev(rules.rs(), f.situation());
    ev.set_trace(false);
    const std::uint32_t id = rules.skill(s);
    (rules.rs().skills[id].cost_per.empty() ? flat : per_point) += ev.skill_cost(id).value_or(0);
  }
  m.points = per_point * u.strength + flat;
  return m;
}

}  // namespace

SimulatedSetup make_setup(const RulesBinding& rules, dice::Rng& rng, std::uint64_t seed) {
  SimulatedSetup out;
  Setup& s = out.setup;
  s.dice = replay::DiceMode::recorded;
  s.map = hex::HexMap(map_columns, map_rows);
  for (const TerrainHex& t : terrain)
    (void)s.map.set_terrain(hex::from_offset({t.column, t.row}), pack_terrain(t.kind, t.hill));

  std::string armies;
  std::array<std::int64_t, 2> totals{0, 0};
  for (std::uint8_t side = 0; side < 2; ++side) {
    const std::int64_t target =
        min_army_points + pick(rng, static_cast<int>(max_army_points - min_army_points + 1));
    const std::int64_t elite_limit = max_elite(rules, target);
    std::int64_t elite = 0;
    std::string lines;
    int count = 0;
    for (int attempt = 0; attempt < 400 && totals[side] < target; ++attempt) {
      Mustered m = muster(rules, rng, side, elite < elite_limit);
      if (totals[side] + m.points > max_army_points || m.points <= 0) continue;
      if (m.unit.quality == Quality::elite) ++elite;
      totals[side] += m.points;
      ++count;
      m.unit.id = fmt::format("{}{}", unit_prefix[side], count);
      std::string skills;
      for (std::size_t i = 0; i < skill_count; ++i)
        if (m.unit.skills.has(static_cast<Skill>(i)))
          skills += (skills.empty() ? "" : ", ") + skill_word(static_cast<Skill>(i));
      if (!skills.empty()) skills = " skills (" + skills + ")";
      lines += fmt::format(
          "  unit {} profile {} quality {} strength {} command {}{} formation {} points {}\n",
          m.unit.id, name(m.unit.type), name(m.unit.quality), m.unit.strength, m.unit.command,
          skills, name(m.unit.formation), m.points);
      s.units.push_back(std::move(m.unit));
      out.unit_points.push_back(m.points);
    }
    armies += fmt::format("\narmy {} points {}\n{}", side_ids[side], totals[side], lines);
    s.sides.push_back(
        {Span{}, std::string(side_ids[side]), totals[side], side == 0 ? "south" : "north"});
  }

  // Deployment: each army on open ground in the three rows of its home edge;
  // an extended line on two neighbouring such hexes side by side under its
  // facing (§ Formations spéciales), its second half on its right.
  std::string deploy;
  std::vector<bool> taken(s.map.hex_count(), false);
  for (UnitId u = 0; u < s.units.size(); ++u) {
    const UnitSetup& unit = s.units[u];
    const bool south = unit.side == 0;
    const Facing facing = south ? Facing::n : Facing::s;
    const bool extended = unit.formation == Formation::extended_line;
    const auto home_free = [&](Hex h) {
      if (!s.map.contains(h) || taken[s.map.index_of(h)] || s.map.terrain(h) != hex::TerrainId{})
        return false;
      const int row = hex::to_offset(h).row;
      return south ? row <= 3 : row >= map_rows - 2;
    };
    std::vector<Hex> free;
    for (int row = 1; row <= 3; ++row)
      for (int column = 1; column <= map_columns; ++column) {
        const Hex h = hex::from_offset({column, south ? row : map_rows + 1 - row});
        if (home_free(h) &&
            (!extended || home_free(hex::extended_line_partner(h, facing, hex::Side::right))))
          free.push_back(h);
      }
    if (free.empty()) continue;  // cannot happen with armies of at most 2500 points
    const Hex h = free[static_cast<std::size_t>(pick(rng, static_cast<int>(free.size())))];
    taken[s.map.index_of(h)] = true;
    DeploymentSetup d;
    d.unit = u;
    d.hex = h;
    d.facing = facing;
    d.formation = unit.formation;
    std::string at = hex::to_string(h);
    if (extended) {
      d.second_hex = hex::extended_line_partner(h, facing, hex::Side::right);
      taken[s.map.index_of(*d.second_hex)] = true;
      at += " " + hex::to_string(*d.second_hex);
    }
    s.deployment.push_back(d);
    deploy += fmt::format("deploy {} at {} facing {} formation {}\n", unit.id, at,
                          hex::name(d.facing), name(d.formation));
  }

  std::string text = fmt::format(
      "# A simulated game of random legal play: umpire simulate --ruleset sabreur-hex --seed {}\n"
      "ulog 1\n"
      "ruleset sabreur-hex\n"
      "data \"corpus/rulesets/sabreur-hex.rules\"\n"
      "scenario \"Simulated game, seed {}\"\n",
      seed, seed);
  for (std::uint8_t side = 0; side < 2; ++side)
    text +=
        fmt::format("side {} \"{}\" points {}\n", side_ids[side], side_names[side], totals[side]);
  text += "dice recorded\n\n";
  text += fmt::format("map hex {}x{}\nedge south home {}\nedge north home {}\n", map_columns,
                      map_rows, side_ids[0], side_ids[1]);
  for (const TerrainHex& t : terrain)
    text += fmt::format("hex {},{} {}\n", t.column, t.row, t.word);
  text += armies;
  text += "\n" + deploy;
  out.text = std::move(text);
  return out;
}

}  // namespace umpire::sabreur::simulate
