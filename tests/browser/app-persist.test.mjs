// The app keeps the game: a reload mid-game restores the position, the offer
// and both clocks exactly; finished games are listed; and after the first
// visit the service worker lets the app load and play with the network off.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { banner, newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();

const clockState = (page) => page.evaluate(() => window.__escaque.clock.state);
async function settled(page, plies) {
  await page.waitForFunction((n) => {
    const s = window.__escaque.clock.state;
    return s && s.moves.w + s.moves.b === n;
  }, plies);
}
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

// Each test in a context of its own (own storage): none depends on another's game or settings.
describe('persistence', { timeout: 180_000 }, () => {
  let page;
  let context;
  let problems;
  beforeEach(async () => { ({ page, context, problems } = await openApp(env)); });
  afterEach(async () => {
    const found = [...problems];
    await context?.close();
    assert.deepEqual(found, [], 'no console errors');
  });

  test('reload mid-game: same moves, same position, both clocks exactly where they were', async () => {
    await newGame(page, { preset: '5+0' });
    await typeMoves(page, ['e4', 'c5', 'Nf3']);
    await settled(page, 3);
    const before = await clockState(page);
    const fen = await page.getAttribute('body', 'data-fen');
    const moves = await page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
    await reload(page);
    assert.equal(await page.getAttribute('body', 'data-fen'), fen);
    assert.deepEqual(await page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent)), moves);
    const afterState = await clockState(page);
    assert.deepEqual(afterState.remaining, before.remaining, 'stopped clock and running clock\'s base unchanged');
    assert.equal(afterState.running, 'b');
    assert.equal(afterState.turnStart, before.turnStart, 'Black\'s turn kept running through the reload');
    // What Black's clock shows is 5 min less the whole turn so far, reload included (data-ms is the time
    // shown at the moment data-at; the clock is redrawn when its text changes).
    // (The clock view draws itself once the clock Worker has answered, which may be after data-ready.)
    await page.waitForSelector('.clock[data-side="b"][data-ms]', { timeout: 10_000 });
    const { shown, at } = await page.evaluate(() => {
      const el = document.querySelector('.clock[data-side="b"]');
      return { shown: Number(el.dataset.ms), at: Number(el.dataset.at) };
    });
    const truth = before.remaining.b - (at - before.turnStart);
    assert.ok(Math.abs(shown - truth) < 150, `shown ${shown}, true ${truth.toFixed(0)}`);
    // The game goes on: the clock takes the next move.
    await typeMoves(page, ['d6']);
    await settled(page, 4);
    assert.equal((await clockState(page)).running, 'w');
  });

  test('a standing draw offer survives a reload', async () => {
    await newGame(page);
    await typeMoves(page, ['d4', 'd5']);
    await page.click('#offer-draw');
    await reload(page);
    assert.match(await page.textContent('#offer-text'), /White offers a draw/);
    await page.click('#accept-draw');
    assert.equal((await waitForResult(page)).reason, 'agreement');
  });

  test('a finished game stays finished after a reload and is in the finished list with its PGN', async () => {
    // A draw by agreement first, then a mate: the list has both, newest first. Before the first, the
    // list says it is empty (earlier tests in this file finish no game).
    assert.equal(await page.$$eval('#finished-list li', (l) => l.length), 0);
    // (the list is drawn after the first paint: wait for it)
    assert.ok(await page.waitForSelector('#finished-empty', { state: 'visible' }));
    assert.match(await page.textContent('#finished-empty'), /None yet/);
    await newGame(page);
    await typeMoves(page, ['d4', 'd5']);
    await page.click('#offer-draw');
    await page.click('#accept-draw');
    assert.equal((await waitForResult(page)).reason, 'agreement');
    await newGame(page);
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    await waitForResult(page);
    await page.waitForFunction(() => document.querySelectorAll('#finished-list li').length >= 2);
    assert.equal(await page.isVisible('#finished-empty'), false);
    await reload(page);
    assert.equal(await page.isVisible('#finished-empty'), false);
    assert.equal((await banner(page)).reason, 'checkmate');
    const items = await page.$$eval('#finished-list li', (l) => l.map((li) => li.textContent));
    assert.match(items[0], /0-1 · Black wins by checkmate \(FIDE Art\. 5\.1\.1\)/);
    assert.match(items[1], /1\/2-1\/2 · Draw by agreement: Black accepted White.s offer \(FIDE Art\. 5\.2\.3 and 9\.1\)/);
    assert.doesNotMatch(items.join(' '), /\((checkmate|agreement)\)/, 'the ending in words, not its code');
    await page.click('#finished-list li:first-child button');
    assert.match(await page.inputValue('#pgn-out'), /2\. g4 Qh4# 0-1/);
  });

  test('navigating back through the moves does not change the game', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5', 'Nf3']);
    const fen = await page.getAttribute('body', 'data-fen');
    await page.click('#move-list .move[data-ply="1"]');
    assert.equal(await page.isVisible('#viewing'), true);
    assert.equal(await page.inputValue('#fen-out'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    await page.click('#nav-first');
    assert.equal(await page.inputValue('#fen-out'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.click('#nav-next');
    await page.click('#nav-next');
    assert.match(await page.inputValue('#fen-out'), /4p3\/4P3/);
    assert.equal(await page.getAttribute('body', 'data-fen'), fen, 'the game is where it was');
    // A move typed while looking back is played in the game, which comes back into view.
    await typeMoves(page, ['Nc6']);
    assert.equal(await page.isHidden('#viewing'), true);
    assert.equal(await page.getAttribute('body', 'data-plies'), '4');
  });

  test('move list in the chosen language; figurines', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    const setLanguage = async (lang) => {
      await page.click('#open-settings');
      await page.selectOption('#set-language', lang);
      await page.click('#settings-form button[type="submit"]');
    };
    const list = () => page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
    await setLanguage('es');
    assert.deepEqual((await list()).slice(2), ['Cf3', 'Cc6', 'Ab5']);
    await setLanguage('de');
    assert.deepEqual((await list()).slice(2), ['Sf3', 'Sc6', 'Lb5']);
    await setLanguage('figurine');
    assert.deepEqual((await list()).slice(2), ['♘f3', '♘c6', '♗b5']);
    // Typed moves in Spanish while the list is in Spanish.
    await setLanguage('es');
    await typeMoves(page, ['a6', 'Axc6']);
    assert.equal((await list()).at(-1), 'Axc6');
    await reload(page);
    assert.equal((await list()).at(-1), 'Axc6', 'the setting is kept');
  });
});

describe('offline', { timeout: 120_000 }, () => {
  test('after the first visit, a reload with the network cut still loads and plays', async () => {
    const { page, context, problems } = await openApp(env);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    await context.setOffline(true);
    // The network really is cut: a file that is not precached fails.
    const probe = await page.evaluate(() => fetch('/no-such-file.txt').then(() => 'fetched', () => 'failed'));
    assert.equal(probe, 'failed');
    const failed = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    problems.length = 0;  // the probe's failure is logged; from here on nothing may fail
    await reload(page);
    await typeMoves(page, ['e4', 'e5']);
    assert.equal(await page.getAttribute('body', 'data-plies'), '2');
    // The clock Worker (a separate script) came from the cache too.
    await newGame(page, { preset: '3+2' });
    await typeMoves(page, ['d4']);
    await settled(page, 1);
    // The analysis board's PGN file reader (a Worker bundle of its own) came from the cache too.
    await page.click('#open-analysis');
    await page.setInputFiles('#an-file', { name: 'two.pgn', mimeType: 'text/plain',
      buffer: Buffer.from('[White "Ana"]\n\n1. e4 e5 *\n\n[White "Ben"]\n\n1. d4 *\n') });
    await page.waitForFunction(() => document.getElementById('an-games-status').textContent === 'two.pgn: 2 games.',
      null, { timeout: 30_000 });
    await context.setOffline(false);
    assert.deepEqual(failed, []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  // web/sw.js ON_DEMAND: the Engine's module with the NNUE network is not precached (a first visit does
  // not download it); the first Engine that sets "Use NNUE" fetches it through the service worker,
  // which keeps it, so that an Engine with the network works offline after a reload.
  test('the NNUE network\'s module: not precached, kept once fetched, then served offline', async () => {
    const { page, context, problems } = await openApp(env);
    const cached = () => page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]);
      return { names, engine: Boolean(await cache.match('/dist/escaque-engine.wasm')),
        scalar: Boolean(await cache.match('/dist/escaque-engine-scalar.wasm')) };
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    assert.deepEqual(await cached(), { names: [(await cached()).names[0]], engine: false, scalar: false });
    const search = () => page.evaluate(async () => {
      const { init, Engine } = await import('/dist/index.mjs');
      await init();
      const engine = new Engine({ options: { 'Use NNUE': true } });
      const r = await engine.bestMove('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', { depth: 5 });
      await engine.dispose();
      return { bestMove: r.bestMove, nodes: r.nodes };
    });
    const online = await search();
    assert.deepEqual(await cached(), { names: [(await cached()).names[0]], engine: true, scalar: false });
    await context.setOffline(true);
    await reload(page);
    const failed = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    // Offline, the app's page has only what the service worker keeps: the Engine's worker script (precached)
    // started as the Engine starts it, told to load the network's module (which only the cache can give)
    // and to use it.
    const offline = await page.evaluate((fen) => new Promise((resolve, reject) => {
      const worker = new Worker('/dist/engine-worker.mjs', { type: 'module' });
      const timer = setTimeout(() => reject(new Error('the worker did not answer in 60 s')), 60_000);
      let last = null;
      worker.onmessage = ({ data: m }) => {
        if (m.type === 'ready') {
          worker.postMessage({ type: 'option', seq: 1, name: 'Use NNUE', value: 'true' });
          worker.postMessage({ type: 'search', id: 1, position: { fen, moves: [], chess960: false }, limits: { depth: 5 }, multiPv: 1 });
        } else if (m.type === 'reply' && !m.value.ok) {
          reject(new Error(`Use NNUE refused: ${m.value.message}`));
        } else if (m.type === 'info') {
          last = m.info;
        } else if (m.type === 'bestmove' || m.type === 'fatal' || m.type === 'error') {
          clearTimeout(timer);
          worker.terminate();
          resolve(m.type === 'bestmove' ? { bestMove: m.bestMove, nodes: last?.nodes } : m);
        }
      };
      worker.postMessage({ type: 'init', control: null, net: true });
    }), 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    assert.deepEqual(offline, online, 'offline, the same search with the network');
    await context.setOffline(false);
    assert.deepEqual(failed, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
