// The package API (dist/index.mjs) as an ES module in headless Chromium: the
// page served by scripts/serve.mjs imports it, init() finds escaque.wasm next
// to the JS by itself, and a short game with errors and PGN works under the
// page's Content-Security-Policy (no eval).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { useServedChromium } from './harness.mjs';


const env = useServedChromium();

test('init, moves, errors and PGN in the browser', async () => {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  await page.goto(env.baseUrl);
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

test('escaque/rules in the browser: init() fetches escaque-rules.wasm next to rules.mjs, under the same CSP', async () => {
  const page = await env.browser.newPage();
  const problems = [];
  const wasmRequests = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  // The page (the app) loads escaque.wasm itself: count the requests made after it has settled.
  await page.goto(env.baseUrl, { waitUntil: 'networkidle' });
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasmRequests.push(new URL(r.url()).pathname); });
  const result = await page.evaluate(async () => {
    const rules = await import('/dist/rules.mjs');
    await rules.init();
    const g = new rules.Chess();
    g.move('e4');
    g.move('e5');
    return { history: g.history(), engine: 'Engine' in rules };
  });
  assert.deepEqual(result, { history: ['e4', 'e5'], engine: false });
  assert.deepEqual(wasmRequests.filter((p) => p.startsWith('/dist/')), ['/dist/escaque-rules.wasm']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('init() failures in the browser are typed EscaqueLoadErrors with the URL; init() then still loads', async () => {
  const page = await env.browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(env.baseUrl, { waitUntil: 'networkidle' });
  const result = await page.evaluate(async () => {
    const { init, isInitialized, Chess, EscaqueLoadError } = await import('/dist/index.mjs');
    const attempt = async (options) => {
      try {
        await init(options);
        return 'loaded';
      } catch (e) {
        return { load: e instanceof EscaqueLoadError, name: e.name, code: e.code, url: e.url,
          namesUrl: e.url === null || e.message.includes(e.url) };
      }
    };
    // The smallest WebAssembly module: valid, but not escaque's.
    const other = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const missing = await attempt({ url: '/dist/no-such-file.wasm' });
    const html = await attempt({ url: '/index.html' });
    const script = await attempt({ url: '/dist/escaque.mjs' });
    const wrong = await attempt({ wasmBinary: other });
    const before = isInitialized();
    const ok = await attempt({});
    return { missing, html, script, wrong, before, ok, moves: new Chess().moves().length };
  });
  const failure = (code, url) => ({ load: true, name: 'EscaqueLoadError', code, url, namesUrl: true });
  assert.deepEqual(result.missing, failure('fetch-failed', '/dist/no-such-file.wasm'));
  assert.deepEqual(result.html, failure('not-webassembly', '/index.html'));
  assert.deepEqual(result.script, failure('not-webassembly', '/dist/escaque.mjs'));
  assert.deepEqual(result.wrong, failure('wrong-module', null));
  assert.equal(result.before, false);
  assert.equal(result.ok, 'loaded');
  assert.equal(result.moves, 20);
  assert.deepEqual(pageErrors, []);
  await page.close();
});
