// examples/svelte (docs/viewer.md "Frameworks"): the example as it is in the repository, built by Vite
// with its own config (@sveltejs/vite-plugin-svelte), escaque resolved as an installed dependency (a
// symlink in node_modules), run in headless Chromium under its strict CSP: the PGN given as a prop
// (Svelte sets it as a property), the element's events into Svelte state (onnodechange, onanalyse),
// and a reactive attribute (orientation).
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Vite, svelte and @sveltejs/vite-plugin-svelte are locked devDependencies (package.json): nothing is installed here.
import { build } from 'vite';

import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from '../browser/harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let dir;
let server;
let browser;
let baseUrl;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'escaque-svelte-'));
  const app = join(dir, 'app');
  await cp(join(ROOT, 'examples', 'svelte'), app, { recursive: true });
  await mkdir(join(app, 'node_modules', '@sveltejs'), { recursive: true });
  await symlink(ROOT, join(app, 'node_modules', 'escaque'), 'dir');
  await symlink(join(ROOT, 'node_modules', 'svelte'), join(app, 'node_modules', 'svelte'), 'dir');
  await symlink(join(ROOT, 'node_modules', '@sveltejs', 'vite-plugin-svelte'), join(app, 'node_modules', '@sveltejs', 'vite-plugin-svelte'), 'dir');
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

test('the Svelte example builds with Vite and runs in Chromium', { timeout: 120_000 }, async () => {
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
