#include "tests/rules/test_support.hpp"

#include <stdexcept>

#include "engine/core/diagnostic_render.hpp"

namespace umpire::rules::testing {

std::size_t Loaded::count(std::string_view id) const {
  std::size_t n = 0;
  for (const Diagnostic& d : diags.diagnostics()) n += d.id == id ? 1U : 0U;
  return n;
}

std::string Loaded::messages() const {
  return render_text(sources, diags);
}

std::unique_ptr<Loaded> load_text(const std::string& text, const std::string& name,
                                  const std::filesystem::path& dir, bool lint) {
  auto out = std::make_unique<Loaded>();
  const FileId file = out->sources.add(name, text);
  LoadOptions options;
  options.check_file_name = false;
  if (lint) options.texts_dir = umpire::test::rule_texts().value_or(std::filesystem::path{});
  out->rs = load_ruleset(out->sources, file, dir.empty() ? corpus_dir() : dir, out->diags, options);
  return out;
}

std::unique_ptr<Loaded> load_corpus(const std::string& id) {
  auto out = std::make_unique<Loaded>();
  out->rs = load_ruleset(out->sources, corpus_dir() / (id + ".rules"), out->diags);
  return out;
}

Situation situation(const Ruleset& rs, const std::map<std::string, std::string>& givens) {
  Situation s(rs);
  for (const auto& [name, text] : givens) {
    auto ref = rs.find(name);
    std::string error;
    if (ref && ref->kind == ItemKind::given) {
      auto v = parse_value(rs, rs.givens[ref->index].type, text, error);
      if (!v) throw std::runtime_error(name + ": " + error);
      if (auto why = s.set(ref->index, *v)) throw std::runtime_error(name + ": " + *why);
    } else if (ref && ref->kind == ItemKind::switch_) {
      const Switch& sw = rs.switches[ref->index];
      bool found = false;
      for (std::size_t i = 0; i < sw.options.size(); ++i) {
        if (sw.options[i].name == text) {
          s.set_switch(ref->index, static_cast<std::uint32_t>(i));
          found = true;
        }
      }
      if (!found) throw std::runtime_error(name + ": no option " + text);
    } else if (name.rfind("count.", 0) == 0) {
      auto p = rs.find(name.substr(6));
      if (!p || p->kind != ItemKind::profile) throw std::runtime_error("no profile " + name);
      s.set_count(p->index, std::stoll(text));
    } else {
      throw std::runtime_error("no given or switch named " + name);
    }
  }
  return s;
}

namespace {
[[noreturn]] void eval_failed(const Evaluator& ev) {
  throw std::runtime_error(ev.error()
                               ? std::string(id_of(ev.error()->id)) + ": " + ev.error()->message
                               : "evaluation failed");
}
}  // namespace

std::string eval_value(const Ruleset& rs, const std::string& name,
                       const std::map<std::string, std::string>& givens) {
  auto ref = rs.find(name);
  if (!ref || ref->kind != ItemKind::value) throw std::runtime_error("no value " + name);
  const Situation s = situation(rs, givens);
  Evaluator ev(rs, s);
  auto v = ev.value(ref->index);
  if (!v) eval_failed(ev);
  return value_text(rs, rs.values[ref->index].type, *v);
}

std::string eval_table(const Ruleset& rs, const std::string& table, const std::string& column,
                       const std::map<std::string, std::string>& keys) {
  auto ref = rs.find(table);
  if (!ref || ref->kind != ItemKind::table) throw std::runtime_error("no table " + table);
  const Table& t = rs.tables[ref->index];
  std::vector<Val> k;
  for (const Field& f : t.keys) {
    auto it = keys.find(f.name);
    if (it == keys.end()) throw std::runtime_error("missing key " + f.name);
    std::string error;
    auto v = parse_value(rs, f.type, it->second, error);
    if (!v) throw std::runtime_error(f.name + ": " + error);
    k.push_back(*v);
  }
  const Situation s(rs);
  Evaluator ev(rs, s);
  auto row = ev.lookup(ref->index, k);
  if (!row) eval_failed(ev);
  if (row->empty()) return "no entry";
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].name == column) return value_text(rs, t.columns[c].type, (*row)[c]);
  }
  throw std::runtime_error("no column " + column);
}

TestResult eval_test(const Ruleset& rs, const std::string& test,
                     const std::map<std::string, std::string>& givens) {
  auto ref = rs.find(test);
  if (!ref || ref->kind != ItemKind::test) throw std::runtime_error("no test " + test);
  const Situation s = situation(rs, givens);
  Evaluator ev(rs, s);
  auto r = ev.test(ref->index);
  if (!r) eval_failed(ev);
  return *r;
}

std::int64_t eval_stack(const Ruleset& rs, const std::string& stack, std::int64_t start,
                        const std::map<std::string, std::string>& givens) {
  auto ref = rs.find(stack);
  if (!ref || ref->kind != ItemKind::stack) throw std::runtime_error("no stack " + stack);
  const Situation s = situation(rs, givens);
  Evaluator ev(rs, s);
  auto r = ev.apply_stack(ref->index, start);
  if (!r) eval_failed(ev);
  return *r;
}

Verdict eval_action(const Ruleset& rs, const std::string& action,
                    const std::map<std::string, std::string>& givens) {
  if (!rs.action_domain) throw std::runtime_error("no action domain");
  auto a = rs.domains[*rs.action_domain].find(action);
  if (!a) throw std::runtime_error("no action " + action);
  const Situation s = situation(rs, givens);
  Evaluator ev(rs, s);
  auto r = ev.action(*a);
  if (!r) eval_failed(ev);
  return r->verdict;
}

Givens with(Givens base, const Givens& more) {
  for (const auto& [name, value] : more) base[name] = value;
  return base;
}

}  // namespace umpire::rules::testing
