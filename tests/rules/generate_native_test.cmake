# The build tool that writes a ruleset's program as C++ (engine/rules/native/
# generate_native.cpp), run as the build runs it:
#  - on a shipped ruleset it writes root functions and a fingerprint;
#  - on data that does not load it still succeeds, with a warning that names
#    the error's position, and writes a program without code (the build goes
#    on; the engine interprets the data and reports its errors).
# Run by ctest: cmake -DGENERATOR=... -DRULES=... -DWORK=... -P this file.
file(MAKE_DIRECTORY "${WORK}")

execute_process(COMMAND "${GENERATOR}" "${WORK}/shipped.cpp" "${RULES}" sabreur_hex
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "generate_native failed on ${RULES} (${rc}): ${err}")
endif()
file(READ "${WORK}/shipped.cpp" shipped)
if(NOT shipped MATCHES "Word r[0-9]+\\(Evaluator& e\\)")
  message(FATAL_ERROR "no root function generated for ${RULES}")
endif()
if(NOT shipped MATCHES "namespace umpire::rules::native_sabreur_hex"
   OR NOT shipped MATCHES "program\\{\"sabreur-hex\", 0x[0-9a-f]+ULL, kRoots\\}")
  message(FATAL_ERROR "no program with a fingerprint and its roots for ${RULES}")
endif()
if(shipped MATCHES "program\\{\"sabreur-hex\", 0x0000000000000000ULL")
  message(FATAL_ERROR "a zero fingerprint for ${RULES}")
endif()

file(WRITE "${WORK}/broken.rules" "ruleset broken \"A ruleset with a mistake\"\npermision x : cannot y\n")
execute_process(COMMAND "${GENERATOR}" "${WORK}/broken.cpp" "${WORK}/broken.rules" broken
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "generate_native failed the build on data that does not load (${rc}): ${err}")
endif()
if(NOT err MATCHES "broken.rules:2:1: error" OR NOT err MATCHES "warning: .*broken.rules did not load")
  message(FATAL_ERROR "no positioned error and warning for data that does not load: ${err}")
endif()
file(READ "${WORK}/broken.cpp" broken)
if(NOT broken MATCHES "program\\{\"broken\", 0, \\{\\}\\}" OR broken MATCHES "Word r[0-9]")
  message(FATAL_ERROR "data that does not load got code: ${broken}")
endif()
