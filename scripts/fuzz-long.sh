#!/usr/bin/env bash
# Opt-in long fuzzing (not part of npm test): builds the libFuzzer targets like scripts/fuzz.sh,
# then runs each target, one after the other, for FUZZ_RUNS executions (default 10^7), niced so
# that a shared machine stays usable. Each run starts from the committed seeds plus the corpus the
# earlier runs grew (build/instrumented/corpus/<target>), and stops at the first finding.
# What ran is appended to build/instrumented/long/summary.txt, one line per target:
#   <UTC start> <commit> <target>: exit <status>, <N> runs, <R> exec/s, cov: <C>, <S> s[, finding: <file>]
# with the full libFuzzer log in build/instrumented/long/<target>.log. Exits non-zero if any target had a
# finding (reproduce it with build/instrumented/tests/fuzz/<target> <finding file>).
#
#   scripts/fuzz-long.sh                           every target, 10^7 executions each
#   FUZZ_RUNS=1000000 scripts/fuzz-long.sh pgn_fuzz uci_session_fuzz
#
# Environment: FUZZ_RUNS, FUZZ_MAX_SECONDS (optional: also stop a target after this many seconds,
#              for a machine too slow to reach FUZZ_RUNS; the summary line says how many ran),
#              FUZZ_NICE (default 10), FUZZ_TIMEOUT (seconds per input, default 10),
#              CXX (default clang++), JOBS (build parallelism, default 2).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${FUZZ_RUNS:-10000000}"
niceness="${FUZZ_NICE:-10}"
per_input="${FUZZ_TIMEOUT:-10}"
max_seconds="${FUZZ_MAX_SECONDS:-0}"
cxx="${CXX:-clang++}"
jobs="${JOBS:-2}"

source "$root/scripts/lib/fuzz-targets.sh"
fuzz_build_targets fuzz-long.sh "$@"
long="$build/long"
findings="$long/findings"
mkdir -p "$long" "$findings"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')
[ -z "$(git -C "$root" status --porcelain -- src tests/fuzz 2>/dev/null)" ] || commit="$commit+changes"

failed=()
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/$t"
  work="$build/corpus/$t"
  mkdir -p "$work"
  dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=(-dict="$root/tests/fuzz/$t.dict")
  log="$long/$t.log"
  started=$(date -u +%Y-%m-%dT%H:%MZ)
  say "fuzzing $t for $runs executions$([ "$max_seconds" -gt 0 ] && echo " or ${max_seconds}s") (nice $niceness; log: $log)"
  t0=$SECONDS
  set +e
  nice -n "$niceness" "$exe" "$work" "$root/tests/fuzz/corpus/$t" "${dict[@]}" -runs="$runs" \
    -max_total_time="$max_seconds" \
    -max_len="$(fuzz_max_len "$t")" -timeout="$per_input" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/$t-" >"$log" 2>&1
  status=$?
  set -e
  line="$started $commit $t: exit $status, $(fuzz_log_figures "$log"), $((SECONDS - t0)) s"
  found=$(grep -oE "Test unit written to .*" "$log" | sed 's/^Test unit written to //' | tail -1 || true)
  [ -n "$found" ] && line="$line, finding: $found"
  echo "$line" | tee -a "$long/summary.txt"
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    tail -n 40 "$log"
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz-long.sh: FINDINGS in ${failed[*]} (see $long/summary.txt)" >&2
  exit 1
fi
echo "fuzz-long.sh: no findings (executions per target: $long/summary.txt; the goal was $runs)"
