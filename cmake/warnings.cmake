# One warning policy for every target of the project, applied through an
# interface library so third-party headers (included as SYSTEM) stay quiet.
add_library(umpire_warnings INTERFACE)
target_compile_options(umpire_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
  -Wcast-align -Woverloaded-virtual -Wconversion -Wsign-conversion
  -Wimplicit-fallthrough -Wnull-dereference -Wformat=2)
if(UMPIRE_WERROR)
  target_compile_options(umpire_warnings INTERFACE -Werror)
endif()

if(UMPIRE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
