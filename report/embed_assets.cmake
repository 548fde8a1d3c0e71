# Writes OUT, a C++ file defining one std::string_view per file of ASSETS
# (NAME=PATH pairs separated by ';'), so that the report page is built into
# the binary and `umpire report` needs no file beside it.
file(WRITE "${OUT}.tmp" "// Generated from report/page by report/embed_assets.cmake; do not edit.\n"
                        "#include \"report/page_assets.hpp\"\n\nnamespace umpire::reports::assets {\n")
foreach(pair IN LISTS ASSETS)
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 name)
  list(GET parts 1 path)
  file(READ "${path}" content)
  if(content MATCHES "\\)umpire_asset\"")
    message(FATAL_ERROR "${path} holds the raw string delimiter )umpire_asset\"")
  endif()
  file(APPEND "${OUT}.tmp" "const std::string_view ${name} = R\"umpire_asset(${content})umpire_asset\";\n")
endforeach()
file(APPEND "${OUT}.tmp" "\n}  // namespace umpire::reports::assets\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
