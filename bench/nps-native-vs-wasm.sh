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
#
# NNUE=1: both search with the network (`setoption name Use NNUE value true` first).
# The WASM command line runs escaque-engine.wasm (SIMD128) where the host has SIMD128;
# SCALAR=1 adds a third build to each round, "wasm-scalar": the same command line with
# ESCAQUE_WASM_SIMD=0 (escaque-engine-scalar.wasm, the fallback where SIMD128 is missing).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${1:-5}"
depth="${2:-13}"
setup=""
[[ "${NNUE:-0}" == 1 ]] && setup=$'setoption name Use NNUE value true\n'
builds=(native wasm)
[[ "${SCALAR:-0}" == 1 ]] && builds+=(wasm-scalar)
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
  out="$(printf '%sbench %s\nquit\n' "$setup" "$depth" | /usr/bin/time -f '%U %S' -o "$tmp" "$@")"
  nodes[$name]="$(field 'Nodes searched' "$out")"
  wall[$name]+="$(field Nodes/second "$out") "
  cpu[$name]+="$(awk -v n="${nodes[$name]}" '{ printf "%d", n / ($1 + $2) }' "$tmp") "
  cputotal[$name]+="$(awk '{ printf "%.3f", $1 + $2 }' "$tmp") "
}
declare -A cputotal
command_of() {  # command_of BUILD: the command line that runs it
  case "$1" in
    native) echo "$root/build/native/escaque-uci" ;;
    wasm) echo "node $root/bin/escaque-uci.mjs" ;;
    wasm-scalar) echo "env ESCAQUE_WASM_SIMD=0 node $root/bin/escaque-uci.mjs" ;;
  esac
}
last() { awk '{print $NF}' <<<"$1"; }
for ((i = 1; i <= rounds; ++i)); do
  for b in "${builds[@]}"; do
    # shellcheck disable=SC2046
    startup_cpu "$b" $(command_of "$b")
    # shellcheck disable=SC2046
    run "$b" $(command_of "$b")
  done
  line="round $i:"
  for b in "${builds[@]}"; do line+=" $b wall nodes/s $(last "${wall[$b]}"), per CPU s $(last "${cpu[$b]}");"; done
  echo "$line"
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
for b in "${builds[@]}"; do
  [[ "$b" == native ]] && continue
  echo "Nodes searched: native ${nodes[native]}, $b ${nodes[$b]}" \
       "($([[ "${nodes[native]}" == "${nodes[$b]}" ]] && echo identical || echo DIFFERENT))"
done
for b in "${builds[@]}"; do
  st="$(median "${startup[$b]}")"
  for t in ${cputotal[$b]}; do
    search[$b]+="$(awk -v n="${nodes[$b]}" -v t="$t" -v s="$st" 'BEGIN { printf "%d", n / (t - s) }') "
  done
  echo "$b: start-up + quit takes $st CPU s (median)"
done
for k in wall cpu search; do
  declare -n m="$k"
  n="$(median "${m[native]}")"
  for b in "${builds[@]}"; do
    [[ "$b" == native ]] && continue
    w="$(median "${m[$b]}")"
    awk -v k="$k" -v n="$n" -v w="$w" -v b="$b" 'BEGIN { printf "median %s nodes/s: native %d, %s %d, %s/native %.1f%%\n",
        (k == "wall" ? "wall-clock" : k == "cpu" ? "per-CPU-second" : "per-CPU-second (search only)"), n, b, w, b, 100 * w / n }'
  done
done
