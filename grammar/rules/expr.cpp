// One explicit instantiation of the rules grammar: see expr_def.hpp.
#include "grammar/rules/expr_def.hpp"

namespace umpire::rules::parser {
BOOST_SPIRIT_INSTANTIATE(expr_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(cond_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(type_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(literal_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(refs_rule, iterator_type, context_type)
}  // namespace umpire::rules::parser
