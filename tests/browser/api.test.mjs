// The package API (dist/index.mjs) as an ES module in headless Chromium: the
// page served by scripts/serve.mjs imports it, init() finds escaque.wasm next
// to the JS by itself, and a short game with errors and PGN works under the
// page's Content-Security-Policy (no eval).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

let server;
let browser;
let baseUrl;

before(async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} not found (apt-get install chromium; scripts/setup.sh does)`);
  server = await startServer({ port: 0 });
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

test('init, moves, errors and PGN in the browser', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  await page.goto(baseUrl);
  const result = await page.evaluate(async () => {
    const { init, Chess, AmbiguousMoveError } = await import('/dist/index.mjs');
    await init();
    const g = new Chess();
    for (const m of ['d4', 'e5', 'Cf3', 'e4']) g.move(m, { language: 'es' });
    let ambiguous = null;
    try { g.move('Nd2'); } catch (e) { ambiguous = e instanceof AmbiguousMoveError ? [e.code, ...e.candidates] : e.message; }
    const pgn = g.pgn({ lineWidth: 0 });
    const back = Chess.fromPgn(pgn);
    const same = back.fen() === g.fen();
    g.dispose();
    return { ambiguous, pgn, same, count: back.moves().length };
  });
  assert.deepEqual(result.ambiguous.slice(0, 1), ['AMBIGUOUS_MOVE']);
  assert.deepEqual(result.ambiguous.slice(1).sort(), ['Nbd2', 'Nfd2']);
  assert.match(result.pgn, /1\. d4 e5 2\. Nf3 e4 \*/);
  assert.equal(result.same, true);
  assert.ok(result.count > 20);
  assert.deepEqual(problems, []);
  await page.close();
});
