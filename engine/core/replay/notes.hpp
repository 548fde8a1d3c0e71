#pragma once
// The note lines of a diagnostic that is usually never written. A stated
// outcome that agrees with the rules, or dice thrown as asked, prints
// nothing, yet the breakdown behind it (every modifier of a factor, each with
// its citation) costs more to format than the check itself. So a check is
// given its notes either ready made or as a function that makes them, called
// only when the diagnostic is written.
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace umpire::replay {

class Notes {
 public:
  Notes() = default;
  // Lines ready made; the vector must outlive the call that takes the notes.
  Notes(const std::vector<std::string>& lines) : ready_(&lines) {}  // NOLINT: implicit by design
  Notes(std::initializer_list<std::string> lines) : owned_(lines) {}
  // A function returning the lines, called when they are needed. Kept by
  // reference, as LazyText keeps its function, so it must outlive the call
  // it is passed to (a lambda argument does): a std::function of a lambda
  // capturing a few references took a heap block on every check.
  template <typename F,
            typename = std::enable_if_t<std::is_invocable_r_v<std::vector<std::string>, const F&> &&
                                        !std::is_convertible_v<F, const std::vector<std::string>&>>>
  Notes(const F& make)  // NOLINT: implicit by design
      : make_(&make), call_([](const void* f) { return (*static_cast<const F*>(f))(); }) {}

  std::vector<std::string> lines() const {
    if (make_) return call_(make_);
    return ready_ ? *ready_ : owned_;
  }

 private:
  const std::vector<std::string>* ready_ = nullptr;
  std::vector<std::string> owned_;
  const void* make_ = nullptr;
  std::vector<std::string> (*call_)(const void*) = nullptr;
};

}  // namespace umpire::replay
