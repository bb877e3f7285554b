// The packed package (`npm pack`, installed in an empty project) built by webpack 5, Parcel 2 and
// esbuild with their defaults and run in Chromium: tests/browser/bundlers.mjs has the
// pages and the checks. Vite has its own file (loading-vite.test.mjs); every bundler at once,
// Rollup included, is `npm run test:bundlers` (scripts/test-bundlers.mjs).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, test } from 'node:test';

import { buildAndOpen, checkResult, checkViteDev, openViteDev, packAndInstall } from './bundlers.mjs';
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

for (const name of ['webpack', 'parcel', 'esbuild']) {
  test(`${name}'s production defaults: init(), a game, escaque/rules on its own module and an Engine move`,
      { timeout: 300_000 }, async () => {
        checkResult(name, await buildAndOpen(name, installed, browser));
      });
}
// (esbuild emits no file that `new URL('…', import.meta.url)` names: checkResult expects its pages to
// hold the module instead, through the self-contained entries.)

test('Vite\'s dev server with its defaults: init(), a game, escaque/rules and an Engine move', { timeout: 300_000 }, async () => {
  checkViteDev(await openViteDev(installed, browser));
});
