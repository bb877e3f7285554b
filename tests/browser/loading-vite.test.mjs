// The package through a bundler: a tiny page importing 'escaque' and
// 'escaque/compat/chess.js' is built by Vite and run in
// headless Chromium, on the main thread and in a module Web Worker, under a
// strict Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval').
// The package is resolved as an installed dependency would be (a symlink in
// node_modules), so the exports map, the .wasm asset URL and the top-level
// await of the compat entry all go through Vite's real pipeline.
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Vite is a locked devDependency (package.json, package-lock.json): `npm ci` (scripts/setup.sh)
// installs it with the rest, and this test never installs anything.
import { build } from 'vite';

import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'">
<title>escaque via vite</title></head>
<body><pre id="main">loading</pre><pre id="worker">loading</pre>
<script type="module" src="./main.js"></script></body></html>`;

// What both the page and the worker compute: a few moves through each entry point.
const PLAY = `
import { init, Chess as Game } from 'escaque';
import { Chess } from 'escaque/compat/chess.js';
export async function play() {
  const compat = new Chess();        // synchronous: the compat module awaited init() itself
  compat.move('e4'); compat.move({ from: 'e7', to: 'e5' }); compat.move('Nf3');
  await init();
  const game = new Game();
  game.move('d4'); game.move('Cf6', { language: 'es' });
  return { compat: compat.fen(), moves: compat.moves().length, main: game.fen(), inWorker: typeof document === 'undefined' };
}`;

const MAIN = `
import { play } from './play.js';
const show = (id, value) => { document.getElementById(id).textContent = JSON.stringify(value); };
play().then((r) => show('main', r), (e) => show('main', { error: String(e) }));
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (e) => show('worker', e.data);
worker.onerror = (e) => show('worker', { error: e.message ?? 'worker error' });`;

const WORKER = `
import { play } from './play.js';
play().then((r) => postMessage(r), (e) => postMessage({ error: String(e) }));`;

let dir;
let server;
let browser;
let baseUrl;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escaque-vite-'));
  const app = join(dir, 'app');
  await mkdir(join(app, 'node_modules'), { recursive: true });
  await symlink(ROOT, join(app, 'node_modules', 'escaque'), 'dir');
  await writeFile(join(app, 'index.html'), PAGE);
  await writeFile(join(app, 'play.js'), PLAY);
  await writeFile(join(app, 'main.js'), MAIN);
  await writeFile(join(app, 'worker.js'), WORKER);
  // Output in <dir>/web: scripts/serve.mjs serves <root>/web at /.
  await build({
    root: app, logLevel: 'error', configFile: false,
    build: { outDir: join(dir, 'web'), emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  });
  server = await startServer({ port: 0, root: dir });
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('Vite emits the .wasm as an asset and the bundle runs in Chromium, main thread and worker', async () => {
  const assets = await readdir(join(dir, 'web', 'assets'));
  assert.ok(assets.some((f) => /^escaque-.*\.wasm$/.test(f)), assets.join(' '));

  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text()); });
  // Every response but the browser's own favicon probe must succeed.
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`); });
  const wasmRequests = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasmRequests.push(r.url()); });
  await page.goto(baseUrl);
  const read = async (id) => {
    await page.waitForFunction((el) => document.getElementById(el).textContent !== 'loading', id, { timeout: 20_000 });
    return JSON.parse(await page.textContent(`#${id}`));
  };
  const expected = {
    compat: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
    moves: 29,   // black after 1. e4 e5 2. Nf3 (chess.js agrees)
    main: 'rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2',
  };
  assert.deepEqual(await read('main'), { ...expected, inWorker: false });
  assert.deepEqual(await read('worker'), { ...expected, inWorker: true });
  assert.deepEqual(problems, []);
  assert.ok(wasmRequests.every((u) => u.startsWith(baseUrl)), wasmRequests.join(' '));
  await page.close();
});

// Issue 13: with nothing but Vite's defaults (its worker build is a classic IIFE script), the Engine's
// worker is found, bundled with its imports, and searches; the page gets a move from it.
const ENGINE_MAIN = `
import { init, Chess, Engine } from 'escaque';
const out = document.getElementById('main');
try {
  await init();
  const game = new Chess();
  game.move('e4');
  const engine = new Engine();
  const { bestMove, bestMoveSan } = await engine.bestMove(game, { depth: 5 });
  out.textContent = JSON.stringify({ bestMove, bestMoveSan, legal: game.moves().some((m) => m.uci === bestMove) });
  engine.dispose?.();
} catch (e) {
  out.textContent = JSON.stringify({ error: e.name + ': ' + e.message });
}`;

test("Vite's production defaults: an Engine imported from 'escaque' plays a legal move", async () => {
  const root = await mkdtemp(join(tmpdir(), 'escaque-vite-engine-'));
  let engineServer;
  try {
    const app = join(root, 'app');
    await mkdir(join(app, 'node_modules'), { recursive: true });
    await symlink(ROOT, join(app, 'node_modules', 'escaque'), 'dir');
    await writeFile(join(app, 'index.html'), PAGE.replace('<pre id="worker">loading</pre>', ''));
    await writeFile(join(app, 'main.js'), ENGINE_MAIN);
    await build({ root: app, logLevel: 'error', configFile: false, build: { outDir: join(root, 'web'), emptyOutDir: true } });
    const assets = await readdir(join(root, 'web', 'assets'));
    assert.ok(assets.some((f) => /^engine-worker-.*\.js$/.test(f)), `the worker was bundled as a script: ${assets.join(' ')}`);
    engineServer = await startServer({ port: 0, root });
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`http://127.0.0.1:${engineServer.address().port}/`);
    await page.waitForFunction(() => document.getElementById('main').textContent !== 'loading', null, { timeout: 60_000 });
    const answer = JSON.parse(await page.textContent('#main'));
    assert.equal(answer.error, undefined, answer.error);
    assert.match(answer.bestMove, /^[a-h][1-8][a-h][1-8][nbrq]?$/);
    assert.equal(answer.legal, true, JSON.stringify(answer));
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    await new Promise((resolve) => (engineServer ? engineServer.close(resolve) : resolve()));
    await rm(root, { recursive: true, force: true });
  }
});
