#include "engine/rulesets/hail_caesar_hyw/simulate/roster.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/source_manager.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/profile_catalogue.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/hail_caesar/simulate/roster_text.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster.hpp"

namespace umpire::hyw::simulate {
namespace {

using hail_caesar::simulate::PlannedArmy;
using hail_caesar::simulate::PlannedDivision;
using hail_caesar::simulate::PlannedUnit;
using rulesets::simulate::pick;

// Armies drawn before giving up: the muster passes most drawn armies of the
// bundled lists within a few dozen.
constexpr int max_tries = 2000;

// Field `name` of profile `p`, none when its record has none.
rules::Val field(const rules::Ruleset& data, std::uint32_t p, std::string_view name) {
  const rules::Profile& profile = data.profiles[p];
  const std::optional<std::uint32_t> f = data.records[profile.record].find(name);
  if (!f || *f >= profile.values.size()) return rules::Val::none();
  return profile.values[*f];
}

// The word of an enumerated field of profile `p` (`longbows`), empty for
// none.
std::string word(const rules::Ruleset& data, std::uint32_t p, std::string_view name) {
  const rules::Val v = field(data, p, name);
  const rules::Record& record = data.records[data.profiles[p].record];
  const std::optional<std::uint32_t> f = record.find(name);
  if (!f || v.kind != rules::Val::Kind::enumeration) return {};
  const rules::Domain& d = data.domains[record.fields[*f].type.ref];
  if (static_cast<std::size_t>(v.number) >= d.values.size()) return {};
  std::string out = d.values[static_cast<std::size_t>(v.number)];
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

std::int64_t integer(const rules::Ruleset& data, std::uint32_t p, std::string_view name) {
  const rules::Val v = field(data, p, name);
  return v.kind == rules::Val::Kind::integer ? v.number : 0;
}

// The weight of each entry of `list`: four for one a `>=` constraint asks
// a share of, one otherwise.
std::vector<std::uint32_t> weights(const rules::ArmyList& list) {
  std::vector<std::uint32_t> out;
  for (const std::uint32_t p : list.units) {
    bool wanted = false;
    for (const rules::Constraint& c : list.constraints)
      if ((c.op == rules::CmpOp::ge || c.op == rules::CmpOp::gt) &&
          std::find(c.lhs.profiles.begin(), c.lhs.profiles.end(), p) != c.lhs.profiles.end())
        wanted = true;
    out.push_back(wanted ? 4 : 1);
  }
  return out;
}

std::uint32_t weighted(dice::Rng& rng, const std::vector<std::uint32_t>& w) {
  std::uint32_t total = 0;
  for (const std::uint32_t x : w) total += x;
  std::size_t k = pick(rng, total);
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (k < w[i]) return static_cast<std::uint32_t>(i);
    k -= w[i];
  }
  return 0;
}

// Whether a special rule of profile `p` obliges its shots to throw a
// misfire roll (the data's `must roll_misfire`).
bool throws_misfire(const rules::Ruleset& data, std::uint32_t p) {
  const rules::Val special = field(data, p, "special");
  const rules::Record& record = data.records[data.profiles[p].record];
  const std::optional<std::uint32_t> f = record.find("special");
  if (special.kind != rules::Val::Kind::set || !f || !data.action_domain) return false;
  const std::uint32_t domain = record.fields[*f].type.ref;  // the special rules' domain
  const std::optional<std::uint32_t> roll = data.domains[*data.action_domain].find("roll_misfire");
  if (!roll) return false;
  for (const rules::Skill& skill : data.skills) {
    if (data.givens[skill.holder].type.ref != domain || skill.value >= 64 ||
        (special.bits >> skill.value & 1U) == 0)
      continue;
    for (const std::uint32_t i : skill.permissions)
      if (data.permissions[i].modality == rules::Modality::must &&
          data.permissions[i].action == *roll)
        return true;
  }
  return false;
}

PlannedArmy draw_army(
    const rules::Ruleset& data, dice::Rng& rng, std::size_t s, const rules::ArmyList& list,
    std::map<std::string, std::string, std::less<>>& weapons,
    std::map<std::string, hail_caesar::simulate::ShotRoll, std::less<>>& shot_rolls) {
  const std::string prefix = rules::list_prefix(data, list);
  PlannedArmy a;
  a.side = s == 0 ? "west" : "east";
  a.name = fmt::format("Host of the {} list", list.name);
  a.list = list.name;
  const std::vector<std::uint32_t> w = weights(list);
  int unit_no = static_cast<int>(s) * 100;
  for (int d = 0; d < 2; ++d) {
    PlannedDivision div;
    const int n = static_cast<int>(s) * 2 + d + 1;
    div.id = fmt::format("d{}", n);
    div.name = fmt::format("Battle {}", n);
    div.general_id = fmt::format("g{}", n);
    div.general_name = fmt::format("General {}", n);
    // The commander-in-chief leads the first division (004 § 2-a).
    div.command = d == 0 ? 9 : 8;
    div.general_points = d == 0 ? " points 0" : " points 25";
    a.points += d == 0 ? 0 : 25;
    const std::size_t count = 4 + pick(rng, 3);  // 4 to 6
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t p = list.units[weighted(rng, w)];
      std::string entry = data.profiles[p].name;
      if (!prefix.empty() && entry.starts_with(prefix)) entry = entry.substr(prefix.size());
      PlannedUnit u;
      u.id = fmt::format("u{}", ++unit_no);
      u.name = fmt::format("{} {}", entry, unit_no);
      u.body = "profile " + entry;
      const std::string type = word(data, p, "unit_type");
      const bool horse = type.find("cavalry") != std::string::npos;
      const bool shooter = integer(data, p, "long_range") > 0;
      const bool gun = type.find("artillery") != std::string::npos;
      u.formation = shooter && !horse && !gun ? "open-order" : "close-order";
      u.frontage_mm = 80;
      u.depth_mm = gun ? 60 : 40;
      // A Bombarde or Ribaudequin throws its misfire roll beside each
      // shot (004 § 1-c): its dice and outcome are the simulator's
      // (simulator.cpp).
      if (throws_misfire(data, p)) shot_rolls[u.id] = {"misfire", {}, {}};
      u.points = integer(data, p, "points");
      const std::string weapon = word(data, p, "weapon");
      if (shooter && !weapon.empty() && weapon != "none") weapons[u.id] = weapon;
      a.points += u.points;
      div.units.push_back(std::move(u));
    }
    a.divisions.push_back(std::move(div));
  }
  return a;
}

// Whether the muster of the ruleset passes the armies of `text`.
bool musters(const rules::Ruleset& data, const std::string& text) {
  SourceManager sources;
  const FileId file = sources.add("<simulated>", text);
  DiagnosticEngine diags(0);
  std::optional<events::Battle> battle = events::parse_and_lower(text, file, {}, diags);
  if (!battle || diags.has_errors()) return false;
  const rulesets::MusterResult r = muster().check(*battle, data, diags);
  return r.breaches == 0 && !diags.has_errors();
}

}  // namespace

std::optional<hail_caesar::simulate::SimulatedRoster> hyw_roster(const rules::Ruleset& data,
                                                                 dice::Rng& rng,
                                                                 std::uint64_t seed) {
  if (data.army_lists.empty()) return std::nullopt;
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    hail_caesar::simulate::SimulatedRoster out;
    std::vector<PlannedArmy> armies;
    for (std::size_t s = 0; s < 2; ++s)
      armies.push_back(draw_army(data, rng, s, data.army_lists[pick(rng, data.army_lists.size())],
                                 out.weapons, out.shot_rolls));
    out.text = hail_caesar::simulate::setup_text(
        {"hail-caesar-hyw", "v3 2019", "corpus/rulesets/hail-caesar-hyw.rules", seed}, armies, rng);
    if (musters(data, out.text)) return out;
  }
  return std::nullopt;
}

}  // namespace umpire::hyw::simulate
