# Precompiled system headers for the engine's libraries. An engine source
# compiles in ~11 s of which ~9 s is the front end reading the same system
# headers (the standard library, fmt, Boost.Geometry's model and algorithms,
# Boost.Multiprecision under the dice distributions): parsed once per
# library into a precompiled header, a source compiles in ~3 s.
#
# Only system headers go in: a change to a project header then rebuilds what
# includes it, as without precompiled headers, and each source must still
# include what it uses (the list adds nothing a source may rely on silently:
# a source that forgets an include still fails where the header is not
# precompiled, with UMPIRE_PRECOMPILED_HEADERS=OFF).
option(UMPIRE_PRECOMPILED_HEADERS "Precompile the system headers of the engine's libraries" ON)

set(umpire_precompiled_system_headers
  <algorithm> <array> <cmath> <cstddef> <cstdint> <functional> <limits> <map>
  <memory> <optional> <span> <string> <string_view> <utility> <vector>
  <fmt/format.h>
  <boost/container/small_vector.hpp>
  <boost/multiprecision/cpp_int.hpp>
  <boost/geometry/geometries/geometries.hpp>
  <boost/geometry/algorithms/area.hpp>
  <boost/geometry/algorithms/disjoint.hpp>
  <boost/geometry/algorithms/distance.hpp>
  <boost/geometry/algorithms/intersection.hpp>
  <boost/geometry/algorithms/intersects.hpp>
  <boost/geometry/algorithms/within.hpp>)

# umpire_precompiled_headers(target [REUSE_FROM donor]): the target
# precompiles the list, or, with REUSE_FROM, uses the donor's precompiled
# header. A precompiled header costs ~25 s to build; the engine's rules and
# ruleset libraries compile with the same flags, so one serves them all.
# Only a target with the donor's exact flags may reuse its header: g++
# ignores a header built with other flags, clang refuses to compile.
function(umpire_precompiled_headers target)
  cmake_parse_arguments(ARG "" "REUSE_FROM" "" ${ARGN})
  if(NOT UMPIRE_PRECOMPILED_HEADERS)
    return()
  endif()
  if(ARG_REUSE_FROM)
    target_precompile_headers(${target} REUSE_FROM ${ARG_REUSE_FROM})
  else()
    target_precompile_headers(${target} PRIVATE ${umpire_precompiled_system_headers})
  endif()
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # g++ 12 no longer treats a precompiled header's contents as system
    # headers, so its flow warnings inside libstdc++ and Boost (false
    # positives known to g++ 12) would reach the project's -Werror.
    target_compile_options(${target} PRIVATE
      -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread)
  endif()
endfunction()
