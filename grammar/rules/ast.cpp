#include "grammar/rules/ast.hpp"

#include <boost/variant/apply_visitor.hpp>

namespace umpire::rules::ast {

std::string join(const Path& path) {
  std::string out;
  for (const std::string& part : path.parts) {
    if (!out.empty()) out += '.';
    out += part;
  }
  return out;
}

namespace {
struct NameOf {
  std::string operator()(const Given& g) const { return join(g.name); }
  template <typename T>
  std::string operator()(const T& node) const {
    return node.name.name;
  }
};
}  // namespace

std::string item_name(const PlainItem& item) {
  return boost::apply_visitor(NameOf{}, item);
}

std::string_view item_kind(const PlainItem& item) {
  struct Kind {
    std::string_view operator()(const Domain&) const { return "domain"; }
    std::string_view operator()(const Given&) const { return "given"; }
    std::string_view operator()(const Switch&) const { return "switch"; }
    std::string_view operator()(const Value&) const { return "value"; }
    std::string_view operator()(const Table&) const { return "table"; }
    std::string_view operator()(const Modifiers&) const { return "modifiers"; }
    std::string_view operator()(const Test&) const { return "test"; }
    std::string_view operator()(const Record&) const { return "record"; }
    std::string_view operator()(const Profile&) const { return "profile"; }
    std::string_view operator()(const Skill& s) const { return s.kind; }
    std::string_view operator()(const Permission&) const { return "permission"; }
    std::string_view operator()(const ArmyList&) const { return "army_list"; }
    std::string_view operator()(const Invariant&) const { return "invariant"; }
    std::string_view operator()(const Assume&) const { return "assume"; }
    std::string_view operator()(const Note& n) const { return n.kind; }
  };
  return boost::apply_visitor(Kind{}, item);
}

}  // namespace umpire::rules::ast
