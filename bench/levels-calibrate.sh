#!/usr/bin/env bash
# Calibration matches for the strength levels (UCI_LimitStrength + UCI_Elo),
# one after the other, with bench/match.sh. Each argument is
#   ELO:OPPONENT:GAMES:TC        e.g. 1500:sf-1500:60:2+0.02
# The results land in .cache/results/escaque-<commit>[-<LABEL>]-elo<ELO>-<OPPONENT>.*
# Environment: ENGINE (default: the native build), CONCURRENCY (default 2),
# EXTRA_OPTS (more ';'-separated UCI options for escaque), LABEL (a round's name
# in the result files), MATCH_ARGS (runner arguments; default "--margin-ms 400":
# on this shared machine a process can stall for a few hundred ms, and a time
# forfeit from a stall says nothing about strength — Stockfish lost 2-9 of 60
# games that way with the runner's default 100 ms).
#
# Use Stockfish's own UCI_Elo levels (sf-ELO) as opponents: Stockfish picks its
# weakened move at depth 1 + skill level and the limited escaque levels search a
# fixed node budget, so neither side's strength depends on the machine's load
# (time-bound opponents such as Phalanx get weaker when the load is high).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
for spec in "$@"; do
  IFS=: read -r elo opponent games tc <<< "$spec"
  echo "=== escaque UCI_Elo=$elo vs $opponent, $games games at $tc ($(date -u +%T) UTC)"
  TAG="${LABEL:+$LABEL-}elo$elo" MATCH_ARGS="${MATCH_ARGS---margin-ms 400}" CONCURRENCY="${CONCURRENCY:-2}" \
    ENGINE_OPTS="UCI_LimitStrength=true;UCI_Elo=$elo;Move Overhead=100${EXTRA_OPTS:+;$EXTRA_OPTS}" \
    "$root/bench/match.sh" "$opponent" "$games" "$tc" 7 | sed -n '/summary/,$p'
done
