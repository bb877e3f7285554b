#!/usr/bin/env bash
# Plays a match of the escaque engine (native, or the WebAssembly build under
# Node) against a reference engine with the shared match runner
# (/work/shared/tools/match, see its README) and prints the runner's summary
# (score, Elo with 95% interval, faults).
#
#   bench/match.sh OPPONENT [GAMES] [TC] [SEED]
#
# OPPONENT: fairymax | phalanx | toga | glaurung | ethereal
#           | sf-ELO       Stockfish with UCI_LimitStrength at UCI_Elo=ELO (e.g. sf-1500)
#           | escaque-ELO  the same escaque snapshot with UCI_LimitStrength at UCI_Elo=ELO
#           | escaque      the same escaque snapshot with OPP_OPTS only (e.g. OPP_OPTS="Use NNUE=false")
#           | file:PATH    another UCI binary, e.g. an escaque built from another commit (copied first)
# GAMES:    even number, default 100 (50 openings x 2 colours)
# TC:       base+increment in seconds, default 5+0.05
# SEED:     opening order, default 1
#
# Environment:
#   ENGINE       the engine under test: a path to a native binary (default
#                build/native/escaque-uci), "wasm" (this checkout's dist/ +
#                bin/escaque-uci.mjs, run with node), or any command line with
#                arguments (run as given, e.g. "node /x/bin/escaque-uci.mjs").
#                A binary and "wasm" are copied first, so that rebuilding during
#                the match does not change the engine under test.
#   ENGINE_OPTS  UCI options for it, ';'-separated NAME=VALUE pairs, e.g.
#                "Move Overhead=100;UCI_LimitStrength=true;UCI_Elo=1500"
#   OPP_OPTS     UCI options for the opponent, same format (e.g. "Move Overhead=200" for
#                Stockfish on a loaded machine)
#   TAG          suffix for the result file names and the engine's name (e.g. elo1500)
#   MATCH_TOOLS  runner directory (default /work/shared/tools/match)
#   CONCURRENCY  games in parallel (default 1: the machine is shared)
#   MATCH_ARGS   extra runner arguments (e.g. "--start-timeout 60000")
# Needs node >= 18; installs chess.js 1.4.0 into .cache/match on first use; the
# Debian engines must be installed (apt-get install fairymax phalanx toga2
# glaurung ethereal-chess stockfish).
# Results go to .cache/results/<name>[-TAG]-<opponent>.{pgn,json,log}.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
opponent="${1:?usage: bench/match.sh OPPONENT [GAMES] [TC] [SEED] (see the header)}"
games="${2:-100}"
tc="${3:-5+0.05}"
seed="${4:-1}"
tools="${MATCH_TOOLS:-/work/shared/tools/match}"
engine="${ENGINE:-$root/build/native/escaque-uci}"
concurrency="${CONCURRENCY:-1}"
tag="${TAG:-}"
export PATH="$PATH:/usr/games"

[[ -f "$tools/match.mjs" ]] || { echo "match.sh: match runner not found in '$tools'" >&2; exit 1; }

cache="$root/.cache"
if [[ ! -d "$cache/match/node_modules/chess.js" ]]; then
  mkdir -p "$cache/match"
  (cd "$cache/match" && npm init -y >/dev/null && npm install --silent chess.js@1.4.0)
fi
export MATCH_NODE_MODULES="$cache/match/node_modules"

# The engine under test, as a snapshot where possible.
mkdir -p "$cache/results"
name="escaque-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo local)"
tagged() { echo "$1${tag:+-$tag}"; }  # one snapshot per tag: matches may run side by side
start_timeout=()
if [[ "$engine" == wasm ]]; then
  [[ -f "$root/dist/escaque.wasm" ]] || { echo "match.sh: dist/ not built (npm run build)" >&2; exit 1; }
  name="$name-wasm"
  snapshot="$cache/results/$(tagged "$name")"
  rm -rf "$snapshot" && mkdir -p "$snapshot/bin"
  cp -r "$root/dist" "$snapshot/dist"
  cp "$root/bin/escaque-uci.mjs" "$snapshot/bin/"
  command_a="node $snapshot/bin/escaque-uci.mjs"
  start_timeout=(--start-timeout 60000)
elif [[ -f "$engine" && -x "$engine" ]]; then
  snapshot="$cache/results/$(tagged "$name")"
  cp "$engine" "$snapshot"
  command_a="$snapshot"
elif [[ "$engine" == *" "* ]]; then
  command_a="$engine"  # a command line: run as given (no snapshot)
  start_timeout=(--start-timeout 60000)
else
  echo "match.sh: engine '$engine' not found; build it first" >&2; exit 1
fi
[[ -n "$tag" ]] && name="$name-$tag"

a_opts=()
if [[ -n "${ENGINE_OPTS:-}" ]]; then
  IFS=';' read -r -a pairs <<< "$ENGINE_OPTS"
  for p in "${pairs[@]}"; do [[ -n "$p" ]] && a_opts+=(--a-opt "$p"); done
fi

b_opts=()
if [[ -n "${OPP_OPTS:-}" ]]; then
  IFS=';' read -r -a pairs <<< "$OPP_OPTS"
  for p in "${pairs[@]}"; do [[ -n "$p" ]] && b_opts+=(--b-opt "$p"); done
fi

case "$opponent" in
  fairymax) b=(--b "node $tools/xboard2uci.mjs 'fairymax'" --b-name Fairy-Max) ;;
  phalanx) b=(--b "node $tools/xboard2uci.mjs 'phalanx -b- -l-'" --b-name Phalanx) ;;
  toga) b=(--b toga2 --b-opt OwnBook=false --b-name Toga2) ;;
  glaurung) b=(--b glaurung --b-opt OwnBook=false --b-opt Threads=1 --b-name Glaurung) ;;
  ethereal) b=(--b ethereal-chess --b-name Ethereal) ;;
  sf-*) elo="${opponent#sf-}"
        b=(--b stockfish --b-opt UCI_LimitStrength=true --b-opt "UCI_Elo=$elo" --b-name "SF-$elo") ;;
  escaque) b=(--b "$command_a" --b-name escaque-opp) ;;
  file:*) opp="${opponent#file:}"
        [[ -f "$opp" && -x "$opp" ]] || { echo "match.sh: opponent binary '$opp' not found" >&2; exit 1; }
        opponent="$(basename "$opp")"
        opp_snapshot="$cache/results/opp-$(tagged "$opponent")"
        cp "$opp" "$opp_snapshot"
        b=(--b "$opp_snapshot" --b-name "$opponent") ;;
  escaque-*) elo="${opponent#escaque-}"
        b=(--b "$command_a" --b-opt UCI_LimitStrength=true --b-opt "UCI_Elo=$elo" --b-name "escaque-L$elo") ;;
  *) echo "match.sh: unknown opponent '$opponent' (see the header of bench/match.sh)" >&2; exit 1 ;;
esac

out="$cache/results/$name-$opponent"
# shellcheck disable=SC2086
node "$tools/match.mjs" --a "$command_a" --a-name "$name" "${a_opts[@]}" "${b[@]}" "${b_opts[@]}" \
  --games "$games" --tc "$tc" --concurrency "$concurrency" --seed "$seed" "${start_timeout[@]}" \
  ${MATCH_ARGS:-} --pgn "$out.pgn" --json "$out.json" | tee "$out.log"
