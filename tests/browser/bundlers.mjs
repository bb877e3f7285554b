// The package as a user's bundler sees it (issue 13, "every bundler, zero config"): `npm pack`,
// the tarball installed in an empty project, three small pages built with a bundler's production
// defaults, served, and run in Chromium.
//   index.html  'escaque': init(), a Chess game (moves, SAN, a checkmate's outcome), an Engine move, and
//               one with the NNUE network ("Use NNUE": the worker loads escaque-engine.wasm, which the
//               bundler must have emitted; the self-contained bundles refuse the option)
//   rules.html  'escaque/rules': init() and the same game, on escaque-rules.wasm only
//   extras.html the board (<escaque-board>, a move), the game viewer (<escaque-game>) and chess.js's API
//               (escaque/compat/chess.js): the entries that start the module themselves
// Used by tests/browser/loading-bundlers.test.mjs (the fast bundlers, in `npm test`) and
// scripts/test-bundlers.mjs (every bundler: `npm run test:bundlers`).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

import { startServer } from '../../scripts/serve.mjs';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// What both pages compute; the same answer from both modules.
const GAME = `
  const game = new Chess();
  const sans = [];
  for (const m of ['f3', 'e7e5', { from: 'g2', to: 'g4' }]) sans.push(game.move(m).san);
  const mate = game.san('Qh4');
  game.move(mate);
  const outcome = game.outcome();
  const result = { sans: [...sans, mate], fen: game.fen(), over: game.isGameOver(),
    outcome: { result: outcome.result, reason: outcome.reason, winner: outcome.winner } };`;

const MAIN = `
import { init, Chess, Engine } from 'escaque';
const out = document.getElementById('out');
async function main() {
  await init();${GAME}
  const start = new Chess();
  start.move('e4');
  const engine = new Engine();
  const { bestMove, bestMoveSan } = await engine.bestMove(start, { depth: 4 });
  engine.dispose();
  result.engine = { legal: start.moves().some((m) => m.uci === bestMove && m.san === bestMoveSan) };
  const withNet = new Engine();
  try {
    await withNet.setOption('Use NNUE', true);
    const r = await withNet.bestMove(start, { depth: 4 });
    result.net = { legal: start.moves().some((m) => m.uci === r.bestMove && m.san === r.bestMoveSan) };
  } catch (e) {
    result.net = { refused: e.message };
  } finally {
    withNet.dispose();
  }
  return result;
}
main().then((r) => { out.textContent = JSON.stringify(r); },
  (e) => { out.textContent = JSON.stringify({ error: (e && e.name) + ': ' + (e && e.message) }); });
`;

const RULES = `
import { init, Chess } from 'escaque/rules';
const out = document.getElementById('out');
async function main() {
  await init();${GAME}
  return result;
}
main().then((r) => { out.textContent = JSON.stringify(r); },
  (e) => { out.textContent = JSON.stringify({ error: (e && e.name) + ': ' + (e && e.message) }); });
`;

// The board's elements and chess.js's API ('escaque/board', 'escaque/game', 'escaque/compat/chess.js'),
// which start the module themselves: each must load it where the bundler put it.
const EXTRAS = `
import 'escaque/board';
import 'escaque/game';
import { Chess } from 'escaque/compat/chess.js';
const out = document.getElementById('out');
async function main() {
  const compat = new Chess();
  compat.move('e4');
  const board = document.createElement('escaque-board');
  const failed = new Promise((resolve) => board.addEventListener('error', (e) => resolve(e.detail?.message ?? 'error')));
  document.body.append(board);
  const loaded = await Promise.race([board.ready.then(() => null), failed]);
  if (loaded) throw new Error('escaque-board: ' + loaded);
  board.move('e2e4');
  const viewer = document.createElement('escaque-game');
  viewer.setAttribute('pgn', '1. d4 d5 2. c4 *');
  document.body.append(viewer);
  await viewer.ready;
  const viewerError = viewer.shadowRoot.querySelector('[part="error"]');
  return { compat: compat.fen(), board: board.fen, viewer: viewerError && !viewerError.hidden ? viewerError.textContent : 'ok' };
}
main().then((r) => { out.textContent = JSON.stringify(r); },
  (e) => { out.textContent = JSON.stringify({ error: (e && e.name) + ': ' + (e && e.message) }); });
`;

export const EXPECTED_EXTRAS = {
  compat: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  board: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  viewer: 'ok',
};

// What a self-contained build says when "Use NNUE" is set: its worker holds no network module, and how to
// give it one.
const NNUE_REFUSED = new RegExp('^engine\\.setOption: Use NNUE: the engine\'s network could not be loaded \\(the '
  + 'self-contained entry \\(index\\.inline\\.mjs\\) holds escaque\\.wasm but not the network\'s module: give new '
  + 'Engine\\(\\{ wasmUrl \\}\\) the absolute URL of a served escaque\\.wasm');

export const EXPECTED_GAME = {
  sans: ['f3', 'e5', 'g4', 'Qh4#'],
  fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
  over: true,
  outcome: { result: '0-1', reason: 'checkmate', winner: 'b' },
};

const page = (title, script, module = true) => `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title></head>
<body><pre id="out">loading</pre>
<script ${module ? 'type="module" ' : ''}src="${script}"></script></body></html>
`;

// `npm pack` of the package (built dist/ required), installed into a new empty project the way npm
// installs a tarball. Returns {dir, project, tarball}; rm dir when done.
export async function packAndInstall() {
  const dir = await mkdtemp(join(tmpdir(), 'escaque-bundlers-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT });
  const tarball = join(dir, JSON.parse(stdout)[0].filename);
  const project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'bundler-check', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', '--no-package-lock', tarball], { cwd: project });
  await writeFile(join(project, 'src', 'main.js'), MAIN);
  await writeFile(join(project, 'src', 'rules.js'), RULES);
  await writeFile(join(project, 'src', 'extras.js'), EXTRAS);
  return { dir, project, tarball };
}

// webpack 5 in `mode`, with the three pages' entries and output.path only.
async function webpackBuild(mode, project, out) {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) => webpack({
    mode, context: project, entry: { main: './src/main.js', rules: './src/rules.js', extras: './src/extras.js' },
    output: { path: out },
  }, (e, s) => (e ? reject(e) : resolve(s))));
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  for (const [html, script] of [['index', 'main'], ['rules', 'rules'], ['extras', 'extras']]) {
    await writeFile(join(out, `${html}.html`), page(`webpack ${mode}`, `./${script}.js`, false));
  }
}

// Each bundler with its production defaults: (project, out) -> builds into out (served at /), with
// index.html and rules.html there. Only what a user must give any bundler: the entries, the output
// folder and (where the bundler does not make the HTML) a page that loads the output.
export const BUNDLERS = {
  // esbuild: `esbuild src/main.js src/rules.js src/extras.js --bundle --minify --format=esm --outdir=out`. The
  // format is the one option: esbuild's default for browsers is an IIFE, which has no import.meta
  // and no top-level await, so ES modules (which browsers load with type="module") need it.
  async esbuild(project, out) {
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: project, entryPoints: ['src/main.js', 'src/rules.js', 'src/extras.js'], bundle: true, minify: true,
      format: 'esm', outdir: out, logLevel: 'error',
    });
    await writeFile(join(out, 'index.html'), page('esbuild', './main.js'));
    await writeFile(join(out, 'rules.html'), page('esbuild', './rules.js'));
    await writeFile(join(out, 'extras.html'), page('esbuild', './extras.js'));
  },
  // Vite: `vite build` with the three pages as inputs.
  async vite(project, out) {
    const { build } = await import('vite');
    await writeFile(join(project, 'index.html'), page('vite', './src/main.js'));
    await writeFile(join(project, 'rules.html'), page('vite', './src/rules.js'));
    await writeFile(join(project, 'extras.html'), page('vite', './src/extras.js'));
    await build({
      root: project, logLevel: 'error', configFile: false,
      build: { outDir: out, emptyOutDir: true, rollupOptions: { input: ['index', 'rules', 'extras'].map((p) => join(project, `${p}.html`)) } },
    });
  },
  // webpack 5: mode production, three entries, output.path; everything else default (its output is
  // a classic script).
  webpack: (project, out) => webpackBuild('production', project, out),
  // webpack 5 in development mode (what its dev server builds): package.json's `webpack` condition keeps
  // the plain files, the network's module included.
  'webpack-dev': (project, out) => webpackBuild('development', project, out),
  // Rollup with @rollup/plugin-node-resolve (Rollup alone does not read node_modules), as its docs
  // set it up: `rollup src/main.js src/rules.js src/extras.js -d out -p node-resolve`.
  async rollup(project, out) {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const bundle = await rollup({
      input: ['main', 'rules', 'extras'].map((f) => join(project, 'src', `${f}.js`)),
      plugins: [nodeResolve({ rootDir: project })], onwarn: () => {},
    });
    await bundle.write({ dir: out, format: 'es' });
    await bundle.close();
    await writeFile(join(out, 'index.html'), page('rollup', './main.js'));
    await writeFile(join(out, 'rules.html'), page('rollup', './rules.js'));
    await writeFile(join(out, 'extras.html'), page('rollup', './extras.js'));
  },
  // Parcel 2: `parcel build index.html rules.html extras.html --dist-dir out`.
  async parcel(project, out) {
    await writeFile(join(project, 'index.html'), page('parcel', './src/main.js'));
    await writeFile(join(project, 'rules.html'), page('parcel', './src/rules.js'));
    await writeFile(join(project, 'extras.html'), page('parcel', './src/extras.js'));
    const bin = join(ROOT, 'node_modules', '.bin', 'parcel');
    await run(bin, ['build', 'index.html', 'rules.html', 'extras.html', '--dist-dir', out, '--no-cache', '--cache-dir', join(project, '.parcel-cache'),
      '--log-level', 'error', '--no-autoinstall'], { cwd: project, env: { ...process.env, PARCEL_WORKERS: '1' } });
  },
};

// The bundlers that emit no asset named by `new URL('…', import.meta.url)` and bundle no worker so named:
// with their defaults package.json "exports" gives them the self-contained entries (dist/index.inline.mjs,
// rules.inline.mjs), which hold the module and the worker, so their pages fetch no .wasm at all: esbuild
// has the `browser` condition but no `production`/`development`, Rollup's node-resolve has `production`
// but neither `browser` nor `node` (its top-level `default`).
export const SELF_CONTAINED = new Set(['esbuild', 'rollup']);

// A piece of each module's base64 that the other's has not: which module a script holds, for the
// self-contained bundles.
async function base64Marks() {
  const text = {};
  for (const name of ['escaque.wasm', 'escaque-rules.wasm']) text[name] = (await readFile(join(ROOT, 'dist', name))).toString('base64');
  const marks = {};
  for (const [name, other] of [['escaque.wasm', 'escaque-rules.wasm'], ['escaque-rules.wasm', 'escaque.wasm']]) {
    for (let at = Math.floor(text[name].length / 8) * 4; !marks[name]; at += 4096) {
      const mark = text[name].slice(at, at + 64);
      assert.ok(mark.length === 64, `no piece of ${name} that ${other} lacks`);
      if (!text[other].includes(mark)) marks[name] = mark;
    }
  }
  return marks;
}

// Every file under dir, relative.
export async function filesUnder(dir) {
  const list = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) list.push(relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
  }
  return list.sort();
}

// Builds the two pages with `bundler` from the installed project into <dir>/<bundler>/web, serves
// them and opens each in `browser`. Returns {main, rules, files, requests, problems} where main and
// rules are the pages' answers and requests the .wasm files each page fetched.
export async function buildAndOpen(name, { dir, project }, browser) {
  const root = join(dir, name);
  const out = join(root, 'web');  // scripts/serve.mjs serves <root>/web at /
  await rm(root, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const started = performance.now();
  await BUNDLERS[name](project, out);
  const buildMs = performance.now() - started;
  const files = await filesUnder(out);
  const server = await startServer({ port: 0, root });
  try {
    const base = `http://127.0.0.1:${server.address().port}/`;
    const answers = {};
    const requests = {};
    const scripts = {};  // the JavaScript files each page loaded
    const problems = [];
    for (const which of ['index', 'rules', 'extras']) {
      const tab = await browser.newPage();
      requests[which] = [];
      scripts[which] = [];
      tab.on('pageerror', (e) => problems.push(`${which}: ${e.message}`));
      tab.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`${which}: console: ${m.text()}`); });
      tab.on('response', (r) => {
        if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${which}: ${r.status()} ${r.url()}`);
      });
      tab.on('request', (r) => { if (/\.wasm(\?|$)/.test(r.url())) requests[which].push(r.url().slice(base.length)); });
      tab.on('request', (r) => { if (/\.m?js(\?|$)/.test(r.url())) scripts[which].push(r.url().slice(base.length)); });
      // The page's worker's requests are the page's too (Playwright reports them on the context).
      await tab.goto(`${base}${which}.html`);
      await tab.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, { timeout: 90_000 });
      answers[which] = JSON.parse(await tab.textContent('#out'));
      await tab.close();
    }
    // Which of the package's modules each fetched file is (bundlers rename them: webpack to a bare hash).
    const modules = {};
    for (const name of ['escaque.wasm', 'escaque-rules.wasm', 'escaque-engine.wasm', 'escaque-engine-scalar.wasm']) {
      modules[name] = await readFile(join(ROOT, 'dist', name));
    }
    const identify = async (path) => {
      const bytes = await readFile(join(out, decodeURIComponent(path.replace(/[?#].*$/, '')))).catch(() => null);
      return Object.keys(modules).find((name) => bytes?.equals(modules[name])) ?? `unknown: ${path}`;
    };
    const fetched = {};
    for (const which of Object.keys(requests)) fetched[which] = await Promise.all(requests[which].map(identify));
    // The modules the pages' scripts hold (the self-contained entries).
    const marks = await base64Marks();
    const held = {};
    for (const which of Object.keys(scripts)) {
      const texts = await Promise.all(scripts[which].map((p) => readFile(join(out, decodeURIComponent(p.replace(/[?#].*$/, ''))), 'utf8')
        .catch(() => '')));
      held[which] = Object.keys(marks).filter((name) => texts.some((t) => t.includes(marks[name])));
    }
    return { main: answers.index, rules: answers.rules, extras: answers.extras, files, requests, fetched, held, problems, buildMs };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

// Vite's dev server (`vite`, what a person runs first), its defaults: it pre-bundles dependencies into
// node_modules/.vite/deps, where no file named by `new URL('…', import.meta.url)` follows them, so
// package.json "exports" gives its `development` condition the self-contained entries. Opens the two
// pages; returns {main, rules, wasm, problems} (wasm: the .wasm URLs the pages fetched).
export async function openViteDev({ project }, browser) {
  const { createServer } = await import('vite');
  await writeFile(join(project, 'index.html'), page('vite dev', './src/main.js'));
  await writeFile(join(project, 'rules.html'), page('vite dev', './src/rules.js'));
  await writeFile(join(project, 'extras.html'), page('vite dev', './src/extras.js'));
  const server = await createServer({ root: project, logLevel: 'error', configFile: false, server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  try {
    const base = server.resolvedUrls.local[0];
    const answers = {};
    const wasm = [];
    const problems = [];
    for (const which of ['index', 'rules', 'extras']) {
      const tab = await browser.newPage();
      tab.on('pageerror', (e) => problems.push(`${which}: ${e.message}`));
      // (A failed load is reported below with its URL; the console's line has none.)
      tab.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`${which}: console: ${m.text()}`); });
      tab.on('response', (r) => {
        if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${which}: ${r.status()} ${r.url()}`);
      });
      tab.on('request', (r) => { if (/\.wasm(\?|$)/.test(r.url())) wasm.push(r.url()); });
      await tab.goto(`${base}${which}.html`);
      await tab.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, { timeout: 90_000 });
      answers[which] = JSON.parse(await tab.textContent('#out'));
      await tab.close();
    }
    return { main: answers.index, rules: answers.rules, extras: answers.extras, wasm, problems };
  } finally {
    await server.close();
  }
}

// What every page must answer, whoever built it; returns the message maker for more checks.
function checkPages(name, r) {
  const say = (what) => `${name}: ${what}\n${JSON.stringify(r, null, 1)}`;
  assert.equal(r.main.error, undefined, say('the escaque page failed'));
  assert.equal(r.rules.error, undefined, say('the escaque/rules page failed'));
  assert.deepEqual({ ...r.main, engine: undefined, net: undefined }, { ...EXPECTED_GAME, engine: undefined, net: undefined },
    say('the escaque page\'s game'));
  assert.deepEqual(r.main.engine, { legal: true }, say('the Engine\'s move'));
  assert.deepEqual(r.rules, EXPECTED_GAME, say('the escaque/rules page\'s game'));
  assert.deepEqual(r.extras, EXPECTED_EXTRAS, say('the board, the game viewer and compat'));
  assert.deepEqual(r.problems, [], say('errors in the pages'));
  return say;
}

export function checkViteDev(r) {
  const say = checkPages('vite dev', r);
  // The self-contained entries: the modules are in the scripts, and the network's is not there.
  assert.deepEqual(r.wasm, [], say('a page fetched a module'));
  assert.match(r.main.net.refused ?? '', NNUE_REFUSED, say('"Use NNUE" refused with a reason'));
}

// The checks of one bundler's result (assert; the message names the bundler).
export function checkResult(name, r) {
  const say = checkPages(name, r);
  // escaque/rules loads escaque-rules.wasm and nothing else; the main entry escaque-rules.wasm, and its
  // Engine's worker escaque.wasm: fetched, or held in the scripts of a self-contained bundle (which then
  // fetches no module).
  if (SELF_CONTAINED.has(name)) {
    assert.deepEqual([...r.fetched.rules, ...r.fetched.index, ...r.fetched.extras], [], say('a self-contained bundle fetched a module'));
    assert.deepEqual(r.held.rules, ['escaque-rules.wasm'], say('escaque/rules holds the rules module only'));
    assert.deepEqual(r.held.index, ['escaque.wasm', 'escaque-rules.wasm'], say('the main page holds both modules'));
    // The network's module is not inlined (~300 KB of base64 per build): the option says so.
    assert.match(r.main.net.refused ?? '', NNUE_REFUSED, say('the self-contained bundle refuses "Use NNUE" with a reason'));
    return;
  }
  assert.deepEqual(r.fetched.rules, ['escaque-rules.wasm'], say('escaque/rules fetched the rules module only'));
  // Chromium has SIMD128: the Engine with the network fetched escaque-engine.wasm, which the bundler emitted.
  assert.deepEqual(r.main.net, { legal: true }, say('the Engine\'s move with the network'));
  assert.deepEqual([...new Set(r.fetched.index)], ['escaque-rules.wasm', 'escaque.wasm', 'escaque-engine.wasm'],
    say('the main page fetched escaque-rules.wasm, its Engine escaque.wasm, and escaque-engine.wasm for the network'));
}
