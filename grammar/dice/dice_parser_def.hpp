#pragma once
// Dice notation (docs/dice.md § Notation):
//
//   expr    := sign? operand (sign operand)*        sign := '+' | '-'
//   operand := count? 'd' sides keep? reroll? | number
//   keep    := ('kh' | 'kl' | 'dh' | 'dl') number
//   reroll  := 'r' ('<' | '>')? number
//   faces   := face (',' face)*                     face := number ('r' number)?
//
// Letters in any case, blanks allowed between tokens (the rule texts write
// `2 D6 - 4`). Rule names are the words used in "expected ..." messages.
#include <boost/spirit/home/x3.hpp>

#include "grammar/dice/ast.hpp"
#include "grammar/dice/ast_adapted.hpp"
#include "grammar/dice/dice_grammar.hpp"
#include "grammar/dice/error_handler.hpp"

namespace umpire::dice::grammar {

struct number_class : annotate_on_success {};
struct sides_class : annotate_on_success {};
struct keep_count_class : annotate_on_success {};
struct reroll_value_class : annotate_on_success {};
struct keep_class : annotate_on_success {};
struct reroll_class : annotate_on_success {};
struct dice_class : annotate_on_success {};
struct constant_class : annotate_on_success {};
struct operand_class : annotate_on_success {};
struct first_term_class : annotate_on_success {};
struct next_term_class : annotate_on_success {};
struct expr_class : report_on_error, annotate_on_success {};
struct face_class : annotate_on_success {};
struct face_value_class : annotate_on_success {};
struct reroll_face_class : annotate_on_success {};
struct next_face_class {};  // not annotated: the face inside it is, without the comma
struct faces_class : report_on_error, annotate_on_success {};

const x3::rule<number_class, ast::Number> number = "a number";
const x3::rule<sides_class, ast::Number> sides = "the number of sides";
const x3::rule<keep_count_class, ast::Number> keep_count = "how many dice to keep or drop";
const x3::rule<reroll_value_class, ast::Number> reroll_value = "the value to re-roll";
const x3::rule<keep_class, ast::KeepOption> keep = "a keep or drop option";
const x3::rule<reroll_class, ast::RerollOption> reroll = "a re-roll option";
const x3::rule<dice_class, ast::DiceNode> dice = "dice";
const x3::rule<constant_class, ast::ConstantNode> constant = "a number";
const x3::rule<operand_class, ast::Operand> operand = "a die like 'd6' or '2d6', or a number";
const x3::rule<first_term_class, ast::SignedTerm> first_term = "a dice expression";
const x3::rule<next_term_class, ast::SignedTerm> next_term = "a term";
const expr_type expr = "a dice expression";
const x3::rule<face_value_class, ast::Number> face_value = "a face";
const x3::rule<reroll_face_class, ast::Number> reroll_face = "the face of the re-roll";
const x3::rule<face_class, ast::FaceNode> face = "a face";
const x3::rule<next_face_class, ast::FaceNode> next_face = "a face";
const faces_type faces = "faces";

const auto sign = x3::char_("+-");

const auto number_def = x3::lexeme[+x3::digit];
const auto sides_def = number;
const auto keep_count_def = number;
const auto reroll_value_def = number;
const auto keep_def = x3::raw[x3::no_case[x3::lit("kh") | "kl" | "dh" | "dl"]] > keep_count;
const auto reroll_def = x3::no_case[x3::lit('r')] > -x3::char_("<>") > reroll_value;
// Parenthesised so a failure names the sides, not the whole option sequence.
const auto dice_def = ((-number >> x3::no_case[x3::lit('d')]) > sides) >> -keep >> -reroll;
const auto constant_def = x3::lexeme[+x3::digit];
const auto operand_def = dice | constant;
const auto first_term_def = -sign > operand;
const auto next_term_def = sign > operand;
const auto expr_def = first_term >> *next_term;

const auto face_value_def = number;
const auto reroll_face_def = number;
const auto face_def = face_value >> -(x3::no_case[x3::lit('r')] > reroll_face);
const auto next_face_def = x3::lit(',') > face;
const auto faces_def = face >> *next_face;

BOOST_SPIRIT_DEFINE(number, sides, keep_count, reroll_value, keep, reroll, dice, constant, operand,
                    first_term, next_term, expr, face_value, reroll_face, face, next_face, faces)

}  // namespace umpire::dice::grammar
