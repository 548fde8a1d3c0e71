// The one instantiation of the roll rule.
#include "grammar/log/roll_def.hpp"

namespace umpire::log::parser {
BOOST_SPIRIT_INSTANTIATE(roll_type, iterator_type, context_type)
}  // namespace umpire::log::parser
