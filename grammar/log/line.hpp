#pragma once
// A whole statement line: values separated by blanks, an optional `=>`, an
// optional `# comment`. Declared here, defined in line_def.hpp, instantiated
// once in line.cpp.
#include "grammar/log/config.hpp"
#include "grammar/log/raw_line.hpp"

namespace umpire::log::parser {

struct line_class;
using line_type = x3::rule<line_class, detail::RawLine>;
BOOST_SPIRIT_DECLARE(line_type)

line_type const& line_parser();

}  // namespace umpire::log::parser
