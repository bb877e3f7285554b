// Casual-game conveniences: take-backs (only in casual games), the optional
// casual convention of automatic draws at the third repetition / 50 moves
// (off by default: FIDE claims), rematch with colours swapped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { banner, newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();
const plies = async (page) => Number(await page.getAttribute('body', 'data-plies'));

async function setCasualDraws(page, on) {
  await page.click('#open-settings');
  await page.setChecked('#set-casual-draws', on);
  await page.click('#settings-form button[type="submit"]');
}

describe('casual games', { timeout: 120_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('take back: two players, one move at a time; the clock goes back to the side to move', async () => {
    await newGame(page, { preset: '5+0', casual: true });
    await typeMoves(page, ['e4', 'e5', 'Nf3']);
    await page.click('#take-back');
    assert.equal(await plies(page), 2);
    await page.waitForFunction(() => window.__escaque.clock.state.running === 'w');
    await typeMoves(page, ['Bc4']);
    const list = await page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
    assert.deepEqual(list, ['e4', 'e5', 'Bc4']);
    await page.waitForFunction(() => window.__escaque.clock.state.running === 'b');
  });

  test('no take-backs in a game that is not casual', async () => {
    await newGame(page, { casual: false });
    await typeMoves(page, ['e4']);
    assert.equal(await page.isHidden('#take-back'), true);
  });

  test('by default the third repetition is only a claim; the casual setting makes it automatic', async () => {
    await newGame(page);
    const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    await typeMoves(page, [...cycle, ...cycle]);
    assert.equal(await banner(page), null, 'FIDE: the game goes on unless claimed');
    assert.equal(await page.isVisible('#claim-draw'), true);
    await setCasualDraws(page, true);
    const b = await waitForResult(page);
    assert.equal(b.reason, 'threefold-repetition');
    await setCasualDraws(page, false);
  });

  test('rematch: same opponent, colours swapped', async () => {
    await newGame(page, { preset: 'untimed' });
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    await waitForResult(page);
    assert.equal(await page.isVisible('#rematch'), true);
    await page.click('#rematch');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('#ng-start');
    await page.waitForFunction(() => !document.body.dataset.result);
    assert.equal(await plies(page), 0);
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
