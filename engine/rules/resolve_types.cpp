// Types, literals, key patterns and citations.
#include <boost/variant/apply_visitor.hpp>

#include "engine/core/suggest.hpp"
#include "engine/rules/resolve.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {

std::int64_t clamp_bound(std::int64_t v) {
  return v > 64 * max_int ? 64 * max_int : (v < -64 * max_int ? -64 * max_int : v);
}

namespace {

std::vector<std::string> domain_names(const Ruleset& rs) {
  std::vector<std::string> out;
  for (const auto& [name, ref] : rs.items) {
    if (ref.kind == ItemKind::domain) out.push_back(name);
  }
  return out;
}

}  // namespace

std::optional<Type> Resolver::resolve_type(const ast::Type& t) {
  struct V {
    Resolver& r;
    std::optional<Type> range(TypeKind kind, const ast::IntLit& lo, const ast::IntLit& hi,
                              Span span) const {
      if (lo.value > hi.value) {
        r.diags_
            .report(rules::Diag::type_empty_range, span, "empty range {}..{}", lo.value, hi.value)
            .hint("write the smaller bound first");
        return std::nullopt;
      }
      return Type{kind, lo.value, hi.value, 0, false};
    }
    std::optional<Type> operator()(const ast::BoolType&) const {
      return Type{TypeKind::boolean, 0, 1, 0, false};
    }
    std::optional<Type> operator()(const ast::IntType& i) const {
      return range(TypeKind::integer, i.lo, i.hi, i.span);
    }
    std::optional<Type> operator()(const ast::RollType& i) const {
      return range(TypeKind::roll, i.lo, i.hi, i.span);
    }
    std::optional<Type> domain_type(const ast::Ident& name, TypeKind kind) const {
      auto ref = r.rs_.find(name.name);
      if (!ref || ref->kind != ItemKind::domain) {
        auto d = r.diags_.report(rules::Diag::name_unknown, name.span, "no domain named '{}'",
                                 name.name);
        if (auto best = closest_match(name.name, domain_names(r.rs_)))
          d.hint("did you mean '{}'?", *best);
        return std::nullopt;
      }
      const Domain& dom = r.rs_.domains[ref->index];
      if (dom.is_int) {
        if (kind == TypeKind::set) {
          r.diags_.report(rules::Diag::type_mismatch, name.span,
                          "'{}' is an integer domain; sets are of enumerations", name.name);
          return std::nullopt;
        }
        return Type{TypeKind::integer, dom.lo, dom.hi, ref->index, false};
      }
      return Type{kind, 0, 0, ref->index, false};
    }
    std::optional<Type> operator()(const ast::SetType& s) const {
      return domain_type(s.domain, TypeKind::set);
    }
    std::optional<Type> operator()(const ast::ProfileType& p) const {
      auto ref = r.rs_.find(p.record.name);
      if (!ref || ref->kind != ItemKind::record) {
        r.diags_.report(rules::Diag::name_unknown, p.record.span, "no record named '{}'",
                        p.record.name);
        return std::nullopt;
      }
      return Type{TypeKind::profile, 0, 0, ref->index, false};
    }
    std::optional<Type> operator()(const ast::Ident& name) const {
      return domain_type(name, TypeKind::enumeration);
    }
  };
  std::optional<Type> out = boost::apply_visitor(V{*this}, t.body);
  if (out) out->optional = t.optional;
  if (out && t.better) {
    if (out->kind == TypeKind::integer || out->kind == TypeKind::roll ||
        out->kind == TypeKind::enumeration) {
      out->better = *t.better == "higher" ? Better::higher : Better::lower;
    } else {
      diags_
          .report(rules::Diag::type_mismatch, t.span,
                  "'better {}' needs an ordered type: an integer, a roll or an enumeration",
                  *t.better)
          .hint("a flag or a set has no better end; leave 'better' out");
    }
  }
  return out;
}

std::optional<std::uint64_t> Resolver::resolve_enum_set(const std::vector<ast::Ident>& values,
                                                        std::uint32_t domain, Span) {
  const Domain& d = rs_.domains[domain];
  std::uint64_t bits = 0;
  bool ok = true;
  for (const ast::Ident& v : values) {
    auto index = d.find(v.name);
    if (!index) {
      auto diag = diags_.report(rules::Diag::name_unknown, v.span, "'{}' is not a value of '{}'",
                                v.name, d.name);
      if (auto best = closest_match(v.name, d.values)) diag.hint("did you mean '{}'?", *best);
      ok = false;
      continue;
    }
    bits |= std::uint64_t{1} << *index;
  }
  if (!ok) return std::nullopt;
  return bits;
}

std::optional<Val> Resolver::resolve_literal(const ast::Literal& l, const Type& type) {
  struct V {
    Resolver& r;
    const Type& type;
    std::string expected() const { return type_name(r.rs_, type); }
    std::optional<Val> mismatch(Span span, std::string_view what) const {
      r.diags_.report(rules::Diag::type_mismatch, span, "expected a value of type '{}', found {}",
                      expected(), what);
      return std::nullopt;
    }
    std::optional<Val> number(std::int64_t v, Span span, bool roll) const {
      if (!type.numeric()) return mismatch(span, roll ? "a roll" : "an integer");
      if (type.kind == TypeKind::roll && !roll) {
        return mismatch(span, fmt::format("'{}' (write a roll as '{}+')", v, v));
      }
      if (v < type.lo || v > type.hi) {
        r.diags_.report(rules::Diag::type_out_of_range, span, "{} is outside {}", v, expected());
        return std::nullopt;
      }
      return Val::integer(v);
    }
    std::optional<Val> operator()(const ast::RollLit& x) const {
      return number(x.value, x.span, true);
    }
    std::optional<Val> operator()(const ast::IntLit& x) const {
      return number(x.value, x.span, false);
    }
    std::optional<Val> operator()(const ast::BoolLit& x) const {
      if (type.kind != TypeKind::boolean) return mismatch(x.span, "a boolean");
      return Val::boolean(x.value);
    }
    std::optional<Val> operator()(const ast::NoneLit& x) const {
      if (!type.optional) {
        r.diags_
            .report(rules::Diag::type_mismatch, x.span, "'none' is not a value of '{}'", expected())
            .hint("declare the type 'optional' if the value may be absent");
        return std::nullopt;
      }
      return Val::none();
    }
    std::optional<Val> operator()(const ast::SetLit& x) const {
      if (type.kind != TypeKind::set) return mismatch(x.span, "a set");
      auto bits = r.resolve_enum_set(x.values, type.ref, x.span);
      if (!bits) return std::nullopt;
      return Val::set(*bits);
    }
    std::optional<Val> operator()(const ast::Ident& x) const {
      if (type.kind == TypeKind::enumeration) {
        const Domain& d = r.rs_.domains[type.ref];
        if (auto i = d.find(x.name)) return Val::enumeration(*i);
        auto diag = r.diags_.report(rules::Diag::name_unknown, x.span,
                                    "'{}' is not a value of '{}'", x.name, d.name);
        if (auto best = closest_match(x.name, d.values)) diag.hint("did you mean '{}'?", *best);
        return std::nullopt;
      }
      if (type.kind == TypeKind::profile) {
        auto ref = r.rs_.find(x.name);
        if (ref && ref->kind == ItemKind::profile) return Val::profile(ref->index);
        r.diags_.report(rules::Diag::name_unknown, x.span, "no profile named '{}'", x.name);
        return std::nullopt;
      }
      return mismatch(x.span, fmt::format("'{}'", x.name));
    }
  };
  return boost::apply_visitor(V{*this, type}, l);
}

std::optional<Pattern> Resolver::resolve_pattern(const ast::Pattern& p, const Type& type) {
  struct V {
    Resolver& r;
    const Type& type;
    std::optional<Pattern> ints(std::int64_t lo, std::int64_t hi, Span span) const {
      if (!type.numeric()) {
        r.diags_.report(rules::Diag::type_mismatch, span, "an integer pattern for key of type '{}'",
                        type_name(r.rs_, type));
        return std::nullopt;
      }
      if (lo > hi) {
        r.diags_.report(rules::Diag::type_empty_range, span, "empty range {}..{}", lo, hi);
        return std::nullopt;
      }
      if (hi < type.lo || lo > type.hi) {
        r.diags_.report(rules::Diag::type_out_of_range, span, "pattern lies outside {}",
                        type_name(r.rs_, type));
        return std::nullopt;
      }
      Pattern out;
      out.lo = std::max(lo, type.lo);
      out.hi = std::min(hi, type.hi);
      out.span = span;
      return out;
    }
    std::optional<Pattern> operator()(const ast::RangePat& x) const {
      return ints(x.lo.value, x.hi.value, x.span);
    }
    std::optional<Pattern> operator()(const ast::AtLeastPat& x) const {
      return ints(x.value.value, type.hi, x.span);
    }
    std::optional<Pattern> operator()(const ast::AtMostPat& x) const {
      return ints(type.lo, x.value.value, x.span);
    }
    std::optional<Pattern> operator()(const ast::IntLit& x) const {
      return ints(x.value, x.value, x.span);
    }
    std::optional<Pattern> operator()(const ast::BoolLit& x) const {
      if (type.kind != TypeKind::boolean) {
        r.diags_.report(rules::Diag::type_mismatch, x.span,
                        "a boolean pattern for key of type '{}'", type_name(r.rs_, type));
        return std::nullopt;
      }
      Pattern out;
      out.lo = out.hi = x.value ? 1 : 0;
      out.span = x.span;
      return out;
    }
    std::optional<Pattern> operator()(const ast::Wildcard& x) const {
      Pattern out;
      out.any = true;
      out.span = x.span;
      return out;
    }
    std::optional<Pattern> enums(const std::vector<ast::Ident>& values, Span span) const {
      if (type.kind != TypeKind::enumeration) {
        r.diags_.report(rules::Diag::type_mismatch, span, "a value pattern for key of type '{}'",
                        type_name(r.rs_, type));
        return std::nullopt;
      }
      auto bits = r.resolve_enum_set(values, type.ref, span);
      if (!bits) return std::nullopt;
      Pattern out;
      out.bits = *bits;
      out.span = span;
      return out;
    }
    std::optional<Pattern> operator()(const ast::SetLit& x) const {
      return enums(x.values, x.span);
    }
    std::optional<Pattern> operator()(const ast::Ident& x) const { return enums({x}, x.span); }
  };
  return boost::apply_visitor(V{*this, type}, p);
}

Citations Resolver::citations(const ast::Refs& refs) {
  Citations out;
  for (const ast::Str& r : refs) {
    Citation c;
    c.span = r.span;
    const std::string_view text = r.text;
    const std::size_t sep = text.find("\xC2\xA7");  // §
    if (sep == std::string_view::npos) {
      auto it = m_.default_source.find(r.span.file.value);
      c.file = it != m_.default_source.end() ? it->second : "";
      c.section = std::string(text);
    } else {
      std::string_view file = text.substr(0, sep);
      std::string_view section = text.substr(sep + 2);
      while (!file.empty() && file.back() == ' ') file.remove_suffix(1);
      while (!section.empty() && section.front() == ' ') section.remove_prefix(1);
      c.file = std::string(file);
      c.section = std::string(section);
    }
    if (c.file.empty()) {
      diags_
          .report(rules::Diag::ref_bad_file, r.span,
                  "citation names no file and the ruleset has no 'source'")
          .hint("write \"FILE § Section\"");
    }
    out.push_back(std::move(c));
  }
  return out;
}

// Whether `e` can evaluate to `none` (docs/rules-format.md § Optional values).
// A lookup in a partial table is typed optional, but a missing row is not a
// `none` value: used where a value is needed it is strict, an evaluation
// error `rules.eval.no-row`. Only a `none` literal, an optional given, value,
// field or column, or a case arm giving one of these, is `none` itself.
bool Resolver::may_be_none(const Expr& e) const {
  switch (e.kind) {
    // `type.optional` is cleared where a `!= none` guard holds.
    case ExprKind::literal:
      return e.literal.is_none();
    case ExprKind::given:
    case ExprKind::value:
    case ExprKind::field:
      return e.type.optional;
    case ExprKind::lookup:
      return e.type.optional && rs_.tables[e.ref].columns[e.index].type.optional;
    case ExprKind::cases:
      for (std::size_t i = 1; i < e.args.size(); i += 2) {
        if (may_be_none(e.args[i])) return true;
      }
      return may_be_none(e.args.back());
    default:
      return false;
  }
}

bool Resolver::require_value(const Expr& e, Span span, std::string_view what) {
  if (!may_be_none(e)) return true;
  diags_
      .report(rules::Diag::type_maybe_none, span,
              "{} needs a value, but this may be 'none' (type '{}')", what, type_name(rs_, e.type))
      .hint(
          "guard it: 'X != none and ...', 'X == none or ...', 'cases { when X != none => ... }', "
          "or make the source not optional");
  return false;
}

bool Resolver::check_assignable(const Type& from, const Type& to, Span span, std::string_view what,
                                const Expr* expr) {
  bool ok = false;
  if (from.numeric() && to.numeric())
    ok = true;
  else if (from.kind == to.kind && from.kind == TypeKind::boolean)
    ok = true;
  else if (from.kind == to.kind && from.ref == to.ref)
    ok = true;
  const bool none_possible = expr ? may_be_none(*expr) : from.optional;
  if (ok && none_possible && !to.optional) {
    diags_
        .report(rules::Diag::type_maybe_none, span, "{} may be 'none' but '{}' is not optional",
                what, type_name(rs_, to))
        .hint("declare the type 'optional', or give a value where the source has none");
    return false;
  }
  if (!ok) {
    diags_.report(rules::Diag::type_mismatch, span, "{} has type '{}', expected '{}'", what,
                  type_name(rs_, from), type_name(rs_, to));
  }
  return ok;
}

}  // namespace umpire::rules
