# Every dependency comes from a Debian package (scripts/install-deps.sh).
find_package(Boost 1.81 REQUIRED)            # Spirit X3, Geometry, Multiprecision: header-only
find_package(fmt REQUIRED)                   # compiled library: fmt::fmt
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(GTest REQUIRED)
find_package(rapidcheck REQUIRED)
if(UMPIRE_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
find_package(PkgConfig REQUIRED)
pkg_check_modules(Z3 REQUIRED IMPORTED_TARGET z3)   # Debian's Z3 ships no CMake config
