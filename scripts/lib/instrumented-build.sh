# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configure and build an
# instrumented tree quietly, show errors (and warnings, which are not fatal
# there: these runs are about sanitizer findings, and GCC 12 reports false
# -Wmaybe-uninitialized in <regex> under ASan), keep the full logs beside it.
#
#   instrumented_build NAME BUILD_DIR CXX JOBS CMAKE_ARGS...
# NAME prefixes the messages (the calling script's name).

say() { printf '\n== %s\n' "$*"; }

instrumented_build() {
  local name="$1" build="$2" cxx="$3" jobs="$4"
  shift 4
  # The compiler by its full path, as CMake caches it: given as a bare "clang++", CMake would see a
  # changed compiler on every reconfigure, drop its cache and rebuild everything (and the check
  # below would then find the bare name and delete the tree, corpora and logs included).
  cxx="$(command -v "$cxx" || echo "$cxx")"
  mkdir -p "$(dirname "$build")"
  # A build directory made with another compiler cannot be reconfigured in place.
  if [ -f "$build/CMakeCache.txt" ] &&
     ! grep -qx "CMAKE_CXX_COMPILER:[A-Z]*=$cxx" "$build/CMakeCache.txt"; then
    say "removing $build (configured with another compiler)"
    rm -rf "$build"
  fi
  say "configuring $build ($*, $cxx)"
  cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" "$@" >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; exit 1; }
  say "building (-j$jobs)"
  if ! cmake --build "$build" -j"$jobs" >"$build.build.log" 2>&1; then
    grep -E 'error' -A5 "$build.build.log" | head -80
    echo "$name: build failed (full log: $build.build.log)" >&2
    exit 1
  fi
  if grep -q 'warning:' "$build.build.log"; then
    echo "$name: NOTE: the build printed $(grep -c 'warning:' "$build.build.log") warnings:" >&2
    grep 'warning:' "$build.build.log" | sort -u | head -20 >&2
  fi
}

# The two instrumented trees (clang, ASan + UBSan):
#   build/sanitize: the unit tests, and the fuzz targets' committed seeds replayed through ctest
#     (tests/fuzz/replay_main.cpp): scripts/sanitize.sh, part of npm test;
#   build/instrumented: the libFuzzer targets, the libraries with libFuzzer's coverage and no unit tests:
#     scripts/fuzz.sh and scripts/fuzz-long.sh (opt-in; fuzz-long.sh keeps its corpus and counts there).
# $1: the calling script's name; $2: the compiler; $3: jobs. Each sets $build.
# The sanitized tree at -O1 with line tables only (what AddressSanitizer's authors advise; no fuzzing runs
# there): 137 s to build from scratch here against 153 s at RelWithDebInfo's -O2 -g, with the same
# file:line in its reports.
build_sanitize_tree() {
  build="$root/build/sanitize"
  instrumented_build "$1" "$build" "$2" "$3" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
    -DESCAQUE_SANITIZE=ON -DESCAQUE_FUZZ=OFF
}
build_instrumented_tree() {
  build="$root/build/instrumented"
  instrumented_build "$1" "$build" "$2" "$3" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DESCAQUE_SANITIZE=ON -DESCAQUE_FUZZ=ON -DESCAQUE_TESTS=OFF
}
