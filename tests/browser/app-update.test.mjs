// The update flow of the offline app: a new version of the service worker
// installs beside the running one, the page offers "Reload", and the reload
// brings the new version in; the game in progress survives it. Served from a
// copy of web/ and dist/ so that the test can deploy a "new version".
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { startServer } from '../../scripts/serve.mjs';
import { useServedChromium } from './harness.mjs';
import { typeMoves } from './app-helpers.mjs';

const env = useServedChromium();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let copy;
let server;
let base;

before(async () => {
  copy = mkdtempSync(join(tmpdir(), 'escaque-app-'));
  cpSync(join(ROOT, 'web'), join(copy, 'web'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
  server = await startServer({ port: 0, root: copy });
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => {
  await new Promise((r) => (server ? server.close(r) : r()));
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const cacheNames = (page) => page.evaluate(() => caches.keys());

test('a new version is offered, taken on the person\'s click, and the game goes on', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  const oldVersion = /const VERSION = '([^']+)'/.exec(readFileSync(join(copy, 'web/sw.js'), 'utf8'))[1];
  assert.deepEqual(await cacheNames(page), [oldVersion]);
  await typeMoves(page, ['e4', 'e5']);

  // Deploy: a new VERSION.
  const sw = join(copy, 'web/sw.js');
  writeFileSync(sw, readFileSync(sw, 'utf8').replace(`'${oldVersion}'`, "'escaque-app-next'"));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector('#update:not([hidden])', { timeout: 20_000 });
  assert.equal(await page.getAttribute('body', 'data-plies'), '2', 'nothing was interrupted');

  await Promise.all([
    page.waitForEvent('load', { timeout: 20_000 }),
    page.click('#reload-update'),
  ]);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(async () => (await caches.keys()).join() === 'escaque-app-next', null, { timeout: 20_000 });
  assert.equal(await page.getAttribute('body', 'data-plies'), '2', 'the game survived the update');
  assert.equal(await page.isHidden('#update'), true);
  await context.close();
});
