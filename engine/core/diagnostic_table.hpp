#pragma once
// A front end's diagnostics declared in a table (an X-macro .def file): each
// row an id and its default severity. Code names a row by the front end's
// enum (log::Diag::turn_missing), so a misspelt id does not compile. An enum
// names such rows when its namespace declares
// `const DiagnosticKind& diagnostic_kind(E)`.
#include <fmt/format.h>

#include <concepts>
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/core/diagnostic.hpp"

namespace umpire {

// Reports `kind` at its severity.
template <DiagnosticEnum E, typename... Args>
DiagnosticBuilder report(DiagnosticEngine& diags, E kind, Span span,
                         fmt::format_string<Args...> format, Args&&... args) {
  const DiagnosticKind& k = diagnostic_kind(kind);
  return diags.report(k.severity, k.id, span, fmt::format(format, std::forward<Args>(args)...));
}

template <DiagnosticEnum E>
constexpr std::string_view id_of(E kind) {
  return diagnostic_kind(kind).id;
}

}  // namespace umpire
