// Modifier stacks (stages in order, each with its policy), tests,
// permissions and skill prerequisites as Z3 terms, following
// engine/rules/evaluator.cpp and evaluate_items.cpp.
#include <fmt/core.h>

#include <algorithm>

#include "grammar/rules/diagnostics.hpp"
#include "verify/smt/z3_impl.hpp"

namespace umpire::verify {

using namespace umpire::rules;

SVal SmtModel::Impl::encode_stack(std::uint32_t id, const SVal& start) {
  std::int64_t off = -1;
  if (disabled && std::get<0>(*disabled) == id) {
    off = static_cast<std::int64_t>(std::get<1>(*disabled)) * 100000 + std::get<2>(*disabled);
  }
  const bool reverse_a_stage = reversed && reversed->first == id;
  if (reverse_a_stage) off = std::int64_t{1000000000} + reversed->second;
  const auto key = std::make_tuple(id, start.v.id(), off);
  if (auto it = stack_cache.find(key); it != stack_cache.end()) return it->second;
  const Stack& stack = rs.stacks[id];
  SVal cur = int_val(start.v, start.lo, start.hi);

  // One entry applied to `value`: its operand's failures, then an overflow.
  auto apply = [&](const Entry& e, const SVal& value) {
    SVal r = int_val(value.v, value.lo, value.hi);
    SVal operand(ctx);
    const bool has_operand = e.op == OpKind::add || e.op == OpKind::sub || e.op == OpKind::set ||
                             e.op == OpKind::cap || e.op == OpKind::floor;
    if (has_operand) {
      operand = encode(e.operand);
      require_value(operand, e.operand.span);
      sequence(r, operand);
    }
    switch (e.op) {
      case OpKind::add:
        r.v = value.v + operand.v;
        r.lo = value.lo + operand.lo;
        r.hi = value.hi + operand.hi;
        break;
      case OpKind::sub:
        r.v = value.v - operand.v;
        r.lo = value.lo - operand.hi;
        r.hi = value.hi - operand.lo;
        break;
      case OpKind::mul: {
        r.v = value.v * int_const(e.factor);
        const std::int64_t x = value.lo * e.factor, y = value.hi * e.factor;
        r.lo = std::min(x, y);
        r.hi = std::max(x, y);
        break;
      }
      case OpKind::div: {
        if (e.factor == 0) {
          note_not_encoded(e.span, "division by zero");
          break;
        }
        const std::int64_t f = e.factor;
        auto floor_div = [&](const z3::expr& x) {
          return f > 0 ? z3::expr(x / int_const(f)) : z3::expr((-x) / int_const(-f));
        };
        r.v = e.round_up ? -floor_div(-value.v) : floor_div(value.v);
        const std::int64_t m = std::max(std::abs(value.lo), std::abs(value.hi));
        r.lo = -m;
        r.hi = m;
        break;
      }
      case OpKind::set:
        r.v = operand.v;
        r.lo = operand.lo;
        r.hi = operand.hi;
        break;
      case OpKind::cap:
        r.v = z3::ite(value.v <= operand.v, value.v, operand.v);
        r.lo = std::min(value.lo, operand.lo);
        r.hi = std::min(value.hi, operand.hi);
        break;
      case OpKind::floor:
        r.v = z3::ite(value.v >= operand.v, value.v, operand.v);
        r.lo = std::max(value.lo, operand.lo);
        r.hi = std::max(value.hi, operand.hi);
        break;
      default:
        note_not_encoded(e.span, fmt::format("operation of entry '{}'", e.name));
        break;
    }
    if (r.lo < -overflow_limit || r.hi > overflow_limit) {
      add_site(r, rules::Diag::eval_overflow, e.span, "arithmetic overflow",
               r.v > int_const(overflow_limit) || r.v < int_const(-overflow_limit));
      r.lo = std::max(r.lo, -overflow_limit);
      r.hi = std::min(r.hi, overflow_limit);
    }
    return r;
  };

  for (std::size_t stage_index = 0; stage_index < stack.stages.size(); ++stage_index) {
    const Stage& stage = stack.stages[stage_index];
    std::vector<const Entry*> entries;
    for (std::size_t i = 0; i < stage.entries.size(); ++i) {
      if (off >= 0 && !reverse_a_stage && std::get<1>(*disabled) == stage_index &&
          std::get<2>(*disabled) == i)
        continue;
      entries.push_back(&stage.entries[i]);
    }
    // Every condition first, in written order, as the evaluator does.
    std::vector<z3::expr> applies;
    for (const Entry* ep : entries) {
      const Entry& e = *ep;
      if (!e.when) {
        applies.push_back(ctx.bool_val(true));
        continue;
      }
      SVal w = encode(*e.when);
      require_value(w, e.when->span);
      sequence(cur, w);
      applies.push_back(w.v);
    }
    if (entries.empty()) continue;
    if (stage.policy == Policy::all) {
      const bool backwards = reverse_a_stage && reversed->second == stage_index;
      for (std::size_t k = 0; k < entries.size(); ++k) {
        const std::size_t i = backwards ? entries.size() - 1 - k : k;
        SVal r = apply(*entries[i], cur);
        SVal next = int_val(z3::ite(applies[i], r.v, cur.v), std::min(cur.lo, r.lo),
                            std::max(cur.hi, r.hi));
        next.copy_fails(cur);
        add_guarded(next, r, applies[i]);
        cur = next;
      }
    } else if (stage.policy == Policy::first) {
      SVal next = int_val(cur.v, cur.lo, cur.hi);
      next.copy_fails(cur);
      z3::expr earlier = ctx.bool_val(false);
      std::vector<std::pair<z3::expr, SVal>> chosen;
      for (std::size_t i = 0; i < entries.size(); ++i) {
        chosen.emplace_back(applies[i] && !earlier, apply(*entries[i], cur));
        earlier = earlier || applies[i];
      }
      z3::expr v = cur.v;
      for (std::size_t i = chosen.size(); i-- > 0;) {
        v = z3::ite(chosen[i].first, chosen[i].second.v, v);
        next.lo = std::min(next.lo, chosen[i].second.lo);
        next.hi = std::max(next.hi, chosen[i].second.hi);
      }
      for (auto& [guard, r] : chosen) add_guarded(next, r, guard);
      next.v = v;
      cur = next;
    } else {
      const bool lowest = stage.policy == Policy::most_penalising;
      SVal next = int_val(cur.v, cur.lo, cur.hi);
      next.copy_fails(cur);
      z3::expr have = ctx.bool_val(false);
      z3::expr best = cur.v;
      for (std::size_t i = 0; i < entries.size(); ++i) {
        SVal r = apply(*entries[i], cur);
        add_guarded(next, r, applies[i]);
        const z3::expr better = lowest ? r.v < best : r.v > best;
        best = z3::ite(applies[i] && (!have || better), r.v, best);
        have = have || applies[i];
        next.lo = std::min(next.lo, r.lo);
        next.hi = std::max(next.hi, r.hi);
      }
      next.v = best;
      cur = next;
    }
    if (stage.policy != Policy::all && stage.policy != Policy::first &&
        stage.policy != Policy::most_penalising && stage.policy != Policy::most_favourable) {
      note_not_encoded(stage.span, fmt::format("policy of stage '{}'", stage.name));
    }
  }
  if (cur.lo < stack.type.lo || cur.hi > stack.type.hi) {
    const z3::expr outside = cur.v < int_const(stack.type.lo) || cur.v > int_const(stack.type.hi);
    if (stack.clamp) {
      cur.v = z3::ite(cur.v < int_const(stack.type.lo), int_const(stack.type.lo),
                      z3::ite(cur.v > int_const(stack.type.hi), int_const(stack.type.hi), cur.v));
    } else {
      add_site(cur, rules::Diag::eval_out_of_range, stack.span,
               fmt::format("'{}' outside {}", stack.name, type_name(rs, stack.type)), outside);
    }
    cur.lo = std::max(cur.lo, stack.type.lo);
    cur.hi = std::min(cur.hi, stack.type.hi);
  }
  stack_cache.emplace(key, cur);
  return cur;
}

SVal SmtModel::Impl::encode_test(std::uint32_t id) {
  const Test& t = rs.tests[id];
  SVal target = encode(t.target);
  require_value(target, t.target.span);
  SVal out = int_val(target.v, target.lo, target.hi);
  sequence(out, target);
  if (t.stack) {
    if (t.on_roll) {
      SVal m = encode_stack(*t.stack, int_val(int_const(0), 0, 0));
      out.v = target.v - m.v;
      out.lo = target.lo - m.hi;
      out.hi = target.hi - m.lo;
      sequence(out, m);
    } else {
      SVal m = encode_stack(*t.stack, target);
      out.v = m.v;
      out.lo = m.lo;
      out.hi = m.hi;
      sequence(out, m);
    }
  }
  if (t.count) {
    SVal c = encode(*t.count);
    require_value(c, t.count->span);
    sequence(out, c);
  }
  for (const Face& f : t.faces) {
    if (!f.when) continue;
    SVal w = encode(*f.when);
    require_value(w, f.when->span);
    sequence(out, w);
  }
  return out;
}

Term SmtModel::expr(const Expr& e) {
  return impl_->add(impl_->encode(e));
}
Term SmtModel::value(std::uint32_t id) {
  return impl_->add(impl_->encode_value(id));
}
Term SmtModel::stack(std::uint32_t id, Term start) {
  SVal a = impl_->terms.at(start.id);
  SVal s = impl_->encode_stack(id, a);
  SVal out = s;
  out.copy_fails(a);
  impl_->sequence(out, s);
  return impl_->add(out);
}
Term SmtModel::stack_from_base(std::uint32_t id) {
  const Stack& st = impl_->rs.stacks[id];
  if (!st.base) return stack(id, constant(0));
  SVal b = impl_->encode(*st.base);
  impl_->require_value(b, st.base->span);
  return stack(id, impl_->add(b));
}
Term SmtModel::stack_with_stage_reversed(std::uint32_t id, std::uint32_t stage, Term start) {
  impl_->reversed = std::make_pair(id, stage);
  const Term t = stack(id, start);
  impl_->reversed.reset();
  return t;
}
Term SmtModel::stack_without_entry(std::uint32_t id, std::uint32_t stage, std::uint32_t entry,
                                   Term start) {
  impl_->disabled = std::make_tuple(id, stage, entry);
  const Term t = stack(id, start);
  impl_->disabled.reset();
  return t;
}

Term SmtModel::free_integer(const std::string& name, std::int64_t lo, std::int64_t hi) {
  z3::expr v = impl_->ctx.int_const(("free:" + name).c_str());
  impl_->domain_constraints.push_back(v >= impl_->int_const(lo) && v <= impl_->int_const(hi));
  return impl_->add(impl_->int_val(v, lo, hi));
}

Term SmtModel::test_needed(std::uint32_t id) {
  return impl_->add(impl_->encode_test(id));
}

Term SmtModel::face_applies(std::uint32_t test, std::uint32_t face) {
  const Face& f = impl_->rs.tests.at(test).faces.at(face);
  if (!f.when) return truth(true);
  SVal w = impl_->encode(*f.when);
  impl_->require_value(w, f.when->span);
  return impl_->add(w);
}

Term SmtModel::entry_applies(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry) {
  const Entry& e = impl_->rs.stacks.at(stack).stages.at(stage).entries.at(entry);
  if (!e.when) return truth(true);
  SVal w = impl_->encode(*e.when);
  impl_->require_value(w, e.when->span);
  return impl_->add(w);
}

Term SmtModel::action_verdict(std::uint32_t action_value) {
  Impl& m = *impl_;
  const Ruleset& rs = m.rs;
  SVal out = m.int_val(m.int_const(0), 0, 3);
  std::vector<std::pair<std::uint32_t, z3::expr>> applicable;
  for (std::size_t i = 0; i < rs.permissions.size(); ++i) {
    const Permission& p = rs.permissions[i];
    if (p.action != action_value) continue;
    z3::expr a = m.ctx.bool_val(true);
    if (p.when) {
      SVal w = m.encode(*p.when);
      m.require_value(w, p.when->span);
      m.sequence(out, w);
      a = w.v;
    }
    applicable.emplace_back(static_cast<std::uint32_t>(i), a);
  }
  z3::expr_vector forbidden(m.ctx), required(m.ctx);
  for (const auto& [i, a] : applicable) {
    const Permission& p = rs.permissions[i];
    if (p.modality == Modality::cannot) {
      z3::expr_vector lifted(m.ctx);
      for (const auto& [j, b] : applicable) {
        const auto& l = rs.permissions[j].lifts;
        if (std::find(l.begin(), l.end(), i) != l.end()) lifted.push_back(b);
      }
      forbidden.push_back(lifted.empty() ? a : (a && !z3::mk_or(lifted)));
    } else if (p.modality == Modality::must) {
      required.push_back(a);
    }
  }
  const z3::expr f = forbidden.empty() ? m.ctx.bool_val(false) : z3::mk_or(forbidden);
  const z3::expr r = required.empty() ? m.ctx.bool_val(false) : z3::mk_or(required);
  // rules::Verdict: allowed 0, forbidden 1, required 2, conflict 3.
  out.v = z3::ite(f && r, m.int_const(3),
                  z3::ite(f, m.int_const(1), z3::ite(r, m.int_const(2), m.int_const(0))));
  return m.add(out);
}

Term SmtModel::skill_held(std::uint32_t skill) {
  const Skill& s = impl_->rs.skills.at(skill);
  const SVal& h = impl_->given_vars.at(s.holder);
  return impl_->add(
      impl_->bool_val(s.value < h.bits.size() ? h.bits[s.value] : impl_->ctx.bool_val(false)));
}

Term SmtModel::legal() {
  return legal_terms(true);
}
Term SmtModel::legal_skills() {
  return legal_terms(false);
}

Term SmtModel::assumption_holds(std::uint32_t i) {
  Impl& m = *impl_;
  SVal v = m.encode(m.rs.assumptions.at(i).cond);
  return m.add(m.bool_val(v.v && !v.none && !m.err(v)));
}

Term SmtModel::legal_terms(bool with_assumptions) {
  Impl& m = *impl_;
  const Ruleset& rs = m.rs;
  z3::expr_vector all(m.ctx);
  auto held = [&](const Skill& s) -> z3::expr {
    const SVal& h = m.given_vars.at(s.holder);
    return s.value < h.bits.size() ? h.bits[s.value] : m.ctx.bool_val(false);
  };
  for (const Skill& s : rs.skills) {
    z3::expr ok = m.ctx.bool_val(true);
    if (s.allowed) {
      SVal a = m.encode(*s.allowed);
      ok = ok && a.v && !a.none && !m.err(a);
    }
    for (std::uint32_t r : s.requires_skills) ok = ok && held(rs.skills[r]);
    for (std::uint32_t x : s.excludes_skills) ok = ok && !held(rs.skills[x]);
    all.push_back(z3::implies(held(s), ok));
  }
  // The links and bounds the data declares: a situation that breaks one is
  // not a game's (its `assume` items). An assumption that cannot be computed
  // on a situation (a missing row it reads) leaves that situation out too.
  if (with_assumptions) {
    for (const Assumption& a : rs.assumptions) {
      SVal v = m.encode(a.cond);
      all.push_back(v.v && !v.none && !m.err(v));
    }
  }
  return m.add(m.bool_val(all.empty() ? m.ctx.bool_val(true) : z3::mk_and(all)));
}

}  // namespace umpire::verify
