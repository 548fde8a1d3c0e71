// One explicit instantiation of the rules grammar: see items_def.hpp.
#include "grammar/rules/items_def.hpp"

namespace umpire::rules::parser {
BOOST_SPIRIT_INSTANTIATE(plain_item_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(item_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(header_rule, iterator_type, context_type)
}  // namespace umpire::rules::parser
