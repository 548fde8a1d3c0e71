// One explicit instantiation of the rules grammar: see stacks_def.hpp.
#include "grammar/rules/stacks_def.hpp"

namespace umpire::rules::parser {
BOOST_SPIRIT_INSTANTIATE(entry_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(modifiers_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(test_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(skill_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(permission_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(army_list_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(invariant_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(assume_rule, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(note_rule, iterator_type, context_type)
}  // namespace umpire::rules::parser
