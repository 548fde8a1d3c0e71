#pragma once
// A piece of message text that is usually never written ("the morale test of
// 'a3'", "activating the group 'a1', 'a2'"): a check that passes prints
// nothing, yet formatting the text on every event cost more than some of the
// checks. Given ready made (a string, kept by reference) or as a function
// that makes it, called only when a diagnostic needs the text.
#include <string>
#include <string_view>
#include <type_traits>

namespace umpire::replay {

class LazyText {
 public:
  LazyText(std::string_view text) : text_(text) {}    // NOLINT: implicit by design
  LazyText(const std::string& text) : text_(text) {}  // NOLINT: implicit by design
  LazyText(const char* text) : text_(text) {}         // NOLINT: implicit by design
  // The function must outlive the call it is passed to (a lambda argument does).
  template <typename F, typename = std::enable_if_t<std::is_invocable_r_v<std::string, const F&>>>
  LazyText(const F& make)  // NOLINT: implicit by design
      : make_(&make), call_([](const void* f) { return (*static_cast<const F*>(f))(); }) {}

  std::string text() const { return make_ ? call_(make_) : std::string(text_); }

 private:
  std::string_view text_;
  const void* make_ = nullptr;
  std::string (*call_)(const void*) = nullptr;
};

}  // namespace umpire::replay
