// web/sw.js precaches every file the app can load: each module of web/app/ and
// web/board/, the page's own files, and the package's runtime files in dist/;
// and every name in its list exists (a missing file would fail the install).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const WEB = new URL('../../web/', import.meta.url);
const ROOT = new URL('../../', import.meta.url);
const source = readFileSync(new URL('sw.js', WEB), 'utf8');
const list = JSON.parse(`[${/const PRECACHE = \[([^\]]*)\]/.exec(source)[1].replace(/'/g, '"').replace(/,\s*$/, '')}]`);

function filesIn(dir, pattern) {
  const url = new URL(dir, WEB);
  if (!existsSync(url)) return [];
  return readdirSync(url).filter((f) => pattern.test(f)).map((f) => dir + f);
}

test('every module of the app and the board, and every sound, is precached', () => {
  const needed = [...filesIn('app/', /\.js$/), ...filesIn('board/', /\.(js|mjs|svg|css)$/), ...filesIn('sounds/', /\.wav$/)];
  assert.ok(needed.length >= 15);
  for (const file of needed) assert.ok(list.includes(file), `${file} is not in web/sw.js PRECACHE`);
});

test('the page, its style, icon, manifest and the package runtime are precached', () => {
  for (const file of ['./', 'index.html', 'app.js', 'style.css', 'favicon.svg', 'manifest.webmanifest',
    'dist/index.mjs', 'dist/loader.mjs', 'dist/escaque.mjs', 'dist/escaque.wasm']) {
    assert.ok(list.includes(file), file);
  }
  // Whatever the package's index imports (e.g. the Engine's modules) ships with it.
  const index = readFileSync(new URL('bindings/index.mjs', ROOT), 'utf8');
  for (const [, name] of index.matchAll(/from '\.\/([\w-]+\.mjs)'/g)) {
    assert.ok(list.includes(`dist/${name}`), `dist/${name} (imported by the package) is not precached`);
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

test('every runtime file of the built package (dist/*.mjs, *.wasm) is precached', () => {
  const dist = new URL('dist/', ROOT);
  for (const f of readdirSync(dist).filter((n) => /\.(mjs|wasm)$/.test(n))) {
    assert.ok(list.includes(`dist/${f}`), `dist/${f} is not in web/sw.js PRECACHE`);
  }
});
