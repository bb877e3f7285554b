#!/usr/bin/env bash
# Calibration matches for the strength levels (UCI_LimitStrength + UCI_Elo),
# one after the other, with bench/match.sh. Each argument is
#   ELO:OPPONENT:GAMES:TC        e.g. 1500:sf-1500:60:2+0.02
# The results land in .cache/results/escaque-<commit>-elo<ELO>-<OPPONENT>.*
# Environment: ENGINE (default: the native build), CONCURRENCY (default 2),
# EXTRA_OPTS (more ';'-separated UCI options for escaque).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
for spec in "$@"; do
  IFS=: read -r elo opponent games tc <<< "$spec"
  echo "=== escaque UCI_Elo=$elo vs $opponent, $games games at $tc ($(date -u +%T) UTC)"
  TAG="elo$elo" CONCURRENCY="${CONCURRENCY:-2}" \
    ENGINE_OPTS="UCI_LimitStrength=true;UCI_Elo=$elo;Move Overhead=100${EXTRA_OPTS:+;$EXTRA_OPTS}" \
    "$root/bench/match.sh" "$opponent" "$games" "$tc" 7 | sed -n '/summary/,$p'
done
