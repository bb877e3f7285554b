// The app's weight and speed in headless Chromium: what a first visit
// transfers (as gzip, the way a static host would serve it) and how soon after
// navigation the board takes moves.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';

import { clickMove, dragMove, squareAt } from './app-helpers.mjs';
import { useServedChromium } from './harness.mjs';

const env = useServedChromium();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ROOT = new URL('../../', import.meta.url);

// URL path -> the served file (web/ at /, dist/ at /dist/).
function fileOf(path) {
  if (path.startsWith('/dist/')) return new URL(`.${path}`, ROOT);
  return new URL(`web${path === '/' ? '/index.html' : path}`, ROOT);
}

describe('first visit', { timeout: 180_000 }, () => {
  test('everything needed to play: ≤ 300 KB gzip', async (t) => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const fetched = new Map();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (r.status() === 200 && url.origin === new URL(env.baseUrl).origin) fetched.set(url.pathname, r.status());
    });
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]');
    // Wait for the service worker's precache too: it must not download the files a second time.
    await page.evaluate(() => navigator.serviceWorker.ready);
    let raw = 0;
    let gzip = 0;
    const rows = [];
    for (const path of fetched.keys()) {
      const bytes = readFileSync(fileOf(path));
      const z = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += z;
      rows.push(`${path} ${bytes.length} B, ${z} B gzip`);
    }
    t.diagnostic(rows.join('; '));
    t.diagnostic(`total ${fetched.size} files: ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
    assert.ok(fetched.has('/dist/escaque-rules.wasm'));
    assert.ok(gzip <= 300 * 1024, `${(gzip / 1024).toFixed(1)} KB gzip`);
    // Everything the service worker keeps for offline use (the page's files are revalidated, 304, not
    // fetched again): the union must fit too, as it is all a first visit downloads.
    const sw = readFileSync(new URL('web/sw.js', ROOT), 'utf8');
    const precached = JSON.parse(`[${/const PRECACHE = \[([^\]]*)\]/.exec(sw)[1].replace(/'/g, '"').replace(/,\s*$/, '')}]`)
      .map((p) => (p === './' ? '/' : `/${p}`));
    let all = 0;
    for (const path of new Set([...fetched.keys(), ...precached])) all += gzipSync(readFileSync(fileOf(path)), { level: 9 }).length;
    t.diagnostic(`with everything precached for offline use: ${(all / 1024).toFixed(1)} KB gzip`);
    assert.ok(all <= 300 * 1024, `${(all / 1024).toFixed(1)} KB gzip`);
    await context.close();
  });

  // How soon (the 500 ms bar, cold and warm) is measured by `node bench/app-startup.mjs` with the
  // figures recorded in docs/benchmarks.md; here: what the mark means, on a cold and on warm visits.
  test('at the "interactive" mark the board shows the start position and takes White\'s moves (cold, then warm)', async (t) => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    for (const visit of ['cold', 'warm (service worker)', 'warm again']) {
      if (visit === 'cold') await page.goto(env.baseUrl);
      else await page.reload();
      // The mark's meaning, read at the first poll that sees it: the board shows the game's position and
      // takes White's moves (before the rules have loaded, a move is held and played once they have: the
      // test below makes one then).
      const seen = await page.waitForFunction(() => {
        if (!performance.getEntriesByName('escaque-interactive').length) return null;
        const b = document.querySelector('escaque-board-core');
        return { at: performance.getEntriesByName('escaque-interactive')[0].startTime, interactive: b?.interactive,
          fen: b?.fen };
      }, null, { timeout: 30_000 });
      const { at, ...state } = await seen.jsonValue();
      assert.deepEqual(state, { interactive: 'white', fen: START }, `${visit}: the board at the mark`);
      t.diagnostic(`${visit}: interactive ${at.toFixed(0)} ms after navigation (figure only; the bar is in bench/app-startup.mjs)`);
      if (visit === 'cold') await page.evaluate(() => navigator.serviceWorker.ready);
    }
    await context.close();
  });

  // The app opened with the rules' WebAssembly held back until release(), so that what a test does on
  // the board surely happens before the rules have loaded; resolved once the board is interactive.
  async function openWithRulesHeld() {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/dist/escaque-rules.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(env.baseUrl);
    await page.waitForFunction(() => performance.getEntriesByName('escaque-interactive').length > 0);
    return { context, page, problems, release };
  }

  test('a move made on the board before the rules have loaded is played once they have', async () => {
    for (const how of ['click', 'drag', 'illegal']) {
      const { context, page, problems, release } = await openWithRulesHeld();
      assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined, 'the rules are not loaded yet');
      if (how === 'click') await clickMove(page, 'e2', 'e4');
      else if (how === 'drag') await dragMove(page, 'g1', 'f3');
      else await clickMove(page, 'e2', 'e5');
      assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined, `${how}: made before the rules`);
      release();
      await page.waitForSelector('body[data-ready="true"]');
      if (how === 'illegal') {
        // Dropped (a premove that is not legal): nothing played, the game goes on from the start.
        await page.waitForTimeout(300);
        assert.equal(await page.getAttribute('body', 'data-plies'), '0');
        await clickMove(page, 'd2', 'd4');
        await page.waitForFunction(() => document.body.dataset.plies === '1');
        assert.equal((await page.textContent('#move-list')).trim(), 'd4');
      } else {
        await page.waitForFunction(() => document.body.dataset.plies === '1');
        assert.equal((await page.textContent('#move-list')).trim(), how === 'click' ? 'e4' : 'Nf3');
        assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').fen),
          await page.evaluate(() => window.__escaque.ctrl.game.fen()));
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  // The board lets go of a selection when its legal moves change; the game's first view brings them.
  // A piece picked up (clicked, or held in a drag) before the rules have loaded and put down after must
  // still make its move.
  test('a move begun before the rules have loaded and finished after is played', async () => {
    for (const how of ['click', 'drag']) {
      const { context, page, problems, release } = await openWithRulesHeld();
      const from = await squareAt(page, how === 'click' ? 'e2' : 'g1');
      const to = await squareAt(page, how === 'click' ? 'e4' : 'f3');
      if (how === 'click') {
        await page.mouse.click(from.x, from.y);
      } else {
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
      }
      assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').selected),
        how === 'click' ? 'e2' : 'g1', `${how}: the piece is picked up before the rules`);
      assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined, `${how}: begun before the rules`);
      release();
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForTimeout(100);  // the game's first render has had its chance to drop the selection
      if (how === 'click') {
        await page.mouse.click(to.x, to.y);
      } else {
        await page.mouse.move(to.x, to.y, { steps: 3 });
        await page.mouse.up();
      }
      await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 5000 });
      assert.equal((await page.textContent('#move-list')).trim(), how === 'click' ? 'e4' : 'Nf3');
      assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').fen),
        await page.evaluate(() => window.__escaque.ctrl.game.fen()));
      // The board is the game's now: Black's reply is taken as a move.
      await clickMove(page, 'e7', 'e5');
      await page.waitForFunction(() => document.body.dataset.plies === '2', null, { timeout: 5000 });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
});
