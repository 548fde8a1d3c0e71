// The translation to Z3 and the engine's evaluator agree: on random
// situations of every shipped ruleset, each root item (value, test's score
// needed, stack from its base, invariant, permission, skill condition and
// cost) gets the same result from both, or fails in both. This is what
// makes a Z3 witness worth re-checking with the evaluator at all.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "tests/verify/verify_support.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {
namespace {

using namespace umpire::rules;

// A ruleset with its translation and roots, built once per test binary.
struct Translated {
  std::unique_ptr<testing::Loaded> loaded;
  std::unique_ptr<SmtModel> smt;
  Report report;
  std::unique_ptr<Context> context;
  std::vector<Root> roots;
  std::vector<Term> terms;
};

Translated& translated(const std::string& id) {
  static std::map<std::string, std::unique_ptr<Translated>> cache;
  auto& t = cache[id];
  if (!t) {
    t = std::make_unique<Translated>();
    t->loaded = testing::load(testing::corpus_dir() / (id + ".rules"));
    t->smt = std::make_unique<SmtModel>(*t->loaded->rs);
    t->context = std::make_unique<Context>(*t->loaded->rs, *t->smt, t->report);
    t->roots = t->context->roots();
    for (const Root& r : t->roots) t->terms.push_back(r.term);
  }
  return *t;
}

// One value of `type` drawn from `r`, with the bounds of integer ranges
// (where modifiers run off tables) drawn more often than the middle.
Val draw(const Ruleset& rs, const Type& type, std::uint64_t r) {
  if (type.optional && (r >> 40) % 6 == 0) return Val::none();
  switch (type.kind) {
    case TypeKind::boolean:
      return Val::boolean((r & 1) != 0);
    case TypeKind::enumeration:
      return Val::enumeration(static_cast<std::uint32_t>(r % rs.domains[type.ref].values.size()));
    case TypeKind::set: {
      const std::size_t n = rs.domains[type.ref].values.size();
      return Val::set(n >= 64 ? r : r & ((std::uint64_t{1} << n) - 1));
    }
    case TypeKind::profile: {
      const std::vector<std::uint32_t> ids = profiles_of(rs, type.ref);
      return ids.empty() ? Val::none() : Val::profile(ids[r % ids.size()]);
    }
    default: {
      const auto width = static_cast<std::uint64_t>(type.hi - type.lo) + 1;
      switch (r % 4) {
        case 0:
          return Val::integer(type.lo);
        case 1:
          return Val::integer(type.hi);
        default:
          return Val::integer(type.lo + static_cast<std::int64_t>((r >> 2) % width));
      }
    }
  }
}

std::string describe(const Ruleset& rs, const Situation& s) {
  std::string out;
  for (std::uint32_t i = 0; i < rs.givens.size(); ++i) {
    if (s.given(i))
      out += fmt::format("{} = {}\n", rs.givens[i].name,
                         value_text(rs, rs.givens[i].type, *s.given(i)));
  }
  for (std::uint32_t i = 0; i < rs.switches.size(); ++i) {
    out += fmt::format("{} = {}\n", rs.switches[i].name,
                       rs.switches[i].options[s.switch_option(i)].name);
  }
  return out;
}

// The evaluator's result for a root, in the form SmtModel::evaluate gives.
std::optional<Val> expected(const Replay& r) {
  if (r.failed) return std::nullopt;
  if (r.value) return r.value;
  if (r.number) return Val::integer(*r.number);
  return std::nullopt;
}

bool agree(const Root& root, const std::optional<Val>& want, const std::optional<Val>& got) {
  if (!want || !got) return !want && !got;
  if (want->kind == got->kind) return *want == *got;
  // The translation does not keep the integer/boolean distinction of a
  // number it computes; the numbers must still agree.
  (void)root;
  return want->number == got->number && want->bits == got->bits && !want->is_none() &&
         !got->is_none();
}

// A rapidcheck property with at most `cases` cases (RC_PARAMS can lower it)
// and no shrinking: each case evaluates every root of a whole ruleset.
template <typename Property>
void check_bounded(int cases, Property&& property) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  rc::detail::TestMetadata metadata;
  metadata.id = std::string(info->test_suite_name()) + "/" + info->name();
  metadata.description = info->name();
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  params.maxSuccess = std::min(params.maxSuccess, cases);
  params.disableShrinking = true;
  const auto result = rc::detail::checkTestable(std::forward<Property>(property), metadata, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    FAIL() << ss.str();
  }
}

void evaluator_and_translation_agree(const std::string& id, int cases) {
  Translated& t = translated(id);
  const Ruleset& rs = *t.loaded->rs;
  ASSERT_FALSE(t.roots.empty());
  check_bounded(cases, [&] {
    const auto raw = *rc::gen::container<std::vector<std::uint64_t>>(
        rs.givens.size() + rs.switches.size(), rc::gen::arbitrary<std::uint64_t>());
    Situation s(rs);
    for (std::uint32_t i = 0; i < rs.givens.size(); ++i) {
      RC_ASSERT(!s.set(i, draw(rs, rs.givens[i].type, raw[i])));
    }
    for (std::uint32_t i = 0; i < rs.switches.size(); ++i) {
      s.set_switch(
          i, static_cast<std::uint32_t>(raw[rs.givens.size() + i] % rs.switches[i].options.size()));
    }
    const std::vector<std::optional<Val>> got = t.smt->evaluate_all(t.terms, s);
    for (std::size_t k = 0; k < t.roots.size(); ++k) {
      const Root& root = t.roots[k];
      const Replay r = t.context->replay(root, s);
      const std::optional<Val> want = expected(r);
      if (!agree(root, want, got[k])) {
        auto text = [&](const std::optional<Val>& v) {
          return v ? fmt::format("{}{}", v->number,
                                 v->kind == Val::Kind::set ? fmt::format(" bits {}", v->bits) : "")
                   : std::string("(fails)");
        };
        RC_FAIL(fmt::format("'{}' ({}): evaluator {}, translation {}\n{}in:\n{}", root.item.name,
                            root.item.kind, text(want), text(got[k]),
                            r.error ? r.error->message + "\n" : "", describe(rs, s)));
      }
    }
  });
}

// Few cases each: every case evaluates every root of the ruleset, both ways.
TEST(Agreement, HailCaesar) {
  evaluator_and_translation_agree("hail-caesar", 50);
}
TEST(Agreement, HailCaesarHyw) {
  evaluator_and_translation_agree("hail-caesar-hyw", 50);
}
TEST(Agreement, Wab) {
  evaluator_and_translation_agree("wab", 50);
}
TEST(Agreement, SabreurHex) {
  evaluator_and_translation_agree("sabreur-hex", 50);
}

}  // namespace
}  // namespace umpire::verify

namespace umpire::verify {
namespace {

// Army lists: for every army of 1 to 3 divisions with up to 2 of each unit
// per division, the translation accepts exactly the armies the evaluator
// accepts, under the default reading of every switch. The shipped lists
// and a file of constraints "per M" and "per started M" in both directions.
void army_translation_agrees(const std::filesystem::path& file) {
  auto loaded = testing::load(file);
  const Ruleset& rs = *loaded->rs;
  SmtModel smt(rs);
  ASSERT_FALSE(rs.army_lists.empty());
  for (std::uint32_t l = 0; l < rs.army_lists.size(); ++l) {
    const ArmyList& list = rs.army_lists[l];
    // Few units per list keep the enumeration small: the first four.
    const std::size_t units = std::min<std::size_t>(list.units.size(), 4);
    for (std::int64_t divisions = 1; divisions <= 3; ++divisions) {
      const std::size_t cells = units * static_cast<std::size_t>(divisions);
      std::size_t combos = 1;
      for (std::size_t i = 0; i < cells; ++i) combos *= 3;
      // At most a few thousand armies per size: sample evenly beyond that.
      const std::size_t step = std::max<std::size_t>(1, combos / 243);
      for (std::size_t code = 0; code < combos; code += step) {
        Army army;
        army.divisions = divisions;
        std::size_t rest = code;
        for (std::int64_t d = 0; d < divisions; ++d) {
          army.counts.emplace_back(list.units.size(), 0);
          for (std::size_t u = 0; u < units; ++u) {
            army.counts.back()[u] = static_cast<std::int64_t>(rest % 3);
            rest /= 3;
          }
        }
        for (const Switch& sw : rs.switches) army.switches.push_back(sw.default_option);
        std::vector<std::string> evidence;
        const bool legal = evaluator_check(rs, l, army, evidence).empty();
        ArmyQuery q;
        q.divisions = divisions;
        q.fixed_counts = army.counts;
        for (std::uint32_t s = 0; s < rs.switches.size(); ++s)
          q.fixed_switches.emplace_back(s, rs.switches[s].default_option);
        SmtStatus st = SmtStatus::unknown;
        const bool found = smt.army(l, q, &st).has_value();
        ASSERT_NE(st, SmtStatus::unknown);
        ASSERT_EQ(found, legal) << list.name << ": "
                                << fmt::format("{}", fmt::join(army_lines(rs, list, army), "; "))
                                << "\n"
                                << fmt::format("{}", fmt::join(evidence, "\n"));
      }
    }
  }
}

TEST(Agreement, ArmyListsPerCompleteAndPerStartedBlocks) {
  army_translation_agrees(testing::defects_dir() / "per_started.rules");
}

TEST(Agreement, ArmyListsOfTheHundredYearsWar) {
  army_translation_agrees(testing::corpus_dir() / "hail-caesar-hyw.rules");
}

}  // namespace
}  // namespace umpire::verify
