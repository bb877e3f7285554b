// web/index.html preloads (modulepreload) every module the app needs before the board takes moves:
// the import graph of web/app.js (which imports app/main.js dynamically) and of the board component;
// and nothing else (the new-game dialog and the service worker's registration load afterwards).
// A module left out is only discovered when its importer has arrived, one network round later per
// level (the package's index -> engine.mjs -> engine-protocol.mjs cost two such rounds on a first
// visit), so this guards the first visit's time to interactive.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const WEB = new URL('web/', ROOT);

// A served URL path ("/dist/x.mjs", "/app/y.js") -> the file behind it (scripts/serve.mjs's mapping).
function fileOf(path) {
  return path.startsWith('/dist/') ? new URL(`.${path}`, ROOT) : new URL(`.${path}`, WEB);
}

// Static imports and re-exports (`import x from '...'`, `import '...'`, `export ... from '...'`), and
// with `dynamic` the dynamic imports of a literal name too (app.js's `import('./app/main.js')`; the
// app's other dynamic imports load what is not needed to play, after the board takes moves).
function startImports(source, dynamic) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const fixed = [...code.matchAll(/^\s*(?:import|export)\s+(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/gm)];
  const late = dynamic ? [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)] : [];
  return [...fixed, ...late].map((m) => m[1]);
}

function graph(entries) {
  const seen = new Set();
  const todo = [...entries];
  while (todo.length) {
    const path = todo.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const file = fileOf(path);
    assert.ok(existsSync(file), `${path} is imported but ${file.pathname} does not exist (npm run build first?)`);
    for (const spec of startImports(readFileSync(file, 'utf8'), path === '/app.js')) {
      if (!spec.startsWith('.')) continue;  // node: builtins in Node-only branches
      todo.push(new URL(spec, `http://x${path}`).pathname);
    }
  }
  return seen;
}

const html = readFileSync(new URL('index.html', WEB), 'utf8');
const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => `/${m[1]}`));

test('the import graph walker finds the known chain index.mjs -> engine.mjs -> engine-protocol.mjs', () => {
  const g = graph(['/dist/index.mjs']);
  for (const p of ['/dist/loader.mjs', '/dist/escaque.mjs', '/dist/engine.mjs', '/dist/engine-protocol.mjs']) {
    assert.ok(g.has(p), p);
  }
});

test('every module of the app and of the board component is modulepreloaded', () => {
  const main = readFileSync(new URL('app/main.js', WEB), 'utf8');
  const board = /const BOARD_MODULE = '([^']+)'/.exec(main);
  assert.ok(board, 'web/app/main.js names its BOARD_MODULE');
  const needed = graph(['/app.js', new URL(board[1], 'http://x/app/main.js').pathname]);
  assert.ok(needed.size >= 25, `only ${needed.size} modules found`);
  for (const path of needed) {
    if (path === '/app.js') continue;  // the page's own <script type="module">
    assert.ok(preloaded.has(path), `${path.slice(1)} is imported at start but not modulepreloaded in web/index.html`);
  }
});

test('nothing is preloaded that the start does not import (a wasted request)', () => {
  const main = readFileSync(new URL('app/main.js', WEB), 'utf8');
  const board = /const BOARD_MODULE = '([^']+)'/.exec(main)[1];
  const needed = graph(['/app.js', new URL(board, 'http://x/app/main.js').pathname]);
  for (const path of preloaded) assert.ok(needed.has(path), `${path.slice(1)} is preloaded but not imported at start`);
});
