#!/usr/bin/env bash
# Opt-in (not part of npm test): `npm test` from a fresh clean clone, N times in a row, stopping at the
# first failure (issue 17's "green 5 times in a row from a clean clone while another CPU-heavy job
# runs"). Each run clones the commit given (default HEAD) into a new temporary folder, runs `npm test`
# there, and appends one line to the results file as it ends:
#   <UTC start> <commit> run <i>/<N>: <passed|FAILED in "<section>">, <m>m<ss>s, load <start> -> <end> (mean <m>, max <x>)
# The load is the 1-minute load average, sampled every 30 s during the run, so the line says how busy
# the machine was. A failed run's clone and full log are kept (their paths are in the line); a passed
# run's clone is removed and its log kept.
#
#   scripts/test-loop.sh                 5 runs of HEAD
#   scripts/test-loop.sh 3 f053dfa       3 runs of that commit
#
# Environment: TEST_LOOP_RESULTS (default .cache/test-loop/results.txt), TEST_LOOP_DIR (where clones and
# logs go, default .cache/test-loop).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
rev="$(git -C "$root" rev-parse --short "${2:-HEAD}")"
dir="${TEST_LOOP_DIR:-$root/.cache/test-loop}"
results="${TEST_LOOP_RESULTS:-$dir/results.txt}"
mkdir -p "$dir"

load1() { cut -d' ' -f1 /proc/loadavg; }

for ((i = 1; i <= runs; i++)); do
  clone="$(mktemp -d "$dir/clone-$rev-XXXX")"
  log="$dir/run-$rev-$(date -u +%Y%m%dT%H%M%SZ).log"
  git clone -q "$root" "$clone"
  git -C "$clone" checkout -q "$rev"
  samples="$dir/.load-$$"
  load1 >"$samples"
  (while sleep 30; do load1 >>"$samples"; done) &
  sampler=$!
  started="$(date -u +%Y-%m-%dT%H:%MZ)"
  t0=$SECONDS
  set +e
  (cd "$clone" && npm test) >"$log" 2>&1
  status=$?
  set -e
  elapsed=$((SECONDS - t0))
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  load1 >>"$samples"
  stats="$(awk 'NR == 1 {first = $1} {s += $1; if ($1 > m) m = $1; last = $1} END {printf "load %s -> %s (mean %.1f, max %s)", first, last, s / NR, m}' "$samples")"
  rm -f "$samples"
  took="$((elapsed / 60))m$(printf %02d $((elapsed % 60)))s"
  if ((status == 0)); then
    echo "$started $rev run $i/$runs: passed, $took, $stats; log $log" | tee -a "$results"
    rm -rf "$clone"
  else
    section="$(grep -o 'FAILED in section "[^"]*"' "$log" | tail -1 || true)"
    echo "$started $rev run $i/$runs: ${section:-FAILED (exit $status)}, $took, $stats; log $log, clone $clone" | tee -a "$results"
    exit 1
  fi
done
echo "test-loop: $runs of $runs runs of $rev passed"
