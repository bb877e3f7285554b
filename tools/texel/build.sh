#!/usr/bin/env bash
# Builds the Texel tools against the native Release build of the core:
#   cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build build/native -j2
#   tools/texel/build.sh [TOOL...] -> build/native/escaque-{datagen,texel,match}
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
lib="$root/build/native/libescaque_core.a"
engine="$root/build/native/libescaque_engine.a"   # the search and evaluation (the core has no engine)
[[ -f "$lib" && -f "$engine" ]] || { echo "build the native Release tree first (missing $lib or $engine)" >&2; exit 1; }
tools=("$@")
[[ ${#tools[@]} -gt 0 ]] || tools=(datagen texel match)
for tool in "${tools[@]}"; do
  g++ -std=c++20 -O3 -march=native -Wall -Wextra -I"$root/src" "$root/tools/texel/$tool.cpp" "$engine" "$lib" \
    -o "$root/build/native/escaque-$tool"
done
