// examples/vue (docs/viewer.md "Frameworks"): the example as it is in the repository, built by Vite
// with its own config (@vitejs/plugin-vue, escaque-* declared custom elements), escaque resolved as an
// installed dependency (a symlink in node_modules), run in headless Chromium under its strict CSP: the
// PGN bound as a property (:pgn.prop), the element's events into Vue state (@nodechange, @analyse), and
// a reactive attribute (orientation).
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Vite, vue and @vitejs/plugin-vue are locked devDependencies (package.json): nothing is installed here.
import { build } from 'vite';

import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../browser/harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let dir;
let server;
let browser;
let baseUrl;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escaque-vue-'));
  const app = join(dir, 'app');
  await cp(join(ROOT, 'examples', 'vue'), app, { recursive: true });
  await mkdir(join(app, 'node_modules', '@vitejs'), { recursive: true });
  await symlink(ROOT, join(app, 'node_modules', 'escaque'), 'dir');
  await symlink(join(ROOT, 'node_modules', 'vue'), join(app, 'node_modules', 'vue'), 'dir');
  await symlink(join(ROOT, 'node_modules', '@vitejs', 'plugin-vue'), join(app, 'node_modules', '@vitejs', 'plugin-vue'), 'dir');
  await build({ root: app, logLevel: 'error', configFile: join(app, 'vite.config.mjs'),
    build: { outDir: join(dir, 'web'), emptyOutDir: true } });
  server = await startServer({ port: 0, root: dir });
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
}, { timeout: 240_000 });

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
}, { timeout: 60_000 });

test('the Vue example builds with Vite and runs in Chromium', { timeout: 120_000 }, async () => {
  const assets = await readdir(join(dir, 'web', 'assets'));
  assert.ok(assets.some((f) => /\.wasm$/.test(f)), `a .wasm asset: ${assets.join(' ')}`);
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if ((m.type() === 'error' || m.type() === 'warning') && !/Failed to load resource/.test(m.text())) problems.push(m.text()); });
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`); });
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.getElementById('ply')?.textContent === 'Ply 33', null, { timeout: 30_000 });
  const viewer = page.locator('escaque-game');
  assert.equal(await viewer.evaluate((el) => el.node?.san), 'Rd8#');
  await page.locator('escaque-game .nav .prev').click();
  await page.waitForFunction(() => document.getElementById('ply').textContent === 'Ply 32');
  await page.locator('escaque-game .nav .analyse').click();
  const fen = await viewer.evaluate((el) => el.fen);
  await page.waitForFunction((f) => document.getElementById('analysed').textContent === `Analysing ${f}`, fen);
  await page.click('text=Flip');
  await page.waitForFunction(() => document.querySelector('escaque-game').getAttribute('orientation') === 'black');
  assert.deepEqual(problems, []);
  await page.close();
});
