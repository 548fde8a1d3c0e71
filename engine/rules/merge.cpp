#include "engine/rules/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/variant/apply_visitor.hpp>
#include <boost/variant/get.hpp>

#include "engine/core/suggest.hpp"
#include "grammar/rules/diagnostics.hpp"
#include "grammar/rules/rules_parser.hpp"

namespace umpire::rules {
namespace {

std::vector<std::string> names_of(const Merged& m) {
  std::vector<std::string> out;
  for (const auto& [name, i] : m.index) {
    if (m.items[i]) out.push_back(name);
  }
  return out;
}

MergedItem* find_item(Merged& m, const std::string& name) {
  auto it = m.index.find(name);
  if (it == m.index.end() || !m.items[it->second]) return nullptr;
  return &*m.items[it->second];
}

void unknown(DiagnosticEngine& diags, const Merged& m, Span span, const std::string& name,
             std::string_view what) {
  auto d = diags.report(rules::Diag::name_unknown, span, "no inherited item named '{}' to {}", name,
                        what);
  if (auto best = closest_match(name, names_of(m))) d.hint("did you mean '{}'?", *best);
}

Citations plain_citations(const ast::Refs& refs) {
  Citations out;
  for (const ast::Str& r : refs) out.push_back({"", r.text, r.span});
  return out;
}

// Applies one item of a file to the merged set.
class Applier {
 public:
  Applier(Merged& m, DiagnosticEngine& diags, FileId file, bool is_variant)
      : m_(m), diags_(diags), file_(file), is_variant_(is_variant) {}

  std::vector<const ast::Intentional*> intentionals;

  void operator()(const ast::PlainItem& item) {
    const std::string name = ast::item_name(item);
    if (MergedItem* existing = find_item(m_, name)) {
      if (existing->file != file_) {
        diags_
            .report(rules::Diag::variant_redefinition, name_span(item),
                    "'{}' is inherited from the base ruleset", name)
            .label(span_of(existing->item), "defined here")
            .hint("write 'override {} ...' to replace it", ast::item_kind(item));
      } else {
        diags_.report(rules::Diag::name_duplicate, name_span(item), "'{}' is defined twice", name)
            .label(span_of(existing->item), "first defined here");
      }
      return;
    }
    m_.index[name] = m_.items.size();
    m_.items.push_back(MergedItem{item, file_});
  }

  void operator()(const ast::Override& o) {
    if (!variant_only(o.span, "override")) return;
    const std::string name = ast::item_name(o.item);
    MergedItem* existing = find_item(m_, name);
    if (!existing) return unknown(diags_, m_, name_span(o.item), name, "override");
    if (ast::item_kind(existing->item) != ast::item_kind(o.item)) {
      diags_
          .report(rules::Diag::type_mismatch, name_span(o.item),
                  "'{}' is a {} in the base, not a {}", name, ast::item_kind(existing->item),
                  ast::item_kind(o.item))
          .label(span_of(existing->item), "defined here");
      return;
    }
    *existing = MergedItem{o.item, file_};
    record("override", name, o.span);
  }

  void operator()(const ast::Remove& r) {
    if (!variant_only(r.span, "remove")) return;
    auto it = m_.index.find(r.name.name);
    if (it == m_.index.end() || !m_.items[it->second]) {
      return unknown(diags_, m_, r.name.span, r.name.name, "remove");
    }
    m_.items[it->second].reset();
    m_.index.erase(it);
    record("remove", r.name.name, r.span, plain_citations(r.refs));
  }

  void operator()(const ast::AddEntry& a) {
    if (!variant_only(a.span, "add entry")) return;
    if (a.stage.parts.size() != 2) {
      diags_.report(rules::Diag::syntax_expected, a.stage.span, "expected STACK.STAGE");
      return;
    }
    ast::Modifiers* stack = stack_named(a.stage.parts[0], a.stage.span);
    if (!stack) return;
    for (ast::Stage& stage : stack->stages) {
      if (stage.name.name != a.stage.parts[1]) continue;
      stage.entries.push_back(a.entry);
      record("add entry", stack->name.name, a.span, plain_citations(a.entry.refs));
      return;
    }
    std::vector<std::string> stages;
    for (const ast::Stage& s : stack->stages) stages.push_back(s.name.name);
    auto d = diags_.report(rules::Diag::name_unknown, a.stage.span,
                           "modifiers '{}' have no stage '{}'", a.stage.parts[0], a.stage.parts[1]);
    if (auto best = closest_match(a.stage.parts[1], stages)) d.hint("did you mean '{}'?", *best);
  }

  void operator()(const ast::RemoveEntry& r) {
    if (!variant_only(r.span, "remove entry")) return;
    if (r.entry.parts.size() != 2) {
      diags_.report(rules::Diag::syntax_expected, r.entry.span, "expected STACK.ENTRY");
      return;
    }
    ast::Modifiers* stack = stack_named(r.entry.parts[0], r.entry.span);
    if (!stack) return;
    std::vector<std::string> entries;
    for (ast::Stage& stage : stack->stages) {
      for (auto it = stage.entries.begin(); it != stage.entries.end(); ++it) {
        entries.push_back(it->name.name);
        if (it->name.name != r.entry.parts[1]) continue;
        stage.entries.erase(it);
        record("remove entry", stack->name.name, r.span, plain_citations(r.refs));
        return;
      }
    }
    auto d = diags_.report(rules::Diag::name_unknown, r.entry.span,
                           "modifiers '{}' have no entry '{}'", r.entry.parts[0], r.entry.parts[1]);
    if (auto best = closest_match(r.entry.parts[1], entries)) d.hint("did you mean '{}'?", *best);
  }

  void operator()(const ast::AddValues& a) {
    if (!variant_only(a.span, "add value")) return;
    MergedItem* existing = find_item(m_, a.domain.name);
    auto* domain = existing ? boost::get<ast::Domain>(&existing->item) : nullptr;
    auto* body = domain ? boost::get<ast::EnumBody>(&domain->body) : nullptr;
    if (!body) {
      diags_.report(rules::Diag::name_unknown, a.domain.span, "no inherited enumeration named '{}'",
                    a.domain.name);
      return;
    }
    for (const ast::Ident& v : a.values) body->values.push_back(v);
    record("add value", a.domain.name, a.span, plain_citations(a.refs));
  }

  void operator()(const ast::Intentional& i) {
    if (!variant_only(i.span, "intentional")) return;
    intentionals.push_back(&i);
  }

 private:
  bool variant_only(Span span, std::string_view what) {
    if (is_variant_) return true;
    diags_
        .report(rules::Diag::variant_not_a_variant, span, "'{}' is only allowed in a variant", what)
        .hint("add 'extends BASE' after the 'ruleset' line");
    return false;
  }

  ast::Modifiers* stack_named(const std::string& name, Span span) {
    MergedItem* existing = find_item(m_, name);
    auto* stack = existing ? boost::get<ast::Modifiers>(&existing->item) : nullptr;
    if (!stack) unknown(diags_, m_, span, name, "change (expected modifiers)");
    return stack;
  }

  void record(std::string operation, const std::string& item, Span span, Citations refs = {}) {
    m_.differences.push_back({std::move(operation), item, span, false, "", std::move(refs)});
  }

  static Span span_of(const ast::PlainItem& item) {
    return boost::apply_visitor([](const auto& node) { return node.span; }, item);
  }
  static Span name_span(const ast::PlainItem& item) {
    return boost::apply_visitor([](const auto& node) { return node.name.span; }, item);
  }

  Merged& m_;
  DiagnosticEngine& diags_;
  FileId file_;
  bool is_variant_;
};

}  // namespace

bool merge_file(SourceManager& sources, FileId file, const std::filesystem::path& dir,
                DiagnosticEngine& diags, bool check_file_name, std::vector<std::string>& chain,
                Merged& out) {
  ParsedFile parsed = parse_rules(sources, file, diags);
  if (!parsed.header_ok) return false;
  const ast::Header& header = parsed.file.header;

  if (check_file_name) {
    const std::string stem = std::filesystem::path(std::string(sources.name(file))).stem().string();
    if (stem != header.id.name) {
      diags
          .report(rules::Diag::header_id_mismatch, header.id.span,
                  "ruleset '{}' is in a file named '{}'", header.id.name, stem)
          .hint("name the file '{}.rules' so that 'extends {}' finds it", header.id.name,
                header.id.name);
    }
  }
  if (std::find(chain.begin(), chain.end(), header.id.name) != chain.end()) {
    diags
        .report(rules::Diag::variant_cycle, header.id.span, "'extends' loops back to '{}'",
                header.id.name)
        .note("chain: {}", fmt::format("{} -> {}", fmt::join(chain, " -> "), header.id.name));
    return false;
  }
  chain.push_back(header.id.name);

  const bool is_variant = header.extends.has_value();
  if (is_variant) {
    const std::string base = header.extends->name;
    const std::filesystem::path base_path = dir / (base + ".rules");
    std::string error;
    if (std::find(chain.begin(), chain.end(), base) != chain.end()) {
      diags
          .report(rules::Diag::variant_cycle, header.extends->span, "'extends' loops back to '{}'",
                  base)
          .note("chain: {} -> {}", fmt::join(chain, " -> "), base);
      chain.pop_back();
      return false;
    }
    std::optional<FileId> base_file = sources.load(base_path, error);
    if (!base_file) {
      diags
          .report(rules::Diag::variant_unknown_base, header.extends->span,
                  "cannot read base ruleset '{}': {}", base_path.string(), error)
          .hint("the base is looked for as '{}.rules' beside this file", base);
      chain.pop_back();
      return false;
    }
    if (!merge_file(sources, *base_file, dir, diags, true, chain, out)) {
      chain.pop_back();
      return false;
    }
  }

  out.header = header;
  out.lineage.insert(out.lineage.begin(), header.id.name);
  std::vector<std::string> own;
  for (const ast::Str& s : header.sources) own.push_back(s.text);
  out.sources.insert(out.sources.begin(), own.begin(), own.end());
  if (!own.empty()) out.default_source[file.value] = own.front();

  const std::size_t first_difference = out.differences.size();
  Applier apply(out, diags, file, is_variant);
  for (const ast::Item& item : parsed.file.items) boost::apply_visitor(apply, item);

  // Match `intentional` declarations with this file's differences.
  for (const ast::Intentional* i : apply.intentionals) {
    bool used = false;
    for (std::size_t d = first_difference; d < out.differences.size(); ++d) {
      Difference& diff = out.differences[d];
      if (diff.item != i->name.name) continue;
      diff.intentional = true;
      diff.why = i->why.text;
      for (const ast::Str& r : i->refs) diff.refs.push_back({"", r.text, r.span});
      used = true;
    }
    if (!used) {
      diags
          .report(rules::Diag::variant_intentional_unused, i->name.span,
                  "'{}' is declared intentional but this file does not change it", i->name.name)
          .hint("remove the declaration, or override the item");
    }
  }
  for (std::size_t d = first_difference; d < out.differences.size(); ++d) {
    const Difference& diff = out.differences[d];
    if (diff.intentional) continue;
    diags
        .report(rules::Diag::variant_undeclared_difference, diff.span,
                "{} of '{}' is not declared intentional", diff.operation, diff.item)
        .hint("add: intentional {} \"why the variant differs\" ref \"FILE § Section\"", diff.item);
  }
  chain.pop_back();
  return true;
}

}  // namespace umpire::rules
