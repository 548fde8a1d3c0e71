#include "engine/core/diagnostic.hpp"

#include <algorithm>
#include <numeric>

#include "engine/core/plural.hpp"

namespace umpire {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::note:
      return "note";
    case Severity::not_checked:
      return "not checked";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

std::string RuleRef::to_string() const {
  return section.empty() ? file : fmt::format("{} § {}", file, section);
}

Diagnostic* DiagnosticBuilder::get() {
  return engine_ ? &engine_->diagnostics_[index_] : nullptr;
}

DiagnosticBuilder& DiagnosticBuilder::span_label(std::string text) {
  if (auto* d = get()) d->span_label = std::move(text);
  return *this;
}
DiagnosticBuilder& DiagnosticBuilder::label(Span span, std::string text) {
  if (auto* d = get()) d->labels.push_back({span, std::move(text)});
  return *this;
}
DiagnosticBuilder& DiagnosticBuilder::note(std::string text) {
  if (auto* d = get()) d->notes.push_back(std::move(text));
  return *this;
}
DiagnosticBuilder& DiagnosticBuilder::rule(std::string file, std::string section) {
  return rule(RuleRef{std::move(file), std::move(section)});
}
DiagnosticBuilder& DiagnosticBuilder::rule(RuleRef ref) {
  if (auto* d = get()) d->rule = std::move(ref);
  return *this;
}
DiagnosticBuilder& DiagnosticBuilder::hint(std::string text) {
  if (auto* d = get()) d->hint = std::move(text);
  return *this;
}
DiagnosticBuilder& DiagnosticBuilder::fixit(Span span, std::string replacement) {
  if (auto* d = get()) d->fixits.push_back({span, std::move(replacement)});
  return *this;
}

DiagnosticBuilder DiagnosticEngine::report(Severity severity, std::string_view id, Span span,
                                           std::string message) {
  ++counts_[static_cast<std::size_t>(severity)];
  if (severity == Severity::error && limit_reached()) {
    ++dropped_;
    return {nullptr, 0};
  }
  Diagnostic d;
  d.id = std::string(id);
  d.severity = severity;
  d.message = std::move(message);
  d.span = span;
  diagnostics_.push_back(std::move(d));
  return {this, diagnostics_.size() - 1};
}

std::vector<Diagnostic> DiagnosticEngine::sorted() const {
  std::vector<std::size_t> order(diagnostics_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Span& x = diagnostics_[a].span;
    const Span& y = diagnostics_[b].span;
    if (x.valid() != y.valid()) return !x.valid();
    if (x.file != y.file) {
      if (x.file == first_ || y.file == first_) return x.file == first_;
      return x.file < y.file;
    }
    return x.begin < y.begin;
  });
  std::vector<Diagnostic> out;
  out.reserve(order.size());
  for (const std::size_t i : order) out.push_back(diagnostics_[i]);
  return out;
}

void DiagnosticEngine::add(const Diagnostic& d) {
  const std::size_t before = diagnostics_.size();
  report(d.severity, d.id, d.span, d.message);
  if (diagnostics_.size() > before) diagnostics_.back() = d;
}

void DiagnosticEngine::absorb(DiagnosticEngine&& other) {
  for (Diagnostic& d : other.diagnostics_) {
    const std::size_t before = diagnostics_.size();
    report(d.severity, d.id, d.span, std::move(d.message));
    if (diagnostics_.size() > before) {
      Diagnostic& kept = diagnostics_.back();
      kept.span_label = std::move(d.span_label);
      kept.labels = std::move(d.labels);
      kept.notes = std::move(d.notes);
      kept.rule = std::move(d.rule);
      kept.hint = std::move(d.hint);
      kept.fixits = std::move(d.fixits);
    }
  }
  // Diagnostics the other engine dropped still count here.
  counts_[static_cast<std::size_t>(Severity::error)] += other.dropped_;
  dropped_ += other.dropped_;
  other.clear();
}

void DiagnosticEngine::clear() {
  diagnostics_.clear();
  std::fill(std::begin(counts_), std::end(counts_), std::size_t{0});
  dropped_ = 0;
}

std::string summary(const DiagnosticEngine& engine) {
  std::vector<std::string> parts;
  if (auto n = engine.count(Severity::error)) parts.push_back(plural(n, "error"));
  if (auto n = engine.count(Severity::warning)) parts.push_back(plural(n, "warning"));
  if (auto n = engine.count(Severity::not_checked))
    parts.push_back(fmt::format("{} not checked", n));
  if (parts.empty()) return "no issues";
  std::string out = parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i)
    out += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

}  // namespace umpire
