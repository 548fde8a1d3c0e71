// Expressions, modifier stacks and table lookups (docs/rules-format.md §
// Evaluation). Arithmetic is checked: an overflow is an evaluation error.
#include "engine/rules/evaluator.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {

Situation::Situation(const Ruleset& rs)
    : rs_(&rs), slots_(rs.givens.size(), 0), counts_(rs.profiles.size(), 0) {
  // The slots number the values set, from 1: a ruleset has fewer givens.
  if (rs.givens.size() >= UINT16_MAX) throw std::length_error("too many givens in one ruleset");
}

void Situation::set_roster(std::vector<std::vector<std::int64_t>> divisions) {
  forget();
  for (auto& d : divisions) d.resize(counts_.size(), 0);
  std::fill(counts_.begin(), counts_.end(), 0);
  for (const auto& d : divisions) {
    for (std::size_t p = 0; p < counts_.size(); ++p) counts_[p] += d[p];
  }
  divisions_ = static_cast<std::int64_t>(divisions.size());
  roster_ = std::move(divisions);
}

std::optional<std::string> Situation::misfit(std::uint32_t given, const Val& value) const {
  const Type& t = rs_->givens.at(given).type;
  if (value.is_none() && !t.optional) return "'none' is not allowed: the type is not optional";
  if (value.kind == Val::Kind::integer && (value.number < t.lo || value.number > t.hi)) {
    return fmt::format("{} is outside {}", value.number, type_name(*rs_, t));
  }
  return std::nullopt;
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::allowed:
      return "allowed";
    case Verdict::forbidden:
      return "forbidden";
    case Verdict::required:
      return "required";
    case Verdict::conflict:
      return "conflict";
  }
  return "?";
}

std::optional<Val> parse_value(const Ruleset& rs, const Type& type, std::string_view text,
                               std::string& error) {
  if (text == "none") {
    if (type.optional) return Val::none();
    error = "'none' is not allowed: the type is not optional";
    return std::nullopt;
  }
  switch (type.kind) {
    case TypeKind::boolean:
      if (text == "true" || text == "yes" || text == "1") return Val::boolean(true);
      if (text == "false" || text == "no" || text == "0") return Val::boolean(false);
      error = "expected true or false";
      return std::nullopt;
    case TypeKind::integer:
    case TypeKind::roll: {
      std::string_view digits = text;
      if (!digits.empty() && digits.back() == '+') digits.remove_suffix(1);
      std::int64_t v = 0;
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (ec != std::errc{} || end != digits.data() + digits.size()) {
        error = fmt::format("expected an integer, found '{}'", text);
        return std::nullopt;
      }
      if (v < type.lo || v > type.hi) {
        error = fmt::format("{} is outside {}", v, type_name(rs, type));
        return std::nullopt;
      }
      return Val::integer(v);
    }
    case TypeKind::enumeration: {
      const Domain& d = rs.domains[type.ref];
      if (auto i = d.find(text)) return Val::enumeration(*i);
      error = fmt::format("'{}' is not a value of '{}'", text, d.name);
      return std::nullopt;
    }
    case TypeKind::set: {
      const Domain& d = rs.domains[type.ref];
      std::uint64_t bits = 0;
      std::string_view rest = text;
      if (rest.size() >= 2 && rest.front() == '{' && rest.back() == '}')
        rest = rest.substr(1, rest.size() - 2);
      while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        if (!item.empty()) {
          auto i = d.find(item);
          if (!i) {
            error = fmt::format("'{}' is not a value of '{}'", item, d.name);
            return std::nullopt;
          }
          bits |= std::uint64_t{1} << *i;
        }
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      }
      return Val::set(bits);
    }
    case TypeKind::profile: {
      auto ref = rs.find(text);
      if (ref && ref->kind == ItemKind::profile && rs.profiles[ref->index].record == type.ref) {
        return Val::profile(ref->index);
      }
      error = fmt::format("'{}' is not a profile of record '{}'", text, rs.records[type.ref].name);
      return std::nullopt;
    }
  }
  error = "unsupported type";
  return std::nullopt;
}

namespace {

std::string op_text(const Ruleset& rs, const Entry& e, std::int64_t operand) {
  (void)rs;
  switch (e.op) {
    case OpKind::add:
      return fmt::format("+{}", operand);
    case OpKind::sub:
      return fmt::format("-{}", operand);
    case OpKind::mul:
      return fmt::format("x{}", e.factor);
    case OpKind::div:
      return fmt::format("/{} ({})", e.factor, e.round_up ? "rounded up" : "rounded down");
    case OpKind::set:
      return fmt::format("set {}", operand);
    case OpKind::cap:
      return fmt::format("cap {}", operand);
    case OpKind::floor:
      return fmt::format("floor {}", operand);
  }
  return "?";
}

std::string_view policy_text(Policy p) {
  switch (p) {
    case Policy::all:
      return "";
    case Policy::first:
      return " (first that applies)";
    case Policy::most_penalising:
      return " (most penalising)";
    case Policy::most_favourable:
      return " (most favourable)";
  }
  return "";
}

}  // namespace

void Evaluator::fail(Diag id, Span span, std::string message, std::string hint) {
  error_ = EvalError{id, std::move(message), std::move(hint), span};
  throw Failure{};
}

void Evaluator::step(std::string text, Citations refs) {
  steps_.push_back({depth_, std::move(text), std::move(refs)});
}

std::optional<Val> Evaluator::eval(const Expr& expr) {
  return guarded([&] { return eval_inner(expr); });
}
std::optional<Val> Evaluator::value(std::uint32_t id) {
  return guarded([&] { return value_inner(id); });
}
std::optional<std::int64_t> Evaluator::apply_stack(std::uint32_t stack, std::int64_t start) {
  return guarded([&] { return stack_inner(stack, start); });
}
std::optional<std::vector<Val>> Evaluator::lookup(std::uint32_t table,
                                                  const std::vector<Val>& keys) {
  return guarded([&]() -> std::vector<Val> {
    auto row = row_inner(table, keys);
    if (!row) return {};
    return rs_.tables[table].rows[*row].results;
  });
}

std::int64_t Evaluator::eval_int(const Expr& e) {
  const Val v = eval_inner(e);
  if (v.kind != Val::Kind::integer) {
    if (v.is_none() && e.kind == ExprKind::lookup && rs_.tables[e.ref].partial) {
      // A partial table's missing row is strict where a number is needed.
      fail(rules::Diag::eval_no_row, e.span, fmt::format("no entry: {}", no_entry_text()),
           "the partial table has no row for this situation");
    }
    fail(rules::Diag::eval_no_value, e.span, "this expression has no value here",
         v.is_none() ? "a lookup found no row, or an optional given is 'none'" : "");
  }
  return v.number;
}

bool Evaluator::eval_bool(const Expr& e) {
  const Val v = eval_inner(e);
  if (v.kind != Val::Kind::boolean)
    fail(rules::Diag::eval_no_value, e.span, "this condition has no value here");
  return v.number != 0;
}

Val Evaluator::eval_inner(const Expr& e) {
  auto checked = [&](bool overflow, std::int64_t r) {
    if (overflow || r > 64 * max_int || r < -64 * max_int) {
      fail(rules::Diag::eval_overflow, e.span, "arithmetic overflow");
    }
    return Val::integer(r);
  };
  switch (e.kind) {
    case ExprKind::literal:
      return e.literal;
    case ExprKind::given: {
      const auto& v = s_.given(e.ref);
      if (!v) {
        fail(rules::Diag::eval_missing_given, e.span,
             fmt::format("the situation gives no value for '{}'", rs_.givens[e.ref].name),
             fmt::format("add --given {}=VALUE ({})", rs_.givens[e.ref].name,
                         type_name(rs_, rs_.givens[e.ref].type)));
      }
      return *v;
    }
    case ExprKind::switch_: {
      const Switch& sw = rs_.switches[e.ref];
      const std::uint32_t option = s_.switch_option(e.ref);
      if (!trace_) return Val::enumeration(option);
      if (switch_reported_.empty()) switch_reported_.resize(rs_.switches.size(), false);
      if (switch_reported_[e.ref]) return Val::enumeration(option);
      switch_reported_[e.ref] = true;
      step(fmt::format("switch {} = {}{}", sw.name, sw.options[option].name,
                       option == sw.default_option ? " (default)" : ""),
           sw.options[option].refs.empty() ? sw.refs : sw.options[option].refs);
      return Val::enumeration(option);
    }
    case ExprKind::value:
      return value_inner(e.ref);
    case ExprKind::field: {
      const Val p = eval_inner(e.args[0]);
      if (p.is_none()) return Val::none();
      return rs_.profiles[static_cast<std::size_t>(p.number)].values[e.index];
    }
    case ExprKind::lookup: {
      boost::container::small_vector<Val, 4> keys;
      for (const Expr& k : e.args) keys.push_back(eval_inner(k));
      auto row = row_inner(e.ref, keys);
      if (!row) return Val::none();
      return rs_.tables[e.ref].rows[*row].results[e.index];
    }
    // Operands left to right, in statements of their own: the order of a
    // call's arguments is the compiler's, and the first operand that fails
    // names the error (the same with gcc and clang).
    case ExprKind::add: {
      std::int64_t r = 0;
      const std::int64_t a = eval_int(e.args[0]);
      const bool o = __builtin_add_overflow(a, eval_int(e.args[1]), &r);
      return checked(o, r);
    }
    case ExprKind::sub: {
      std::int64_t r = 0;
      const std::int64_t a = eval_int(e.args[0]);
      const bool o = __builtin_sub_overflow(a, eval_int(e.args[1]), &r);
      return checked(o, r);
    }
    case ExprKind::neg:
      return checked(false, -eval_int(e.args[0]));
    case ExprKind::mul: {
      std::int64_t r = 0;
      const bool o = __builtin_mul_overflow(eval_int(e.args[0]), e.factor, &r);
      return checked(o, r);
    }
    case ExprKind::div: {
      const std::int64_t a = eval_int(e.args[0]);
      return Val::integer(e.round_up ? ceil_div(a, e.factor) : floor_div(a, e.factor));
    }
    case ExprKind::min: {
      const std::int64_t a = eval_int(e.args[0]);
      return Val::integer(std::min(a, eval_int(e.args[1])));
    }
    case ExprKind::max: {
      const std::int64_t a = eval_int(e.args[0]);
      return Val::integer(std::max(a, eval_int(e.args[1])));
    }
    case ExprKind::cases: {
      const std::size_t arms = (e.args.size() - 1) / 2;
      for (std::size_t i = 0; i < arms; ++i) {
        if (eval_bool(e.args[2 * i])) return eval_inner(e.args[2 * i + 1]);
      }
      return eval_inner(e.args.back());
    }
    case ExprKind::with_stack:
      return Val::integer(stack_inner(e.ref, eval_int(e.args[0])));
    case ExprKind::eq:
    case ExprKind::ne: {
      const Val a = eval_inner(e.args[0]);
      const Val b = eval_inner(e.args[1]);
      const bool same = a.kind == b.kind && a.number == b.number && a.bits == b.bits;
      return Val::boolean(e.kind == ExprKind::eq ? same : !same);
    }
    case ExprKind::lt:
    case ExprKind::le:
    case ExprKind::gt:
    case ExprKind::ge: {
      const std::int64_t a = eval_int(e.args[0]);
      const std::int64_t b = eval_int(e.args[1]);
      return Val::boolean(e.kind == ExprKind::lt   ? a < b
                          : e.kind == ExprKind::le ? a <= b
                          : e.kind == ExprKind::gt ? a > b
                                                   : a >= b);
    }
    case ExprKind::in: {
      const Val a = eval_inner(e.args[0]);
      const Val b = eval_inner(e.args[1]);
      if (a.kind != Val::Kind::enumeration || a.number < 0 || a.number >= 64)
        return Val::boolean(false);
      return Val::boolean((b.bits >> a.number & 1U) != 0);
    }
    case ExprKind::not_:
      return Val::boolean(!eval_bool(e.args[0]));
    case ExprKind::and_:
      return Val::boolean(eval_bool(e.args[0]) && eval_bool(e.args[1]));
    case ExprKind::or_:
      return Val::boolean(eval_bool(e.args[0]) || eval_bool(e.args[1]));
    case ExprKind::implies:
      return Val::boolean(!eval_bool(e.args[0]) || eval_bool(e.args[1]));
  }
  fail(rules::Diag::eval_internal, e.span, "unknown expression");
}

Val Evaluator::value_inner(std::uint32_t id) {
  const ValueItem& v = rs_.values[id];
  // Quiet, the situation remembers the values of every question asked on
  // it, this one's included; otherwise this evaluator keeps its own (with a
  // trace, another question's breakdown is not this one's).
  const bool shared = shares_values();
  if (shared) {
    if (const Val* known = s_.remembered(id)) return *known;
  } else {
    for (const auto& [cached, val] : value_cache_)
      if (cached == id) return val;
  }
  // A chain of values in progress longer than the data's values repeats
  // one: a cycle, which the resolver rejects (rules.cycle); this stops one
  // it missed, named by a value on it, at the cost of a count.
  if (static_cast<std::size_t>(values_in_progress_) > rs_.values.size()) {
    fail(rules::Diag::eval_cycle, v.span, fmt::format("'{}' depends on itself", v.name));
  }
  const std::size_t at = steps_.size();
  Val result;
  {
    Depth d(depth_);
    Depth in_progress(values_in_progress_);
    result = value_expr(v, code_ ? code_->value(id) : Program::npos);
  }
  if (result.is_none() && !v.type.optional) {
    fail(rules::Diag::eval_no_row, v.span,
         fmt::format("'{}' has no value here: {}", v.name, no_entry_text()),
         "a lookup in a partial table found no row for this situation");
  }
  if (result.kind == Val::Kind::integer &&
      (result.number < v.type.lo || result.number > v.type.hi)) {
    fail(rules::Diag::eval_out_of_range, v.span,
         fmt::format("'{}' = {} is outside its type {}", v.name, result.number,
                     type_name(rs_, v.type)));
  }
  if (trace_)
    steps_.insert(
        steps_.begin() + static_cast<std::ptrdiff_t>(at),
        Step{depth_, fmt::format("{} = {}", v.name, value_text(rs_, v.type, result)), v.refs});
  if (shared)
    s_.remember(id, result);
  else
    value_cache_.emplace_back(id, result);
  return result;
}

std::int64_t Evaluator::stack_inner(std::uint32_t id, std::int64_t start) {
  const Stack& stack = rs_.stacks[id];
  std::int64_t value = start;
  if (trace_) step(fmt::format("{}: start {}", stack.name, start), stack.refs);
  Depth d(depth_);
  // An entry's compiled expressions, found by its place in the stack.
  std::uint32_t stage_at = 0;
  const auto place = [&](const Entry& e) {
    const Stage& stage = stack.stages[stage_at];
    return static_cast<std::uint32_t>(&e - stage.entries.data());
  };
  const auto operand_of = [&](const Entry& e) {
    return integer(e.operand, code_ ? code_->entry_operand(id, stage_at, place(e)) : Program::npos);
  };
  auto apply = [&](const Entry& e, std::int64_t v) -> std::pair<std::int64_t, std::int64_t> {
    std::int64_t operand = 0;
    std::int64_t r = v;
    bool o = false;
    switch (e.op) {
      case OpKind::add:
        operand = operand_of(e);
        o = __builtin_add_overflow(v, operand, &r);
        break;
      case OpKind::sub:
        operand = operand_of(e);
        o = __builtin_sub_overflow(v, operand, &r);
        break;
      case OpKind::mul:
        o = __builtin_mul_overflow(v, e.factor, &r);
        break;
      case OpKind::div:
        r = e.round_up ? ceil_div(v, e.factor) : floor_div(v, e.factor);
        break;
      case OpKind::set:
        operand = operand_of(e);
        r = operand;
        break;
      case OpKind::cap:
        operand = operand_of(e);
        r = std::min(v, operand);
        break;
      case OpKind::floor:
        operand = operand_of(e);
        r = std::max(v, operand);
        break;
    }
    if (o || r > 64 * max_int || r < -64 * max_int)
      fail(rules::Diag::eval_overflow, e.span, "arithmetic overflow");
    return {r, operand};
  };
  for (; stage_at < stack.stages.size(); ++stage_at) {
    const Stage& stage = stack.stages[stage_at];
    boost::container::small_vector<const Entry*, 8> applicable;
    for (const Entry& e : stage.entries) {
      if (!e.when ||
          holds(*e.when, code_ ? code_->entry_when(id, stage_at, place(e)) : Program::npos))
        applicable.push_back(&e);
    }
    if (applicable.empty()) continue;
    boost::container::small_vector<const Entry*, 8> chosen;
    if (stage.policy == Policy::all) {
      chosen = applicable;
    } else if (stage.policy == Policy::first) {
      chosen.push_back(applicable.front());
    } else {
      const Entry* best = nullptr;
      std::int64_t best_value = 0;
      for (const Entry* e : applicable) {
        const std::int64_t r = apply(*e, value).first;
        const bool better =
            stage.policy == Policy::most_penalising ? r < best_value : r > best_value;
        if (!best || better) {
          best = e;
          best_value = r;
        }
      }
      chosen.push_back(best);
    }
    for (const Entry* e : chosen) {
      const auto [r, operand] = apply(*e, value);
      if (trace_) {
        std::string who = e->name;
        if (e->skill) who += fmt::format(" (skill {})", rs_.skills[*e->skill].name);
        step(fmt::format("{} {}{} -> {}  [stage {}]", op_text(rs_, *e, operand), who,
                         policy_text(stage.policy), r, stage.name),
             e->refs.empty() ? stack.refs : e->refs);
      }
      value = r;
    }
    for (const Entry* e : applicable) {
      if (std::find(chosen.begin(), chosen.end(), e) != chosen.end()) continue;
      if (trace_)
        step(fmt::format("not applied: {} (superseded: stage{})", e->name,
                         policy_text(stage.policy)),
             e->refs.empty() ? stack.refs : e->refs);
    }
  }
  if (value < stack.type.lo || value > stack.type.hi) {
    if (!stack.clamp) {
      fail(rules::Diag::eval_out_of_range, stack.span,
           fmt::format("'{}' gives {}, outside {}", stack.name, value, type_name(rs_, stack.type)),
           "declare the stack 'clamp' if the text bounds the result, or fix the entries");
    }
    const std::int64_t clamped = std::clamp(value, stack.type.lo, stack.type.hi);
    if (trace_)
      step(fmt::format("clamped {} -> {} ({})", value, clamped, type_name(rs_, stack.type)),
           stack.refs);
    value = clamped;
  }
  if (trace_) step(fmt::format("= {}", value));
  return value;
}

std::string Evaluator::no_entry_text() const {
  if (!last_miss_table_) return "a lookup found no row";
  const Table& t = rs_.tables[*last_miss_table_];
  std::string keys;
  for (std::size_t k = 0; k < t.keys.size() && k < last_miss_keys_.size(); ++k)
    keys += (k ? ", " : "") + t.keys[k].name + " = " +
            value_text(rs_, t.keys[k].type, last_miss_keys_[k]);
  return fmt::format("no row of partial table '{}' matches {}", t.name, keys);
}

std::optional<std::size_t> Evaluator::row_inner(std::uint32_t id, std::span<const Val> keys) {
  const Table& t = rs_.tables[id];
  // Spelled out only for a message or the breakdown.
  const auto key_text = [&] {
    std::string text;
    for (std::size_t k = 0; k < t.keys.size(); ++k)
      text += (k ? ", " : "") + t.keys[k].name + " = " + value_text(rs_, t.keys[k].type, keys[k]);
    return text;
  };
  for (std::size_t k = 0; k < t.keys.size(); ++k) {
    const Val& v = keys[k];
    if (v.is_none())
      fail(rules::Diag::eval_no_value, t.span,
           fmt::format("key '{}' of '{}' has no value", t.keys[k].name, t.name));
    if (t.keys[k].type.numeric() &&
        (v.number < t.keys[k].type.lo || v.number > t.keys[k].type.hi)) {
      fail(rules::Diag::eval_out_of_range, t.keys[k].span,
           fmt::format("key '{}' = {} is outside {}", t.keys[k].name, v.number,
                       type_name(rs_, t.keys[k].type)));
    }
  }
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const Row& row = t.rows[r];
    bool all = true;
    for (std::size_t k = 0; k < t.keys.size() && all; ++k)
      all = row.keys[k].matches(t.keys[k].type.kind, keys[k].number);
    if (!all) continue;
    if (trace_) {
      std::string results;
      for (std::size_t c = 0; c < t.columns.size(); ++c) {
        results += (c ? ", " : "") + t.columns[c].name + " = " +
                   value_text(rs_, t.columns[c].type, row.results[c]);
      }
      step(fmt::format("{}({}) row {}: {}", t.name, key_text(), r + 1, results),
           row.refs.empty() ? t.refs : row.refs);
    }
    return r;
  }
  if (!t.partial)
    fail(rules::Diag::eval_no_row, t.span,
         fmt::format("no row of '{}' matches {}", t.name, key_text()));
  last_miss_table_ = id;
  last_miss_keys_.assign(keys.begin(), keys.end());
  if (trace_) step(fmt::format("{}({}): no entry (partial table)", t.name, key_text()), t.refs);
  return std::nullopt;
}

}  // namespace umpire::rules
