#include "engine/rules/model.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace umpire::rules {

std::optional<std::uint32_t> Domain::find(std::string_view value) const {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] == value) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

namespace {

// The offsets (from `first`) of the `count` values of a key that `p`
// matches, without trying each value of a range.
void matched_values(const Pattern& p, TypeKind kind, std::int64_t first, std::int64_t count,
                    std::vector<std::int64_t>& out) {
  out.clear();
  if (p.any) {
    for (std::int64_t v = 0; v < count; ++v) out.push_back(v);
  } else if (kind == TypeKind::enumeration) {
    for (std::int64_t v = 0; v < count && v < 64; ++v) {
      if ((p.bits >> v & 1U) != 0) out.push_back(v);
    }
  } else {
    for (std::int64_t v = std::max(p.lo, first); v <= std::min(p.hi, first + count - 1); ++v)
      out.push_back(v - first);
  }
}

}  // namespace

std::optional<TableCells> table_cells(const Ruleset& rs, const Table& t, std::uint64_t max_cells) {
  TableCells out;
  std::uint64_t cells = 1;
  for (const Field& key : t.keys) {
    std::uint64_t count = 0;
    switch (key.type.kind) {
      case TypeKind::enumeration:
        count = rs.domains[key.type.ref].values.size();
        out.first.push_back(0);
        break;
      case TypeKind::boolean:
      case TypeKind::integer:
      case TypeKind::roll:
        if (key.type.hi < key.type.lo) return std::nullopt;
        count = static_cast<std::uint64_t>(key.type.hi - key.type.lo) + 1;
        out.first.push_back(key.type.lo);
        break;
      default:
        return std::nullopt;
    }
    if (count == 0 || cells > max_cells / count) return std::nullopt;
    cells *= count;
    out.count.push_back(static_cast<std::int64_t>(count));
  }
  out.first_row.assign(cells, -1);
  // Row by row, each row's combinations are the product of the values its
  // key patterns match; a combination keeps the first row that reaches it,
  // and the work ends once every combination has its row. The cost is the
  // combinations the rows match, where a scan of the rows for every
  // combination would be quadratic (26 s for 100,000 rows).
  std::uint64_t open = cells;
  std::vector<std::vector<std::int64_t>> matched(
      t.keys.size());  // per key: offsets of the values matched
  std::vector<std::size_t> at(t.keys.size());
  for (std::size_t r = 0; r < t.rows.size() && open > 0; ++r) {
    bool none = false;
    for (std::size_t k = 0; k < t.keys.size(); ++k) {
      matched_values(t.rows[r].keys[k], t.keys[k].type.kind, out.first[k], out.count[k],
                     matched[k]);
      none = none || matched[k].empty();
    }
    if (none) continue;
    // Every combination of the matched values, the first key fastest.
    std::fill(at.begin(), at.end(), 0);
    for (;;) {
      std::uint64_t cell = 0;
      for (std::size_t k = t.keys.size(); k-- > 0;)
        cell = cell * static_cast<std::uint64_t>(out.count[k]) +
               static_cast<std::uint64_t>(matched[k][at[k]]);
      if (out.first_row[cell] < 0) {
        out.first_row[cell] = static_cast<std::int32_t>(r);
        --open;
      }
      std::size_t k = 0;
      while (k < at.size() && ++at[k] == matched[k].size()) at[k++] = 0;
      if (k == at.size()) break;
    }
  }
  return out;
}

std::optional<std::uint32_t> Record::find(std::string_view field) const {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

std::string_view to_string(ItemKind kind) {
  switch (kind) {
    case ItemKind::domain:
      return "domain";
    case ItemKind::given:
      return "given";
    case ItemKind::switch_:
      return "switch";
    case ItemKind::value:
      return "value";
    case ItemKind::table:
      return "table";
    case ItemKind::stack:
      return "modifiers";
    case ItemKind::test:
      return "test";
    case ItemKind::record:
      return "record";
    case ItemKind::profile:
      return "profile";
    case ItemKind::skill:
      return "skill";
    case ItemKind::permission:
      return "permission";
    case ItemKind::army_list:
      return "army_list";
    case ItemKind::invariant:
      return "invariant";
    case ItemKind::assumption:
      return "assume";
    case ItemKind::note:
      return "note";
  }
  return "item";
}

std::string_view to_string(NoteKind kind) {
  switch (kind) {
    case NoteKind::gap:
      return "gap";
    case NoteKind::erratum:
      return "erratum";
    case NoteKind::ambiguity:
      return "ambiguity";
    case NoteKind::contradiction:
      return "contradiction";
  }
  return "note";
}

std::optional<ItemRef> Ruleset::find(std::string_view name) const {
  auto it = items.find(name);
  if (it == items.end()) return std::nullopt;
  return it->second;
}

namespace {
template <typename F>
decltype(auto) visit_item(const Ruleset& rs, ItemRef ref, F&& f) {
  switch (ref.kind) {
    case ItemKind::domain:
      return f(rs.domains[ref.index]);
    case ItemKind::given:
      return f(rs.givens[ref.index]);
    case ItemKind::switch_:
      return f(rs.switches[ref.index]);
    case ItemKind::value:
      return f(rs.values[ref.index]);
    case ItemKind::table:
      return f(rs.tables[ref.index]);
    case ItemKind::stack:
      return f(rs.stacks[ref.index]);
    case ItemKind::test:
      return f(rs.tests[ref.index]);
    case ItemKind::record:
      return f(rs.records[ref.index]);
    case ItemKind::profile:
      return f(rs.profiles[ref.index]);
    case ItemKind::skill:
      return f(rs.skills[ref.index]);
    case ItemKind::permission:
      return f(rs.permissions[ref.index]);
    case ItemKind::army_list:
      return f(rs.army_lists[ref.index]);
    case ItemKind::invariant:
      return f(rs.invariants[ref.index]);
    case ItemKind::assumption:
      return f(rs.assumptions[ref.index]);
    case ItemKind::note:
      return f(rs.notes[ref.index]);
  }
  return f(rs.domains.at(ref.index));
}

const Citations no_citations;

struct RefsOf {
  const Citations& operator()(const Given&) const { return no_citations; }
  template <typename T>
  const Citations& operator()(const T& item) const {
    return item.refs;
  }
};
struct NameOf {
  template <typename T>
  const std::string& operator()(const T& item) const {
    return item.name;
  }
};
struct SpanOf {
  template <typename T>
  Span operator()(const T& item) const {
    return item.span;
  }
};
}  // namespace

const std::string& Ruleset::name_of(ItemRef ref) const {
  return visit_item(*this, ref, NameOf{});
}
const Citations& Ruleset::refs_of(ItemRef ref) const {
  return visit_item(*this, ref, RefsOf{});
}
Span Ruleset::span_of(ItemRef ref) const {
  return visit_item(*this, ref, SpanOf{});
}

std::vector<std::uint32_t> profiles_of(const Ruleset& rs, std::uint32_t record) {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t p = 0; p < rs.profiles.size(); ++p)
    if (rs.profiles[p].record == record) ids.push_back(p);
  return ids;
}

std::string type_name(const Ruleset& rs, const Type& type) {
  // A diagnostic may name the type of an expression that failed to resolve,
  // whose domain or record is not set: it is then written without its name.
  const auto domain = [&] {
    return type.ref < rs.domains.size() ? rs.domains[type.ref].name : "?";
  };
  std::string out;
  switch (type.kind) {
    case TypeKind::boolean:
      out = "bool";
      break;
    case TypeKind::integer:
      out = fmt::format("int {}..{}", type.lo, type.hi);
      break;
    case TypeKind::roll:
      out = fmt::format("roll {}..{}", type.lo, type.hi);
      break;
    case TypeKind::enumeration:
      out = domain();
      break;
    case TypeKind::set:
      out = "set of " + domain();
      break;
    case TypeKind::profile:
      out = type.ref < rs.records.size() ? "profile " + rs.records[type.ref].name : "profile";
      break;
  }
  return type.optional ? out + " optional" : out;
}

std::string value_text(const Ruleset& rs, const Type& type, const Val& value) {
  switch (value.kind) {
    case Val::Kind::none:
      return "none";
    case Val::Kind::boolean:
      return value.number ? "true" : "false";
    case Val::Kind::integer:
      return type.kind == TypeKind::roll ? fmt::format("{}+", value.number)
                                         : std::to_string(value.number);
    case Val::Kind::enumeration:
      if (type.kind == TypeKind::enumeration && type.ref < rs.domains.size()) {
        const auto& values = rs.domains[type.ref].values;
        if (value.number >= 0 && static_cast<std::size_t>(value.number) < values.size()) {
          return values[static_cast<std::size_t>(value.number)];
        }
      }
      return std::to_string(value.number);
    case Val::Kind::set: {
      std::string out = "{";
      const auto* domain = type.ref < rs.domains.size() ? &rs.domains[type.ref] : nullptr;
      bool first = true;
      for (std::size_t i = 0; i < 64; ++i) {
        if (!(value.bits >> i & 1U)) continue;
        out += first ? "" : ", ";
        first = false;
        out += domain && i < domain->values.size() ? domain->values[i] : std::to_string(i);
      }
      return out + "}";
    }
    case Val::Kind::profile:
      if (value.number >= 0 && static_cast<std::size_t>(value.number) < rs.profiles.size()) {
        return rs.profiles[static_cast<std::size_t>(value.number)].name;
      }
      return std::to_string(value.number);
  }
  return "?";
}

}  // namespace umpire::rules
