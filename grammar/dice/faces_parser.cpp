// The recorded-faces rule, instantiated once (X3 rexpr layout).
#include "grammar/dice/config.hpp"
#include "grammar/dice/dice_parser_def.hpp"

namespace umpire::dice::grammar {

BOOST_SPIRIT_INSTANTIATE(faces_type, iterator_type, context_type)

faces_type faces_rule() {
  return faces;
}

}  // namespace umpire::dice::grammar
