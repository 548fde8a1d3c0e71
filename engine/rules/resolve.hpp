#pragma once
// Second step of loading: turns the merged syntax (merge.hpp) into the
// model, resolving every name and checking every type. One Resolver per
// load; its member functions are split over resolve_*.cpp by concern.
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/rules/merge.hpp"
#include "engine/rules/model.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules {

class Resolver {
 public:
  Resolver(const Merged& merged, DiagnosticEngine& diags, Ruleset& out)
      : m_(merged), diags_(diags), rs_(out) {}

  // Fills the ruleset; errors go to the diagnostic engine.
  void run();

 private:
  // resolve_items.cpp: the phases
  void declare();
  template <typename T, typename A>
  void declare_one(std::vector<T>& v, std::vector<const A*>& a, const A& node, ItemKind kind,
                   std::string name) {
    const auto index = static_cast<std::uint32_t>(v.size());
    v.emplace_back();
    v.back().name = name;
    v.back().span = node.span;
    a.push_back(&node);
    rs_.items.emplace(std::move(name), ItemRef{kind, index});
  }
  void resolve_domain(const ast::Domain& d, Domain& out);
  void resolve_switch(const ast::Switch& s, Switch& out);
  void resolve_fills(const ast::Ident& note, Switch& out);
  void resolve_record(const ast::Record& r, Record& out);
  void resolve_table(const ast::Table& t, Table& out);
  void resolve_profile(const ast::Profile& p, Profile& out);
  void resolve_stack_body(const ast::Modifiers& m, Stack& out);
  void resolve_test(const ast::Test& t, Test& out);
  void resolve_rolled(const ast::Str& text, Given& out);
  void resolve_skill(const ast::Skill& s, std::uint32_t id);
  std::optional<Permission> resolve_perm(const ast::PermClause& p, const std::string& name);
  void resolve_army_list(const ast::ArmyList& a, ArmyList& out);
  std::optional<Entry> resolve_entry(const ast::Entry& e, const Stack& stack);
  void check_cycles();
  void check_table_coverage(const Table& t);

  // resolve_types.cpp: types, literals, key patterns, citations
  std::optional<Type> resolve_type(const ast::Type& t);
  std::optional<Val> resolve_literal(const ast::Literal& l, const Type& type);
  std::optional<Pattern> resolve_pattern(const ast::Pattern& p, const Type& type);
  std::optional<std::uint64_t> resolve_enum_set(const std::vector<ast::Ident>& values,
                                                std::uint32_t domain, Span span);
  Citations citations(const ast::Refs& refs);
  // With `expr`, whether it may be `none` is read from the expression (a
  // partial-table lookup is strict); otherwise from `from.optional`.
  bool check_assignable(const Type& from, const Type& to, Span span, std::string_view what,
                        const Expr* expr = nullptr);
  bool may_be_none(const Expr& e) const;
  // An operand of arithmetic or of an ordered comparison must not be `none`.
  bool require_value(const Expr& e, Span span, std::string_view what);

  // resolve_expr.cpp: expressions and conditions
 public:
  std::optional<Expr> resolve_expr(const ast::Expr& e, const Type* expected);
  std::optional<Expr> resolve_cond(const ast::Cond& c);
  // A condition that may be a lone expression (values, case arms).
  std::optional<Expr> resolve_value(const ast::Cond& c, const Type* expected);

 private:
  std::optional<Expr> resolve_term(const ast::Term& t, const Type* expected);
  std::optional<Expr> resolve_operand(const ast::Operand& o, const Type* expected);
  std::optional<Expr> resolve_path(const ast::Path& p, const Type* expected);
  std::optional<Expr> resolve_lookup(const ast::Lookup& l);
  std::optional<Expr> resolve_set(const ast::SetLit& s, const Type* expected);
  std::optional<Expr> resolve_disj(const ast::Disj& d);
  std::optional<Expr> resolve_atom(const ast::CondAtom& a);
  std::optional<Expr> resolve_predicate(const ast::Predicate& p);
  bool needs_context(const ast::Expr& e) const;
  std::optional<std::string> bare_name(const ast::Expr& e) const;  // a one-part path alone
  // Pushes, for each `X != none` conjunct of `c`, X (printed) onto present_;
  // returns how many were pushed.
  std::size_t push_guards(const ast::Cond& c);
  std::optional<std::uint32_t> shared_domain(const ast::Expr& value, const ast::Expr& set) const;
  std::optional<std::uint32_t> enum_value_domain(const std::string& value, Span span, bool report);
  std::vector<std::string> visible_names() const;

  friend struct OperandResolver;

  const Merged& m_;
  DiagnosticEngine& diags_;
  Ruleset& rs_;
  // Syntax of each model item, by kind and index (filled by declare()).
  std::vector<const ast::Domain*> ast_domains_;
  std::vector<const ast::Given*> ast_givens_;
  std::vector<const ast::Switch*> ast_switches_;
  std::vector<const ast::Value*> ast_values_;
  std::vector<const ast::Table*> ast_tables_;
  std::vector<const ast::Modifiers*> ast_stacks_;
  std::vector<const ast::Test*> ast_tests_;
  std::vector<const ast::Record*> ast_records_;
  std::vector<const ast::Profile*> ast_profiles_;
  std::vector<const ast::Skill*> ast_skills_;
  std::vector<const ast::Permission*> ast_permissions_;
  std::vector<const ast::ArmyList*> ast_army_lists_;
  std::vector<const ast::Invariant*> ast_invariants_;
  std::vector<const ast::Assume*> ast_assumptions_;
  std::vector<const ast::Note*> ast_notes_;
  std::vector<bool> type_ok_;         // per value item: its declared type resolved
  std::vector<std::string> present_;  // expressions a `!= none` guard shows to have a value
};

// Integer interval helpers used for expression bounds.
std::int64_t clamp_bound(std::int64_t v);

}  // namespace umpire::rules
