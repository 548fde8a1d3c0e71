#pragma once
// How the X3 grammars handle an expectation failure: a top rule's id class
// derives from report_on_error<Tag>, whose on_error hands the failure to the
// error handler the parse context carries under Tag and fails the rule, so
// that no exception leaves the grammar. The handler words the diagnostic:
// expected(which, where), `which` being X3's name for what was expected.
#include <boost/spirit/home/x3.hpp>
#include <functional>

namespace umpire::x3_support {

// The handler in a context: the target of a reference_wrapper, or what a
// grammar's own parse state holds (an overload beside that state, found by
// argument-dependent lookup).
template <typename Handler>
Handler& handler_of(std::reference_wrapper<Handler> handler) {
  return handler.get();
}

template <typename Tag>
struct report_on_error {
  template <typename Iterator, typename Exception, typename Context>
  boost::spirit::x3::error_handler_result on_error(Iterator&, const Iterator&,
                                                   const Exception& failure,
                                                   const Context& context) {
    handler_of(boost::spirit::x3::get<Tag>(context)).expected(failure.which(), failure.where());
    return boost::spirit::x3::error_handler_result::fail;
  }
};

}  // namespace umpire::x3_support
