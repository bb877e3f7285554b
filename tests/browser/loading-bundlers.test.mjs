// The packed package (`npm pack`, installed in an empty project) built by webpack 5, Parcel 2 and
// esbuild with their production defaults and run in Chromium: tests/browser/bundlers.mjs has the
// pages and the checks. Vite has its own file (loading-vite.test.mjs); every bundler at once,
// Rollup included, is `npm run test:bundlers` (scripts/test-bundlers.mjs).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, test } from 'node:test';

import { buildAndOpen, checkResult, packAndInstall } from './bundlers.mjs';
import { launchChromium } from './harness.mjs';

let installed;
let browser;

before(async () => {
  installed = await packAndInstall();
  browser = await launchChromium();
}, { timeout: 180_000 });

after(async () => {
  await browser?.close();
  if (installed) await rm(installed.dir, { recursive: true, force: true });
}, { timeout: 60_000 });

for (const name of ['webpack', 'parcel']) {
  test(`${name}'s production defaults: init(), a game, escaque/rules on its own module and an Engine move`,
      { timeout: 300_000 }, async () => {
        checkResult(name, await buildAndOpen(name, installed, browser));
      });
}

// esbuild copies no file that `new URL('…', import.meta.url)` names (nor bundles a worker so named):
// the pages then fail at init() with an EscaqueLoadError that says which file is missing and what to do.
test('esbuild with its defaults: init() fails with an error naming the file to copy, never a hang', { timeout: 120_000 }, async () => {
  const r = await buildAndOpen('esbuild', installed, browser);
  assert.match(r.main.error, /^EscaqueLoadError: .*\/escaque\.wasm: HTTP 404.*copy node_modules\/escaque\/dist\/escaque\.wasm there/);
  assert.match(r.rules.error, /^EscaqueLoadError: .*\/escaque-rules\.wasm: HTTP 404.*copy node_modules\/escaque\/dist\/escaque-rules\.wasm/);
  assert.ok(!r.files.some((f) => f.endsWith('.wasm')), r.files.join(' '));
});
