// web/sw.js precaches every file the app can load: the page's own files, the app's
// one script (dist/app-bundle.js, scripts/bundle-app.mjs), and every file that
// script loads apart (Workers and their imports, WebAssembly, sounds); and every
// name in its list exists (a missing file would fail the install).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { test } from 'node:test';

import { APP, BUNDLES, ROOT as ROOT_DIR, bundleApp } from '../../scripts/bundle-app.mjs';
import { importMetaUrls, staticImports as importsOf } from '../../scripts/lib/module-imports.mjs';

const WEB = new URL('../../web/', import.meta.url);
const ROOT = new URL('../../', import.meta.url);
const source = readFileSync(new URL('sw.js', WEB), 'utf8');
const listOf = (name) => JSON.parse(`[${new RegExp(`const ${name} = \\[([^\\]]*)\\]`).exec(source)[1]
  .replace(/'/g, '"').replace(/,\s*$/, '')}]`);
const list = listOf('PRECACHE');
const onDemand = listOf('ON_DEMAND');  // cached when first fetched (the Engine's modules with the network)

function filesIn(dir, pattern) {
  const url = new URL(dir, WEB);
  if (!existsSync(url)) return [];
  return readdirSync(url).filter((f) => pattern.test(f)).map((f) => dir + f);
}

// The served path ("app/x.js", "dist/y.mjs") of a file of the repository.
const served = (file) => {
  const rel = relative(ROOT_DIR, file).split(sep).join('/');
  return rel.startsWith('dist/') ? rel : rel.replace(/^web\//, '');
};
const fileOf = (path) => (path.startsWith('dist/') ? new URL(path, ROOT) : new URL(path, WEB));

// What a file loads apart from its importer: `new URL('literal', import.meta.url)` (Workers, the
// WebAssembly, the service worker), and, for a Worker, its static imports.
function loadedApart(path) {
  return importMetaUrls(readFileSync(fileOf(path), 'utf8')).map((u) => new URL(u, `http://x/${path}`).pathname.slice(1));
}
function staticImports(path) {
  return importsOf(readFileSync(fileOf(path), 'utf8')).filter((spec) => spec.startsWith('.'))
    .map((spec) => new URL(spec, `http://x/${path}`).pathname.slice(1));
}

// Every file the app loads apart from the bundle, by served path ('./' for the app's root, the
// service worker's scope). A Worker that is itself a bundle (dist/app-pgn-worker.js) is scanned
// through the files it was made of, like the app's.
async function loadedByTheApp() {
  const sourcesOf = async (which) => (await bundleApp(undefined, which)).inputs.map(served);
  const inBundle = new Set(await sourcesOf(APP));
  const workerBundles = new Map(BUNDLES.filter((which) => which !== APP).map((which) => [which.out, which]));
  const needed = new Set();
  const todo = [...inBundle].flatMap(loadedApart);
  while (todo.length) {
    const path = todo.pop() || './';  // '': the root
    // The service worker itself, and directories (the worker's scope; loader.mjs's own folder in Node).
    if (needed.has(path) || path === 'sw.js' || path.endsWith('/')) continue;
    needed.add(path);
    if (workerBundles.has(path)) todo.push(...(await sourcesOf(workerBundles.get(path))).flatMap(loadedApart));
    else if (/\.m?js$/.test(path)) todo.push(...loadedApart(path), ...staticImports(path));
  }
  return { inBundle, needed };
}

test('the bundle and everything it loads apart (Workers and their imports, WebAssembly) are precached', async () => {
  assert.ok(list.includes('dist/app-bundle.js'), 'dist/app-bundle.js is not precached');
  const { needed } = await loadedByTheApp();
  for (const p of ['app/clock-worker.js', 'app/timecontrol.js', 'dist/escaque-rules.wasm', 'dist/escaque.wasm', 'dist/engine-worker.mjs',
    'dist/escaque.mjs', 'dist/app-pgn-worker.js']) {
    assert.ok(needed.has(p), `${p} is not found as loaded by the app (the scan is wrong)`);
  }
  for (const p of needed) {
    assert.ok(list.includes(p) || onDemand.includes(p), `${p} is loaded by the app but not in web/sw.js PRECACHE or ON_DEMAND`);
  }
});

test('the NNUE network\'s modules are cached on first use, not precached: a first visit does not download them', async () => {
  const { needed } = await loadedByTheApp();
  assert.deepEqual(onDemand, ['dist/escaque-engine.wasm', 'dist/escaque-engine-scalar.wasm']);
  for (const p of onDemand) {
    assert.ok(needed.has(p), `${p} is not found as loaded by the app (the scan is wrong)`);
    assert.ok(!list.includes(p), `${p} is precached`);
    assert.ok(existsSync(new URL(p, ROOT)), `${p} does not exist`);
  }
});

test('every sound is precached', () => {
  const sounds = filesIn('sounds/', /\.wav$/);
  assert.ok(sounds.length >= 5);
  for (const file of sounds) assert.ok(list.includes(file), `${file} is not in web/sw.js PRECACHE`);
});

test('no module of the bundle is precached on its own unless a Worker loads it (a second download)', async () => {
  const { inBundle, needed } = await loadedByTheApp();
  for (const p of list) {
    assert.ok(!inBundle.has(p) || needed.has(p), `${p} is in the bundle: precaching it too downloads it twice`);
  }
});

test('the page, its style, icon, manifest, the bundle, the rules\' and the engine\'s WebAssembly are precached', () => {
  for (const file of ['./', 'index.html', 'style.css', 'favicon.svg', 'manifest.webmanifest', 'dist/app-bundle.js',
    'dist/escaque-rules.wasm', 'dist/escaque.wasm']) {
    assert.ok(list.includes(file), file);
  }
});

test('every precached file exists (web/ or the built dist/)', () => {
  for (const file of list) {
    if (file === './') continue;
    const url = file.startsWith('dist/') ? new URL(file, ROOT) : new URL(file, WEB);
    assert.ok(existsSync(url), `${file} is precached but does not exist`);
  }
});

test('index.html references only precached files', () => {
  const html = readFileSync(new URL('index.html', WEB), 'utf8');
  for (const [, ref] of html.matchAll(/(?:href|src)="([^"#:]+)"/g)) {
    assert.ok(list.includes(ref), `index.html loads ${ref}, which is not precached`);
  }
});
