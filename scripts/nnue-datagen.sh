#!/usr/bin/env bash
# NNUE training data from self-play (tools/nnue/datagen.cpp; format in docs/engine.md).
# Builds the generator in Release (build/nnue, no tests), copies the binary next to the data (so a
# rebuild never swaps it under a running generator) and runs chunks FIRST .. FIRST+CHUNKS-1 on one
# thread. Chunks already on disk are skipped: re-run the same command to resume.
#
#   scripts/nnue-datagen.sh [OUT=/work/nnue-data] [CHUNKS=2000] [FIRST=0]
#   NODES=6000 GAMES=50 scripts/nnue-datagen.sh ...          (nodes per move, games per chunk)
#   NET=1 scripts/nnue-datagen.sh /work/nnue-data 2000 100000   (games searched with the built-in net;
#                                                                a chunk range of their own)
#   nohup nice -n 19 scripts/nnue-datagen.sh /work/nnue-data > /work/nnue-data/log.txt 2>&1 &
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-/work/nnue-data}" chunks="${2:-2000}" first="${3:-0}"
nodes="${NODES:-6000}" games="${GAMES:-50}" net="${NET:-0}"
cmake -S "$root" -B "$root/build/nnue" -DCMAKE_BUILD_TYPE=Release -DESCAQUE_TESTS=OFF --log-level=WARNING
cmake --build "$root/build/nnue" -j"${ESCAQUE_JOBS:-2}" --target escaque_nnue_datagen
mkdir -p "$out"
cp "$root/build/nnue/tools/nnue/escaque_nnue_datagen" "$out/escaque_nnue_datagen.tmp"
mv "$out/escaque_nnue_datagen.tmp" "$out/escaque_nnue_datagen"
echo "nnue-datagen: chunks $first..$((first + chunks - 1)) into $out, $nodes nodes/move, $games games/chunk, net $net, $(date -u)"
exec "$out/escaque_nnue_datagen" --out "$out" --first "$first" --chunks "$chunks" --games "$games" --nodes "$nodes" --net "$net"
