#!/usr/bin/env bash
# Compares the search speed of the native and the WebAssembly build in one
# run: ROUNDS alternating `bench DEPTH` runs of each (so both see the same
# machine load) and reports, per build, the median of
#  - the engine's own "Nodes/second" (wall clock: on a loaded machine this
#    mostly measures how much CPU the process was given), and
#  - nodes per CPU second (user + system time of the whole process, from
#    /usr/bin/time: Node's start-up, WASM compilation, JIT and GC threads
#    included, so this is conservative for the WASM build),
#  - nodes per CPU second of the search alone: as above, minus the median
#    CPU time of the same program started and quit without searching,
# their ratios, and whether both report the same `Nodes searched`.
#
#   bench/nps-native-vs-wasm.sh [ROUNDS] [DEPTH]     (defaults 5 and 13)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${1:-5}"
depth="${2:-13}"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
field() { sed -n "s|^$1: ||p" <<<"$2" | tr -d '\r'; }
declare -A wall cpu search nodes startup
startup_cpu() {  # startup_cpu NAME COMMAND...: CPU seconds of start + quit
  local name="$1"; shift
  echo quit | /usr/bin/time -f '%U %S' -o "$tmp" "$@" >/dev/null
  startup[$name]+="$(awk '{ printf "%.3f", $1 + $2 }' "$tmp") "
}
run() {  # run NAME COMMAND...
  local name="$1"; shift
  local out
  out="$(printf 'bench %s\nquit\n' "$depth" | /usr/bin/time -f '%U %S' -o "$tmp" "$@")"
  nodes[$name]="$(field 'Nodes searched' "$out")"
  wall[$name]+="$(field Nodes/second "$out") "
  cpu[$name]+="$(awk -v n="${nodes[$name]}" '{ printf "%d", n / ($1 + $2) }' "$tmp") "
  cputotal[$name]+="$(awk '{ printf "%.3f", $1 + $2 }' "$tmp") "
}
declare -A cputotal
for ((i = 1; i <= rounds; ++i)); do
  startup_cpu native "$root/build/native/escaque-uci"
  startup_cpu wasm node "$root/bin/escaque-uci.mjs"
  run native "$root/build/native/escaque-uci"
  run wasm node "$root/bin/escaque-uci.mjs"
  echo "round $i: wall nodes/s native/wasm: $(awk '{print $NF}' <<<"${wall[native]}")/$(awk '{print $NF}' <<<"${wall[wasm]}"),"\
       "nodes per CPU s: $(awk '{print $NF}' <<<"${cpu[native]}")/$(awk '{print $NF}' <<<"${cpu[wasm]}")"
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo "Nodes searched: native ${nodes[native]}, wasm ${nodes[wasm]}" \
     "($([[ "${nodes[native]}" == "${nodes[wasm]}" ]] && echo identical || echo DIFFERENT))"
for b in native wasm; do
  st="$(median "${startup[$b]}")"
  for t in ${cputotal[$b]}; do
    search[$b]+="$(awk -v n="${nodes[$b]}" -v t="$t" -v s="$st" 'BEGIN { printf "%d", n / (t - s) }') "
  done
  echo "$b: start-up + quit takes $st CPU s (median)"
done
for k in wall cpu search; do
  declare -n m="$k"
  n="$(median "${m[native]}")"; w="$(median "${m[wasm]}")"
  awk -v k="$k" -v n="$n" -v w="$w" 'BEGIN { printf "median %s nodes/s: native %d, wasm %d, wasm/native %.1f%%\n",
      (k == "wall" ? "wall-clock" : k == "cpu" ? "per-CPU-second" : "per-CPU-second (search only)"), n, w, 100 * w / n }'
done
