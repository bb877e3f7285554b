#!/usr/bin/env bash
# escaque against chessops, chess.js and kokopu on ../shared/bench/anchors, in
# ONE run (issue 3's bars): perft through each JS API, the random-game
# workload, cold start in Node, and runtime sizes (gzip -9). Results: JSON in
# $OUT (default .cache/anchors-results) and a log; docs/benchmarks.md quotes them.
#
#   scripts/install-peers.sh          # chess.js, chessops, kokopu (+ esbuild below) in .cache/peers
#   npm run build                     # dist/
#   bench/anchors-compare.sh
#
# Environment (all optional):
#   ANCHORS_DIR           the shared anchors (default: ../shared/bench/anchors beside the repository)
#   ANCHORS_NODE_MODULES  where the peers are installed (default: .cache/peers/node_modules)
#   RUNS=3 GAMES=100 SLOW_RUNS=1 MAX_RUN_S=30 OUT=...
# chess.js is ~100x slower than the others: its perft and games run SLOW_RUNS
# times (no bar compares perft with chess.js; games runs are checked by hash).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${RUNS:-3}
GAMES=${GAMES:-100}
SLOW_RUNS=${SLOW_RUNS:-1}
MAX_RUN_S=${MAX_RUN_S:-30}
OUT=${OUT:-$ROOT/.cache/anchors-results}

if [ -z "${ANCHORS_DIR:-}" ]; then
  for d in "$ROOT/../shared/bench/anchors" "$ROOT/../../shared/bench/anchors"; do
    [ -f "$d/perft.mjs" ] && ANCHORS_DIR=$(cd "$d" && pwd) && break
  done
fi
[ -n "${ANCHORS_DIR:-}" ] && [ -f "$ANCHORS_DIR/perft.mjs" ] || {
  echo "anchors-compare: set ANCHORS_DIR to the shared anchors directory" >&2; exit 1; }
export ANCHORS_DIR
export ANCHORS_NODE_MODULES=${ANCHORS_NODE_MODULES:-$ROOT/.cache/peers/node_modules}
for p in chess.js chessops kokopu; do
  [ -f "$ANCHORS_NODE_MODULES/$p/package.json" ] || { echo "anchors-compare: run scripts/install-peers.sh" >&2; exit 1; }
done
if ! [ -f "$ANCHORS_NODE_MODULES/esbuild/package.json" ]; then
  echo "anchors-compare: installing esbuild (sizes only) into $ANCHORS_NODE_MODULES/.."
  (cd "$ANCHORS_NODE_MODULES/.." && npm install --no-audit --no-fund esbuild@0.28.2 >/dev/null)
fi
[ -f dist/escaque.wasm ] && [ -f dist/index.mjs ] || { echo "anchors-compare: npm run build first" >&2; exit 1; }

mkdir -p "$OUT"
ESCAQUE=$ROOT/bench/adapters/escaque.mjs
ESCAQUE_GAME=$ROOT/bench/adapters/escaque-game.mjs
A() { (cd "$ANCHORS_DIR" && node "$@"); }
echo "# anchors-compare $(date -u +%FT%TZ) node $(node --version) load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty')"

echo "## games (seed 1, $GAMES games, max 300 plies)"
A games.mjs "$ESCAQUE" --games "$GAMES" --runs "$RUNS" --out "$OUT/games-escaque.json"
A games.mjs chessops --games "$GAMES" --runs "$RUNS" --out "$OUT/games-chessops.json"
A games.mjs kokopu --games "$GAMES" --runs "$RUNS" --out "$OUT/games-kokopu.json"
A games.mjs chessjs --games "$GAMES" --runs "$SLOW_RUNS" --out "$OUT/games-chessjs.json"
echo "## games, escaque's Chess class (full FIDE game: history, dead-position analysis)"
A games.mjs "$ESCAQUE_GAME" --games "$GAMES" --runs "$RUNS" --out "$OUT/games-escaque-game.json"

echo "## perft (every leaf played; deep entries only if <= $MAX_RUN_S s per run)"
A perft.mjs "$ESCAQUE" --runs "$RUNS" --max-run-s "$MAX_RUN_S" --out "$OUT/perft-escaque.json"
A perft.mjs chessops --runs "$RUNS" --max-run-s "$MAX_RUN_S" --out "$OUT/perft-chessops.json"
A perft.mjs kokopu --runs "$RUNS" --max-run-s "$MAX_RUN_S" --out "$OUT/perft-kokopu.json"
A perft.mjs chessjs --runs "$SLOW_RUNS" --max-run-s "$MAX_RUN_S" --out "$OUT/perft-chessjs.json"

echo "## perft, escaque's UCI command line on the WASM build (bulk-counted leaves, like Stockfish)"
A perft.mjs "$ROOT/bench/adapters/escaque-uci.mjs" --runs "$RUNS" --max-run-s "$MAX_RUN_S" --out "$OUT/perft-escaque-uci.json"

echo "## cold start (fresh node per run: import -> first legal-move list; UCI: spawn -> readyok)"
A coldstart.mjs "$ESCAQUE" chessjs chessops kokopu "$ROOT/bench/adapters/escaque-uci.mjs" --runs 5 \
  --out "$OUT/coldstart.json"

echo "## sizes (gzip -9)"
A sizes.mjs --out "$OUT/sizes.json"
# escaque's runtime files: what `import 'escaque'` + init() loads, and the whole package (+ the Engine's worker).
node bench/sizes-escaque.mjs --out "$OUT/sizes-escaque.json"
echo "# done $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
