#!/usr/bin/env bash
# Builds the unit tests with AddressSanitizer + UndefinedBehaviorSanitizer
# in build/sanitize (scripts/lib/instrumented-build.sh) and runs ctest there: the unit tests and each
# fuzz target's committed seeds replayed once (FuzzReplay.<target>, tests/fuzz/replay_main.cpp). The perft
# test skips depths above ESCAQUE_PERFT_MAX_NODES nodes (default 10000000 here)
# and the other exhaustive loops shrink with it, so the run stays short.
#
# Environment: CXX (compiler, default clang++), JOBS (default 2),
#              ESCAQUE_PERFT_MAX_NODES (default 10000000; 0 = no cap, slower).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${JOBS:-2}"
export ESCAQUE_PERFT_MAX_NODES="${ESCAQUE_PERFT_MAX_NODES:-10000000}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

source "$root/scripts/lib/instrumented-build.sh"

# clang by default: its sanitizers are the reference ones and GCC 12 adds
# false warnings under ASan. CXX=g++ works too.
cxx="${CXX:-$(command -v clang++ || echo c++)}"
start=$(date +%s)
build_sanitize_tree sanitize.sh "$cxx" "$jobs"
built=$(date +%s)
say "running ctest under ASan+UBSan (ESCAQUE_PERFT_MAX_NODES=$ESCAQUE_PERFT_MAX_NODES)"
set +e
# Two long tests are left to the plain build (tests/unit runs them there): the levels' statistics
# (hundreds of searches; Strength's other tests cover the same code) and go perft's divide output
# (the Perft tests cover the move generator under the sanitizers, capped by ESCAQUE_PERFT_MAX_NODES).
# Together they took about a minute of the two cores here. So do five exhaustive enumerations (a
# third of the sanitized run, over 5 minutes of CPU at load 9): the generator against the reference
# on the data file's trees, and the dead-position searches over every placement of some material;
# the same code runs under the sanitizers in the other Perft, MoveGen and DeadPosition tests, on
# smaller inputs, and in the fuzz targets.
long_tests='Strength\.WeakerLevelsLoseMoreCentipawnsButFarFewerThanRandomMoves|UciGoPerft\.DivideFormatAndCounts'
long_tests+='|MoveGen\.ReferenceAgreesOnTheDataFileTrees|DeadPosition\.EveryCannotSurvivesTheReferenceSearch'
long_tests+='|DeadPosition\.APieceBoxedByItsOwnFrozenPiecesNeverMoves|DeadPosition\.NoCheckmateExistsAtAll'
long_tests+='|DeadPosition\.MaterialThatCanNeverMate'
(cd "$build" && ctest --output-on-failure --no-tests=error -j"$jobs" -E "^($long_tests)\$")
status=$?
set -e
done_=$(date +%s)
say "build $((built - start)) s, tests $((done_ - built)) s"
if [ $status -ne 0 ]; then
  echo "sanitize.sh: FAILED (see the output above)" >&2
  exit 1
fi
echo "sanitize.sh: all tests passed under ASan+UBSan"
