#!/usr/bin/env node
// Size of the <escaque-board> component as a page would ship it: bundled and
// minified with esbuild, then gzip -9 — the WebAssembly package it imports
// and the piece artwork (pieces.js) excluded, its CSS included (it lives in
// the JS). Beside it, the same treatment of chessground and cm-chessboard
// (installed into .cache/peers-board by this script; never dependencies):
// their JS, and separately their base CSS (their piece sets excluded too).
//
//   node scripts/board-size.mjs          prints a table (docs/benchmarks.md)
//   node scripts/board-size.mjs --json   the figures as JSON
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEERS = join(ROOT, '.cache', 'peers-board');
const PEER_VERSIONS = { chessground: '9.2.1', 'cm-chessboard': '8.15.1' };
const BUDGET = 15 * 1024;

function installPeers() {
  const missing = Object.keys(PEER_VERSIONS).some((n) => !existsSync(join(PEERS, 'node_modules', n, 'package.json')));
  if (!missing) return;
  mkdirSync(PEERS, { recursive: true });
  if (!existsSync(join(PEERS, 'package.json'))) writeFileSync(join(PEERS, 'package.json'), '{"private":true}\n');
  const specs = Object.entries(PEER_VERSIONS).map(([n, v]) => `${n}@${v}`);
  console.error(`board-size: npm install ${specs.join(' ')} into .cache/peers-board`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], { cwd: PEERS, stdio: 'inherit' });
}

// Bundles `entry` (or several entries re-exported from one stdin module),
// minified; `external` paths are left out of the bundle.
async function minified(contents, resolveDir, external = []) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' }, bundle: true, minify: true, format: 'esm', write: false,
    target: 'es2022', legalComments: 'none', logLevel: 'silent',
    plugins: [{ name: 'exclude', setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => (external.some((x) => args.path.endsWith(x))
        ? { path: args.path, external: true } : undefined));
    } }],
  });
  return result.outputFiles[0].contents;
}

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The component alone: {min, gzip} bytes (used by tests/browser/board-performance.test.mjs).
export async function boardSize() {
  const bytes = await minified("export * from './escaque-board.js';", join(ROOT, 'bindings', 'js', 'board'),
    ['../index.mjs', './pieces.js']);
  return { min: bytes.length, gzip: gz(bytes) };
}
export const BOARD_BUDGET_BYTES = BUDGET;

async function measure() {
  installPeers();
  const rows = [];
  const add = (name, what, bytes) => rows.push({ name, what, min: bytes.length, gzip: gz(bytes) });

  const board = join(ROOT, 'bindings', 'js', 'board');
  add('escaque-board', 'JS incl. CSS, pieces excluded',
    await minified("export * from './escaque-board.js';", board, ['../index.mjs', './pieces.js']));
  add('escaque-board', 'pieces.js (own SVG set)', await minified("export * from './pieces.js';", board));
  add('escaque-board', 'of which the rules-free core + <escaque-board-core>, pieces excluded',
    await minified("export * from './board-core-element.js';", board, ['./pieces.js']));
  add('escaque-board', 'JS incl. CSS and pieces',
    await minified("export * from './escaque-board.js';", board, ['../index.mjs']));

  const cg = join(PEERS, 'node_modules', 'chessground');
  add(`chessground ${PEER_VERSIONS.chessground}`, 'JS (dist/chessground.js bundled)',
    await minified("export * from './dist/chessground.js';", cg));
  add(`chessground ${PEER_VERSIONS.chessground}`, 'CSS (chessground.base.css)',
    Buffer.from(minCss(readFileSync(join(cg, 'assets', 'chessground.base.css'), 'utf8'))));

  const cm = join(PEERS, 'node_modules', 'cm-chessboard');
  add(`cm-chessboard ${PEER_VERSIONS['cm-chessboard']}`, 'JS core (src/Chessboard.js)',
    await minified("export * from './src/Chessboard.js';", cm));
  add(`cm-chessboard ${PEER_VERSIONS['cm-chessboard']}`, 'JS core + markers, arrows, promotion, accessibility',
    await minified(['Chessboard.js', 'extensions/markers/Markers.js', 'extensions/arrows/Arrows.js',
      'extensions/promotion-dialog/PromotionDialog.js', 'extensions/accessibility/Accessibility.js']
      .map((f) => `export * from './src/${f}';`).join('\n'), cm));
  add(`cm-chessboard ${PEER_VERSIONS['cm-chessboard']}`, 'CSS (assets/chessboard.css)',
    Buffer.from(minCss(readFileSync(join(cm, 'assets', 'chessboard.css'), 'utf8'))));
  return rows;
}

// Whitespace and comments out: enough to compare CSS fairly (ours is written tight).
function minCss(css) {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{}:;,>])\s*/g, '$1').trim();
}

async function main() {
  const rows = await measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log('| library | what | minified | min + gzip -9 |');
    console.log('|---|---|---:|---:|');
    for (const r of rows) console.log(`| ${r.name} | ${r.what} | ${kb(r.min)} | ${kb(r.gzip)} |`);
  }
  const ours = rows[0].gzip;
  if (ours > BUDGET) {
    console.error(`board-size: escaque-board is ${ours} B gzip, over the ${BUDGET} B budget`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
