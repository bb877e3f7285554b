#!/usr/bin/env bash
# Builds both variants; incremental (only what changed is rebuilt).
#   build/native/   Release build: escaque-uci, the unit tests, the libraries
#   dist/           the WebAssembly package: escaque.mjs, escaque.wasm, loader.mjs; and the app's
#                   script dist/app-bundle.js (scripts/bundle-app.mjs)
#
#   scripts/build.sh            both
#   scripts/build.sh native     only the native build
#   scripts/build.sh wasm       only the WebAssembly build
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"
case "$what" in
  all|native|wasm) ;;
  *) echo "usage: scripts/build.sh [all|native|wasm]" >&2; exit 2 ;;
esac
jobs="${ESCAQUE_JOBS:-2}"

if [[ "$what" == all || "$what" == native ]]; then
  echo "build: native (build/native)"
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release --log-level=WARNING
  cmake --build build/native -j"$jobs"
fi

if [[ "$what" == all || "$what" == wasm ]]; then
  echo "build: WebAssembly (build/wasm -> dist/)"
  if ! command -v emcmake >/dev/null 2>&1; then
    echo "build: emcmake not found; run scripts/setup.sh (installs Debian's emscripten)" >&2
    exit 1
  fi
  # Debian's Emscripten runs its JS tools with whatever `node` is first on
  # PATH; a Node that is not Debian's does not search /usr/share/nodejs, where
  # Debian's node-acorn lives.
  export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
  # emcmake echoes its whole cmake command line on stderr; show only the rest.
  configure_log="$(emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release --log-level=WARNING 2>&1)" \
    || { echo "$configure_log" >&2; exit 1; }
  grep -v -e '^configure: ' -e '^-- \(Configuring\|Generating\) done' -e '^-- Build files have been written' \
    <<<"$configure_log" || true
  cmake --build build/wasm -j"$jobs"
  # The browser app's one script (web/app.js + the board + the package's JS), from the files above.
  node scripts/bundle-app.mjs
fi
