// The entry points: run the instantiated rules, turn leftovers and failures
// into diagnostics, then lower the syntax tree.
#include <cstring>

#include "engine/core/utf8.hpp"
#include "grammar/dice/config.hpp"
#include "grammar/dice/diagnostics.hpp"
#include "grammar/dice/dice_grammar.hpp"
#include "grammar/dice/dice_parser.hpp"
#include "grammar/dice/lower.hpp"

namespace umpire::dice {
namespace grammar {
namespace {

// The character at `at` as a user sees it (a whole UTF-8 sequence).
std::string shown(std::string_view rest) {
  if (rest.empty()) return {};
  const std::size_t n = utf8_sequence_length(rest);
  const auto byte = static_cast<unsigned char>(rest[0]);
  if (n == 0 || byte < 0x20 || byte == 0x7F) return fmt::format("byte 0x{:02X}", byte);
  return fmt::format("'{}'", rest.substr(0, n));
}

// A Unicode dash typed (or pasted from a rulebook) for a minus sign.
bool is_unicode_dash(std::string_view rest) {
  for (const char* dash : {"\u2212", "\u2013", "\u2014", "\u2010"}) {
    if (rest.substr(0, std::strlen(dash)) == dash) return true;
  }
  return false;
}

struct Expectation {
  std::string_view what;
  Diag id;
  std::string_view hint;
};

constexpr Expectation expectations[] = {
    {"the number of sides", dice::Diag::syntax_expected_sides,
     "write the sides after 'd', as in 'd6' or '2d6'"},
    {"how many dice to keep or drop", dice::Diag::syntax_expected_keep_count,
     "'3d6kl2' keeps the two lowest of three dice, '3d6dh1' drops the highest"},
    {"the value to re-roll", dice::Diag::syntax_expected_reroll_value,
     "'d6r1' re-rolls 1s once; 'd6r<3' re-rolls 1s and 2s; 'd6r>4' re-rolls 5s and 6s"},
    {"a die like 'd6' or '2d6', or a number", dice::Diag::syntax_expected_term,
     "dice and numbers are joined by '+' or '-', as in '2d6-4' or 'd6+2'"},
    {"a face", dice::Diag::syntax_expected_face,
     "write one face per die, separated by commas, a re-rolled die as '1r4': '3,5' or '1r4,5'"},
    {"the face of the re-roll", dice::Diag::syntax_expected_face,
     "a re-rolled die is written first face, 'r', second face: '1r4'"},
};

}  // namespace

void ErrorHandler::expected(const std::string& what, const char* where) {
  if (reported_) return;  // the innermost failure is the one to show
  reported_ = true;
  // X3 reports the position before the skipper ran: point past blanks.
  std::uint32_t offset = origin_.offset(where);
  while (offset < origin_.text().size() &&
         (origin_.text()[offset] == ' ' || origin_.text()[offset] == '\t'))
    ++offset;
  const std::string_view rest = origin_.text().substr(offset);
  const std::string found = rest.empty() ? std::string("the end of the text") : shown(rest);
  Diag id = Diag::syntax_expected;
  std::string_view hint = "see 'umpire dice --help' for the notation";
  for (const Expectation& e : expectations) {
    if (e.what == what) {
      id = e.id;
      hint = e.hint;
    }
  }
  auto d = diags_.report(id, origin_.at(offset), "expected {}, found {}", what, found);
  if (is_unicode_dash(rest))
    d.hint("write '-' (the ASCII hyphen-minus) to subtract");
  else
    d.hint(std::string(hint));
}

void ErrorHandler::unexpected(const char* where, std::string_view after, std::string_view hint) {
  if (reported_) return;
  reported_ = true;
  const std::uint32_t offset = origin_.offset(where);
  const std::string_view rest = origin_.text().substr(offset);
  auto d = diags_.report(dice::Diag::syntax_unexpected_character, origin_.at(offset),
                         "unexpected {} after '{}'", shown(rest), after);
  const char c = rest[0];
  if (is_unicode_dash(rest))
    d.hint("write '-' (the ASCII hyphen-minus) to subtract");
  else if (c == ',' && after.find_first_of("dD") != std::string_view::npos)
    d.hint("recorded faces follow the expression after '=', as in '2d6=3,5'");
  else if (c == 'k' || c == 'K' || c == 'd' || c == 'D')
    d.hint("keep with 'kh' or 'kl' and a count ('3d6kl2'), drop with 'dh' or 'dl' ('3d6dh1')");
  else if (c == 'r' || c == 'R')
    d.hint("a die is re-rolled at most once: write one 'r' option");
  else
    d.hint(std::string(hint));
}

}  // namespace grammar

namespace {

// Runs `rule` over the whole of `text`; the node on success.
template <typename Rule, typename Node>
bool run(Rule rule, std::string_view what, std::string_view hint, grammar::ErrorHandler& handler,
         Node& node) {
  const std::string_view text = handler.origin().text();
  const char* first = text.data();
  const char* const last = text.data() + text.size();
  const auto parser = grammar::x3::with<grammar::error_handler_tag>(std::ref(handler))[rule];
  const bool ok = grammar::x3::phrase_parse(first, last, parser, grammar::x3::blank, node);
  if (!ok) {
    handler.expected(std::string(what), first);
    return false;
  }
  if (first != last) {
    std::string_view done = text.substr(0, handler.origin().offset(first));
    while (!done.empty() && (done.back() == ' ' || done.back() == '\t')) done.remove_suffix(1);
    handler.unexpected(first, done, hint);
    return false;
  }
  return true;
}

}  // namespace

std::optional<Expr> parse(std::string_view text, Span where, DiagnosticEngine& diags) {
  const grammar::Origin origin(text, where);
  grammar::ErrorHandler handler(origin, diags);
  grammar::ast::ExprNode node;
  if (!run(grammar::expr_rule(), "a die like 'd6' or '2d6', or a number",
           "dice and numbers are joined by '+' or '-', as in '2d6-4' or '3d6kl2+1'", handler, node))
    return std::nullopt;
  return grammar::lower(node, origin, diags);
}

std::optional<std::vector<RecordedDie>> parse_faces(std::string_view text, Span where,
                                                    DiagnosticEngine& diags) {
  const grammar::Origin origin(text, where);
  grammar::ErrorHandler handler(origin, diags);
  grammar::ast::FacesNode node;
  if (!run(grammar::faces_rule(), "a face",
           "faces are numbers separated by commas, a re-rolled die written '1r4': '3,5' or '1r4,5'",
           handler, node))
    return std::nullopt;
  return grammar::lower(node, origin);
}

}  // namespace umpire::dice
