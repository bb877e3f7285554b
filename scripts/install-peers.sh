#!/usr/bin/env bash
# Installs the peer libraries used only by benchmarks (never by the package or
# the tests) into .cache/peers, outside the project's own dependencies:
# stockfish@19 (WASM builds), chess.js, chessops, kokopu. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.cache/peers
want="stockfish@19.0.0 chess.js@1.4.0 chessops@0.15.1 kokopu@4.13.4"
mkdir -p "$dir"
if [ -f "$dir/node_modules/stockfish/package.json" ] && [ -f "$dir/node_modules/chess.js/package.json" ] \
   && [ -f "$dir/node_modules/chessops/package.json" ] && [ -f "$dir/node_modules/kokopu/package.json" ]; then
  echo "install-peers: already installed in $dir"
  exit 0
fi
echo "install-peers: npm install $want into $dir"
( cd "$dir" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund $want )
if ! [ -x /usr/games/stockfish ]; then
  echo "install-peers: installing Debian's stockfish (native reference engine)"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get install -y stockfish || { echo "install-peers: could not install stockfish" >&2; exit 1; }
fi
