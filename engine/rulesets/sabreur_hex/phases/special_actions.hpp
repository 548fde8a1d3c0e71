#pragma once
// Special actions written as statements (`special <unit> <action>`):
// 002_87c3dc452f850204.txt § Précisions sur les facteurs de combat ou de tir
// (the artillery's transfer of losses).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// Special actions (morale.cpp, orders.cpp): § Test moral, § Points d'ordre,
// § Les compétences (suite), § Précisions sur les facteurs de combat ou de tir.
// `special <unit> <action>`: transfer-losses is followed, others not checked.
void special(Context& cx, const Action& a);

// Whether the statement after `a` is `special u transfer-losses`: the
// losses `u` is taking wait for it (begin(), save()).
bool transfer_follows(const Context& cx, const Action& a, UnitId u);

// The receiver's test decided the transfer (passed: it takes the losses).
void settle_transfer(Context& cx, UnitId u, bool passed);

}  // namespace umpire::sabreur
