#!/usr/bin/env bash
# Plays a match of the native escaque engine against a reference engine with
# the shared match runner (/work/shared/tools/match, see its README) and
# prints the runner's summary (score, Elo with 95% interval, faults).
#
#   bench/match.sh OPPONENT [GAMES] [TC] [SEED]
#
# OPPONENT: fairymax | phalanx | sf-ELO (Stockfish with UCI_LimitStrength, e.g. sf-2000)
# GAMES:    even number, default 100 (50 openings x 2 colours)
# TC:       base+increment in seconds, default 5+0.05
# SEED:     opening order, default 1
#
# Environment: ENGINE (default build/native/escaque-uci), MATCH_TOOLS
# (default /work/shared/tools/match), CONCURRENCY (default 1: the machine is
# shared). Needs node >= 18; installs chess.js 1.4.0 into .cache/match on first
# use and the Debian engines must be installed (apt-get install fairymax phalanx).
# Results go to .cache/results/<name>-<opponent>.{pgn,json,log}.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
opponent="${1:?usage: bench/match.sh fairymax|phalanx|sf-ELO [GAMES] [TC] [SEED]}"
games="${2:-100}"
tc="${3:-5+0.05}"
seed="${4:-1}"
tools="${MATCH_TOOLS:-/work/shared/tools/match}"
engine="${ENGINE:-$root/build/native/escaque-uci}"
concurrency="${CONCURRENCY:-1}"
export PATH="$PATH:/usr/games"

[[ -x "$engine" ]] || { echo "match.sh: engine '$engine' not found; build it first" >&2; exit 1; }
[[ -f "$tools/match.mjs" ]] || { echo "match.sh: match runner not found in '$tools'" >&2; exit 1; }

cache="$root/.cache"
if [[ ! -d "$cache/match/node_modules/chess.js" ]]; then
  mkdir -p "$cache/match"
  (cd "$cache/match" && npm init -y >/dev/null && npm install --silent chess.js@1.4.0)
fi
export MATCH_NODE_MODULES="$cache/match/node_modules"

case "$opponent" in
  fairymax) b=(--b "node $tools/xboard2uci.mjs 'fairymax'" --b-name Fairy-Max) ;;
  phalanx) b=(--b "node $tools/xboard2uci.mjs 'phalanx -b- -l-'" --b-name Phalanx) ;;
  sf-*) elo="${opponent#sf-}"
        b=(--b stockfish --b-opt UCI_LimitStrength=true --b-opt "UCI_Elo=$elo" --b-name "SF-$elo") ;;
  *) echo "match.sh: unknown opponent '$opponent' (fairymax, phalanx or sf-ELO)" >&2; exit 1 ;;
esac

# Play with a copy, so that rebuilding during the match does not change the engine under test.
mkdir -p "$cache/results"
name="escaque-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo local)"
snapshot="$cache/results/$name"
cp "$engine" "$snapshot"
out="$cache/results/$name-$opponent"
node "$tools/match.mjs" --a "$snapshot" --a-name "$name" "${b[@]}" \
  --games "$games" --tc "$tc" --concurrency "$concurrency" --seed "$seed" \
  --pgn "$out.pgn" --json "$out.json" | tee "$out.log"
