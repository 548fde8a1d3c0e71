# `cmake --install build [--prefix P]` and the Debian package (`cpack`, in
# build/package/): the binary, its data, the manuals, the manual page and the
# bash completion (docs/install.md). An installed `P/bin/umpire` finds its
# data in `P/share/umpire` (engine/core/data_paths.hpp), so the layout below
# is fixed and the installed tree can be moved anywhere.
install(TARGETS umpire RUNTIME DESTINATION bin)
install(DIRECTORY corpus/rulesets/ DESTINATION share/umpire/corpus/rulesets
        FILES_MATCHING PATTERN "*.rules")
# The recorded games, to try `umpire check` on; with Sabreur-hex's logs that
# break a rule each (examples/sabreur-hex/fail/).
foreach(ruleset IN ITEMS hail-caesar hail-caesar-hyw wab sabreur-hex)
  install(DIRECTORY replays/${ruleset}/ DESTINATION share/umpire/examples/${ruleset}
          FILES_MATCHING PATTERN "*.ulog")
endforeach()
file(GLOB umpire_docs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES README.md ${umpire_docs} DESTINATION share/doc/umpire)
# The manuals' pictures, at the relative paths the manuals link.
install(DIRECTORY docs/images/ DESTINATION share/doc/umpire/images FILES_MATCHING PATTERN "*.svg")
install(FILES ${PROJECT_BINARY_DIR}/manual/umpire.1 DESTINATION share/man/man1)
install(FILES ${PROJECT_BINARY_DIR}/manual/umpire DESTINATION share/bash-completion/completions)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME umpire)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/package)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "replay, check and verify historical wargames")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "Umpire parses battle logs of miniature wargames (Hail Caesar, Warhammer\n"
       "Ancient Battles, Sabreur-hex), replays them against the rules data and\n"
       "reports every broken rule with its citation; it also verifies the rules\n"
       "data itself with an SMT solver.")
if(NOT CPACK_PACKAGE_CONTACT)
  set(CPACK_PACKAGE_CONTACT "Umpire maintainers <umpire-maintainers@example.org>")
endif()
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# Depends: found by dpkg-shlibdeps from the libraries the binary links (Z3,
# fmt, libstdc++), so the package names what a clean Debian must install.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
