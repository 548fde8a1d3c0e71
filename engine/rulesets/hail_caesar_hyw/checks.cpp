#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

#include "engine/rulesets/common/check_listing.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"

namespace umpire::hyw {
namespace {

// The constraints each check reports, in the order of checks.def.
constexpr std::string_view kConstraints[] = {
#define UMPIRE_CHECK(name, id, section, what, constraints) constraints,
#include "engine/rulesets/hail_caesar_hyw/checks.def"
#undef UMPIRE_CHECK
};
static_assert(std::size(kConstraints) == std::size(detail::kCheckInfos));

// Whether blank-separated `names` holds `list.constraint` or `*.constraint`.
bool names(std::string_view names, std::string_view list, std::string_view constraint) {
  while (!names.empty()) {
    const std::size_t blank = names.find(' ');
    const std::string_view name = names.substr(0, blank);
    names = blank == std::string_view::npos ? std::string_view() : names.substr(blank + 1);
    const std::size_t dot = name.find('.');
    if (dot == std::string_view::npos || name.substr(dot + 1) != constraint) continue;
    const std::string_view of = name.substr(0, dot);
    if (of == "*" || of == list) return true;
  }
  return false;
}

}  // namespace

const replay::CheckTable& check_table() {
  static const replay::CheckTable table(detail::kCheckInfos);
  return table;
}

// Base checks the variant never makes: its data removes the permission one
// reports (broken_division_no_rally: 8-e's rally is 3-a's, hyw.rally.unit),
// and its units shoot their profile's weapon, not a roster's equipment
// (hc.shoot.weapon).
constexpr std::string_view kBaseChecksNotMade[] = {"hc.division.no-rally", "hc.shoot.weapon"};

const replay::CheckTable& ruleset_check_table() {
  static const std::vector<replay::CheckInfo> rows = [] {
    std::vector<replay::CheckInfo> out(std::begin(detail::kCheckInfos),
                                       std::end(detail::kCheckInfos));
    for (const replay::CheckInfo& c : hail_caesar::check_table().all())
      if (std::find(std::begin(kBaseChecksNotMade), std::end(kBaseChecksNotMade), c.id) ==
          std::end(kBaseChecksNotMade))
        out.push_back(c);
    return out;
  }();
  static const replay::CheckTable table(rows);
  return table;
}

std::optional<Check> check_for_constraint(std::string_view list, std::string_view constraint) {
  for (std::size_t i = 0; i < std::size(kConstraints); ++i)
    if (names(kConstraints[i], list, constraint)) return static_cast<Check>(i);
  return std::nullopt;
}

std::string checks_markdown() {
  std::string out =
      "## Hail Caesar: Hundred Years War, at muster (`004_b7c666874e8df030.txt`)\n\n"
      "The armies of a log against the army lists of\n"
      "`corpus/rulesets/hail-caesar-hyw.rules`, before any replay\n"
      "(docs/engine-hail-caesar-hyw.md).\n\n";
  rulesets::append_check_rows(out, detail::kCheckInfos, kConstraints);
  out +=
      "\nThe column *rules data* names the constraints of the army lists\n"
      "(`list.constraint`, `*` for every list) the check evaluates; only the one\n"
      "whose `when` holds under the switches in force applies. A constraint no\n"
      "check names (a variant's own) is reported as `hyw.muster.list-rule`\n"
      "with the citation of its data.\n\n"
      "A HYW game is then replayed by the Hail Caesar engine on the HYW data: the\n"
      "`hc.*` checks above apply with the numbers and conditions of\n"
      "`corpus/rulesets/hail-caesar-hyw.rules` (its overrides of the base), and\n"
      "the procedures of `004_b7c666874e8df030.txt` the engine does not check yet\n"
      "are reported `not checked` ([engine-hail-caesar-hyw.md](engine-hail-caesar-hyw.md)).\n\n";
  return out;
}

}  // namespace umpire::hyw
