// Two tabs of the app in one browser profile (two pages of one context: shared storage, locks and
// channels): one tab owns the running game, the other shows it live and read-only; "Play here" takes it
// over mid-game with its clock running; no move is ever lost and an older state never overwrites a
// newer one (web/app/tab-owner.js).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { newGame, openApp, typeMoves } from './app-helpers.mjs';

const env = useServedChromium();
const TIMEOUT = { timeout: 120_000 };

const role = (page) => page.getAttribute('body', 'data-role');
const moves = (page) => page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('escaque.app.current')));
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}
async function showsMoves(page, list) {
  await page.waitForFunction((l) => [...document.querySelectorAll('#move-list .move[data-ply]')]
    .map((b) => b.textContent).join(' ') === l.join(' '), list, { timeout: 10_000 });
}

describe('two tabs, one game', TIMEOUT, () => {
  // Each test gets a profile of its own (storage, locks, channels), so a test that fails midway
  // leaves no owning tab behind to turn the next test's first tab into a viewer.
  let context;
  let problems = [];
  beforeEach(async () => { context = await env.browser.newContext(); });
  afterEach(async () => { await context?.close(); context = null; });

  async function open() {
    const tab = await openApp(env, { context });
    problems = problems.concat(tab.problems);
    return tab.page;
  }

  test('the first tab owns the game; a second one shows it live, read-only, and cannot play over it', async () => {
    const b = await open();  // B opened first, still at the start
    const a = await open();
    assert.equal(await role(b), 'owner');
    assert.equal(await role(a), 'viewer');
    assert.equal(await a.isVisible('#play-here'), true);
    assert.equal(await a.isDisabled('#move-input'), true);
    // A takes the game and plays 1.e4 e5 2.Nf3; B shows every move as it is made.
    await a.click('#play-here');
    await a.waitForSelector('body[data-role="owner"]');
    await b.waitForSelector('body[data-role="viewer"]');
    await typeMoves(a, ['e4', 'e5', 'Nf3']);
    await showsMoves(b, ['e4', 'e5', 'Nf3']);
    // B, still at its own old idea of the game, tries 1.d4: refused, nothing written.
    assert.equal(await b.isDisabled('#move-input'), true);
    await b.evaluate(() => {
      document.getElementById('move-input').disabled = false;
      document.getElementById('move-input').value = 'd4';
      document.getElementById('move-form').requestSubmit();
    });
    assert.match(await b.textContent('#notice'), /played in another tab/);
    assert.deepEqual((await stored(a)).moves, ['e2e4', 'e7e5', 'g1f3']);
    // A reload of A: its game, whole.
    await reload(a);
    assert.deepEqual(await moves(a), ['e4', 'e5', 'Nf3']);
    await a.close();
    await b.close();
  });

  test('a tab opened during a 5+0 game never flags or saves over it; a takeover mid-game keeps the clock', async () => {
    const a = await open();
    assert.equal(await role(a), 'owner');
    await newGame(a, { preset: '5+0' });
    await typeMoves(a, ['e4', 'c5']);
    await a.waitForFunction(() => window.__escaque.clock.state?.moves.b === 1 && window.__escaque.clock.state.running === 'w');
    const b = await open();
    assert.equal(await role(b), 'viewer');
    await showsMoves(b, ['e4', 'c5']);
    // B's copy of the clock: a year later by its own reckoning, its clock must neither flag nor save.
    const before = await stored(a);
    await b.evaluate(() => {
      const c = window.__escaque.clock;
      c.set({ ...c.state, turnStart: c.state.turnStart - 365 * 24 * 3600_000 });
    });
    await b.waitForTimeout(500);
    assert.equal(await b.getAttribute('body', 'data-result'), null, 'the viewer ends nothing');
    assert.deepEqual(await stored(a), before, 'the viewer saved nothing');
    assert.equal(await a.getAttribute('body', 'data-result'), null);
    // A plays on; B follows.
    await typeMoves(a, ['Nf3']);
    await showsMoves(b, ['e4', 'c5', 'Nf3']);
    // The move is on the board before the clock press is stored: wait for the press, not a time.
    await a.waitForFunction(() => window.__escaque.clock.state?.running === 'b');
    const aState = await a.evaluate(() => window.__escaque.clock.state);
    assert.equal(aState.running, 'b');
    // Takeover mid-game, Black's clock running: B plays on with the same clock (same turn start), A watches.
    await b.click('#play-here');
    await b.waitForSelector('body[data-role="owner"]');
    await a.waitForSelector('body[data-role="viewer"]');
    await b.waitForFunction(() => window.__escaque.clock.state?.running === 'b');
    const bState = await b.evaluate(() => window.__escaque.clock.state);
    assert.equal(bState.running, 'b');
    assert.equal(bState.turnStart, aState.turnStart, 'Black\'s turn kept running through the takeover');
    assert.deepEqual(bState.remaining, aState.remaining);
    await typeMoves(b, ['d6']);
    await showsMoves(a, ['e4', 'c5', 'Nf3', 'd6']);
    await b.waitForFunction(() => window.__escaque.clock.state?.running === 'w');
    assert.deepEqual((await stored(b)).moves, ['e2e4', 'c7c5', 'g1f3', 'd7d6']);
    assert.equal((await stored(b)).clock.running, 'w');
    // The old owner, now a viewer, cannot play; its clock copy does not flag either.
    assert.equal(await a.isDisabled('#move-input'), true);
    // B closes: A, next in line, owns the game again by itself and plays on.
    await b.close();
    await a.waitForSelector('body[data-role="owner"]', { timeout: 10_000 });
    await typeMoves(a, ['d4']);
    assert.deepEqual((await stored(a)).moves, ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4']);
    await a.close();
  });

  test('an older state never overwrites a newer one (revisions)', async () => {
    const a = await open();
    await newGame(a);
    await typeMoves(a, ['d4', 'd5']);
    const rev = (await stored(a)).rev;
    assert.ok(Number.isInteger(rev) && rev > 0, `rev ${rev}`);
    // Something else (an older version of the app in another tab, say) writes a newer game meanwhile.
    await a.evaluate(() => {
      const r = JSON.parse(localStorage.getItem('escaque.app.current'));
      r.rev += 5;
      r.moves.push('c2c4');
      r.clocks.push(null);
      localStorage.setItem('escaque.app.current', JSON.stringify(r));
    });
    // A's next save sees the newer game and does not write over it.
    await typeMoves(a, ['Nf3']).catch(() => {});
    const now = await stored(a);
    assert.deepEqual(now.moves, ['d2d4', 'd7d5', 'c2c4']);
    assert.ok(now.rev >= rev + 5, `rev ${now.rev}`);
    await a.close();
  });

  test('storage full in the owning tab: a new tab still gets the whole game, and plays on from it', async () => {
    const a = await open();
    await newGame(a);
    await typeMoves(a, ['c4']);
    // From now on A's storage refuses every write (full).
    await a.evaluate(() => {
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
    });
    await typeMoves(a, ['e5', 'Nc3']);
    assert.deepEqual((await stored(a)).moves, ['c2c4'], 'storage has only what fitted');
    const b = await open();
    assert.equal(await role(b), 'viewer');
    await showsMoves(b, ['c4', 'e5', 'Nc3']);
    await b.click('#play-here');
    await b.waitForSelector('body[data-role="owner"]');
    await typeMoves(b, ['Nf6']);
    assert.deepEqual((await stored(b)).moves, ['c2c4', 'e7e5', 'b1c3', 'g8f6']);
    await showsMoves(a, ['c4', 'e5', 'Nc3', 'Nf6']);
    await a.close();
    await b.close();
  });

  test('no page errors, no console errors', () => assert.deepEqual(problems, []));
});
