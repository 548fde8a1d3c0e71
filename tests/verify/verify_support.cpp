#include "tests/verify/verify_support.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "engine/rules/loader.hpp"

namespace umpire::verify::testing {

using namespace umpire::rules;

std::filesystem::path defects_dir() {
  return source_dir() / "tests" / "verify" / "defects";
}

namespace {
std::string messages(const DiagnosticEngine& diags) {
  std::string out;
  for (const Diagnostic& d : diags.diagnostics()) out += d.id + ": " + d.message + "\n";
  return out;
}
}  // namespace

std::unique_ptr<Loaded> load(const std::filesystem::path& path) {
  auto l = std::make_unique<Loaded>();
  l->rs = load_ruleset(l->sources, path, l->diags);
  if (!l->rs)
    throw std::runtime_error(
        fmt::format("{} does not load:\n{}", path.string(), messages(l->diags)));
  if (l->rs->lineage.size() > 1) {
    l->base =
        load_ruleset(l->sources, path.parent_path() / (l->rs->lineage[1] + ".rules"), l->diags);
    if (!l->base)
      throw std::runtime_error(
          fmt::format("the base of {} does not load:\n{}", path.string(), messages(l->diags)));
  }
  return l;
}

Report verify(const Loaded& l) {
  return verify_ruleset(*l.rs, l.base ? &*l.base : nullptr);
}

std::vector<const Finding*> of_category(const Report& r, Category c) {
  std::vector<const Finding*> out;
  for (const Finding& f : r.findings) {
    if (f.category == c) out.push_back(&f);
  }
  return out;
}

Verified verify_defect(const std::string& file) {
  Verified r;
  r.loaded = load(defects_dir() / (file + ".rules"));
  r.report = verify(*r.loaded);
  return r;
}

bool names(const Finding& f, const std::string& item) {
  for (const FindingItem& i : f.items) {
    if (i.name == item || i.name.rfind(item + " ", 0) == 0) return true;
  }
  return false;
}

std::string dump(const Report& r) {
  std::string out;
  for (const Finding& f : r.findings) {
    out += fmt::format("{} [{}] {}\n", f.id, to_string(f.severity), f.message);
    for (const std::string& w : f.witness) out += "    witness: " + w + "\n";
  }
  return out;
}

Situation witness_situation(const Ruleset& rs, const std::vector<std::string>& witness) {
  Situation s(rs);
  for (const std::string& line : witness) {
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos) throw std::runtime_error("witness line without ' = ': " + line);
    const std::string name = line.substr(0, eq), text = line.substr(eq + 3);
    auto ref = rs.find(name);
    if (!ref) throw std::runtime_error("witness names an unknown item: " + line);
    if (ref->kind == ItemKind::switch_) {
      const Switch& sw = rs.switches[ref->index];
      bool found = false;
      for (std::size_t o = 0; o < sw.options.size(); ++o) {
        if (sw.options[o].name == text) {
          s.set_switch(ref->index, static_cast<std::uint32_t>(o));
          found = true;
        }
      }
      if (!found) throw std::runtime_error("witness names an unknown option: " + line);
      continue;
    }
    if (ref->kind != ItemKind::given)
      throw std::runtime_error("witness line is not a given: " + line);
    std::string error;
    auto v = parse_value(rs, rs.givens[ref->index].type, text, error);
    if (!v) throw std::runtime_error("witness value does not parse: " + line + ": " + error);
    if (auto bad = s.set(ref->index, *v))
      throw std::runtime_error("witness value rejected: " + line + ": " + *bad);
  }
  return s;
}

std::uint32_t index_of(const Ruleset& rs, const std::string& name, ItemKind kind) {
  auto ref = rs.find(name);
  if (!ref || ref->kind != kind) throw std::runtime_error("no item '" + name + "' of that kind");
  return ref->index;
}

}  // namespace umpire::verify::testing
