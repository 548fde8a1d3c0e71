// The one instantiation of the line rule.
#include "grammar/log/line_def.hpp"

namespace umpire::log::parser {
BOOST_SPIRIT_INSTANTIATE(line_type, iterator_type, context_type)
}  // namespace umpire::log::parser
