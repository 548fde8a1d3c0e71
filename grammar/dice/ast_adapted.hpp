#pragma once
#include <boost/fusion/include/adapt_struct.hpp>

#include "grammar/dice/ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::Number, digits)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::KeepOption, op, count)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::RerollOption, relation, value)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::DiceNode, count, sides, keep, reroll)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::ConstantNode, digits)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::SignedTerm, sign, operand)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::ExprNode, first, rest)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::FaceNode, first, second)
BOOST_FUSION_ADAPT_STRUCT(umpire::dice::grammar::ast::FacesNode, first, rest)
