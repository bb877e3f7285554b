#!/usr/bin/env bash
# Fixed-node match of two weight sets (see match.cpp), split over two
# processes (the machine's limit), then added up with the Elo difference and
# its 95% interval (normal approximation over games; draws counted).
#
#   tools/texel/match.sh BASE CANDIDATE OPENINGS NODES [SEED=1] [LOGDIR=.cache/texel]
#   e.g. tools/texel/match.sh hand .cache/texel/tuned.inc 200 20000   # 400 games
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
base="$1" cand="$2" openings="$3" nodes="$4" seed="${5:-1}" logdir="${6:-$root/.cache/texel}"
mkdir -p "$logdir"
half=$((openings / 2))
"$root/build/native/escaque-match" "$base" "$cand" --openings "$half" --first 0 --nodes "$nodes" --seed "$seed" \
  > "$logdir/match-a.log" &
pa=$!
"$root/build/native/escaque-match" "$base" "$cand" --openings "$((openings - half))" --first "$half" \
  --nodes "$nodes" --seed "$seed" > "$logdir/match-b.log" &
pb=$!
wait "$pa" "$pb"
cat "$logdir"/match-a.log "$logdir"/match-b.log | awk '
  /^games/ { w += $4; d += $6; l += $8 }
  END {
    n = w + d + l; s = (w + d / 2) / n
    var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * (0 - s) ^ 2) / n
    se = sqrt(var / n); lo = s - 1.96 * se; hi = s + 1.96 * se
    printf "candidate vs base: %d games, +%d =%d -%d, score %.1f%%, Elo %+.1f [%+.1f, %+.1f] (95%%)\n",
      n, w, d, l, 100 * s, elo(s), elo(lo), elo(hi)
  }
  function elo(x) { if (x <= 0) return -999; if (x >= 1) return 999; return -400 * log(1 / x - 1) / log(10) }'
