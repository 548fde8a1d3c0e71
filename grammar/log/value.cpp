// The one instantiation of the value rule.
#include "grammar/log/value_def.hpp"

namespace umpire::log::parser {
BOOST_SPIRIT_INSTANTIATE(value_type, iterator_type, context_type)
}  // namespace umpire::log::parser
