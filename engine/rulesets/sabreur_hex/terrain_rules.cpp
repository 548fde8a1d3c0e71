// The terrain tables of the rules data as Board reads them: which hex and
// hexside terrains penalise, let units pass, block the line of sight
// (§ Effets du terrain). They depend on the rules data alone, so the
// binding reads them once (RulesBinding::bind), not every engine.
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

namespace umpire::sabreur {

TerrainRules read_terrain_rules(const RulesBinding& rules) {
  TerrainRules out;
  const rules::Ruleset& rs = rules.rs();
  rules::Situation situation(rs);
  rules::Evaluator ev(rs, situation);
  ev.set_trace(false);  // read, not explained
  const auto column = [&](const rules::Table& t,
                          std::string_view name) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      if (t.columns[i].name == name) return i;
    return std::nullopt;
  };
  const auto read = [&](std::string_view table, std::size_t count, auto key, std::string_view col,
                        auto& dest) {
    auto ref = rs.find(table);
    if (!ref || ref->kind != rules::ItemKind::table) return;
    const rules::Table& t = rs.tables[ref->index];
    auto c = column(t, col);
    if (!c) return;
    for (std::size_t i = 0; i < count; ++i) {
      auto row = ev.lookup(ref->index, {key(i)});
      if (row && *c < row->size()) dest[i] = (*row)[*c].number != 0;
    }
  };
  const auto hex_key = [&](std::size_t i) { return rules.terrain(static_cast<HexTerrain>(i)); };
  const auto side_key = [&](std::size_t i) {
    return rules.hexside(static_cast<HexsideTerrain>(i));
  };
  read("hex_terrain_effects", 7, hex_key, "penalising", out.hex_penalising);
  read("hex_terrain_effects", 7, hex_key, "passable", out.hex_passable);
  read("hex_terrain_effects", 7, hex_key, "blocks_line_of_sight", out.hex_blocks_sight);
  read("hex_terrain_effects", 7, hex_key, "open", out.hex_open);
  read("hexside_terrain_effects", 7, side_key, "passable", out.side_passable);
  // A hexside penalises through a value, which applies the switch on streams.
  for (std::size_t i = 0; i < 7; ++i) {
    Facts f(rules);
    f.set(Given::move_crossed_hexside, rules.hexside(static_cast<HexsideTerrain>(i)));
    rules::Evaluator side_ev(rs, f.situation());
    side_ev.set_trace(false);
    auto v = side_ev.value(rules.value(Value::hexside_penalising));
    out.side_penalising[i] = v && v->number != 0;
  }
  return out;
}

}  // namespace umpire::sabreur
