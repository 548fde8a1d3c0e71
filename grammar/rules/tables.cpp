// One explicit instantiation of the rules grammar: see tables_def.hpp.
#include "grammar/rules/tables_def.hpp"

namespace umpire::rules::parser {
BOOST_SPIRIT_INSTANTIATE(domain_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(given_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(switch_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(value_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(table_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(record_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(profile_rule, iterator_type, context_type)
}  // namespace umpire::rules::parser
