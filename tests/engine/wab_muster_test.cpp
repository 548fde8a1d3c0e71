// The Warhammer Ancient Battles muster and shots: a weapon written near the
// sheet's word is named with a hint (docs/engine-wab.md § At muster).
#include <gtest/gtest.h>

#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "tests/engine/golden_replay.hpp"
#include "tests/support/paths.hpp"

namespace umpire {
namespace {

// replays/wab/twins/t7_darts_long_moved.ulog with the sheet's "Dart"
// written in the singular.
std::string dart_log() {
  std::string log =
      test::read_file(test::source_dir() / "replays/wab/twins/t7_darts_long_moved.ulog");
  for (const std::string from : {"equipment (darts", "weapon darts"}) {
    const std::size_t at = log.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) log.replace(at, from.size(), from.substr(0, from.size() - 1));
  }
  return log;
}

TEST(WabMuster, AMissileWeaponWrittenNearTheTablesWordIsNamedWithAHint) {
  auto r = test::replay_text("<dart>", dart_log());
  const std::string text = render_text(r->sources, r->diags);
  EXPECT_NE(text.find("'dart' of 'lights': the sheet gives this weapon no rule"), std::string::npos)
      << text;
  EXPECT_NE(text.find("did you mean 'darts'?"), std::string::npos) << text;
  EXPECT_NE(text.find("shooting with 'dart': the weapons table has no such weapon (did you mean "
                      "'darts'?)"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace umpire
