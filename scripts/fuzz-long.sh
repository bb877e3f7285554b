#!/usr/bin/env bash
# Opt-in long fuzzing (not part of npm test): builds the libFuzzer targets like scripts/fuzz.sh,
# then runs each target, one after the other, until it has FUZZ_RUNS executions (default 10^7),
# niced so that a shared machine stays usable. Resumable: a target runs in chunks of FUZZ_CHUNK
# executions (default 10^6), each appended to build/instrumented/long/summary.txt as it ends, one
# line per chunk:
#   <UTC start> <code key> <target>: exit <status>, <N> runs, <R> exec/s, cov: <C>, <S> s[, finding: <file>]
# and a run started again (after a kill, a reboot, or to go on in the background later) counts the
# executions its summary already holds for the same fuzzed code and target and runs only the rest; a
# target that reached FUZZ_RUNS is skipped. The code key is "code-" and a hash of the committed trees of
# src/, tests/fuzz/ and the build files, so a later commit that leaves them alone goes on counting; a
# tree with uncommitted changes there counts as "<key>+changes", apart. (Lines from before session 10
# carry a commit instead.) Each chunk starts from the committed seeds
# plus the corpus the earlier chunks grew (build/instrumented/corpus/<target>), and a target stops at
# its first finding. The last chunk's full libFuzzer log is build/instrumented/long/<target>.log.
# Exits non-zero if any target had a finding (reproduce it with
# build/instrumented/tests/fuzz/<target> <finding file>).
#
#   scripts/fuzz-long.sh                           every target, 10^7 executions each
#   FUZZ_RUNS=1000000 scripts/fuzz-long.sh pgn_fuzz uci_session_fuzz
#   nohup nice -n 19 scripts/fuzz-long.sh >/dev/null 2>&1 &    in the background; run it again to resume
#
# Environment: FUZZ_RUNS, FUZZ_CHUNK, FUZZ_MAX_SECONDS (optional: also stop each target after this
#              many seconds in this invocation, for a machine too slow to reach FUZZ_RUNS; running
#              the script again goes on from there), FUZZ_NICE (default 10), FUZZ_TIMEOUT (seconds
#              per input, wall-clock, default 10: a timeout is run again alone and, if it then ends
#              within a tenth of that, recorded as the machine's load, not a finding), CXX (default
#              clang++), JOBS (build parallelism, default 2), FUZZ_INSTANCE (a name for a second
#              invocation fuzzing the same target at once, on another core: it gets a log of its own,
#              <target>.<name>.log, shares the corpus, and both count the chunks either records).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${FUZZ_RUNS:-10000000}"
chunk="${FUZZ_CHUNK:-1000000}"
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
# The chunks are keyed by the fuzzed code, not the commit: "code-" and a hash of the git trees of what
# the target runs (the rules' folders of src/, all of src/ for the two UCI targets, tests/fuzz/ and the
# build files), so commits that change none of it (docs, the web app, the package's JS, the engine for
# the rules' targets) keep counting towards the goal. Uncommitted changes there: "<key>+changes".
code_key() {
  local paths=(src/core src/notation src/rules tests/fuzz CMakeLists.txt cmake scripts/lib/fuzz-targets.sh)
  case "$1" in uci_*) paths+=(src) ;; esac
  local key
  key=code-$( (for p in "${paths[@]}"; do git -C "$root" rev-parse "HEAD:$p" 2>/dev/null || echo "?"; done) \
    | sha1sum | cut -c1-10)
  [ -z "$(git -C "$root" status --porcelain -- "${paths[@]}" 2>/dev/null)" ] || key="$key+changes"
  echo "$key"
}

# Executions already recorded for target $1 with the code key in $commit (chunks that ended without a
# finding).
recorded_runs() {
  [ -f "$long/summary.txt" ] || { echo 0; return; }
  awk -v c="$commit" -v t="$1:" '$2 == c && $3 == t && $5 == "0," { n += $6 } END { print n + 0 }' \
    "$long/summary.txt"
}

failed=()
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/$t"
  work="$build/corpus/$t"
  mkdir -p "$work"
  dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=(-dict="$root/tests/fuzz/$t.dict")
  log="$long/$t${FUZZ_INSTANCE:+.$FUZZ_INSTANCE}.log"
  commit=$(code_key "$t")
  done_runs=$(recorded_runs "$t")
  if [ "$done_runs" -ge "$runs" ]; then
    say "$t: $done_runs executions recorded at $commit already (goal $runs); skipping"
    continue
  fi
  say "fuzzing $t from $done_runs to $runs executions in chunks of $chunk$([ "$max_seconds" -gt 0 ] && echo " or ${max_seconds}s") (nice $niceness; log: $log)"
  t_start=$SECONDS
  while [ "$done_runs" -lt "$runs" ]; do
    left=$((runs - done_runs))
    this=$((left < chunk ? left : chunk))
    seconds=0
    if [ "$max_seconds" -gt 0 ]; then
      seconds=$((max_seconds - (SECONDS - t_start)))
      [ "$seconds" -gt 0 ] || break
    fi
    started=$(date -u +%Y-%m-%dT%H:%MZ)
    t0=$SECONDS
    set +e
    nice -n "$niceness" "$exe" "$work" "$root/tests/fuzz/corpus/$t" "${dict[@]}" -runs="$this" \
      -max_total_time="$seconds" \
      -max_len="$(fuzz_max_len "$t")" -timeout="$per_input" -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$findings/$t-" >"$log" 2>&1
    status=$?
    set -e
    found=$(grep -oE "Test unit written to .*" "$log" | sed 's/^Test unit written to //' | tail -1 || true)
    # libFuzzer's per-input timeout is wall-clock time, and a niced fuzzer on a busy machine can be
    # descheduled past it. A timeout is therefore run again alone, at normal priority: if the input
    # then ends within a tenth of the limit, it was the machine, not the input; the chunk counts as
    # ended (its executions up to then), the input is kept in findings/unconfirmed/, and fuzzing goes on.
    if [ "$status" -ne 0 ] && [[ "$found" == */"$t"-timeout-* ]]; then
      t1=$(date +%s%N)
      if timeout "$per_input" "$exe" "$found" >/dev/null 2>&1; then
        alone_ms=$((($(date +%s%N) - t1) / 1000000))
        if [ "$alone_ms" -lt $((per_input * 100)) ]; then
          mkdir -p "$findings/unconfirmed"
          mv "$found" "$findings/unconfirmed/"
          found="$findings/unconfirmed/$(basename "$found"): a timeout under load, not reproduced (${alone_ms} ms alone)"
          status=0
        fi
      fi
    fi
    line="$started $commit $t: exit $status, $(fuzz_log_figures "$log"), $((SECONDS - t0)) s"
    if [ -n "$found" ]; then
      if [ "$status" -eq 0 ]; then line="$line, note: $found"; else line="$line, finding: $found"; fi
    fi
    echo "$line" | tee -a "$long/summary.txt"
    if [ "$status" -ne 0 ]; then
      failed+=("$t")
      tail -n 40 "$log"
      break
    fi
    before=$done_runs
    done_runs=$(recorded_runs "$t")
    [ "$done_runs" -gt "$before" ] || { echo "fuzz-long.sh: $t made no progress; stopping it" >&2; break; }
  done
  say "$t: $done_runs executions recorded at $commit (goal $runs)"
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz-long.sh: FINDINGS in ${failed[*]} (see $long/summary.txt)" >&2
  exit 1
fi
echo "fuzz-long.sh: no findings (executions per target: $long/summary.txt; the goal was $runs)"
