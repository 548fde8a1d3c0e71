#include "grammar/rules/printer.hpp"

#include <fmt/core.h>

#include <boost/variant/apply_visitor.hpp>

namespace umpire::rules {
namespace {

using namespace ast;

std::string ident_list(const std::vector<Ident>& ids) {
  std::string out = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + ids[i].name;
  return out + "}";
}

std::string refs_text(const Refs& refs) {
  std::string out;
  for (const Str& r : refs) out += " ref " + quote(r.text);
  return out;
}

std::string when_text(const boost::optional<Cond>& when) {
  return when ? " when " + print(*when) : "";
}

struct OperandPrinter {
  std::string operator()(const RollLit& r) const { return fmt::format("{}+", r.value); }
  std::string operator()(const IntLit& i) const { return std::to_string(i.value); }
  std::string operator()(const BoolLit& b) const { return b.value ? "true" : "false"; }
  std::string operator()(const NoneLit&) const { return "none"; }
  std::string operator()(const SetLit& s) const { return ident_list(s.values); }
  std::string operator()(const MinMax& m) const {
    return m.op + "(" + print(m.a) + ", " + print(m.b) + ")";
  }
  std::string operator()(const DivExpr& d) const {
    return fmt::format("div({}, {}, {})", print(d.a), d.divisor.value, d.rounding);
  }
  std::string operator()(const Cases& c) const {
    std::string out = "cases {";
    for (const CaseArm& arm : c.arms) out += " when " + print(arm.when) + " => " + print(arm.then);
    return out + " else => " + print(c.otherwise) + " }";
  }
  std::string operator()(const Lookup& l) const {
    std::string out = join(l.callee) + "(";
    for (std::size_t i = 0; i < l.bindings.size(); ++i) {
      out += (i ? ", " : "") + l.bindings[i].key.name + " = " + print(l.bindings[i].value);
    }
    return out + ")";
  }
  std::string operator()(const Path& p) const { return join(p); }
  std::string operator()(const Expr& e) const { return "(" + print(e) + ")"; }
  std::string operator()(const Negate& n) const {
    // `-` before a number would read back as a negative literal (and `--`
    // as one), so a negated number or negation is parenthesised: the text
    // then parses to the same tree.
    const std::string operand = boost::apply_visitor(*this, n.operand);
    const char first = operand.front();
    if (first == '-' || (first >= '0' && first <= '9')) return "-(" + operand + ")";
    return "-" + operand;
  }
};

std::string print_term(const Term& t) {
  std::string out = boost::apply_visitor(OperandPrinter{}, t.first);
  for (const IntLit& f : t.factors) out += " * " + std::to_string(f.value);
  return out;
}

std::string print_disj(const Disj& d);

struct AtomPrinter {
  std::string operator()(const Predicate& p) const {
    std::string out = print(p.lhs);
    if (p.tail) out += " " + p.tail->op + " " + print(p.tail->rhs);
    return out;
  }
  std::string operator()(const NotCond& n) const {
    return "not " + boost::apply_visitor(*this, n.operand);
  }
  std::string operator()(const Cond& c) const { return "(" + print(c) + ")"; }
};

std::string print_disj(const Disj& d) {
  std::string out;
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    if (i) out += " or ";
    const Conj& c = d.parts[i];
    for (std::size_t j = 0; j < c.parts.size(); ++j) {
      if (j) out += " and ";
      out += boost::apply_visitor(AtomPrinter{}, c.parts[j]);
    }
  }
  return out;
}

struct TypePrinter {
  std::string operator()(const BoolType&) const { return "bool"; }
  std::string operator()(const IntType& t) const {
    return fmt::format("int {}..{}", t.lo.value, t.hi.value);
  }
  std::string operator()(const RollType& t) const {
    return fmt::format("roll {}..{}", t.lo.value, t.hi.value);
  }
  std::string operator()(const SetType& t) const { return "set of " + t.domain.name; }
  std::string operator()(const ProfileType& t) const { return "profile " + t.record.name; }
  std::string operator()(const Ident& t) const { return t.name; }
};

struct PatternPrinter {
  std::string operator()(const RangePat& p) const {
    return fmt::format("{}..{}", p.lo.value, p.hi.value);
  }
  std::string operator()(const AtLeastPat& p) const { return fmt::format("{}+", p.value.value); }
  std::string operator()(const AtMostPat& p) const { return fmt::format("{}-", p.value.value); }
  std::string operator()(const IntLit& p) const { return std::to_string(p.value); }
  std::string operator()(const BoolLit& b) const { return b.value ? "true" : "false"; }
  std::string operator()(const Wildcard&) const { return "_"; }
  std::string operator()(const SetLit& s) const { return ident_list(s.values); }
  std::string operator()(const Ident& i) const { return i.name; }
};

struct OperationPrinter {
  std::string operator()(const ShortOp& o) const {
    return fmt::format("{}{}", o.sign, o.amount.value);
  }
  std::string operator()(const ExprOp& o) const { return o.op + " " + print(o.operand); }
  std::string operator()(const MulOp& o) const { return fmt::format("mul {}", o.factor.value); }
  std::string operator()(const DivOp& o) const {
    return fmt::format("div {} {}", o.divisor.value, o.rounding);
  }
};

std::string print_entry(const Entry& e) {
  return e.name.name + ": " + boost::apply_visitor(OperationPrinter{}, e.op) + when_text(e.when) +
         refs_text(e.refs);
}

std::string print_perm(const PermClause& p) {
  std::string out = p.modality + " " + p.action.name + when_text(p.when);
  if (!p.lifts.empty()) out += " lifts " + ident_list(p.lifts);
  return out;
}

struct CExprPrinter {
  std::string operator()(const CountOf& c) const {
    struct Sel {
      std::string operator()(const SetLit& s) const { return ident_list(s.values); }
      std::string operator()(const Star&) const { return "*"; }
    };
    return c.fn + "(" + boost::apply_visitor(Sel{}, c.selector) + ")";
  }
  std::string operator()(const Quantity& q) const { return q.name; }
  std::string operator()(const IntLit& i) const { return std::to_string(i.value); }
};

struct RhsPrinter {
  std::string operator()(const Percent& p) const {
    return fmt::format("{}% {}", p.percent.value, boost::apply_visitor(CExprPrinter{}, p.of));
  }
  std::string operator()(const PerEvery& p) const {
    return fmt::format("{} per {}{} {}", p.count.value, p.started ? "started " : "", p.every.value,
                       boost::apply_visitor(CExprPrinter{}, p.of));
  }
  std::string operator()(const CExpr& c) const { return boost::apply_visitor(CExprPrinter{}, c); }
};

struct ClausePrinter {
  std::string operator()(const CostClause& c) const {
    return "cost " + print(c.cost) + (c.per ? " per " + c.per->name : "");
  }
  std::string operator()(const AllowedClause& c) const { return "allowed when " + print(c.cond); }
  std::string operator()(const RequiresClause& c) const {
    return c.kind + " " + ident_list(c.names);
  }
  std::string operator()(const EffectClause& c) const {
    return "effect " + join(c.stage) + " " + print_entry(c.entry);
  }
  std::string operator()(const PermClause& c) const { return print_perm(c); }
  std::string operator()(const RerollClause& c) const {
    return "reroll " + c.test.name + " " + c.scope + when_text(c.when);
  }
};

struct ItemPrinter {
  std::string operator()(const Domain& d) const {
    struct Body {
      std::string operator()(const EnumBody& e) const { return " " + ident_list(e.values); }
      std::string operator()(const IntType& t) const {
        return fmt::format(" = int {}..{}", t.lo.value, t.hi.value);
      }
    };
    return "domain " + d.name.name + boost::apply_visitor(Body{}, d.body) + refs_text(d.refs) +
           "\n";
  }
  std::string operator()(const Given& g) const {
    return "given " + join(g.name) + " : " + print(g.type) +
           (g.rolled ? " rolled " + quote(g.rolled->text) : "") + refs_text(g.refs) + "\n";
  }
  std::string operator()(const Switch& s) const {
    std::string out = "switch " + s.name.name + (s.fills ? " fills " + s.fills->name : "") +
                      refs_text(s.refs) + " {\n";
    for (const SwitchOption& o : s.options) {
      out += "  option " + o.name.name + " " + quote(o.description.text) + refs_text(o.refs) + "\n";
    }
    return out + "  default " + s.default_option.name + "\n}\n";
  }
  std::string operator()(const Value& v) const {
    return "value " + v.name.name + " : " + print(v.type) + refs_text(v.refs) + " =\n  " +
           print(v.expr) + "\n";
  }
  std::string operator()(const Table& t) const {
    std::string out =
        "table " + t.name.name + (t.partial ? " partial" : "") + refs_text(t.refs) + " {\n";
    for (const Column& k : t.keys) out += "  key " + k.name.name + " : " + print(k.type) + "\n";
    for (const Column& c : t.columns)
      out += "  column " + c.name.name + " : " + print(c.type) + "\n";
    for (const Row& r : t.rows) {
      out += "  row ";
      for (std::size_t i = 0; i < r.keys.size(); ++i) out += (i ? ", " : "") + print(r.keys[i]);
      out += " =>";
      for (std::size_t i = 0; i < r.results.size(); ++i)
        out += (i ? ", " : " ") + print(r.results[i]);
      out += refs_text(r.refs) + "\n";
    }
    return out + "}\n";
  }
  std::string operator()(const Modifiers& m) const {
    std::string out =
        "modifiers " + m.name.name + " : " + print(m.type) + (m.clamp ? " clamp" : "");
    if (m.base) out += " base " + print(*m.base);
    out += refs_text(m.refs) + " {\n";
    for (const Stage& s : m.stages) {
      out += "  stage " + s.name.name + (s.policy.empty() ? "" : " " + s.policy) + " {\n";
      for (const Entry& e : s.entries) out += "    " + print_entry(e) + "\n";
      out += "  }\n";
    }
    return out + "}\n";
  }
  std::string operator()(const Test& t) const {
    std::string out =
        "test " + t.name.name + refs_text(t.refs) + " {\n  roll " + quote(t.dice.text);
    if (t.count) out += " count " + print(*t.count);
    out += "\n  success " + t.comparison + " " + print(t.target) + "\n";
    if (t.mods) out += "  modifiers " + t.mods->stack.name + " on " + t.mods->on + "\n";
    for (const Face& f : t.faces) {
      out += "  " + f.kind + (f.face ? " " + std::to_string(f.face->value) : "") + " => " +
             f.outcome.name + when_text(f.when) + "\n";
    }
    if (t.unbounded) out += "  unbounded" + refs_text(*t.unbounded) + "\n";
    return out + "}\n";
  }
  std::string operator()(const Record& r) const {
    std::string out = "record " + r.name.name + refs_text(r.refs) + " {\n";
    for (const Column& c : r.fields) out += "  " + c.name.name + " : " + print(c.type) + "\n";
    return out + "}\n";
  }
  std::string operator()(const Profile& p) const {
    std::string out = "profile " + p.name.name + " : " + p.record.name + refs_text(p.refs) + " {\n";
    for (const FieldValue& f : p.fields) out += "  " + f.name.name + " = " + print(f.value) + "\n";
    return out + "}\n";
  }
  std::string operator()(const Skill& s) const {
    std::string out =
        s.kind + " " + s.name.name + refs_text(s.refs) + " {\n  holder " + join(s.holder) + "\n";
    for (const SkillClause& c : s.clauses)
      out += "  " + boost::apply_visitor(ClausePrinter{}, c) + "\n";
    return out + "}\n";
  }
  std::string operator()(const Permission& p) const {
    return "permission " + p.name.name + " : " + print_perm(p.clause) + refs_text(p.refs) + "\n";
  }
  std::string operator()(const ArmyList& a) const {
    std::string out = "army_list " + a.name.name + refs_text(a.refs) + " {\n";
    if (!a.units.empty()) out += "  units " + ident_list(a.units) + "\n";
    for (const Constraint& c : a.constraints) {
      out += "  constraint " + c.name.name + ": " + (c.per_division ? "per division " : "") +
             boost::apply_visitor(CExprPrinter{}, c.lhs) + " " + c.op + " " +
             boost::apply_visitor(RhsPrinter{}, c.rhs) + when_text(c.when) + refs_text(c.refs) +
             "\n";
    }
    return out + "}\n";
  }
  std::string operator()(const Invariant& i) const {
    return "invariant " + i.name.name + refs_text(i.refs) + " :\n  " + print(i.cond) + "\n";
  }
  std::string operator()(const Assume& a) const {
    return "assume " + a.name.name + refs_text(a.refs) + " :\n  " + print(a.cond) + "\n";
  }
  std::string operator()(const Note& n) const {
    return n.kind + " " + n.name.name + " " + quote(n.text.text) +
           (n.fix ? " " + quote(n.fix->text) : "") + refs_text(n.refs) + "\n";
  }

  std::string operator()(const PlainItem& p) const { return boost::apply_visitor(*this, p); }
  std::string operator()(const Override& o) const { return "override " + (*this)(o.item); }
  std::string operator()(const Remove& r) const {
    return "remove " + r.name.name + refs_text(r.refs) + "\n";
  }
  std::string operator()(const AddEntry& a) const {
    return "add entry " + join(a.stage) + " " + print_entry(a.entry) + "\n";
  }
  std::string operator()(const RemoveEntry& r) const {
    return "remove entry " + join(r.entry) + refs_text(r.refs) + "\n";
  }
  std::string operator()(const AddValues& a) const {
    return "add value " + a.domain.name + " " + ident_list(a.values) + refs_text(a.refs) + "\n";
  }
  std::string operator()(const Intentional& i) const {
    return "intentional " + i.name.name + " " + quote(i.why.text) + refs_text(i.refs) + "\n";
  }
};

}  // namespace

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string print(const Expr& expr) {
  std::string out = print_term(expr.first);
  for (const SignedTerm& t : expr.rest) out += std::string(" ") + t.sign + " " + print_term(t.term);
  if (expr.with) out += " with " + expr.with->name;
  return out;
}

std::string print(const Cond& cond) {
  std::string out = print_disj(cond.lhs);
  if (cond.implies) out += " implies " + print_disj(*cond.implies);
  return out;
}

std::string print(const Literal& literal) {
  struct P {
    std::string operator()(const RollLit& r) const { return fmt::format("{}+", r.value); }
    std::string operator()(const IntLit& i) const { return std::to_string(i.value); }
    std::string operator()(const BoolLit& b) const { return b.value ? "true" : "false"; }
    std::string operator()(const NoneLit&) const { return "none"; }
    std::string operator()(const SetLit& s) const { return ident_list(s.values); }
    std::string operator()(const Ident& i) const { return i.name; }
  };
  return boost::apply_visitor(P{}, literal);
}

std::string print(const Type& type) {
  return boost::apply_visitor(TypePrinter{}, type.body) + (type.optional ? " optional" : "") +
         (type.better ? " better " + *type.better : "");
}

std::string print(const Pattern& pattern) {
  return boost::apply_visitor(PatternPrinter{}, pattern);
}

std::string print(const Item& item) {
  return boost::apply_visitor(ItemPrinter{}, item);
}

std::string print(const File& file) {
  const Header& h = file.header;
  std::string out = "ruleset " + h.id.name + " " + quote(h.title.text) + "\n";
  if (h.extends) out += "extends " + h.extends->name + "\n";
  for (const Str& s : h.sources) out += "source " + quote(s.text) + "\n";
  for (const Item& item : file.items) out += "\n" + print(item);
  return out;
}

}  // namespace umpire::rules
