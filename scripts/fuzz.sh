#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build/instrumented and runs
# each one for FUZZ_SECONDS seconds (default 30), starting from the committed
# seed corpus tests/fuzz/corpus/<target>/, FUZZ_JOBS targets at a time
# (default 2: one per core of the CI machine; each target is one process).
# Exits non-zero on any finding (crash, sanitizer report, broken invariant,
# timeout, leak, out-of-memory) or build error.
#
#   scripts/fuzz.sh                 all targets, 30 s each
#   FUZZ_SECONDS=300 scripts/fuzz.sh fen_fuzz     one target, longer
#
# Long runs counted in executions (>= 10^7 per target): scripts/fuzz-long.sh.
# Environment: FUZZ_SECONDS, FUZZ_JOBS, CXX (default clang++), JOBS (build parallelism, default 2).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${FUZZ_SECONDS:-30}"
fuzz_jobs="${FUZZ_JOBS:-2}"
cxx="${CXX:-clang++}"
jobs="${JOBS:-2}"

source "$root/scripts/lib/fuzz-targets.sh"
fuzz_build_targets fuzz.sh "$@"

# One target: its log in build/instrumented/<target>.log, its exit status in
# build/instrumented/<target>.status.
run_target() {
  local t="$1"
  local work="$build/corpus/$t"   # grows during the run; the committed seeds stay small
  local findings="$build/findings"
  mkdir -p "$work" "$findings"
  local dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=(-dict="$root/tests/fuzz/$t.dict")
  set +e
  "$build/tests/fuzz/$t" "$work" "$root/tests/fuzz/corpus/$t" "${dict[@]}" \
    -max_total_time="$seconds" -max_len="$(fuzz_max_len "$t")" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/$t-" >"$build/$t.log" 2>&1
  echo $? >"$build/$t.status"
}

say "fuzzing ${targets[*]} for ${seconds}s each, $fuzz_jobs at a time (seeds: tests/fuzz/corpus/<target>)"
running=0
for t in "${targets[@]}"; do
  rm -f "$build/$t.status"
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$fuzz_jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

failed=()
summary=()
for t in "${targets[@]}"; do
  log="$build/$t.log"
  status=$(cat "$build/$t.status" 2>/dev/null || echo 1)
  line="$t: exit $status, $(fuzz_log_figures "$log")"
  summary+=("$line")
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    echo "---- $t FAILED; end of its log ($log):"
    tail -n 60 "$log"
    ls -1 "$build/findings/$t"-* 2>/dev/null | sed 's/^/finding: /' || true
  fi
done

say "summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz.sh: FAILED: ${failed[*]} (reproduce: build/instrumented/tests/fuzz/<target> <finding file>)" >&2
  exit 1
fi
echo "fuzz.sh: all targets ran ${seconds}s without findings"
