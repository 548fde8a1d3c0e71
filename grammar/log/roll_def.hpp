#pragma once
// Dice rolls as written at the table. The notation itself is checked by the
// dice library when the log is lowered; here it only has to look like one.
#include "grammar/log/lexeme.hpp"
#include "grammar/log/roll.hpp"

namespace umpire::log::parser {

namespace roll_detail {

// ASCII sets, not X3's locale-based classes (see value_def.hpp).
auto const id_char = x3::char_("a-zA-Z0-9_-");
auto const digit = x3::char_('0', '9');
auto const alpha = x3::char_("a-zA-Z");
auto const blank = x3::char_(" \t");
auto const unsigned_int = +digit;

auto const make = [](auto& ctx) {
  const auto& range = x3::_attr(ctx);
  const char* b = &*range.begin();
  const char* e = b + (range.end() - range.begin());
  ast::Value& v = x3::_val(ctx);
  v = ast::Value{};
  log::detail::make_roll(log_of(ctx), std::string_view(b, static_cast<std::size_t>(e - b)),
                         span_of(ctx, b, e), v);
};

}  // namespace roll_detail

x3::rule<struct face_class> const face = "a die face like 4";  // `1r4`: a 1 re-rolled into a 4
roll_type const roll = "a dice roll";

auto const face_def = +roll_detail::digit >> -(x3::char_("rR") >> +roll_detail::digit) >>
                      !roll_detail::id_char;

// A notation is `[count]d<sides>` and suffixes (`kh2`, `r1`, `r<3`, `+1`); the
// faces after '=' are what the dice showed. A roll always has '=', so an id
// such as `d1` is never read as a die.
auto const notation = -roll_detail::unsigned_int >> x3::char_("dD") >> roll_detail::unsigned_int >>
                      *((roll_detail::alpha >> -x3::char_("<>") >> *roll_detail::digit) |
                        (x3::char_("+-") >> roll_detail::unsigned_int));
auto const roll_def =
    x3::raw[((notation >> '=') > face) >>
            *((*roll_detail::blank >> ',' >> *roll_detail::blank) > face)][roll_detail::make];

BOOST_SPIRIT_DEFINE(face, roll)

roll_type const& roll_parser() {
  return roll;
}

}  // namespace umpire::log::parser
