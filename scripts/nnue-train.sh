#!/usr/bin/env bash
# Trains the evaluation network on the chunks of scripts/nnue-datagen.sh (tools/nnue/train.cpp;
# docs/engine.md, "NNUE evaluation") and writes it quantised. Builds the trainer in Release
# (build/nnue, no tests) and runs it on one thread at nice 19.
#
#   scripts/nnue-train.sh [DATA=/work/nnue-data] [OUT=.cache/nnue/net.nnue] [TRAINER OPTIONS...]
#   e.g. scripts/nnue-train.sh /work/nnue-data .cache/nnue/net.nnue --epochs 30 --lambda 0.75
#        scripts/nnue-train.sh /work/nnue-data .cache/nnue/net2.nnue --init src/engine/nnue/default.nnue
# To make a trained net the engine's: cp OUT src/engine/nnue/default.nnue and rebuild.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="${1:-/work/nnue-data}" out="${2:-$root/.cache/nnue/net.nnue}"
shift $(( $# > 2 ? 2 : $# ))
cmake -S "$root" -B "$root/build/nnue" -DCMAKE_BUILD_TYPE=Release -DESCAQUE_TESTS=OFF --log-level=WARNING
cmake --build "$root/build/nnue" -j"${ESCAQUE_JOBS:-2}" --target escaque_nnue_train
mkdir -p "$(dirname "$out")"
exec nice -n 19 "$root/build/nnue/tools/nnue/escaque_nnue_train" --data "$data" --out "$out" "$@"
