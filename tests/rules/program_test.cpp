// The compiled form of the data's expressions (engine/rules/program.hpp)
// against the tree walk it stands in for on the quiet path: on random situations
// of every shipped ruleset, every value, every action's permissions and
// every stack give the same result, or fail with the same error.
#include "engine/rules/program.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/rules/native/native.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

// A value of `type`, or nothing (the given left unset) one time in `unset_odds`.
std::optional<Val> random_value(const Ruleset& rs, const Type& type, int unset_odds) {
  if (*rc::gen::inRange(0, unset_odds) == 0) return std::nullopt;
  if (type.optional && *rc::gen::inRange(0, 8) == 0) return Val::none();
  switch (type.kind) {
    case TypeKind::boolean:
      return Val::boolean(*rc::gen::arbitrary<bool>());
    case TypeKind::integer:
    case TypeKind::roll: {
      // Bounds and a few values near them, where the tables' edges are.
      const std::int64_t lo = type.lo, hi = type.hi;
      const std::int64_t near = *rc::gen::inRange<std::int64_t>(0, 3);
      switch (*rc::gen::inRange(0, 4)) {
        case 0:
          return Val::integer(std::min(hi, lo + near));
        case 1:
          return Val::integer(std::max(lo, hi - near));
        default:
          return Val::integer(*rc::gen::inRange<std::int64_t>(lo, std::min(hi, lo + 40) + 1));
      }
    }
    case TypeKind::enumeration: {
      const auto n = static_cast<std::uint32_t>(rs.domains[type.ref].values.size());
      return Val::enumeration(*rc::gen::inRange<std::uint32_t>(0, n));
    }
    case TypeKind::set: {
      const std::size_t n = rs.domains[type.ref].values.size();
      std::uint64_t bits = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (*rc::gen::inRange(0, 4) == 0) bits |= std::uint64_t{1} << i;
      return Val::set(bits);
    }
    case TypeKind::profile: {
      const std::vector<std::uint32_t> ids = profiles_of(rs, type.ref);
      if (ids.empty()) return std::nullopt;
      return Val::profile(*rc::gen::elementOf(ids));
    }
  }
  return std::nullopt;
}

Situation random_situation(const Ruleset& rs) {
  Situation s(rs);
  // Now and then most givens unset, to reach the failures as well.
  const int unset_odds = *rc::gen::element(2, 20, 1000);
  for (std::uint32_t g = 0; g < rs.givens.size(); ++g) {
    if (auto v = random_value(rs, rs.givens[g].type, unset_odds)) RC_ASSERT(!s.set(g, *v));
  }
  for (std::uint32_t sw = 0; sw < rs.switches.size(); ++sw) {
    const auto n = static_cast<std::uint32_t>(rs.switches[sw].options.size());
    s.set_switch(sw, *rc::gen::inRange<std::uint32_t>(0, n));
  }
  return s;
}

// One evaluation's outcome in words: its value, or its error's id and message.
template <typename T, typename Show>
std::string outcome(const std::optional<T>& r, const Evaluator& ev, Show show) {
  if (r) return show(*r);
  return ev.error() ? fmt::format("error {}: {}", id_of(ev.error()->id), ev.error()->message)
                    : "error";
}

void same(const std::string& compiled, const std::string& tree, const std::string& what) {
  if (compiled != tree)
    RC_FAIL(fmt::format("{}: compiled gives '{}', the tree '{}'", what, compiled, tree));
}

struct Compared {
  std::size_t answered = 0;  // evaluations that gave a result (not an error)
};

// Every item of `rs` evaluated on `s` with and without `program`.
Compared compare_all(const Ruleset& rs, const Program& program, Situation s) {
  Compared c;
  Situation compiled = s;
  compiled.set_program(&program);
  const auto run = [&](const Situation& on, auto ask) {
    Evaluator ev(rs, on);
    ev.set_trace(false);
    return ask(ev);
  };
  for (std::uint32_t v = 0; v < rs.values.size(); ++v) {
    const auto show = [&](const Val& x) { return value_text(rs, rs.values[v].type, x); };
    const auto ask = [&](Evaluator& ev) { return outcome(ev.value(v), ev, show); };
    const std::string tree = run(s, ask);
    same(run(compiled, ask), tree, "value " + rs.values[v].name);
    if (tree.rfind("error", 0) != 0) ++c.answered;
  }
  if (rs.action_domain) {
    for (std::uint32_t a = 0; a < rs.domains[*rs.action_domain].values.size(); ++a) {
      const std::vector<std::uint32_t> perms = permissions_of(rs, a);
      const auto show = [&](const PermissionResult& r) {
        std::string text(to_string(r.verdict));
        for (std::uint32_t p : r.applicable) text += " " + rs.permissions[p].name;
        return text;
      };
      const auto ask = [&](Evaluator& ev) { return outcome(ev.action_with(perms), ev, show); };
      same(run(compiled, ask), run(s, ask), "action " + rs.domains[*rs.action_domain].values[a]);
    }
  }
  for (std::uint32_t st = 0; st < rs.stacks.size(); ++st) {
    const std::int64_t start = *rc::gen::inRange<std::int64_t>(-3, 13);
    const auto show = [](std::int64_t x) { return std::to_string(x); };
    const auto ask = [&](Evaluator& ev) { return outcome(ev.apply_stack(st, start), ev, show); };
    same(run(compiled, ask), run(s, ask),
         fmt::format("stack {} from {}", rs.stacks[st].name, start));
  }
  return c;
}

class CompiledProgramOnCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(CompiledProgramOnCorpus, AgreesWithTheTreeOnRandomSituations) {
  const auto loaded = testing::load_corpus(GetParam());
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  const Program program(rs);
  ASSERT_GT(program.size(), 0U);
  std::size_t answered = 0;
  const auto result = rc::check(fmt::format("compiled == tree on {}", GetParam()), [&] {
    answered += compare_all(rs, program, random_situation(rs)).answered;
  });
  EXPECT_TRUE(result);
  // The comparison reached real values, not only missing-given errors.
  EXPECT_GT(answered, rs.values.size());
}

// The C++ generated from the same nodes at build time (native/native.hpp)
// against the tree: the same answers, the same errors.
TEST_P(CompiledProgramOnCorpus, NativeCodeAgreesWithTheTreeOnRandomSituations) {
  const auto loaded = testing::load_corpus(GetParam());
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  const Program program(rs, &find_native);
  // Every shipped ruleset has its code: the build generates it from corpus/.
  ASSERT_NE(program.native(), nullptr) << "no generated code for " << GetParam();
  EXPECT_EQ(program.native()->ruleset, GetParam());
  std::size_t roots = 0;
  for (std::uint32_t v = 0; v < rs.values.size(); ++v)
    if (program.native_root(program.value(v)) != nullptr) ++roots;
  EXPECT_EQ(roots, rs.values.size());
  std::size_t answered = 0;
  const auto result = rc::check(fmt::format("native == tree on {}", GetParam()), [&] {
    answered += compare_all(rs, program, random_situation(rs)).answered;
  });
  EXPECT_TRUE(result);
  EXPECT_GT(answered, rs.values.size());
}

INSTANTIATE_TEST_SUITE_P(Rulesets, CompiledProgramOnCorpus,
                         ::testing::Values("hail-caesar", "hail-caesar-hyw", "wab", "sabreur-hex"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                           std::string name = param.param;
                           std::erase(name, '-');
                           return name;
                         });

// Generated code is used only for the very nodes it was generated from: data
// edited after the build, or a user's variant, is interpreted.
TEST(CompiledProgram, NativeCodeOnlyForTheNodesItWasGeneratedFrom) {
  const auto shipped = testing::load_corpus("sabreur-hex");
  const auto again = testing::load_corpus("sabreur-hex");
  ASSERT_TRUE(shipped->rs && again->rs);
  const Program a(*shipped->rs, &find_native), b(*again->rs, &find_native);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_NE(a.native(), nullptr);
  EXPECT_EQ(Program(*shipped->rs).native(), nullptr);  // no lookup, no native code

  std::ifstream in(testing::corpus_dir() / "sabreur-hex.rules");
  std::stringstream text;
  text << in.rdbuf();
  std::string edited = text.str();
  const std::string condition = "group.size > group_max_size";
  const auto at = edited.find(condition);
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, condition.size(), "group.size >= group_max_size");
  const auto changed =
      testing::load_text(edited, "sabreur-hex.rules", testing::corpus_dir(), /*lint=*/false);
  ASSERT_TRUE(changed->rs) << changed->messages();
  const Program c(*changed->rs, &find_native);
  EXPECT_NE(c.fingerprint(), a.fingerprint());
  EXPECT_EQ(c.native(), nullptr);
  EXPECT_EQ(c.native_root(c.value(0)), nullptr);
}

TEST(CompiledProgram, AnswersOnlyForTheRulesetItWasCompiledFrom) {
  const auto a = testing::load_corpus("hail-caesar");
  const auto b = testing::load_corpus("wab");
  ASSERT_TRUE(a->rs && b->rs);
  const Program program(*a->rs);
  EXPECT_EQ(program.source(), &*a->rs);
  // An evaluator of another ruleset ignores it and walks its own trees:
  // its answers, never nodes of hail-caesar's expressions.
  Situation s(*b->rs);
  s.set_program(&program);
  Evaluator ev(*b->rs, s);
  ev.set_trace(false);
  Situation plain(*b->rs);
  Evaluator tree(*b->rs, plain);
  tree.set_trace(false);
  for (std::uint32_t v = 0; v < b->rs->values.size(); ++v) {
    const auto x = ev.value(v);
    const auto y = tree.value(v);
    EXPECT_EQ(x.has_value(), y.has_value()) << b->rs->values[v].name;
    if (x && y) {
      EXPECT_EQ(*x, *y) << b->rs->values[v].name;
    }
  }
}

// A table whose keys take few values is looked up through its index
// (Program::TableIndex): overlapping rows give the first that matches, a
// partial table's missing rows stay missing, and a key of many values
// leaves its table scanned. Every combination of keys, against the tree.
TEST(CompiledProgram, IndexedTablesGiveTheRowsTheScanGives) {
  auto l = testing::load_text(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n"
      "domain arm { infantry, cavalry, artillery } ref \"Test d'ordre\"\n"
      "given self.arm : arm\ngiven range : int 0..6\ngiven flag : bool\n"
      "given points : int 0..100000\n"
      "table factor partial ref \"Test d'ordre\" {\n"
      "  key arm : arm\n  key range : int 0..6\n  key flag : bool\n"
      "  column f : int 0..9\n"
      "  row infantry, 0..2, _ => 1\n"
      "  row _, 1..4, true => 2\n"
      "  row {infantry, cavalry}, 5..6, _ => 3\n"
      "}\n"
      "table point_bands ref \"Test d'ordre\" {\n"
      "  key points : int 0..100000\n  column band : int 0..9\n"
      "  row 0..999 => 1\n  row 1000..100000 => 2\n"
      "}\n"
      "value covered : bool ref \"Test d'ordre\" = factor.f(arm = self.arm, range = range, flag = "
      "flag) != none\n"
      "value f : int 0..9 ref \"Test d'ordre\" = factor.f(arm = self.arm, range = range, flag = "
      "flag)\n"
      "value points_band : int 0..9 ref \"Test d'ordre\" = point_bands.band(points = points)\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  const Ruleset& rs = *l->rs;
  const Program program(rs);
  ASSERT_NE(program.table_index(rs.find("factor")->index), nullptr);
  EXPECT_EQ(program.table_index(rs.find("point_bands")->index), nullptr);
  int missing = 0;
  for (std::uint32_t arm = 0; arm < 3; ++arm)
    for (std::int64_t range = 0; range <= 6; ++range)
      for (const bool flag : {false, true}) {
        SCOPED_TRACE(fmt::format("arm {} range {} flag {}", arm, range, flag));
        const auto answers = [&](bool compiled) {
          Situation s(rs);
          if (compiled) s.set_program(&program);
          EXPECT_FALSE(s.set(rs.find("self.arm")->index, Val::enumeration(arm)));
          EXPECT_FALSE(s.set(rs.find("range")->index, Val::integer(range)));
          EXPECT_FALSE(s.set(rs.find("flag")->index, Val::boolean(flag)));
          EXPECT_FALSE(s.set(rs.find("points")->index, Val::integer(range * 400)));
          Evaluator ev(rs, s);
          ev.set_trace(false);
          std::string out;
          for (std::uint32_t v = 0; v < rs.values.size(); ++v) {
            const auto r = ev.value(v);
            out += r ? fmt::format("{}:{} ", r->kind == Val::Kind::boolean ? "b" : "i", r->number)
                     : fmt::format("error {} ",
                                   ev.error() ? id_of(ev.error()->id) : std::string_view("?"));
          }
          return out;
        };
        const std::string compiled = answers(true), tree = answers(false);
        EXPECT_EQ(compiled, tree);
        if (tree.find("b:0") != std::string::npos) ++missing;
      }
  EXPECT_GT(missing, 0) << "some combinations have no row";
}

}  // namespace
}  // namespace umpire::rules
