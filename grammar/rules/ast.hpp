#pragma once
// The syntax tree of a `.rules` file (docs/rules-format.md), as parsed:
// names are still strings, nothing is resolved. Every node carries the span
// it was parsed from, set by the parser's on_success handler. The loader
// (engine/rules/) turns this tree into the typed, resolved model.
#include <boost/optional.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>
#include <string>
#include <vector>

#include "engine/core/span.hpp"

namespace umpire::rules::ast {

namespace x3 = boost::spirit::x3;

// Base of every node: the span is filled in after a successful parse.
struct Node {
  Span span;
};

struct Ident : Node {
  std::string name;
};
struct Path : Node {
  std::vector<std::string> parts;  // "attacker.formation" -> {attacker, formation}
};
struct Str : Node {
  std::string text;  // escapes decoded
};

// ---------------------------------------------------------------- literals
struct IntLit : Node {
  int value = 0;
};
struct RollLit : Node {  // "4+"
  int value = 0;
};
struct BoolLit : Node {
  bool value = false;
};
struct NoneLit : Node {
  bool present = true;  // X3 needs an attribute; always true
};
struct SetLit : Node {
  std::vector<Ident> values;
};
struct Literal : x3::variant<RollLit, IntLit, BoolLit, NoneLit, SetLit, Ident> {
  using base_type::base_type;
  using base_type::operator=;
};

// ------------------------------------------------------------- expressions
struct Expr;
struct Cond;
struct MinMax;
struct DivExpr;
struct Cases;
struct Negate;
struct Lookup;

struct Operand
    : x3::variant<RollLit, IntLit, BoolLit, NoneLit, SetLit, x3::forward_ast<MinMax>,
                  x3::forward_ast<DivExpr>, x3::forward_ast<Cases>, x3::forward_ast<Lookup>, Path,
                  x3::forward_ast<Expr>, x3::forward_ast<Negate>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct Term : Node {
  Operand first;
  std::vector<IntLit> factors;  // "* 2"
};
struct SignedTerm : Node {
  char sign = '+';  // '+' or '-'
  Term term;
};
struct Expr : Node {
  Term first;
  std::vector<SignedTerm> rest;
  boost::optional<Ident> with;  // "E with STACK"
};
struct Negate : Node {
  Operand operand;
};
struct MinMax : Node {
  std::string op;  // "min" or "max"
  Expr a;
  Expr b;
};
struct DivExpr : Node {
  Expr a;
  IntLit divisor;
  std::string rounding;  // "up" or "down"
};
struct Binding : Node {
  Ident key;
  Expr value;
};
struct Lookup : Node {  // TABLE.COLUMN(key = expr, ...)
  Path callee;
  std::vector<Binding> bindings;
};

// -------------------------------------------------------------- conditions
struct CondTail : Node {
  std::string op;  // == != < <= > >= in "not in"
  Expr rhs;
};
struct Predicate : Node {
  Expr lhs;
  boost::optional<CondTail> tail;  // none: lhs is a boolean expression
};
struct NotCond;
struct CondAtom : x3::variant<Predicate, x3::forward_ast<NotCond>, x3::forward_ast<Cond>> {
  using base_type::base_type;
  using base_type::operator=;
};
struct NotCond : Node {
  CondAtom operand;
};
struct Conj : Node {
  std::vector<CondAtom> parts;  // joined by "and"
};
struct Disj : Node {
  std::vector<Conj> parts;  // joined by "or"
};
struct Cond : Node {
  Disj lhs;
  boost::optional<Disj> implies;
};
// Arms hold conditions so that boolean values need no parentheses; a
// condition that is a lone expression is that expression.
struct CaseArm : Node {
  Cond when;
  Cond then;
};
struct Cases : Node {
  std::vector<CaseArm> arms;
  Cond otherwise;
};

// ------------------------------------------------------------------- types
struct BoolType : Node {
  bool present = true;
};
struct IntType : Node {
  IntLit lo;
  IntLit hi;
};
struct RollType : Node {
  IntLit lo;
  IntLit hi;
};
struct SetType : Node {
  Ident domain;
};
struct ProfileType : Node {
  Ident record;
};
struct TypeBody : x3::variant<BoolType, IntType, RollType, SetType, ProfileType, Ident> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Type : Node {
  TypeBody body;
  bool optional = false;
  // `better higher` / `better lower`: which way a value of this type is
  // better for the unit it describes (verifier's monotonicity analysis).
  boost::optional<std::string> better;
};

using Refs = std::vector<Str>;

// ------------------------------------------------------------------- items
struct EnumBody : Node {
  std::vector<Ident> values;
};
struct DomainBody : x3::variant<EnumBody, IntType> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Domain : Node {
  Ident name;
  DomainBody body;
  Refs refs;
};
struct Given : Node {
  Path name;
  Type type;
  boost::optional<Str> rolled;  // `rolled "D6"`: the value is thrown with these dice
  Refs refs;
};
struct SwitchOption : Node {
  Ident name;
  Str description;
  Refs refs;
};
struct Switch : Node {
  Ident name;
  // `fills GAP`: the switch encodes the engine's reading where the text is
  // silent, the case `gap` note GAP records (docs/rules-format.md).
  boost::optional<Ident> fills;
  Refs refs;
  std::vector<SwitchOption> options;
  Ident default_option;
};
struct Value : Node {
  Ident name;
  Type type;
  Refs refs;
  Cond expr;  // a condition for bool values, a lone expression otherwise
};

struct Column : Node {
  Ident name;
  Type type;
};
struct Wildcard : Node {
  bool present = true;
};
struct RangePat : Node {
  IntLit lo;
  IntLit hi;
};
struct AtLeastPat : Node {  // "10+"
  IntLit value;
};
struct AtMostPat : Node {  // "1-"
  IntLit value;
};
struct Pattern
    : x3::variant<RangePat, AtLeastPat, AtMostPat, IntLit, BoolLit, Wildcard, SetLit, Ident> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Row : Node {
  std::vector<Pattern> keys;
  std::vector<Literal> results;
  Refs refs;
};
struct Table : Node {
  Ident name;
  bool partial = false;
  Refs refs;
  std::vector<Column> keys;
  std::vector<Column> columns;
  std::vector<Row> rows;
};

struct ShortOp : Node {  // "+1", "-2"
  char sign = '+';
  IntLit amount;
};
struct ExprOp : Node {  // add, sub, set, cap, floor
  std::string op;
  Expr operand;
};
struct MulOp : Node {
  IntLit factor;
};
struct DivOp : Node {
  IntLit divisor;
  std::string rounding;
};
struct Operation : x3::variant<ShortOp, ExprOp, MulOp, DivOp> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Entry : Node {
  Ident name;
  Operation op;
  boost::optional<Cond> when;
  Refs refs;
};
struct Stage : Node {
  Ident name;
  std::string policy;  // all, first, most_penalising, most_favourable ("" = all)
  std::vector<Entry> entries;
};
struct Modifiers : Node {
  Ident name;
  Type type;
  bool clamp = false;
  boost::optional<Expr> base;
  Refs refs;
  std::vector<Stage> stages;
};

struct TestMods : Node {
  Ident stack;
  std::string on;  // "roll" or "target"
};
struct Face : Node {
  std::string kind;  // "natural" or "double"
  boost::optional<IntLit> face;
  Ident outcome;
  boost::optional<Cond> when;
};
struct Test : Node {
  Ident name;
  Refs refs;
  Str dice;
  boost::optional<Expr> count;
  std::string comparison;  // at_least, at_most
  Expr target;
  boost::optional<TestMods> mods;
  std::vector<Face> faces;
  // `unbounded ref "…"`: the text lets the modifiers make this test certain
  // or hopeless on purpose (cumulative modifiers with no limit), citing
  // where it says so; the verifier then proves the extremes, not a defect.
  boost::optional<Refs> unbounded;
};

struct Record : Node {
  Ident name;
  Refs refs;
  std::vector<Column> fields;
};
struct FieldValue : Node {
  Ident name;
  Literal value;
};
struct Profile : Node {
  Ident name;
  Ident record;
  Refs refs;
  std::vector<FieldValue> fields;
};

struct CostClause : Node {
  Expr cost;
  boost::optional<Ident> per;
};
struct AllowedClause : Node {
  Cond cond;
};
struct RequiresClause : Node {
  std::string kind;  // requires, excludes
  std::vector<Ident> names;
};
struct EffectClause : Node {
  Path stage;  // STACK.STAGE
  Entry entry;
};
struct PermClause : Node {
  std::string modality;  // can, cannot, must
  Ident action;
  boost::optional<Cond> when;
  std::vector<Ident> lifts;
};
struct RerollClause : Node {
  Ident test;
  std::string scope;  // one_failed_die, failed, any
  boost::optional<Cond> when;
};
struct SkillClause : x3::variant<CostClause, AllowedClause, RequiresClause, EffectClause,
                                 PermClause, RerollClause> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Skill : Node {
  std::string kind;  // skill, special
  Ident name;
  Refs refs;
  Path holder;
  std::vector<SkillClause> clauses;
};
struct Permission : Node {
  Ident name;
  PermClause clause;
  Refs refs;
};

struct Star : Node {
  bool present = true;
};
struct Selector : x3::variant<SetLit, Star> {
  using base_type::base_type;
  using base_type::operator=;
};
struct CountOf : Node {
  std::string fn;  // count, points
  Selector selector;
};
struct Quantity : Node {  // total_points, divisions
  std::string name;
};
struct CExpr : x3::variant<CountOf, Quantity, IntLit> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Percent : Node {  // "50% total_points"
  IntLit percent;
  CExpr of;
};
struct PerEvery : Node {  // "2 per 1500 total_points", "1 per started 2 divisions"
  IntLit count;
  bool started = false;  // a started block counts (rounded up), not only complete ones
  IntLit every;
  CExpr of;
};
struct CRhs : x3::variant<Percent, PerEvery, CExpr> {
  using base_type::base_type;
  using base_type::operator=;
};
struct Constraint : Node {
  Ident name;
  bool per_division = false;
  CExpr lhs;
  std::string op;
  CRhs rhs;
  boost::optional<Cond> when;
  Refs refs;
};
struct ArmyList : Node {
  Ident name;
  Refs refs;
  std::vector<Ident> units;
  std::vector<Constraint> constraints;
};
struct Invariant : Node {
  Ident name;
  Refs refs;
  Cond cond;
};
// `assume NAME ref "…" : COND`: a link between givens the text states (a
// state implies another, a formation excludes a troop type) or a bound on
// what a game can reach; the verifier only considers situations where it
// holds, and the engine checks it on every state it reaches.
struct Assume : Node {
  Ident name;
  Refs refs;
  Cond cond;
};
// `gap NAME "what the text leaves open" ["what to rule"] ref "…"`, and
// `erratum`, `ambiguity`, `contradiction` the same way: what the data's
// author found in the text and could not encode so that an analysis finds
// it (a case the text does not cover; a misprint and how the data reads it;
// two readings, or two passages, that no item of the data decides between).
// Reported by the verifier as findings, the second string (when given) as
// what a rule writer can do.
struct Note : Node {
  std::string kind;  // "gap", "erratum", "ambiguity" or "contradiction"
  Ident name;
  Str text;
  boost::optional<Str> fix;
  Refs refs;
};

struct PlainItem : x3::variant<Domain, Given, Switch, Value, Table, Modifiers, Test, Record,
                               Profile, Skill, Permission, ArmyList, Invariant, Assume, Note> {
  using base_type::base_type;
  using base_type::operator=;
};

// Variant operations (docs/rules-format.md § Variants).
struct Override : Node {
  PlainItem item;
};
struct Remove : Node {
  Ident name;
  Refs refs;
};
struct AddEntry : Node {
  Path stage;  // STACK.STAGE
  Entry entry;
};
struct RemoveEntry : Node {
  Path entry;  // STACK.ENTRY
  Refs refs;
};
struct AddValues : Node {
  Ident domain;
  std::vector<Ident> values;
  Refs refs;
};
struct Intentional : Node {
  Ident name;
  Str why;
  Refs refs;
};

struct Item
    : x3::variant<PlainItem, Override, Remove, AddEntry, RemoveEntry, AddValues, Intentional> {
  using base_type::base_type;
  using base_type::operator=;
};

struct RulesetId : Node {
  std::string name;  // may contain '-'
};
struct Header : Node {
  RulesetId id;
  Str title;
  boost::optional<RulesetId> extends;
  std::vector<Str> sources;
};
struct File : Node {
  Header header;
  std::vector<Item> items;
};

// "a.b.c" for a path.
std::string join(const Path& path);
// Name of an item, whatever its kind (a given's name is its joined path).
std::string item_name(const PlainItem& item);
std::string_view item_kind(const PlainItem& item);

}  // namespace umpire::rules::ast
