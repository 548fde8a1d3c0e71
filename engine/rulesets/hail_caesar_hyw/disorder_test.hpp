#pragma once
// 004_b7c666874e8df030.txt § 8-d, "Test de désorganisation ... Lancez 1D6,
// sur un résultat de 4+, le test est réussi sinon l'unité est
// désorganisée": `test <unit> disorder d6=N => pass|fail`, its dice and its
// result checked against the data's disorder_test. The base sheet never
// says how the test is rolled (gap disorder_test_undefined): the base
// engine reports it not checked, unless its variant judges it, as here. A failed test's
// disorder is the log's `state` statement; that a crossing's two tests are
// written is not read.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

void check_disorder_test(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                         replay::EventChecker& checker);

}  // namespace umpire::hyw
