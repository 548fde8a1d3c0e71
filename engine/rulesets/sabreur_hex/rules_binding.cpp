#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

#include "engine/rules/assumption_watch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "engine/rules/native/native.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"

namespace umpire::sabreur {
namespace {

constexpr std::string_view kGivenNames[] = {
#define UMPIRE_GIVEN(e, n) n,
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
};
constexpr std::string_view kValueNames[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n) n,
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
};
constexpr std::string_view kTestNames[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n) n,
#define UMPIRE_ACTION(e, n)
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
};
constexpr std::string_view kActionNames[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n) n,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
};

struct TableColumnName {
  std::string_view table, column;
};
constexpr TableColumnName kTableColumns[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_TABLE_COLUMN(e, t, c) {t, c},
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_TABLE_COLUMN
};
constexpr std::string_view kDomainNames[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_DOMAIN(e, n) n,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_DOMAIN
};
constexpr std::string_view kOptionalItemNames[] = {
#define UMPIRE_GIVEN(e, n)
#define UMPIRE_VALUE(e, n)
#define UMPIRE_TEST(e, n)
#define UMPIRE_ACTION(e, n)
#define UMPIRE_OPTIONAL_ITEM(e, n) n,
#include "engine/rulesets/sabreur_hex/rules_items.def"
#undef UMPIRE_GIVEN
#undef UMPIRE_VALUE
#undef UMPIRE_TEST
#undef UMPIRE_ACTION
#undef UMPIRE_OPTIONAL_ITEM
};

}  // namespace

std::optional<RulesBinding> RulesBinding::bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                               Span where) {
  RulesBinding b;
  b.rs_ = &rs;
  b.program_ = std::make_shared<const rules::Program>(rs, &rules::find_native);
  bool ok = true;
  const auto missing = [&](std::string_view what, std::string_view name) {
    ok = false;
    report(diags, Diag::rules_missing_item, where, "the rules data has no {} '{}'", what, name)
        .hint("the Sabreur-hex engine needs corpus/rulesets/sabreur-hex.rules or a variant of it");
  };
  const auto item = [&](std::string_view name, rules::ItemKind kind,
                        std::string_view what) -> std::uint32_t {
    auto ref = rs.find(name);
    if (!ref || ref->kind != kind) {
      missing(what, name);
      return 0;
    }
    return ref->index;
  };
  for (std::string_view n : kGivenNames)
    b.givens_.push_back(item(n, rules::ItemKind::given, "given"));
  b.engine_given_.assign(rs.givens.size(), RulesBinding::no_given);
  for (std::size_t g = 0; g < b.givens_.size(); ++g)
    if (b.givens_[g] < rs.givens.size() && rs.givens[b.givens_[g]].name == kGivenNames[g])
      b.engine_given_[b.givens_[g]] = static_cast<std::uint16_t>(g);
  for (std::string_view n : kValueNames)
    b.values_.push_back(item(n, rules::ItemKind::value, "value"));
  for (std::string_view n : kTestNames) b.tests_.push_back(item(n, rules::ItemKind::test, "test"));
  for (const TableColumnName& tc : kTableColumns) {
    TableColumn out;
    auto ref = rs.find(tc.table);
    if (!ref || ref->kind != rules::ItemKind::table) {
      missing("table", tc.table);
    } else {
      out.table = ref->index;
      const auto& cols = rs.tables[ref->index].columns;
      const auto c = std::find_if(cols.begin(), cols.end(),
                                  [&](const auto& col) { return col.name == tc.column; });
      if (c == cols.end())
        missing(fmt::format("column of table '{}'", tc.table), tc.column);
      else
        out.column = static_cast<std::uint32_t>(c - cols.begin());
    }
    b.tables_.push_back(out);
  }
  for (std::string_view n : kDomainNames)
    b.domains_.push_back(item(n, rules::ItemKind::domain, "domain"));
  for (std::string_view n : skill_names())
    b.skill_defs_.push_back(item(n, rules::ItemKind::skill, "skill"));
  const rules::Domain* actions = rs.action_domain ? &rs.domains[*rs.action_domain] : nullptr;
  for (std::string_view n : kActionNames) {
    auto v = actions ? actions->find(n) : std::nullopt;
    if (!v) missing("action", n);
    b.actions_.push_back(v.value_or(0));
    b.permissions_.push_back(v ? rules::permissions_of(rs, *v) : std::vector<std::uint32_t>{});
  }
  const auto domain_values = [&](std::string_view domain, std::span<const std::string_view> names,
                                 std::vector<std::uint32_t>& out) {
    auto ref = rs.find(domain);
    if (!ref || ref->kind != rules::ItemKind::domain) {
      missing("domain", domain);
      return;
    }
    const rules::Domain& d = rs.domains[ref->index];
    for (std::string_view n : names) {
      auto v = d.find(n);
      if (!v) missing(fmt::format("value of domain '{}'", domain), n);
      out.push_back(v.value_or(0));
    }
  };
  domain_values("unit_type", unit_type_names(), b.unit_types_);
  domain_values("formation", formation_names(), b.formations_);
  domain_values("quality", quality_names(), b.qualities_);
  domain_values("hex_terrain", hex_terrain_names(), b.hex_terrain_);
  domain_values("hexside_terrain", hexside_terrain_names(), b.hexside_terrain_);
  domain_values("skill_name", skill_names(), b.skills_);
  // Absent, an optional item is no error: looked for, not required.
  for (std::size_t i = 0; i < std::size(kOptionalItemNames); ++i)
    b.optional_items_[i] = rs.find(kOptionalItemNames[i]);
  if (!ok) return std::nullopt;
  b.terrain_rules_ = read_terrain_rules(b);
  return b;
}

std::string_view RulesBinding::value_name(Value v) const {
  return kValueNames[static_cast<std::size_t>(v)];
}

std::optional<rules::Val> RulesBinding::word(Given g, std::string_view value) const {
  const rules::Type& t = rs_->givens[given(g)].type;
  if (t.kind != rules::TypeKind::enumeration) return std::nullopt;
  auto v = rs_->domains[t.ref].find(value);
  if (!v) return std::nullopt;
  return rules::Val::enumeration(*v);
}

rules::Val RulesBinding::skills(SkillSet s) const {
  std::uint64_t bits = 0;
  // Over the unit's skills only: most units have none or one of the 21.
  for (std::uint32_t rest = s.bits; rest != 0; rest &= rest - 1)
    bits |= std::uint64_t{1} << skills_[static_cast<std::size_t>(std::countr_zero(rest))];
  return rules::Val::set(bits);
}

Facts::Facts(const Facts& other)
    : rules::GivenSource(other),
      b_(other.b_),
      situation_(other.situation_),
      self_(other.self_),
      enemy_(other.enemy_),
      group_(other.group_),
      march_end_(other.march_end_),
      error_(other.error_) {
  situation_.set_source(has_source() ? this : nullptr);
}

Facts& Facts::operator=(const Facts& other) {
  if (this == &other) return *this;
  b_ = other.b_;
  situation_ = other.situation_;
  self_ = other.self_;
  enemy_ = other.enemy_;
  group_ = other.group_;
  march_end_ = other.march_end_;
  error_ = other.error_;
  situation_.set_source(has_source() ? this : nullptr);
  return *this;
}

void Facts::note_misfit(std::uint32_t id, const rules::Val& v) {
  error_ = fmt::format("'{}': {}", b_->rs().givens[id].name, *situation_.misfit(id, v));
}

void Facts::word(Given g, std::string_view value) {
  if (auto v = b_->word(g, value)) {
    set(g, *v);
  } else if (error_.empty()) {
    error_ = fmt::format("'{}' has no value '{}'", b_->rs().givens[b_->given(g)].name, value);
  }
}

std::vector<std::string> breakdown_notes(const rules::Evaluator& ev) {
  std::vector<std::string> out;
  for (const rules::Step& s : ev.breakdown()) {
    std::string line(static_cast<std::size_t>(2 * s.depth), ' ');
    line += s.text;
    if (!s.refs.empty()) line += fmt::format(" ({})", s.refs.front().text());
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> explain(const Facts& facts, Value v) {
  rules::Evaluator ev(facts.binding().rs(), facts.situation());
  ev.value(facts.binding().value(v));
  return breakdown_notes(ev);
}

std::vector<std::string> explain(const Facts& facts, Test t) {
  rules::Evaluator ev(facts.binding().rs(), facts.situation());
  ev.test(facts.binding().test(t));
  return breakdown_notes(ev);
}

namespace {

bool facts_ok(const Facts& facts, replay::EventChecker& checker) {
  if (facts.error().empty()) return true;
  checker.problem(id_of(Diag::rules_evaluation), checker.event_span(),
                  fmt::format("the engine could not state the situation: {}", facts.error()));
  return false;
}

void evaluation_failed(const Facts& facts, const rules::Evaluator& ev, std::string_view what,
                       replay::EventChecker& checker) {
  // A fact stated only when read (Facts::self) that did not fit its given.
  if (!facts_ok(facts, checker)) return;
  auto b = checker.problem(
      id_of(Diag::rules_evaluation), checker.event_span(),
      fmt::format("the rules data could not evaluate '{}': {}", what,
                  ev.error() ? ev.error()->message : std::string("unknown failure")));
  if (ev.error() && !ev.error()->hint.empty()) b.hint(ev.error()->hint);
}

}  // namespace

std::optional<std::int64_t> eval_int(const Facts& facts, Value v, replay::EventChecker& checker,
                                     std::vector<std::string>* notes) {
  if (!facts_ok(facts, checker)) return std::nullopt;
  rules::watch_assumptions(facts.binding().rs(), facts.situation());
  rules::Evaluator ev(facts.binding().rs(), facts.situation());
  ev.set_trace(notes != nullptr);
  auto r = ev.value(facts.binding().value(v));
  if (!r) {
    evaluation_failed(facts, ev, facts.binding().value_name(v), checker);
    return std::nullopt;
  }
  if (notes) {
    auto lines = breakdown_notes(ev);
    notes->insert(notes->end(), lines.begin(), lines.end());
  }
  return r->number;
}

std::optional<rules::Verdict> verdict(const Facts& facts, RuleAction a) {
  if (!facts.error().empty()) return std::nullopt;
  rules::watch_assumptions(facts.binding().rs(), facts.situation());
  rules::Evaluator ev(facts.binding().rs(), facts.situation());
  ev.set_trace(false);
  const auto r = ev.action_with(facts.binding().permissions(a));
  if (!r) return std::nullopt;
  return r->verdict;
}

std::optional<rules::TestResult> eval_test(const Facts& facts, Test t,
                                           replay::EventChecker& checker,
                                           std::vector<std::string>* notes) {
  if (!facts_ok(facts, checker)) return std::nullopt;
  rules::watch_assumptions(facts.binding().rs(), facts.situation());
  rules::Evaluator ev(facts.binding().rs(), facts.situation());
  ev.set_trace(notes != nullptr);
  ev.set_odds(false);  // the engine judges scores; the odds are for `umpire rules`
  auto r = ev.test(facts.binding().test(t));
  if (!r) {
    evaluation_failed(facts, ev, kTestNames[static_cast<std::size_t>(t)], checker);
    return std::nullopt;
  }
  if (notes) {
    auto lines = breakdown_notes(ev);
    notes->insert(notes->end(), lines.begin(), lines.end());
  }
  return r;
}

bool check_permissions(const Facts& facts, RuleAction a, replay::EventChecker& checker, Span span,
                       std::optional<Check> fallback, const Subject& subject) {
  if (!facts_ok(facts, checker)) return false;
  const rules::Ruleset& rs = facts.binding().rs();
  rules::watch_assumptions(rs, facts.situation());
  rules::Evaluator ev(rs, facts.situation());
  ev.set_trace(false);  // most actions are allowed: explained only when not
  auto r = ev.action_with(facts.binding().permissions(a));
  if (!r) {
    evaluation_failed(facts, ev, kActionNames[static_cast<std::size_t>(a)], checker);
    return false;
  }
  // The prohibitions that hold and that no permission lifts.
  std::vector<std::string_view> forbidding;
  std::vector<std::uint32_t> forbidding_ids;
  for (std::uint32_t i : r->applicable) {
    const rules::Permission& p = rs.permissions[i];
    if (p.modality != rules::Modality::cannot) continue;
    const bool lifted =
        std::any_of(r->applicable.begin(), r->applicable.end(), [&](std::uint32_t j) {
          const auto& l = rs.permissions[j].lifts;
          return std::find(l.begin(), l.end(), i) != l.end();
        });
    if (lifted) continue;
    forbidding.push_back(p.name);
    forbidding_ids.push_back(i);
  }
  const bool allowed = forbidding.empty();
  std::optional<std::vector<std::string>> why;  // the breakdown, evaluated again with it
  for (std::uint32_t i : forbidding_ids) {
    const rules::Permission& p = rs.permissions[i];
    // One breach is written once: a prohibition that a more specific one
    // implies, or whose check this statement already reported, adds nothing.
    const std::string_view stronger = implied_by(p.name);
    if (!stronger.empty() &&
        std::find(forbidding.begin(), forbidding.end(), stronger) != forbidding.end())
      continue;
    const std::optional<Check> check = check_for_permission(p.name, fallback);
    if (!check) {
      checker.problem(id_of(Diag::rules_unmapped_permission), span,
                      fmt::format("{} is forbidden by '{}' of the rules data, which no check of "
                                  "the engine names",
                                  subject.text(), p.name));
      continue;
    }
    if (checker.reported(*check)) continue;
    if (checker.refusing()) {  // a trial: refused, with no message to make
      checker.violation(*check, span, {});
      return false;
    }
    auto b = checker.violation(*check, span, fmt::format("{} is not allowed", subject.text()));
    b.note("forbidden by '{}' of the rules data{}", p.name,
           p.refs.empty() ? std::string() : fmt::format(" ({})", p.refs.front().text()));
    if (!why) {
      rules::Evaluator traced(rs, facts.situation());
      traced.action_with(facts.binding().permissions(a));
      why = breakdown_notes(traced);
    }
    for (const std::string& line : *why) b.note(line);
  }
  return allowed;
}

}  // namespace umpire::sabreur
