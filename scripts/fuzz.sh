#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build/fuzz and runs
# each one for FUZZ_SECONDS seconds (default 30), starting from the committed
# seed corpus tests/fuzz/corpus/<target>/. Exits non-zero on any finding
# (crash, sanitizer report, broken invariant, timeout, leak) or build error.
#
#   scripts/fuzz.sh                 all targets, 30 s each
#   FUZZ_SECONDS=300 scripts/fuzz.sh fen_fuzz     one target, longer
#
# Environment: FUZZ_SECONDS, CXX (default clang++), JOBS (build parallelism, default 2).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build/fuzz"
seconds="${FUZZ_SECONDS:-30}"
cxx="${CXX:-clang++}"
jobs="${JOBS:-2}"

source "$root/scripts/lib/instrumented-build.sh"

if ! command -v "$cxx" >/dev/null; then
  echo "fuzz.sh: $cxx not found; libFuzzer needs clang (set CXX=clang++-NN)" >&2
  exit 2
fi

instrumented_build fuzz.sh "$build" "$cxx" "$jobs" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DESCAQUE_FUZZ=ON

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in "$build"/tests/fuzz/*_fuzz; do [ -x "$exe" ] && targets+=("$(basename "$exe")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz.sh: no fuzz targets were built" >&2; exit 1; }

# Recoverable UBSan checks must stop the run too; leaks count as findings.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

declare -A maxlen=([fen_fuzz]=256 [uci_move_fuzz]=512 [move_sequence_fuzz]=64 [san_fuzz]=256)
failed=()
summary=()
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/$t"
  [ -x "$exe" ] || { echo "fuzz.sh: no such target $t" >&2; exit 1; }
  seeds="$root/tests/fuzz/corpus/$t"
  work="$build/corpus/$t"       # grows during the run; the committed seeds stay small
  findings="$build/findings"
  mkdir -p "$work" "$findings"
  dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=(-dict="$root/tests/fuzz/$t.dict")
  say "fuzzing $t for ${seconds}s (seeds: tests/fuzz/corpus/$t, max_len ${maxlen[$t]:-512})"
  log="$build/$t.log"
  set +e
  "$exe" "$work" "$seeds" "${dict[@]}" -max_total_time="$seconds" -max_len="${maxlen[$t]:-512}" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/$t-" >"$log" 2>&1
  status=$?
  set -e
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 || true)
  line="$t: exit $status, $execs runs, $rate exec/s, ${cov:-cov: ?}"
  summary+=("$line")
  echo "$line"
  if [ $status -ne 0 ]; then
    failed+=("$t")
    echo "---- $t FAILED; end of its log ($log):"
    tail -n 60 "$log"
    ls -1 "$findings"/"$t"-* 2>/dev/null | sed 's/^/finding: /' || true
  fi
done

say "summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz.sh: FAILED: ${failed[*]} (reproduce: build/fuzz/tests/fuzz/<target> <finding file>)" >&2
  exit 1
fi
echo "fuzz.sh: all targets ran ${seconds}s without findings"
