# Unity builds for the engine's libraries. Each engine source spends most of
# its compile time in the front end on the same heavy headers (fmt,
# Boost.Geometry's model types, a ruleset's rules binding); compiling a batch
# of sources as one translation unit parses them once per batch. A batch of 8
# keeps one compiler under ~1.5 GB (CI builds on 2 cores) and leaves a
# library several batches to build in parallel.
#
# The sources of such a target share a translation unit: names in anonymous
# namespaces and file-static functions must differ across its files, and a
# file's macros must be #undef'd where they end. UMPIRE_UNITY_BUILD=OFF
# compiles each source alone (to check that each includes what it uses).
# Not for grammar/: its Spirit X3 rules are split over translation units on
# purpose, with explicit instantiations.
#
# Off by default: gcc inlines less across a batch's larger translation
# unit, and Hail Caesar's replay ran ~30 % slower so built
# (docs/performance.md). CI's sanitizer build, whose speed does not
# matter, turns it on to build faster.
option(UMPIRE_UNITY_BUILD "Compile the engine's libraries as unity batches" OFF)
set(UMPIRE_UNITY_BATCH_SIZE 8 CACHE STRING "Sources per unity batch of the engine's libraries")

function(umpire_unity_build)
  foreach(target IN LISTS ARGN)
    set_target_properties(${target} PROPERTIES
      UNITY_BUILD ${UMPIRE_UNITY_BUILD}
      UNITY_BUILD_BATCH_SIZE ${UMPIRE_UNITY_BATCH_SIZE})
  endforeach()
endfunction()
