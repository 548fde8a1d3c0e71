// Expressions, values and table lookups as Z3 terms, following
// engine/rules/evaluator.cpp step by step, including where it stops with an
// error (docs/verification.md § Translation).
#include <fmt/core.h>

#include <algorithm>
#include <functional>

#include "grammar/rules/diagnostics.hpp"
#include "verify/smt/z3_impl.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

constexpr std::int64_t huge = std::int64_t{1} << 60;

std::int64_t sat(std::int64_t v) {
  return std::clamp(v, -huge, huge);
}
std::int64_t sat_add(std::int64_t a, std::int64_t b) {
  return sat(sat(a) + sat(b));
}
std::int64_t sat_mul(std::int64_t a, std::int64_t f) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(sat(a), f, &r)) return (a < 0) != (f < 0) ? -huge : huge;
  return sat(r);
}

std::uint64_t span_key(Span span) {
  return (std::uint64_t{span.file.value} << 48) ^ (std::uint64_t{span.begin} << 24) ^ span.end;
}

}  // namespace

SmtModel::Impl::Impl(const Ruleset& r, unsigned timeout, std::shared_ptr<z3::context> shared)
    : rs(r),
      ctx_owner(shared ? std::move(shared) : std::make_shared<z3::context>()),
      ctx(*ctx_owner),
      timeout_ms(timeout),
      domain_constraints(ctx),
      value_cache(r.values.size()),
      value_busy(r.values.size()) {
  for (const Given& g : rs.givens) {
    SVal s(ctx);
    s.kind = g.type.kind;
    const std::string name = "g:" + g.name;
    switch (g.type.kind) {
      case TypeKind::boolean:
        s.v = ctx.bool_const(name.c_str());
        break;
      case TypeKind::set: {
        s.v = ctx.bool_val(false);
        const Domain& d = rs.domains[g.type.ref];
        for (const std::string& value : d.values)
          s.bits.push_back(ctx.bool_const((name + "#" + value).c_str()));
        break;
      }
      case TypeKind::integer:
      case TypeKind::roll:
        s.v = ctx.int_const(name.c_str());
        s.lo = g.type.lo;
        s.hi = g.type.hi;
        domain_constraints.push_back(s.v >= int_const(g.type.lo) && s.v <= int_const(g.type.hi));
        break;
      case TypeKind::enumeration: {
        // Indices mean values only within one domain: a base and its
        // variant share the variable only when the domain is the same.
        std::string signature;
        for (const std::string& value : rs.domains[g.type.ref].values) signature += value + ",";
        s.v = ctx.int_const(
            fmt::format("{}@{:x}", name, std::hash<std::string>{}(signature)).c_str());
        const auto n = static_cast<std::int64_t>(rs.domains[g.type.ref].values.size());
        s.lo = 0;
        s.hi = n - 1;
        domain_constraints.push_back(s.v >= 0 && s.v < int_const(n));
        break;
      }
      case TypeKind::profile: {
        std::string signature;
        for (const Profile& p : rs.profiles) signature += p.name + ",";
        s.v = ctx.int_const(
            fmt::format("{}@{:x}", name, std::hash<std::string>{}(signature)).c_str());
        z3::expr_vector ids(ctx);
        for (const std::uint32_t p : profiles_of(rs, g.type.ref))
          ids.push_back(s.v == int_const(p));
        s.lo = 0;
        s.hi = static_cast<std::int64_t>(rs.profiles.size());
        if (ids.empty())
          note_not_encoded(g.span, fmt::format("given '{}' has a record with no profile", g.name));
        else
          domain_constraints.push_back(z3::mk_or(ids));
        break;
      }
      default:
        s.v = ctx.int_const(name.c_str());
        note_not_encoded(g.span, fmt::format("type of given '{}'", g.name));
        break;
    }
    if (g.type.optional) s.none = ctx.bool_const((name + "?").c_str());
    given_vars.push_back(s);
  }
  for (const Switch& sw : rs.switches) {
    std::string signature;
    for (const SwitchOption& o : sw.options) signature += o.name + ",";
    z3::expr v = ctx.int_const(
        fmt::format("s:{}@{:x}", sw.name, std::hash<std::string>{}(signature)).c_str());
    domain_constraints.push_back(v >= 0 &&
                                 v < int_const(static_cast<std::int64_t>(sw.options.size())));
    switch_vars.push_back(v);
  }
}

Term SmtModel::Impl::add(SVal s) {
  terms.push_back(std::move(s));
  return Term{static_cast<std::uint32_t>(terms.size() - 1)};
}

std::uint32_t SmtModel::Impl::site_id(rules::Diag id, Span span, const std::string& what) {
  auto [it, fresh] = site_ids.try_emplace({std::string(id_of(id)), span_key(span)},
                                          static_cast<std::uint32_t>(sites.size()));
  if (fresh) sites.push_back(FailureSite{id, span, what});
  return it->second;
}

void SmtModel::Impl::note_not_encoded(Span span, std::string what) {
  if (!not_encoded_seen.try_emplace(std::make_pair(span.file.value, span.begin), true).second)
    return;
  not_encoded.push_back(NotEncoded{span, std::move(what)});
}

void SmtModel::Impl::sequence(SVal& into, const SVal& later) {
  add_guarded(into, later, ctx.bool_val(true));
}

namespace {
// Adds `cond` to the entry of `site` (one entry per site: the conditions
// under which evaluation stops first there are disjoint).
void add_failure(SVal& into, std::uint32_t site, const z3::expr& cond) {
  for (auto& f : into.fails) {
    if (f.first == site) {
      f.second = or2(f.second, cond);
      return;
    }
  }
  into.fails.emplace_back(site, cond);
}
}  // namespace

void SmtModel::Impl::add_absent(SVal& into, std::uint32_t site, const z3::expr& cond) {
  add_failure(into, site, cond);
}

void SmtModel::Impl::add_guarded(SVal& into, const SVal& from, const z3::expr& guard) {
  if (from.fails.empty() || guard.is_false()) return;
  const z3::expr ok = and2(not1(into.any_fail), guard);
  if (ok.is_false()) return;
  for (const auto& f : from.fails) add_failure(into, f.first, and2(ok, f.second));
  into.any_fail = or2(into.any_fail, and2(ok, from.any_fail));
}

void SmtModel::Impl::add_site(SVal& into, rules::Diag id, Span span, const std::string& what,
                              const z3::expr& cond) {
  const z3::expr c = and2(not1(into.any_fail), cond);
  if (c.is_false()) return;
  add_failure(into, site_id(id, span, what), c);
  into.any_fail = or2(into.any_fail, cond);
}

void SmtModel::Impl::require_value(SVal& s, Span span) {
  if (s.none.is_false()) return;
  add_site(s, rules::Diag::eval_no_value, span, "a value that is 'none' here", s.none);
  s.none = ctx.bool_val(false);
}

z3::expr SmtModel::Impl::as_int(const SVal& s) {
  return s.v.is_bool() ? z3::ite(s.v, int_const(1), int_const(0)) : s.v;
}

SVal SmtModel::Impl::int_val(z3::expr v, std::int64_t lo, std::int64_t hi) {
  SVal s(ctx);
  s.kind = TypeKind::integer;
  s.v = v;
  s.lo = lo;
  s.hi = hi;
  return s;
}

SVal SmtModel::Impl::bool_val(z3::expr v) {
  SVal s(ctx);
  s.kind = TypeKind::boolean;
  s.v = v;
  return s;
}

SVal SmtModel::Impl::literal(const Type& type, const Val& value) {
  SVal s(ctx);
  s.kind = type.kind;
  switch (type.kind) {
    case TypeKind::boolean:
      s.v = ctx.bool_val(value.number != 0);
      break;
    case TypeKind::set: {
      s.v = ctx.bool_val(false);
      const std::size_t n = rs.domains[type.ref].values.size();
      for (std::size_t i = 0; i < n; ++i)
        s.bits.push_back(ctx.bool_val((value.bits >> i & 1U) != 0));
      break;
    }
    default:
      s.v = int_const(value.number);
      s.lo = s.hi = value.number;
      break;
  }
  if (value.is_none()) s.none = ctx.bool_val(true);
  return s;
}

SVal SmtModel::Impl::ite(const z3::expr& c, const SVal& a, const SVal& b, const Type& type) {
  SVal s(ctx);
  s.kind = type.kind;
  if (a.v.is_bool() == b.v.is_bool())
    s.v = z3::ite(c, a.v, b.v);
  else
    s.v = z3::ite(c, as_int(a), as_int(b));
  if (a.bits.size() == b.bits.size()) {
    for (std::size_t i = 0; i < a.bits.size(); ++i)
      s.bits.push_back(z3::ite(c, a.bits[i], b.bits[i]));
  }
  s.none = ite1(c, a.none, b.none);
  s.lo = std::min(a.lo, b.lo);
  s.hi = std::max(a.hi, b.hi);
  add_guarded(s, a, c);
  add_guarded(s, b, !c);
  return s;
}

z3::expr SmtModel::Impl::same(const SVal& a, const SVal& b) {
  z3::expr values = ctx.bool_val(true);
  if (!a.bits.empty() || !b.bits.empty()) {
    if (a.bits.size() != b.bits.size()) return a.none && b.none;
    z3::expr_vector eqs(ctx);
    for (std::size_t i = 0; i < a.bits.size(); ++i) eqs.push_back(a.bits[i] == b.bits[i]);
    values = z3::mk_and(eqs);
  } else if (a.v.is_bool() == b.v.is_bool()) {
    values = a.v == b.v;
  } else {
    values = as_int(a) == as_int(b);
  }
  return z3::ite(a.none || b.none, a.none && b.none, values);
}

SVal SmtModel::Impl::checked(SVal s, Span span) {
  if (s.lo < -overflow_limit || s.hi > overflow_limit) {
    add_site(s, rules::Diag::eval_overflow, span, "arithmetic overflow",
             s.v > int_const(overflow_limit) || s.v < int_const(-overflow_limit));
    s.lo = std::max(s.lo, -overflow_limit);
    s.hi = std::min(s.hi, overflow_limit);
  }
  return s;
}

SVal SmtModel::Impl::encode(const Expr& e) {
  if (auto it = expr_cache.find(&e); it != expr_cache.end()) return it->second;
  SVal s = encode_uncached(e);
  expr_cache.emplace(&e, s);
  return s;
}

SVal SmtModel::Impl::encode_uncached(const Expr& e) {
  auto operand = [&](std::size_t i) {
    SVal a = encode(e.args[i]);
    require_value(a, e.args[i].span);
    return a;
  };
  // Two operands computed in turn; the result carries both failure lists.
  auto binary = [&](z3::expr v, const SVal& a, const SVal& b, std::int64_t lo, std::int64_t hi) {
    SVal s = int_val(v, lo, hi);
    sequence(s, a);
    sequence(s, b);
    return s;
  };
  switch (e.kind) {
    case ExprKind::literal:
      return literal(e.type, e.literal);
    case ExprKind::given:
      return given_vars.at(e.ref);
    case ExprKind::switch_: {
      SVal s = int_val(switch_vars.at(e.ref), 0,
                       static_cast<std::int64_t>(rs.switches[e.ref].options.size()) - 1);
      s.kind = TypeKind::enumeration;
      return s;
    }
    case ExprKind::value:
      return encode_value(e.ref);
    case ExprKind::field: {
      SVal p = encode(e.args[0]);
      const Type& ft = e.type;
      std::optional<SVal> out;
      for (std::size_t i = rs.profiles.size(); i-- > 0;) {
        const Profile& prof = rs.profiles[i];
        if (prof.record != e.args[0].type.ref) continue;
        SVal lit = literal(ft, prof.values.at(e.index));
        out = out ? ite(p.v == int_const(static_cast<std::int64_t>(i)), lit, *out, ft) : lit;
      }
      if (!out) {
        note_not_encoded(e.span, "a field of a record without profiles");
        SVal s = literal(ft, Val::none());
        sequence(s, p);
        return s;
      }
      out->none = or2(p.none, out->none);
      out->clear_fails();
      sequence(*out, p);
      return *out;
    }
    case ExprKind::lookup:
      return encode_lookup(e);
    case ExprKind::add:
    case ExprKind::sub: {
      SVal a = operand(0), b = operand(1);
      const bool add = e.kind == ExprKind::add;
      SVal s = binary(add ? a.v + b.v : a.v - b.v, a, b,
                      add ? sat_add(a.lo, b.lo) : sat_add(a.lo, -b.hi),
                      add ? sat_add(a.hi, b.hi) : sat_add(a.hi, -b.lo));
      return checked(s, e.span);
    }
    case ExprKind::neg: {
      SVal a = operand(0);
      SVal s = int_val(-a.v, -a.hi, -a.lo);
      sequence(s, a);
      return checked(s, e.span);
    }
    case ExprKind::mul: {
      SVal a = operand(0);
      const std::int64_t x = sat_mul(a.lo, e.factor), y = sat_mul(a.hi, e.factor);
      SVal s = int_val(a.v * int_const(e.factor), std::min(x, y), std::max(x, y));
      sequence(s, a);
      return checked(s, e.span);
    }
    case ExprKind::div: {
      SVal a = operand(0);
      if (e.factor == 0) {
        note_not_encoded(e.span, "division by zero");
        return a;
      }
      // Z3's integer division is Euclidean: the floor for a positive divisor.
      const std::int64_t f = e.factor;
      auto floor_div = [&](const z3::expr& x) {
        return f > 0 ? z3::expr(x / int_const(f)) : z3::expr((-x) / int_const(-f));
      };
      z3::expr v = e.round_up ? -floor_div(-a.v) : floor_div(a.v);
      SVal s = int_val(v, -std::max(std::abs(a.lo), std::abs(a.hi)),
                       std::max(std::abs(a.lo), std::abs(a.hi)));
      sequence(s, a);
      return s;
    }
    case ExprKind::min:
    case ExprKind::max: {
      SVal a = operand(0), b = operand(1);
      const bool mn = e.kind == ExprKind::min;
      z3::expr v = mn ? z3::ite(a.v <= b.v, a.v, b.v) : z3::ite(a.v >= b.v, a.v, b.v);
      return binary(v, a, b, mn ? std::min(a.lo, b.lo) : std::max(a.lo, b.lo),
                    mn ? std::min(a.hi, b.hi) : std::max(a.hi, b.hi));
    }
    case ExprKind::cases: {
      const std::size_t arms = (e.args.size() - 1) / 2;
      SVal out = encode(e.args.back());
      // Built from the else arm outwards; failures of condition i count
      // only when no earlier condition held.
      for (std::size_t i = arms; i-- > 0;) {
        SVal c = operand(2 * i);
        SVal then = encode(e.args[2 * i + 1]);
        SVal chosen = ite(c.v, then, out, e.type);
        chosen.clear_fails();
        sequence(chosen, c);
        add_guarded(chosen, then, c.v);
        add_guarded(chosen, out, !c.v);
        out = chosen;
      }
      return out;
    }
    case ExprKind::with_stack: {
      SVal a = operand(0);
      SVal st = encode_stack(e.ref, a);
      SVal s = st;
      s.clear_fails();
      sequence(s, a);
      sequence(s, st);
      return s;
    }
    case ExprKind::eq:
    case ExprKind::ne: {
      SVal a = encode(e.args[0]), b = encode(e.args[1]);
      const z3::expr v = same(a, b);
      SVal s = bool_val(e.kind == ExprKind::eq ? v : !v);
      sequence(s, a);
      sequence(s, b);
      return s;
    }
    case ExprKind::lt:
    case ExprKind::le:
    case ExprKind::gt:
    case ExprKind::ge: {
      SVal a = operand(0), b = operand(1);
      const z3::expr x = as_int(a), y = as_int(b);
      z3::expr v = e.kind == ExprKind::lt   ? x < y
                   : e.kind == ExprKind::le ? x <= y
                   : e.kind == ExprKind::gt ? x > y
                                            : x >= y;
      SVal s = bool_val(v);
      sequence(s, a);
      sequence(s, b);
      return s;
    }
    case ExprKind::in: {
      SVal a = encode(e.args[0]), b = encode(e.args[1]);
      z3::expr_vector any(ctx);
      for (std::size_t i = 0; i < b.bits.size() && i < max_enum_values; ++i) {
        any.push_back(a.v == int_const(static_cast<std::int64_t>(i)) && b.bits[i]);
      }
      SVal s = bool_val(any.empty() ? ctx.bool_val(false) : (!a.none && z3::mk_or(any)));
      sequence(s, a);
      sequence(s, b);
      return s;
    }
    case ExprKind::not_: {
      SVal a = operand(0);
      SVal s = bool_val(!a.v);
      sequence(s, a);
      return s;
    }
    case ExprKind::and_:
    case ExprKind::or_:
    case ExprKind::implies: {
      // Short-circuit: the right side is computed only when it matters.
      SVal a = operand(0), b = operand(1);
      SVal s = bool_val(e.kind == ExprKind::and_  ? a.v && b.v
                        : e.kind == ExprKind::or_ ? a.v || b.v
                                                  : !a.v || b.v);
      sequence(s, a);
      add_guarded(s, b, e.kind == ExprKind::or_ ? !a.v : a.v);
      return s;
    }
    default:
      break;
  }
  note_not_encoded(e.span, fmt::format("expression kind {}", static_cast<int>(e.kind)));
  SVal s(ctx);
  s.kind = e.type.kind;
  s.v = e.type.kind == TypeKind::boolean
            ? ctx.bool_const(fmt::format("free:{}", e.span.begin).c_str())
            : ctx.int_const(fmt::format("free:{}", e.span.begin).c_str());
  return s;
}

SVal SmtModel::Impl::encode_value(std::uint32_t id) {
  if (value_cache[id]) return *value_cache[id];
  const ValueItem& item = rs.values[id];
  if (value_busy[id]) {
    note_not_encoded(item.span, fmt::format("'{}' depends on itself", item.name));
    return literal(item.type, Val::none());
  }
  value_busy[id] = true;
  SVal s = encode(item.expr);
  value_busy[id] = false;
  // As the evaluator: a value that is not `optional` and comes out `none`
  // (a partial table without a matching row) stops evaluation.
  if (!item.type.optional && !s.none.is_false()) {
    add_site(s, rules::Diag::eval_no_row, item.span,
             fmt::format("'{}' has no value here", item.name), s.none);
    s.none = ctx.bool_val(false);
  }
  if (item.type.numeric() && (s.lo < item.type.lo || s.hi > item.type.hi)) {
    add_site(s, rules::Diag::eval_out_of_range, item.span,
             fmt::format("'{}' outside its type {}", item.name, type_name(rs, item.type)),
             !s.none && (s.v < int_const(item.type.lo) || s.v > int_const(item.type.hi)));
    s.lo = std::max(s.lo, item.type.lo);
    s.hi = std::min(s.hi, item.type.hi);
  }
  value_cache[id] = s;
  return s;
}

SVal SmtModel::Impl::encode_lookup(const Expr& e) {
  const Table& t = rs.tables[e.ref];
  SVal out(ctx);
  std::vector<SVal> keys;
  for (const Expr& k : e.args) {
    keys.push_back(encode(k));
    sequence(out, keys.back());
  }
  for (std::size_t k = 0; k < t.keys.size() && k < keys.size(); ++k) {
    add_site(out, rules::Diag::eval_no_value, t.span,
             fmt::format("a key of '{}' without value", t.name), keys[k].none);
    const Type& kt = t.keys[k].type;
    if (kt.numeric() && (keys[k].lo < kt.lo || keys[k].hi > kt.hi)) {
      add_site(
          out, rules::Diag::eval_out_of_range, t.keys[k].span,
          fmt::format("key '{}' of '{}' outside {}", t.keys[k].name, t.name, type_name(rs, kt)),
          keys[k].v < int_const(kt.lo) || keys[k].v > int_const(kt.hi));
    }
  }
  auto matches = [&](const Row& row) {
    z3::expr_vector all(ctx);
    for (std::size_t k = 0; k < t.keys.size() && k < keys.size(); ++k) {
      const Pattern& p = row.keys[k];
      if (p.any) continue;
      if (t.keys[k].type.kind == TypeKind::enumeration) {
        z3::expr_vector any(ctx);
        for (std::size_t i = 0; i < max_enum_values; ++i) {
          if (p.bits >> i & 1U) any.push_back(keys[k].v == int_const(static_cast<std::int64_t>(i)));
        }
        all.push_back(any.empty() ? ctx.bool_val(false) : z3::mk_or(any));
      } else if (t.keys[k].type.kind == TypeKind::set) {
        note_not_encoded(t.keys[k].span,
                         fmt::format("set-typed key '{}' of '{}'", t.keys[k].name, t.name));
      } else {
        const z3::expr x = as_int(keys[k]);
        all.push_back(x >= int_const(p.lo) && x <= int_const(p.hi));
      }
    }
    return all.empty() ? ctx.bool_val(true) : z3::mk_and(all);
  };
  // Keys the text leaves out on purpose (Table::absent): the lookup finds
  // no row there, as the evaluator does, and a pseudo-site records that the
  // evaluation reached them. It is not a failure (any_fail leaves it out):
  // Context::reached() keeps the analyses off situations no game computes.
  if (!t.absent.empty()) {
    z3::expr_vector hit(ctx);
    for (const Row& row : t.absent) hit.push_back(matches(row));
    const z3::expr c = and2(not1(out.any_fail), z3::mk_or(hit));
    if (!c.is_false()) {
      add_absent(
          out,
          site_id(absent_site, e.span, fmt::format("an entry '{}' leaves out on purpose", t.name)),
          c);
    }
  }
  const Type& ct = e.type;
  SVal result = literal(ct, Val::none());
  z3::expr_vector any(ctx);
  for (const Row& row : t.rows) any.push_back(matches(row));
  if (!t.partial) {
    add_site(out, rules::Diag::eval_no_row, t.span, fmt::format("no row of '{}'", t.name),
             any.empty() ? ctx.bool_val(true) : !z3::mk_or(any));
  }
  for (std::size_t r = t.rows.size(); r-- > 0;) {
    result = ite(any[static_cast<int>(r)], literal(ct, t.rows[r].results.at(e.index)), result, ct);
  }
  result.copy_fails(out);
  return result;
}

}  // namespace umpire::verify
