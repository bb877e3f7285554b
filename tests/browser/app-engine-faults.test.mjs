// The engine's Worker dies or stops answering during the engine's turn: the app notices, restarts it,
// the engine's turn is searched again and the game goes on; no move is lost and the clock is exactly
// what its own record says (web/app/engine-watch.js, engine-player.js). And the network's module cannot be
// loaded (offline before it was ever cached): the full-strength engine plays with the hand-written evaluation;
// or it is slow to come and "Move now" is pressed meanwhile: the search is stopped as soon as it is sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { boardReady, newGame, openApp, OUT_OF_BOOK, typeMoves } from './app-helpers.mjs';

const env = useServedChromium();
const TIMEOUT = { timeout: 180_000 };
const WRAPPER = readFileSync(new URL('../../web/app/engine-watch-worker.js', import.meta.url), 'utf8');

// The test's hand on the page's Workers: every Worker made is recorded with its URL, so that the test can
// end the engine's as the browser does (terminate(): no event reaches the page), even mid-search, when
// the worker's own thread is busy in the WebAssembly search.
async function openRecordingWorkers() {
  const context = await env.browser.newContext();
  await context.addInitScript(() => {
    const Original = window.Worker;
    window.__workers = [];
    window.Worker = class extends Original {
      constructor(url, options) {
        super(url, options);
        window.__workers.push({ url: String(url), worker: this });
      }
    };
  });
  return openApp(env, { context });
}
// Ends the player's worker; resolves with the page's performance.now() and the client ids that held the
// player's lock just before (the worker's), for playerLockGone.
const endPlayerWorker = (page) => page.evaluate(async () => {
  const self = await navigator.locks.request('test: this page', async () =>
    (await navigator.locks.query()).held.find((l) => l.name === 'test: this page').clientId);
  const holders = (await navigator.locks.query()).held.filter((l) => / player /.test(l.name) && l.clientId !== self)
    .map((l) => l.clientId);
  const w = window.__workers.filter((x) => /engine-watch-worker\.js\?lock=[^&]*\bplayer\b/.test(x.url)).at(-1);
  w.worker.terminate();
  return { at: performance.now(), holders };
});
// Resolves (with the page's performance.now()) once none of `holders` holds the player's lock any more: the
// ended worker let it go. A restarted worker takes the lock under a client id of its own, so a restart
// quicker than one poll is not taken for the old worker still holding it. Polls every 20 ms, fails after 30 s.
const playerLockGone = (page, holders) => page.evaluate(async (ids) => {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const { held } = await navigator.locks.query();
    if (!held.some((l) => / player /.test(l.name) && ids.includes(l.clientId))) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the ended worker still holds the engine\'s lock after 30 s');
}, holders);
const restarts = async (page) => Number(await page.getAttribute('body', 'data-engine-restarts') ?? 0);
// Resolves (with the page's performance.now()) once the engine's player worker holds its lock (alive:
// true) or holds none (alive: false); polls every 20 ms, fails after 30 s. The page's own hold of that
// lock (while the watch waits for a starting worker to ask for it, engine-watch.js) is not the worker's.
const playerLock = (page, alive) => page.evaluate(async (want) => {
  const self = await navigator.locks.request('test: this page', async () =>
    (await navigator.locks.query()).held.find((l) => l.name === 'test: this page').clientId);
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const { held } = await navigator.locks.query();
    if (held.some((l) => / player /.test(l.name) && l.clientId !== self) === want) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the engine's worker lock is still ${want ? 'absent' : 'held'} after 30 s`);
}, alive);
async function thinking(page) {
  await page.waitForSelector('#stop-engine:not([hidden])', { timeout: 30_000 });
  // The worker is searching: it has answered the ping and holds its lock.
  await playerLock(page, true);
}

// The clock's own record of the engine's turn: its turn started at `start.turnStart`; the press is the
// next turn's turnStart; the time charged is exactly that difference (no increment here).
function checkCharged(start, after, side) {
  const used = after.turnStart - start.turnStart;
  assert.ok(used > 0);
  assert.equal(after.remaining[side], start.remaining[side] - used, 'charged exactly the turn the engine took');
}

describe('engine worker faults', TIMEOUT, () => {
  // The worker is ended at two moments of the engine's turn: while it sets up (at full strength it loads
  // the network's module first: the worker is idle, and ends at once) and in the middle of its search (its
  // thread busy in the WebAssembly search: Chromium ends it some 2 s after terminate()).
  for (const when of ['set-up', 'search']) {
    test(`the worker is ended during its ${when === 'search' ? 'timed search' : 'set-up'}: restarted, the move comes, the clock is right`, async (t) => {
      const { page, context, problems } = await openRecordingWorkers();
      await boardReady(page);
      // 2+0: the engine thinks a few seconds a move; its search's own limit, a third of the time left, is 40 s.
      await newGame(page, { opponent: 'engine', color: 'b', level: 'full', custom: { base: 2 }, position: OUT_OF_BOOK });
      await thinking(page);
      if (when === 'search') await page.waitForFunction(() => window.__escaque.engine.searching, null, { timeout: 30_000 });
      const start = await page.evaluate(() => window.__escaque.clock.state);
      assert.equal(start.running, 'w');
      const { at: endedAt, holders } = await endPlayerWorker(page);
      assert.equal(holders.length, 1, 'the searching worker held the lock');
      const goneAt = await playerLockGone(page, holders);
      // The death watch's lock request is granted when the worker ends; 30 s leaves room for a loaded machine.
      await page.waitForFunction(() => Number(document.body.dataset.engineRestarts) >= 1, null, { timeout: 30_000 });
      const noticedAt = await page.evaluate(() => performance.now());
      t.diagnostic(`worker gone ${Math.round(goneAt - endedAt)} ms after terminate(); restart ` +
        `${Math.round(noticedAt - goneAt)} ms after it was gone`);
      // Noticed by the death watch, not by the search's time limit (a third of 2 min) nor by the set-up's
      // 15 s bound; however soon after it took its lock the worker ends (a watch that polled the locks
      // missed a worker ended within a poll of its start: 14.8 s in CI).
      assert.ok(noticedAt - goneAt < 5_000, `${Math.round(noticedAt - goneAt)} ms`);
      assert.match(await page.textContent('#notice'), /engine stopped .*restarted/);
      await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 60_000 });
      await page.waitForFunction(() => window.__escaque.clock.state.running === 'b');
      const after = await page.evaluate(() => window.__escaque.clock.state);
      checkCharged(start, after, 'w');
      assert.equal(await page.getAttribute('body', 'data-result'), null, 'no flag, no end');
      // The game goes on: the person's move, then the engine's again.
      const legal = await page.evaluate(() => window.__escaque.ctrl.game.moves()[0].uci);
      await typeMoves(page, [legal]);
      await page.waitForFunction(() => document.body.dataset.plies === '3', null, { timeout: 60_000 });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('the worker hangs (an endless loop when it gets the search): noticed, restarted, the move comes', async (t) => {
    // Service workers off, so that the page's requests reach the route below.
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    let hung = 0;
    await context.route(/engine-watch-worker\.js\?lock=[^&]*\bplayer\b/, async (route) => {
      if (hung++) return route.continue();
      // The first player worker: the app's own wrapper, which then loops for ever on its first search.
      const body = `${WRAPPER}
        const receive = self.onmessage;
        self.onmessage = (e) => { if (e.data.type === 'search') for (;;) { /* hang */ } receive(e); };`;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
    const { page, problems } = await openApp(env, { context });
    await boardReady(page);
    // Untimed: the engine has 1 s a move, so a search not answered after that and a second more is hung.
    await newGame(page, { opponent: 'engine', color: 'b', level: 'full', position: OUT_OF_BOOK });
    const sentAt = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => Number(document.body.dataset.engineRestarts) >= 1, null, { timeout: 20_000 });
    const noticedAt = await page.evaluate(() => performance.now());
    t.diagnostic(`hang noticed ${Math.round(noticedAt - sentAt)} ms after the engine's turn began`);
    await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 30_000 });
    assert.equal(hung, 2, 'one hung worker, one new one');
    assert.deepEqual(problems.filter((p) => !/Service Worker registration blocked/.test(p)), []);
    await context.close();
  });

  test('the NNUE network\'s module cannot be loaded: full strength plays on with the hand-written evaluation', async () => {
    // As offline before the module was ever cached: no service worker, and its requests fail.
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const refused = [];
    await context.route(/escaque-engine[^/]*\.wasm(\?|$)/, (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    const { page, problems } = await openApp(env, { context });
    await boardReady(page);
    await newGame(page, { opponent: 'engine', color: 'b', level: 'full', position: OUT_OF_BOOK });
    await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => window.__escaque.engine.evaluation), { player: 'hand-written', adviser: null });
    // (The worker tries the streaming compile, then a plain fetch: one or two requests.)
    const asked = [...refused];
    assert.ok(asked.length >= 1 && asked.every((path) => path === '/dist/escaque-engine.wasm'), String(asked));
    assert.equal(await restarts(page), 0, 'a refused option is no fault');
    // The game goes on: the person's move, then the engine's again.
    const legal = await page.evaluate(() => window.__escaque.ctrl.game.moves()[0].uci);
    await typeMoves(page, [legal]);
    await page.waitForFunction(() => document.body.dataset.plies === '3', null, { timeout: 30_000 });
    assert.deepEqual(refused, asked, 'not asked for again on the next move');
    assert.deepEqual(problems.filter((p) => !/Service Worker registration blocked|net::ERR_INTERNET_DISCONNECTED/.test(p)), []);
    await context.close();
  });

  test('"Move now" while the network\'s module is still loading: the engine moves as soon as it is there', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await context.route(/escaque-engine[^/]*\.wasm(\?|$)/, async (route) => { await held; return route.continue(); });
    const { page, problems } = await openApp(env, { context });
    await boardReady(page);
    // At a classical control the engine would think for minutes.
    await newGame(page, { opponent: 'engine', color: 'b', level: 'full', preset: '90/40+30+30s', position: OUT_OF_BOOK });
    await page.waitForSelector('#stop-engine:not([hidden])');
    await page.click('#stop-engine');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await page.getAttribute('body', 'data-plies'), '0', 'no move while the module is held back');
    const releasedAt = Date.now();
    release();
    await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 15_000 });
    const took = Date.now() - releasedAt;
    assert.ok(took < 10_000, `${took} ms`);
    assert.equal(await page.evaluate(() => window.__escaque.engine.evaluation.player), 'network');
    assert.deepEqual(problems.filter((p) => !/Service Worker registration blocked/.test(p)), []);
    await context.close();
  });

  test('the worker ended while the person thinks: the engine\'s next turn starts a new one', async () => {
    const { page, context, problems } = await openRecordingWorkers();
    await boardReady(page);
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner' });
    await typeMoves(page, ['e4']);
    await page.waitForFunction(() => document.body.dataset.plies === '2', null, { timeout: 30_000 });
    const { holders } = await endPlayerWorker(page);
    await playerLockGone(page, holders);
    await typeMoves(page, ['d4']);
    await page.waitForFunction(() => document.body.dataset.plies === '4', null, { timeout: 30_000 });
    assert.ok(await restarts(page) >= 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
