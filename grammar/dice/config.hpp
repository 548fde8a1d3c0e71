#pragma once
// The one iterator and context every dice rule is instantiated for.
#include <boost/spirit/home/x3.hpp>
#include <functional>

#include "grammar/dice/error_handler.hpp"

namespace umpire::dice::grammar {

using iterator_type = const char*;
using phrase_context_type = x3::phrase_parse_context<x3::blank_type>::type;
using context_type =
    x3::context<error_handler_tag, std::reference_wrapper<ErrorHandler>, phrase_context_type>;

}  // namespace umpire::dice::grammar
