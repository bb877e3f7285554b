// The files the npm package ships, exactly (package.json "files" plus what npm always adds):
// checked against `npm pack` by package-publish.test.mjs and api-pack.test.mjs.
import { readdirSync } from 'node:fs';

import { ROOT } from './helpers.mjs';

export function packageFiles() {
  // The board component (issue 5) ships as dist/board/, one file per bindings/js/board/ file.
  const board = readdirSync(`${ROOT}bindings/js/board`).map((f) => `dist/board/${f}`);
  const files = [
    'CHANGELOG.md', 'LICENSE', 'README.md', 'package.json', 'rules/package.json', 'pgn/package.json',
    'compat/chess.js/package.json', 'board/package.json', 'board/core/package.json', 'board/move-tree/package.json',
    'board/eval-graph/package.json', 'game/package.json', 'bin/escaque-uci.mjs', 'docs/api.md', 'docs/board.md',
    'dist/escaque.wasm', 'dist/escaque-rules.wasm', 'dist/escaque-engine.wasm', 'dist/escaque-engine-scalar.wasm', 'dist/escaque.mjs', 'dist/runtime.mjs', 'dist/loader.mjs', 'dist/node-files.mjs',
    'dist/errors.mjs', 'dist/squares.mjs', 'dist/setup.mjs',
    'dist/api.mjs', 'dist/index.mjs', 'dist/index.node.mjs', 'dist/index.d.ts', 'dist/index.cjs', 'dist/index.d.cts',
    'dist/rules.mjs', 'dist/rules.node.mjs', 'dist/rules.d.ts', 'dist/pgn.mjs', 'dist/pgn.d.ts',
    'dist/engine.mjs', 'dist/engine-worker.mjs', 'dist/engine-protocol.mjs', 'dist/node-builtin.mjs',
    'dist/compat/chess.mjs', 'dist/compat/chess.node.mjs', 'dist/compat/chess.d.ts', 'dist/compat/board.mjs',
    'dist/compat/chessjs-moves.mjs', 'dist/compat/fen.mjs', 'dist/compat/pgn.mjs',
    'dist/inline.mjs', 'dist/index.inline.mjs', 'dist/rules.inline.mjs',
    // Self-contained variants made from the board's and compat's files (scripts/minify-js.mjs).
    'dist/board/escaque-board.inline.js', 'dist/board/escaque-game.inline.js', 'dist/compat/chess.inline.mjs',
    ...board,
  ];
  // The generated modules of the self-contained entries (scripts/inline-assets.mjs; not minified sources).
  const inline = ['dist/inline/escaque-wasm.mjs', 'dist/inline/escaque-rules-wasm.mjs', 'dist/inline/engine-worker.mjs'];
  // Each JavaScript file of bindings/js is shipped minified with its source map beside it
  // (scripts/minify-js.mjs); Emscripten's glue (dist/escaque.mjs, generated) has none.
  const maps = files.filter((f) => f.startsWith('dist/') && /\.(mjs|cjs|js)$/.test(f) && f !== 'dist/escaque.mjs')
    .map((f) => `${f}.map`);
  return [...files, ...maps, ...inline].sort();
}
