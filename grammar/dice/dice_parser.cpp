// The expression rule, instantiated once (X3 rexpr layout).
#include "grammar/dice/config.hpp"
#include "grammar/dice/dice_parser_def.hpp"

namespace umpire::dice::grammar {

BOOST_SPIRIT_INSTANTIATE(expr_type, iterator_type, context_type)

expr_type expr_rule() {
  return expr;
}

}  // namespace umpire::dice::grammar
