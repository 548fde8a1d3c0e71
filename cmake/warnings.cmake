# One warning policy for every target of the project, applied through an
# interface library so third-party headers (included as SYSTEM) stay quiet.
add_library(umpire_warnings INTERFACE)
target_compile_options(umpire_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
  -Wcast-align -Woverloaded-virtual -Wconversion -Wsign-conversion
  -Wimplicit-fallthrough -Wformat=2)
# Not -Wnull-dereference: with optimisation, g++ 12 reports it inside
# libstdc++'s std::string (false positives that no project code can avoid).
# g++ 12 also reports -Wrestrict inside std::string concatenation at -O2
# (GCC bug 105651), so that one is off for g++.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(umpire_warnings INTERFACE -Wno-restrict)
endif()
if(UMPIRE_WERROR)
  target_compile_options(umpire_warnings INTERFACE -Werror)
endif()

if(UMPIRE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# Fuzzing: every library gets libFuzzer's coverage instrumentation and the
# sanitizers, so the fuzzers see inside them; only the fuzz targets link
# libFuzzer itself (tests/fuzz/). The unit tests of such a build still link
# and run, under the sanitizers, so one clang build serves both.
if(UMPIRE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "UMPIRE_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# The Spirit X3 parsers of a sanitizer or fuzzing build are compiled with
# -O1 even in a Debug build: unoptimised, X3's layers of small templates
# make every load of the rules data and every log parse several times
# slower, and the suite and the fuzzers spend most of their time there.
# The sanitizers see the same code (-O1 is what they recommend anyway).
function(umpire_optimise_parser target)
  if(UMPIRE_SANITIZE OR UMPIRE_FUZZ)
    target_compile_options(${target} PRIVATE $<$<CONFIG:Debug>:-O1>)
  endif()
endfunction()
