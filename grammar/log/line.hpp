#pragma once
// A whole statement line: values separated by blanks, an optional `=>`, an
// optional `# comment`. Declared here, defined in line_def.hpp, instantiated
// once in line.cpp. The parser reads lines with line_scanner.cpp, which
// gives what this rule gives (tests/log/line_scanner_test.cpp compares them);
// this rule stays as the reference grammar.
#include "grammar/log/config.hpp"
#include "grammar/log/raw_line.hpp"

namespace umpire::log::parser {

struct line_class;
using line_type = x3::rule<line_class, detail::RawLine>;
BOOST_SPIRIT_DECLARE(line_type)

line_type const& line_parser();

}  // namespace umpire::log::parser
