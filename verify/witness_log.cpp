// A finding's witness as a battle log: whether it can be one, and the
// situation handed to the witness writer of the finding's ruleset
// (engine/rulesets/registry.hpp).
#include "verify/witness_log.hpp"

#include <fmt/format.h>

#include <optional>

#include "engine/rulesets/registry.hpp"

namespace umpire::verify {
namespace {

// Why a finding has no situation a game could show, or nullopt when it has one.
std::optional<std::string> witness_log_refusal(const Finding& f) {
  if (!has_log_engine(f.ruleset)) return fmt::format("no replay engine for '{}'", f.ruleset);
  switch (f.category) {
    case Category::superseded_entry:
      return "the entry never changes a result, so no game situation shows a difference";
    case Category::dead_rule:
      return "the condition never holds, so no game situation reaches it";
    case Category::army_list:
      return "an army-list finding is about the muster, not a game situation";
    case Category::variant_difference:
    case Category::variant_drift:
      return "a difference between two rulesets, not a game situation";
    case Category::not_encoded:
      return "the verifier did not translate this construct, so it has no witness";
    case Category::not_proved:
      return "the solver found no witness within its time limit";
    case Category::internal_error:
      return "the evaluator did not confirm the witness";
    default:
      break;
  }
  if (f.witness.empty()) return "the finding has no witness situation";
  if (f.category == Category::skill_interaction &&
      f.message.find("changes nothing") != std::string::npos)
    return "a skill that changes nothing has no situation that shows it";
  return std::nullopt;
}

}  // namespace

bool has_log_engine(const std::string& ruleset) {
  const rulesets::RulesetEntry* entry = rulesets::find(ruleset);
  return entry && entry->engine && entry->witness_writer;
}

std::string sanitised_file_stem(const std::string& finding_id) {
  std::string out = finding_id;
  for (char& ch : out) {
    const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
    if (!keep) ch = '_';
  }
  return out;
}

std::map<std::string, std::string> parse_witness(const std::vector<std::string>& lines) {
  std::map<std::string, std::string> out;
  for (const std::string& line : lines) {
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos) continue;
    out[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return out;
}

WitnessLog witness_log(const Finding& f) {
  WitnessLog out;
  out.file_name = sanitised_file_stem(f.id) + ".ulog";
  if (auto why = witness_log_refusal(f)) {
    out.why_not = *why;
    return out;
  }
  rulesets::WitnessSituation situation;
  situation.finding_id = f.id;
  situation.message = f.message;
  situation.test = f.category == Category::impossible_test  ? rulesets::TestExtreme::never_passes
                   : f.category == Category::automatic_test ? rulesets::TestExtreme::always_passes
                                                            : rulesets::TestExtreme::none;
  for (const FindingItem& item : f.items) situation.items.push_back(item.name);
  situation.givens = parse_witness(f.witness);
  rulesets::WitnessLogText text = rulesets::find(f.ruleset)->witness_writer->write(situation);
  out.written = true;
  out.text = std::move(text.text);
  out.action = std::move(text.action);
  out.reproduced = std::move(text.reproduced);
  out.not_reproduced = std::move(text.not_reproduced);
  out.unit_words = std::move(text.unit_words);
  return out;
}

}  // namespace umpire::verify
