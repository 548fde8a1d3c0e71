#pragma once
// The one iterator and context type every rules-grammar rule is instantiated
// for (BOOST_SPIRIT_INSTANTIATE in each .cpp). Parsing runs over the bytes of
// a SourceManager buffer, so `const char*` is enough.
#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <type_traits>

#include "grammar/rules/error_handler.hpp"

namespace umpire::rules::parser {

namespace x3 = boost::spirit::x3;

using iterator_type = const char*;

// Whitespace and `#` comments to the end of the line.
inline const auto skipper = x3::space | ('#' >> *(x3::char_ - x3::eol));
using skipper_type = std::remove_const_t<decltype(skipper)>;

using phrase_context_type = x3::phrase_parse_context<skipper_type>::type;
using context_type =
    x3::context<error_handler_tag, std::reference_wrapper<ErrorHandler>, phrase_context_type>;

}  // namespace umpire::rules::parser
