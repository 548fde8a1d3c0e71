// Expressions and conditions: name resolution, typing, integer bounds.
#include <algorithm>
#include <boost/variant/apply_visitor.hpp>
#include <boost/variant/get.hpp>

#include "engine/core/input_limits.hpp"
#include "engine/core/suggest.hpp"
#include "engine/rules/resolve.hpp"
#include "grammar/rules/diagnostics.hpp"
#include "grammar/rules/printer.hpp"

namespace umpire::rules {
namespace {

// The model nests a chain `a + b + ...` as a tree as deep as the chain is
// long, and every pass over it recurses; bounding chains (and, in the
// parser, bracket depth) bounds the stack, whatever the input.
constexpr std::size_t max_chain = limits::operands;

bool chain_ok(std::size_t operands, Span span, DiagnosticEngine& diags) {
  if (operands <= max_chain) return true;
  diags
      .report(rules::Diag::syntax_too_long, span,
              "an expression chains {} operands; at most {} are allowed", operands, max_chain)
      .hint("split it into named values");
  return false;
}

Type int_type(std::int64_t lo, std::int64_t hi) {
  return Type{TypeKind::integer, clamp_bound(lo), clamp_bound(hi), 0, false};
}
Type bool_type() {
  return Type{TypeKind::boolean, 0, 1, 0, false};
}

Expr literal(Val v, Type t, Span span) {
  Expr e;
  e.kind = ExprKind::literal;
  e.type = t;
  e.literal = v;
  e.span = span;
  return e;
}

Expr binary(ExprKind kind, Expr a, Expr b, Type t, Span span) {
  Expr e;
  e.kind = kind;
  e.type = t;
  e.span = span;
  e.args.push_back(std::move(a));
  e.args.push_back(std::move(b));
  return e;
}

bool is_none_lit(const ast::Expr& e) {
  return e.rest.empty() && !e.with && e.first.factors.empty() &&
         boost::get<ast::NoneLit>(&e.first.first) != nullptr;
}

// The expression an atom `X != none` (want_none false) or `X == none`
// (want_none true) tests, printed canonically; empty otherwise.
std::string none_test(const ast::CondAtom& atom, bool want_none) {
  const auto* p = boost::get<ast::Predicate>(&atom);
  if (!p || !p->tail || p->tail->op != (want_none ? "==" : "!=")) return {};
  if (is_none_lit(p->tail->rhs)) return print(p->lhs);
  if (is_none_lit(p->lhs)) return print(p->tail->rhs);
  return {};
}

std::int64_t div_round(std::int64_t a, std::int64_t d, bool up) {
  std::int64_t q = a / d;
  const std::int64_t r = a % d;
  if (r != 0 && ((r > 0) == (d > 0)) && up) ++q;
  if (r != 0 && ((r > 0) != (d > 0)) && !up) --q;
  return q;
}

}  // namespace

std::vector<std::string> Resolver::visible_names() const {
  std::vector<std::string> out;
  for (const auto& [name, ref] : rs_.items) out.push_back(name);
  return out;
}

std::optional<std::uint32_t> Resolver::enum_value_domain(const std::string& value, Span span,
                                                         bool report) {
  std::vector<std::uint32_t> found;
  for (std::size_t d = 0; d < rs_.domains.size(); ++d) {
    if (!rs_.domains[d].is_int && rs_.domains[d].find(value))
      found.push_back(static_cast<std::uint32_t>(d));
  }
  if (found.size() == 1) return found.front();
  if (found.size() > 1 && report) {
    auto d = diags_.report(rules::Diag::name_ambiguous, span, "'{}' is a value of several domains",
                           value);
    for (std::uint32_t f : found) d.note("a value of '{}'", rs_.domains[f].name);
    d.hint("write 'DOMAIN.{}' or compare it with something typed", value);
  }
  return std::nullopt;
}

bool Resolver::needs_context(const ast::Expr& e) const {
  if (!e.rest.empty() || e.with || !e.first.factors.empty()) return false;
  const ast::Operand& o = e.first.first;
  if (boost::get<ast::SetLit>(&o) || boost::get<ast::NoneLit>(&o)) return true;
  const auto* p = boost::get<ast::Path>(&o);
  if (!p || p->parts.size() != 1) return false;
  // A bare name that is no value-like item can only be an enumeration value
  // (a skill's name is also a value of its holder's domain).
  auto ref = rs_.find(p->parts[0]);
  return !ref || !(ref->kind == ItemKind::given || ref->kind == ItemKind::switch_ ||
                   ref->kind == ItemKind::value || ref->kind == ItemKind::profile);
}

std::size_t Resolver::push_guards(const ast::Cond& c) {
  if (c.implies || c.lhs.parts.size() != 1) return 0;
  std::size_t n = 0;
  for (const ast::CondAtom& a : c.lhs.parts[0].parts) {
    if (std::string t = none_test(a, false); !t.empty()) {
      present_.push_back(std::move(t));
      ++n;
    }
  }
  return n;
}

std::optional<std::string> Resolver::bare_name(const ast::Expr& e) const {
  if (!e.rest.empty() || e.with || !e.first.factors.empty()) return std::nullopt;
  const auto* p = boost::get<ast::Path>(&e.first.first);
  if (!p || p->parts.size() != 1) return std::nullopt;
  return p->parts[0];
}

std::optional<std::uint32_t> Resolver::shared_domain(const ast::Expr& value,
                                                     const ast::Expr& set) const {
  std::vector<std::string> names;
  if (auto n = bare_name(value)) names.push_back(*n);
  if (set.rest.empty() && !set.with && set.first.factors.empty()) {
    if (const auto* lit = boost::get<ast::SetLit>(&set.first.first)) {
      for (const ast::Ident& v : lit->values) names.push_back(v.name);
    }
  }
  if (names.empty()) return std::nullopt;
  std::optional<std::uint32_t> found;
  for (std::size_t d = 0; d < rs_.domains.size(); ++d) {
    const Domain& dom = rs_.domains[d];
    if (dom.is_int) continue;
    if (!std::all_of(names.begin(), names.end(),
                     [&](const std::string& n) { return dom.find(n).has_value(); }))
      continue;
    if (found) return std::nullopt;  // several domains: let the usual rules report it
    found = static_cast<std::uint32_t>(d);
  }
  return found;
}

std::optional<Expr> Resolver::resolve_expr(const ast::Expr& e, const Type* expected) {
  if (!chain_ok(e.rest.size() + 1, e.span, diags_)) return std::nullopt;
  const bool single = e.rest.empty() && !e.with;
  std::optional<Expr> acc = resolve_term(e.first, single ? expected : nullptr);
  if (!acc) return std::nullopt;
  for (const ast::SignedTerm& t : e.rest) {
    std::optional<Expr> rhs = resolve_term(t.term, nullptr);
    if (!rhs) return std::nullopt;
    if (!acc->type.numeric() || !rhs->type.numeric()) {
      diags_.report(rules::Diag::type_mismatch, t.span, "'{}' needs integers, found '{}' and '{}'",
                    t.sign, type_name(rs_, acc->type), type_name(rs_, rhs->type));
      return std::nullopt;
    }
    const std::string op = fmt::format("'{}'", t.sign);
    if (!require_value(*acc, e.first.span, op) || !require_value(*rhs, t.span, op))
      return std::nullopt;
    const Type type = t.sign == '+'
                          ? int_type(acc->type.lo + rhs->type.lo, acc->type.hi + rhs->type.hi)
                          : int_type(acc->type.lo - rhs->type.hi, acc->type.hi - rhs->type.lo);
    acc = binary(t.sign == '+' ? ExprKind::add : ExprKind::sub, std::move(*acc), std::move(*rhs),
                 type, merge(e.first.span, t.span));
  }
  if (e.with) {
    auto ref = rs_.find(e.with->name);
    if (!ref || ref->kind != ItemKind::stack) {
      auto d = diags_.report(rules::Diag::name_unknown, e.with->span, "no modifiers named '{}'",
                             e.with->name);
      std::vector<std::string> stacks;
      for (const auto& [name, r] : rs_.items)
        if (r.kind == ItemKind::stack) stacks.push_back(name);
      if (auto best = closest_match(e.with->name, stacks)) d.hint("did you mean '{}'?", *best);
      return std::nullopt;
    }
    if (!acc->type.numeric()) {
      diags_.report(rules::Diag::type_mismatch, e.span, "modifiers apply to integers, not '{}'",
                    type_name(rs_, acc->type));
      return std::nullopt;
    }
    if (!require_value(*acc, e.span, "'with'")) return std::nullopt;
    Expr w;
    w.kind = ExprKind::with_stack;
    w.ref = ref->index;
    w.type = rs_.stacks[ref->index].type;
    w.span = e.span;
    w.args.push_back(std::move(*acc));
    acc = std::move(w);
  }
  return acc;
}

std::optional<Expr> Resolver::resolve_term(const ast::Term& t, const Type* expected) {
  if (!chain_ok(t.factors.size() + 1, t.span, diags_)) return std::nullopt;
  std::optional<Expr> acc = resolve_operand(t.first, t.factors.empty() ? expected : nullptr);
  if (!acc) return std::nullopt;
  for (const ast::IntLit& f : t.factors) {
    if (!acc->type.numeric()) {
      diags_.report(rules::Diag::type_mismatch, t.span, "'*' needs an integer, found '{}'",
                    type_name(rs_, acc->type));
      return std::nullopt;
    }
    if (!require_value(*acc, t.span, "'*'")) return std::nullopt;
    const std::int64_t a = acc->type.lo * f.value, b = acc->type.hi * f.value;
    Expr m;
    m.kind = ExprKind::mul;
    m.factor = f.value;
    m.type = int_type(std::min(a, b), std::max(a, b));
    m.span = t.span;
    m.args.push_back(std::move(*acc));
    acc = std::move(m);
  }
  return acc;
}

struct OperandResolver {
  Resolver& r;
  const Type* expected;
  std::optional<Expr> operator()(const ast::RollLit& x) const {
    return literal(Val::integer(x.value), Type{TypeKind::roll, x.value, x.value, 0, false}, x.span);
  }
  std::optional<Expr> operator()(const ast::IntLit& x) const {
    return literal(Val::integer(x.value), int_type(x.value, x.value), x.span);
  }
  std::optional<Expr> operator()(const ast::BoolLit& x) const {
    return literal(Val::boolean(x.value), bool_type(), x.span);
  }
  std::optional<Expr> operator()(const ast::NoneLit& x) const {
    if (!expected || !expected->optional) {
      r.diags_.report(rules::Diag::type_mismatch, x.span, "'none' needs an optional type here")
          .hint("compare 'none' with an optional given or field");
      return std::nullopt;
    }
    return literal(Val::none(), *expected, x.span);
  }
  std::optional<Expr> operator()(const ast::SetLit& x) const { return r.resolve_set(x, expected); }
  std::optional<Expr> operator()(const ast::MinMax& x) const {
    auto a = r.resolve_expr(x.a, nullptr);
    auto b = r.resolve_expr(x.b, nullptr);
    if (!a || !b) return std::nullopt;
    if (!a->type.numeric() || !b->type.numeric()) {
      r.diags_.report(rules::Diag::type_mismatch, x.span, "'{}' needs integers", x.op);
      return std::nullopt;
    }
    const std::string op = fmt::format("'{}'", x.op);
    if (!r.require_value(*a, x.a.span, op) || !r.require_value(*b, x.b.span, op))
      return std::nullopt;
    const bool is_min = x.op == "min";
    const Type t =
        is_min ? int_type(std::min(a->type.lo, b->type.lo), std::min(a->type.hi, b->type.hi))
               : int_type(std::max(a->type.lo, b->type.lo), std::max(a->type.hi, b->type.hi));
    return binary(is_min ? ExprKind::min : ExprKind::max, std::move(*a), std::move(*b), t, x.span);
  }
  std::optional<Expr> operator()(const ast::DivExpr& x) const {
    auto a = r.resolve_expr(x.a, nullptr);
    if (!a) return std::nullopt;
    if (!a->type.numeric()) {
      r.diags_.report(rules::Diag::type_mismatch, x.span, "'div' needs an integer");
      return std::nullopt;
    }
    if (!r.require_value(*a, x.a.span, "'div'")) return std::nullopt;
    if (x.divisor.value <= 0) {
      r.diags_.report(rules::Diag::type_out_of_range, x.divisor.span, "divisor must be positive");
      return std::nullopt;
    }
    Expr d;
    d.kind = ExprKind::div;
    d.factor = x.divisor.value;
    d.round_up = x.rounding == "up";
    d.type = int_type(div_round(a->type.lo, d.factor, d.round_up),
                      div_round(a->type.hi, d.factor, d.round_up));
    d.span = x.span;
    d.args.push_back(std::move(*a));
    return d;
  }
  std::optional<Expr> operator()(const ast::Cases& x) const {
    Expr c;
    c.kind = ExprKind::cases;
    c.span = x.span;
    std::optional<Type> t;
    auto add_arm = [&](std::optional<Expr> e, Span span) -> bool {
      if (!e) return false;
      if (!t) {
        t = e->type;
      } else if (t->numeric() && e->type.numeric()) {
        t = int_type(std::min(t->lo, e->type.lo), std::max(t->hi, e->type.hi));
      } else if (!r.check_assignable(e->type, *t, span, "this arm", &*e)) {
        return false;
      }
      c.args.push_back(std::move(*e));
      return true;
    };
    for (const ast::CaseArm& arm : x.arms) {
      auto when = r.resolve_cond(arm.when);
      if (!when) return std::nullopt;
      c.args.push_back(std::move(*when));
      const std::size_t guarded = r.push_guards(arm.when);
      const bool ok = add_arm(r.resolve_value(arm.then, expected), arm.then.span);
      r.present_.resize(r.present_.size() - guarded);
      if (!ok) return std::nullopt;
    }
    if (!add_arm(r.resolve_value(x.otherwise, expected), x.otherwise.span)) return std::nullopt;
    c.type = *t;
    return c;
  }
  std::optional<Expr> operator()(const ast::Lookup& x) const { return r.resolve_lookup(x); }
  std::optional<Expr> operator()(const ast::Path& x) const { return r.resolve_path(x, expected); }
  std::optional<Expr> operator()(const ast::Expr& x) const { return r.resolve_expr(x, expected); }
  std::optional<Expr> operator()(const ast::Negate& x) const {
    auto a = r.resolve_operand(x.operand, nullptr);
    if (!a) return std::nullopt;
    if (!a->type.numeric()) {
      r.diags_.report(rules::Diag::type_mismatch, x.span, "'-' needs an integer, found '{}'",
                      type_name(r.rs_, a->type));
      return std::nullopt;
    }
    if (!r.require_value(*a, x.span, "'-'")) return std::nullopt;
    Expr n;
    n.kind = ExprKind::neg;
    n.type = int_type(-a->type.hi, -a->type.lo);
    n.span = x.span;
    n.args.push_back(std::move(*a));
    return n;
  }
};

std::optional<Expr> Resolver::resolve_operand(const ast::Operand& o, const Type* expected) {
  std::optional<Expr> e = boost::apply_visitor(OperandResolver{*this, expected}, o);
  // Under a guard `X != none` (docs/rules-format.md § Optional values), X is
  // known to have a value.
  if (e && e->type.optional && !present_.empty() &&
      (boost::get<ast::Path>(&o) || boost::get<ast::x3::forward_ast<ast::Lookup>>(&o))) {
    ast::Expr alone;
    alone.first.first = o;
    if (std::find(present_.begin(), present_.end(), print(alone)) != present_.end())
      e->type.optional = false;
  }
  return e;
}

std::optional<Expr> Resolver::resolve_set(const ast::SetLit& s, const Type* expected) {
  std::optional<std::uint32_t> domain;
  if (expected && (expected->kind == TypeKind::set || expected->kind == TypeKind::enumeration)) {
    domain = expected->ref;
  } else if (!s.values.empty()) {
    domain = enum_value_domain(s.values.front().name, s.values.front().span, true);
  }
  if (!domain) {
    diags_
        .report(rules::Diag::type_mismatch, s.span, "cannot tell which domain this set belongs to")
        .hint("compare it with a typed given, or write values of one domain");
    return std::nullopt;
  }
  auto bits = resolve_enum_set(s.values, *domain, s.span);
  if (!bits) return std::nullopt;
  return literal(Val::set(*bits), Type{TypeKind::set, 0, 0, *domain, false}, s.span);
}

std::optional<Expr> Resolver::resolve_path(const ast::Path& p, const Type* expected) {
  const std::string full = ast::join(p);
  Expr e;
  e.span = p.span;
  if (auto ref = rs_.find(full)) {
    switch (ref->kind) {
      case ItemKind::given:
        e.kind = ExprKind::given;
        e.ref = ref->index;
        e.type = rs_.givens[ref->index].type;
        return e;
      case ItemKind::switch_:
        e.kind = ExprKind::switch_;
        e.ref = ref->index;
        e.type = Type{TypeKind::enumeration, 0, 0, rs_.switches[ref->index].domain, false};
        return e;
      case ItemKind::value:
        if (!type_ok_[ref->index]) return std::nullopt;
        e.kind = ExprKind::value;
        e.ref = ref->index;
        e.type = rs_.values[ref->index].type;
        return e;
      case ItemKind::profile:
        return literal(Val::profile(ref->index),
                       Type{TypeKind::profile, 0, 0, rs_.profiles[ref->index].record, false},
                       p.span);
      default:
        break;
    }
    // A skill's name is also a value of its holder's domain (and any other
    // item may share its name with an enumeration value): where no value is
    // expected, the name stands for that value when one domain holds it.
    const bool enum_expected =
        expected && (expected->kind == TypeKind::enumeration || expected->kind == TypeKind::set);
    std::size_t holders = 0;
    if (p.parts.size() == 1) {
      for (const Domain& d : rs_.domains)
        if (!d.is_int && d.find(full)) ++holders;
    }
    if (!enum_expected && holders > 1) {
      enum_value_domain(full, p.span, true);  // reports the ambiguity
      return std::nullopt;
    }
    if (!enum_expected && holders == 0) {
      auto d = diags_.report(rules::Diag::type_mismatch, p.span, "'{}' is a {}, not a value", full,
                             to_string(ref->kind));
      if (ref->kind == ItemKind::table)
        d.hint("look a table up as TABLE.COLUMN(key = ...)");
      else if (ref->kind == ItemKind::stack)
        d.hint("apply modifiers as 'EXPR with STACK'");
      else if (ref->kind == ItemKind::skill)
        d.hint("test whether a unit holds it with '{} in HOLDER'", full);
      else
        d.hint("use a value, a given or a profile field here");
      return std::nullopt;
    }
  }
  // An enumeration value, bare or as DOMAIN.value.
  if (p.parts.size() == 1) {
    if (expected && (expected->kind == TypeKind::enumeration || expected->kind == TypeKind::set)) {
      if (auto i = rs_.domains[expected->ref].find(full)) {
        return literal(Val::enumeration(*i),
                       Type{TypeKind::enumeration, 0, 0, expected->ref, false}, p.span);
      }
    }
    if (auto d = enum_value_domain(full, p.span, true)) {
      return literal(Val::enumeration(*rs_.domains[*d].find(full)),
                     Type{TypeKind::enumeration, 0, 0, *d, false}, p.span);
    }
    auto names = visible_names();
    if (expected && expected->kind == TypeKind::enumeration) {
      for (const auto& v : rs_.domains[expected->ref].values) names.push_back(v);
    }
    auto diag = diags_.report(rules::Diag::name_unknown, p.span, "nothing named '{}'", full);
    if (auto best = closest_match(full, names)) diag.hint("did you mean '{}'?", *best);
    return std::nullopt;
  }
  if (p.parts.size() == 2) {
    auto ref = rs_.find(p.parts[0]);
    if (ref && ref->kind == ItemKind::domain) {
      const Domain& d = rs_.domains[ref->index];
      if (auto i = d.find(p.parts[1])) {
        return literal(Val::enumeration(*i), Type{TypeKind::enumeration, 0, 0, ref->index, false},
                       p.span);
      }
      auto diag = diags_.report(rules::Diag::name_unknown, p.span, "'{}' is not a value of '{}'",
                                p.parts[1], d.name);
      if (auto best = closest_match(p.parts[1], d.values)) diag.hint("did you mean '{}'?", *best);
      return std::nullopt;
    }
  }
  // PREFIX.field.field...: the longest prefix that is a profile-valued name.
  for (std::size_t k = p.parts.size() - 1; k >= 1; --k) {
    ast::Path prefix = p;
    prefix.parts.resize(k);
    auto ref = rs_.find(ast::join(prefix));
    if (!ref) continue;
    std::optional<Expr> base;
    if (ref->kind == ItemKind::given && rs_.givens[ref->index].type.kind == TypeKind::profile) {
      base = Expr{};
      base->kind = ExprKind::given;
      base->ref = ref->index;
      base->type = rs_.givens[ref->index].type;
      base->span = p.span;
    } else if (ref->kind == ItemKind::profile) {
      base = literal(Val::profile(ref->index),
                     Type{TypeKind::profile, 0, 0, rs_.profiles[ref->index].record, false}, p.span);
    } else {
      break;
    }
    for (std::size_t f = k; f < p.parts.size(); ++f) {
      if (base->type.kind != TypeKind::profile) {
        diags_.report(rules::Diag::type_mismatch, p.span, "'{}' has no fields", p.parts[f - 1]);
        return std::nullopt;
      }
      const Record& rec = rs_.records[base->type.ref];
      auto field = rec.find(p.parts[f]);
      if (!field) {
        std::vector<std::string> fields;
        for (const Field& fl : rec.fields) fields.push_back(fl.name);
        auto diag = diags_.report(rules::Diag::name_unknown, p.span,
                                  "record '{}' has no field '{}'", rec.name, p.parts[f]);
        if (auto best = closest_match(p.parts[f], fields)) diag.hint("did you mean '{}'?", *best);
        return std::nullopt;
      }
      Expr fe;
      fe.kind = ExprKind::field;
      fe.index = *field;
      fe.type = rec.fields[*field].type;
      if (base->type.optional) fe.type.optional = true;
      fe.span = p.span;
      fe.args.push_back(std::move(*base));
      base = std::move(fe);
    }
    return base;
  }
  auto diag = diags_.report(rules::Diag::name_unknown, p.span, "nothing named '{}'", full);
  if (auto best = closest_match(full, visible_names())) diag.hint("did you mean '{}'?", *best);
  return std::nullopt;
}

std::optional<Expr> Resolver::resolve_lookup(const ast::Lookup& l) {
  if (l.callee.parts.size() != 2) {
    diags_.report(rules::Diag::syntax_expected, l.callee.span, "expected TABLE.COLUMN before '('");
    return std::nullopt;
  }
  auto ref = rs_.find(l.callee.parts[0]);
  if (!ref || ref->kind != ItemKind::table) {
    auto d = diags_.report(rules::Diag::name_unknown, l.callee.span, "no table named '{}'",
                           l.callee.parts[0]);
    std::vector<std::string> tables;
    for (const auto& [name, r] : rs_.items)
      if (r.kind == ItemKind::table) tables.push_back(name);
    if (auto best = closest_match(l.callee.parts[0], tables)) d.hint("did you mean '{}'?", *best);
    return std::nullopt;
  }
  const Table& t = rs_.tables[ref->index];
  std::optional<std::uint32_t> column;
  std::vector<std::string> columns;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    columns.push_back(t.columns[c].name);
    if (t.columns[c].name == l.callee.parts[1]) column = static_cast<std::uint32_t>(c);
  }
  if (!column) {
    auto d = diags_.report(rules::Diag::name_unknown, l.callee.span,
                           "table '{}' has no column '{}'", t.name, l.callee.parts[1]);
    if (auto best = closest_match(l.callee.parts[1], columns)) d.hint("did you mean '{}'?", *best);
    return std::nullopt;
  }
  Expr e;
  e.kind = ExprKind::lookup;
  e.ref = ref->index;
  e.index = *column;
  e.type = t.columns[*column].type;
  e.type.optional = true;  // a partial table or a missing row gives no entry
  if (!t.partial) e.type.optional = t.columns[*column].type.optional;
  e.span = l.span;
  e.args.resize(t.keys.size());
  std::vector<bool> bound(t.keys.size(), false);
  bool ok = true;
  for (const ast::Binding& b : l.bindings) {
    std::size_t k = 0;
    while (k < t.keys.size() && t.keys[k].name != b.key.name) ++k;
    if (k == t.keys.size()) {
      std::vector<std::string> keys;
      for (const Field& f : t.keys) keys.push_back(f.name);
      auto d = diags_.report(rules::Diag::name_unknown, b.key.span, "table '{}' has no key '{}'",
                             t.name, b.key.name);
      if (auto best = closest_match(b.key.name, keys)) d.hint("did you mean '{}'?", *best);
      ok = false;
      continue;
    }
    auto v = resolve_expr(b.value, &t.keys[k].type);
    if (!v || !check_assignable(v->type, t.keys[k].type, b.value.span,
                                fmt::format("key '{}'", b.key.name), &*v)) {
      ok = false;
      continue;
    }
    e.args[k] = std::move(*v);
    bound[k] = true;
  }
  for (std::size_t k = 0; k < t.keys.size(); ++k) {
    if (bound[k]) continue;
    auto g = rs_.find(t.keys[k].name);
    if (!g || g->kind != ItemKind::given) {
      diags_
          .report(rules::Diag::name_unknown, l.span, "key '{}' of table '{}' is not bound",
                  t.keys[k].name, t.name)
          .hint("write {}({} = ...), or declare a given named '{}'", ast::join(l.callee),
                t.keys[k].name, t.keys[k].name);
      ok = false;
      continue;
    }
    Expr ge;
    ge.kind = ExprKind::given;
    ge.ref = g->index;
    ge.type = rs_.givens[g->index].type;
    ge.span = l.span;
    if (!check_assignable(ge.type, t.keys[k].type, l.span,
                          fmt::format("given '{}'", t.keys[k].name)))
      ok = false;
    e.args[k] = std::move(ge);
  }
  if (!ok) return std::nullopt;
  return e;
}

std::optional<Expr> Resolver::resolve_value(const ast::Cond& c, const Type* expected) {
  if (!c.implies && c.lhs.parts.size() == 1 && c.lhs.parts[0].parts.size() == 1) {
    const auto* p = boost::get<ast::Predicate>(&c.lhs.parts[0].parts[0]);
    if (p && !p->tail) return resolve_expr(p->lhs, expected);
  }
  return resolve_cond(c);
}

std::optional<Expr> Resolver::resolve_cond(const ast::Cond& c) {
  auto lhs = resolve_disj(c.lhs);
  if (!lhs) return std::nullopt;
  if (!c.implies) return lhs;
  ast::Cond premise;
  premise.lhs = c.lhs;
  const std::size_t guarded = push_guards(premise);
  auto rhs = resolve_disj(*c.implies);
  present_.resize(present_.size() - guarded);
  if (!rhs) return std::nullopt;
  return binary(ExprKind::implies, std::move(*lhs), std::move(*rhs), bool_type(), c.span);
}

std::optional<Expr> Resolver::resolve_disj(const ast::Disj& d) {
  if (!chain_ok(d.parts.size(), d.span, diags_)) return std::nullopt;
  // `X != none and …` and `X == none or …` guard X in what follows: the
  // evaluation is short-circuit, so X has a value there.
  const std::size_t outer = present_.size();
  std::optional<Expr> acc;
  for (const ast::Conj& c : d.parts) {
    if (!chain_ok(c.parts.size(), c.span, diags_)) return std::nullopt;
    std::optional<Expr> conj;
    const std::size_t before = present_.size();
    for (const ast::CondAtom& a : c.parts) {
      auto x = resolve_atom(a);
      if (!x) {
        present_.resize(outer);
        return std::nullopt;
      }
      if (std::string t = none_test(a, false); !t.empty()) present_.push_back(std::move(t));
      conj = conj ? binary(ExprKind::and_, std::move(*conj), std::move(*x), bool_type(), c.span)
                  : std::move(x);
    }
    present_.resize(before);
    if (c.parts.size() == 1) {
      if (std::string t = none_test(c.parts[0], true); !t.empty()) present_.push_back(std::move(t));
    }
    acc = acc ? binary(ExprKind::or_, std::move(*acc), std::move(*conj), bool_type(), d.span)
              : std::move(conj);
  }
  present_.resize(outer);
  return acc;
}

std::optional<Expr> Resolver::resolve_atom(const ast::CondAtom& a) {
  struct V {
    Resolver& r;
    std::optional<Expr> operator()(const ast::Predicate& p) const { return r.resolve_predicate(p); }
    std::optional<Expr> operator()(const ast::NotCond& n) const {
      auto x = r.resolve_atom(n.operand);
      if (!x) return std::nullopt;
      Expr e;
      e.kind = ExprKind::not_;
      e.type = bool_type();
      e.span = n.span;
      e.args.push_back(std::move(*x));
      return e;
    }
    std::optional<Expr> operator()(const ast::Cond& c) const { return r.resolve_cond(c); }
  };
  return boost::apply_visitor(V{*this}, a);
}

std::optional<Expr> Resolver::resolve_predicate(const ast::Predicate& p) {
  if (!p.tail) {
    auto x = resolve_expr(p.lhs, nullptr);
    if (!x) return std::nullopt;
    if (x->type.kind != TypeKind::boolean) {
      diags_
          .report(rules::Diag::type_mismatch, p.span,
                  "expected a condition, found a value of type '{}'", type_name(rs_, x->type))
          .hint("compare it with something: '== VALUE', 'in {...}', '>= N'");
      return std::nullopt;
    }
    return x;
  }
  const std::string& op = p.tail->op;
  const bool membership = op == "in" || op == "not in";
  std::optional<Expr> lhs, rhs;
  if (membership && bare_name(p.lhs) && !needs_context(p.tail->rhs)) {
    // `NAME in SET`: the set's element domain decides what a bare name is,
    // even when an item (a skill, a value...) has the same name.
    rhs = resolve_expr(p.tail->rhs, nullptr);
    if (!rhs) return std::nullopt;
    Type want = rhs->type;
    if (want.kind == TypeKind::set && rs_.domains[want.ref].find(*bare_name(p.lhs))) {
      want.kind = TypeKind::enumeration;
      want.optional = false;
      lhs = literal(Val::enumeration(*rs_.domains[want.ref].find(*bare_name(p.lhs))), want,
                    p.lhs.span);
    } else {
      if (want.kind == TypeKind::set) want.kind = TypeKind::enumeration;
      lhs = resolve_expr(p.lhs, &want);
    }
  } else if (membership && needs_context(p.lhs) && needs_context(p.tail->rhs)) {
    // `NAME in {a, b}`: the one domain holding every name written decides.
    const auto domain = shared_domain(p.lhs, p.tail->rhs);
    Type want{TypeKind::enumeration, 0, 0, domain.value_or(0), false};
    lhs = resolve_expr(p.lhs, domain ? &want : nullptr);
    if (!lhs) return std::nullopt;
    want = lhs->type;
    if (want.kind == TypeKind::enumeration) want.kind = TypeKind::set;
    rhs = resolve_expr(p.tail->rhs, &want);
  } else if (needs_context(p.lhs) && !needs_context(p.tail->rhs)) {
    rhs = resolve_expr(p.tail->rhs, nullptr);
    if (!rhs) return std::nullopt;
    Type want = rhs->type;
    if (membership && want.kind == TypeKind::set) want.kind = TypeKind::enumeration;
    lhs = resolve_expr(p.lhs, &want);
  } else {
    lhs = resolve_expr(p.lhs, nullptr);
    if (!lhs) return std::nullopt;
    Type want = lhs->type;
    if (membership && want.kind == TypeKind::enumeration) want.kind = TypeKind::set;
    want.optional = true;
    rhs = resolve_expr(p.tail->rhs, &want);
  }
  if (!lhs || !rhs) return std::nullopt;
  if (membership) {
    if (lhs->type.kind != TypeKind::enumeration || rhs->type.kind != TypeKind::set ||
        lhs->type.ref != rhs->type.ref) {
      diags_.report(rules::Diag::type_mismatch, p.span,
                    "'{}' needs a value and a set of the same domain, found '{}' and '{}'", op,
                    type_name(rs_, lhs->type), type_name(rs_, rhs->type));
      return std::nullopt;
    }
    Expr e = binary(ExprKind::in, std::move(*lhs), std::move(*rhs), bool_type(), p.span);
    if (op == "in") return e;
    Expr n;
    n.kind = ExprKind::not_;
    n.type = bool_type();
    n.span = p.span;
    n.args.push_back(std::move(e));
    return n;
  }
  const bool ordered = op != "==" && op != "!=";
  const bool numeric = lhs->type.numeric() && rhs->type.numeric();
  const bool none_cmp = lhs->kind == ExprKind::literal && lhs->literal.is_none()
                            ? true
                            : rhs->kind == ExprKind::literal && rhs->literal.is_none();
  const bool same =
      numeric || (lhs->type.kind == rhs->type.kind && lhs->type.ref == rhs->type.ref) || none_cmp;
  if (!same || (ordered && !numeric)) {
    diags_.report(rules::Diag::type_mismatch, p.span, "cannot compare '{}' with '{}' using '{}'",
                  type_name(rs_, lhs->type), type_name(rs_, rhs->type), op);
    return std::nullopt;
  }
  if (ordered && (!require_value(*lhs, p.lhs.span, fmt::format("'{}'", op)) ||
                  !require_value(*rhs, p.tail->rhs.span, fmt::format("'{}'", op)))) {
    return std::nullopt;
  }
  ExprKind kind = ExprKind::eq;
  if (op == "!=")
    kind = ExprKind::ne;
  else if (op == "<")
    kind = ExprKind::lt;
  else if (op == "<=")
    kind = ExprKind::le;
  else if (op == ">")
    kind = ExprKind::gt;
  else if (op == ">=")
    kind = ExprKind::ge;
  return binary(kind, std::move(*lhs), std::move(*rhs), bool_type(), p.span);
}

}  // namespace umpire::rules
