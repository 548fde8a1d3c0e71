# Writes umpire(1) and the bash completion of umpire from the built binary:
# cmake -DUMPIRE=path/to/umpire -DOUT=folder -P generate_manual.cmake
file(MAKE_DIRECTORY "${OUT}")
foreach(what_file IN ITEMS "man=umpire.1" "bash-completion=umpire")
  string(REPLACE "=" ";" pair "${what_file}")
  list(GET pair 0 what)
  list(GET pair 1 name)
  execute_process(COMMAND "${UMPIRE}" --generate ${what}
                  OUTPUT_FILE "${OUT}/${name}.new" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "umpire --generate ${what} failed (${status})")
  endif()
  file(RENAME "${OUT}/${name}.new" "${OUT}/${name}")
endforeach()
