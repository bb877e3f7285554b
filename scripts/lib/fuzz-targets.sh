# Sourced by scripts/fuzz.sh and scripts/fuzz-long.sh: building the libFuzzer targets, and what each
# target takes.

source "$(dirname "${BASH_SOURCE[0]}")/instrumented-build.sh"

# Builds the targets in $build with $cxx and $jobs (the caller's variables) and sets the array
# `targets` to the names given, or to every target built when none is given. $1: the calling script's
# name, for its messages; the rest: target names.
fuzz_build_targets() {
  local script="$1"
  shift
  if ! command -v "$cxx" >/dev/null; then
    echo "$script: $cxx not found; libFuzzer needs clang (set CXX=clang++-NN)" >&2
    exit 2
  fi
  build_instrumented_tree "$script" "$cxx" "$jobs"
  targets=("$@")
  if [ ${#targets[@]} -eq 0 ]; then
    for exe in "$build"/tests/fuzz/*_fuzz; do [ -x "$exe" ] && targets+=("$(basename "$exe")"); done
  fi
  [ ${#targets[@]} -gt 0 ] || { echo "$script: no fuzz targets were built" >&2; exit 1; }
  local t
  for t in "${targets[@]}"; do
    [ -x "$build/tests/fuzz/$t" ] || { echo "$script: no such target $t" >&2; exit 1; }
  done
}

# Longest input libFuzzer generates for a target (-max_len), in bytes.
fuzz_max_len() {
  case "$1" in
    fen_fuzz | san_fuzz) echo 256 ;;
    move_sequence_fuzz) echo 64 ;;
    uci_move_fuzz) echo 512 ;;
    uci_session_fuzz) echo 1024 ;;  # a few command lines; every "go" is capped at 100 nodes
    pgn_fuzz) echo 4096 ;;          # a few games; the target ignores inputs over 64 KiB
    *) echo 512 ;;
  esac
}

# "N runs, R exec/s, cov: C" from a libFuzzer log written with -print_final_stats=1.
fuzz_log_figures() {
  local log="$1" execs rate cov
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 || true)
  echo "$execs runs, $rate exec/s, ${cov:-cov: ?}"
}

# Recoverable UBSan checks must stop the run too; leaks count as findings.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
