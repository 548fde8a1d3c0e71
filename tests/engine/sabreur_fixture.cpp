#include "tests/engine/sabreur_fixture.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <stdexcept>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur::testing {
namespace {

struct Loaded {
  SourceManager sources;
  DiagnosticEngine diags{0};
  std::optional<rules::Ruleset> rs;
  std::optional<RulesBinding> binding;
};

const Loaded& loaded() {
  static const Loaded* l = [] {
    auto* out = new Loaded;
    out->rs = rules::load_ruleset(out->sources, umpire::test::corpus_dir() / "sabreur-hex.rules",
                                  out->diags);
    if (!out->rs) throw std::runtime_error("sabreur-hex.rules did not load");
    out->binding = RulesBinding::bind(*out->rs, out->diags, {});
    if (!out->binding) throw std::runtime_error("sabreur-hex.rules lacks items the engine needs");
    return out;
  }();
  return *l;
}

}  // namespace

const RulesBinding& binding() {
  return *loaded().binding;
}

Hex at(int column, int row) {
  return hex::from_offset({column, row});
}

replay::WrittenRoll written(std::uint16_t count, std::uint16_t sides,
                            std::initializer_list<std::uint16_t> faces, dice::Keep keep,
                            std::uint16_t kept, std::int64_t constant, std::string label) {
  dice::DiceTerm t = dice::make_dice(count, sides);
  t.keep = keep;
  t.kept = kept;
  dice::Expr e;
  e.terms.push_back(dice::dice_term(t));
  if (constant != 0) e.terms.push_back(dice::constant_term(constant));
  std::vector<dice::Throw> throws;
  for (std::uint16_t f : faces) throws.push_back({f, 0});
  return {{}, std::move(label), e, dice::evaluate(e, throws)};
}

Position::Position(int columns, int rows, std::int64_t army_points) {
  setup.map = hex::HexMap(columns, rows);
  setup.sides.push_back({{}, "blue", army_points, "south"});
  setup.sides.push_back({{}, "red", army_points, "north"});
}

UnitId Position::unit(std::uint8_t side, UnitType type, Hex hex, Facing facing, Formation formation,
                      int strength, Quality quality, std::initializer_list<Skill> skills,
                      int command) {
  UnitSetup u;
  u.id = fmt::format("{}{}", side == 0 ? "b" : "r", setup.units.size() + 1);
  u.side = side;
  u.type = type;
  u.quality = quality;
  for (Skill s : skills) u.skills.add(s);
  u.formation = formation;
  u.strength = strength;
  u.command = command != 0                  ? command
              : quality == Quality::elite   ? 8
              : quality == Quality::recruit ? 6
                                            : 7;
  setup.units.push_back(u);
  const auto id = static_cast<UnitId>(setup.units.size() - 1);
  std::optional<Hex> second;
  if (formation == Formation::extended_line)
    second = hex::extended_line_partner(hex, facing, hex::Side::right);
  setup.deployment.push_back({{}, id, hex, facing, formation, second});
  return id;
}

void Position::second_hex(UnitId u, std::optional<Hex> h) {
  for (DeploymentSetup& d : setup.deployment)
    if (d.unit == u) d.second_hex = h;
}

void Position::terrain(Hex h, HexTerrain t, bool hill) {
  (void)setup.map.set_terrain(h, pack_terrain(t, hill));
}

void Position::side(Hex a, Hex b, HexsideTerrain t) {
  (void)setup.map.set_side_feature(a, b, hex::SideFeatureId{static_cast<std::uint16_t>(t)});
}

Action& Position::act(ActionKind kind, std::uint8_t side, UnitList actors, UnitList targets,
                      Phase phase) {
  Action a;
  a.kind = kind;
  a.verb = "action";
  a.turn = 1;
  a.side = side;
  a.phase = phase;
  a.actors = std::move(actors);
  a.targets = std::move(targets);
  actions.push_back(std::move(a));
  return actions.back();
}

void Position::order_points(std::uint8_t side, std::uint16_t face) {
  Action& a = act(ActionKind::order_points, side, {}, {}, Phase::orders);
  a.rolls.push_back(written(1, 3, {face}, dice::Keep::all, 0, 1));
}

void Position::activate(std::uint8_t side, UnitList units, std::int64_t cost) {
  Action& a = act(ActionKind::activate, side, std::move(units));
  a.cost = cost;
}

Action& Position::charge(std::uint8_t side, UnitId charger, UnitId target, HexPath path,
                         Facing facing) {
  order_points(side);
  activate(side, {charger});
  Action& c = act(ActionKind::charge, side, {charger}, {target});
  c.path = std::move(path);
  c.facing = facing;
  return c;
}

Action& Position::respond(std::uint8_t side, UnitId u, std::string word) {
  Action& r = act(ActionKind::respond, side, {u});
  r.detail = std::move(word);
  return r;
}

Action& Position::morale_test(std::uint8_t side, UnitId u,
                              std::initializer_list<std::uint16_t> faces) {
  Action& t = act(ActionKind::test, side, {u});
  t.detail = "morale";
  t.rolls.push_back(written(2, 6, faces));
  return t;
}

replay::ReplayResult Position::run(replay::ReplayMode mode) {
  engine_ = std::make_unique<Engine>(setup, actions, binding(), diags);
  return replay::run_replay(*engine_, {mode}, diags);
}

std::size_t Position::count(std::string_view id) const {
  std::size_t n = 0;
  for (const Diagnostic& d : diags.diagnostics()) n += d.id == id ? 1U : 0U;
  return n;
}

std::string Position::messages() const {
  std::string out;
  for (const Diagnostic& d : diags.diagnostics()) {
    out += fmt::format("{} [{}] {}\n", to_string(d.severity), d.id, d.message);
    for (const std::string& n : d.notes) out += "    " + n + "\n";
  }
  return out;
}

}  // namespace umpire::sabreur::testing
