# What the binaries of this build tree read besides their inputs
# (engine/core/data_paths.hpp, docs/cli.md § Data and rule texts): the data
# of the source tree, and the rule texts when there are any. Installed
# binaries never see this file; they find their data beside them.
#
# The rule texts are an optional input: a clone of the project has none, and
# builds, runs and passes its tests without them (citations are then not
# linted). UMPIRE_RULES_TEXTS names them; left empty, the folder
# `shared/rules` beside the source tree is used when it exists, for the
# project's own development.
set(UMPIRE_RULES_TEXTS "" CACHE PATH
    "Rule texts that citations are linted against (empty: shared/rules beside the source tree, if any)")
set(umpire_rules_texts "${UMPIRE_RULES_TEXTS}")
if(umpire_rules_texts STREQUAL "")
  cmake_path(GET PROJECT_SOURCE_DIR PARENT_PATH umpire_source_parent)
  if(IS_DIRECTORY "${umpire_source_parent}/shared/rules")
    set(umpire_rules_texts "${umpire_source_parent}/shared/rules")
  endif()
endif()
if(umpire_rules_texts STREQUAL "")
  message(STATUS "Rule texts: none (citations are not linted; tests that need the texts are skipped)")
else()
  message(STATUS "Rule texts: ${umpire_rules_texts}")
endif()
file(CONFIGURE OUTPUT "${PROJECT_BINARY_DIR}/umpire-paths.txt" CONTENT
     "# Where the binaries of this build tree find their data and the rule texts\n# (written by cmake/build_tree_paths.cmake).\ndata=${PROJECT_SOURCE_DIR}\ntexts=${umpire_rules_texts}\n")
