// <escaque-board>'s move path, checked for correctness (its timing is a benchmark:
// bench/board-move.mjs records it in docs/benchmarks.md): 20 plies dragged with the mouse are all
// played; nothing in the move path reads layout — every layout-forcing DOM read is counted between the
// capture and bubble phases of pointerup on window — and the component's `escaque-board:move`
// measure starts at the pointerup event.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { drag, events, mountBoards, openBoardPage, useServedChromium } from './board-helpers.mjs';
import { GAME, instrument } from './board-move-probe.mjs';

const env = useServedChromium();

describe('board performance', { timeout: 180_000 }, () => {
  let page;
  let context;
  before(async () => {
    ({ page, context } = await openBoardPage(env));
    await page.evaluate(instrument);
  });
  after(async () => { await context?.close(); });

  test('20 dragged moves played, no layout read in the move path, measured from pointerup', async () => {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '', coordinates: '' }], 480);
    await page.evaluate(() => { window.__perf.samples = []; performance.clearMeasures('escaque-board:move'); });
    for (const [from, to] of GAME) await drag(page, from, to);
    assert.equal((await events(page, 'b0', 'move')).length, GAME.length);
    const { samples, reads } = await page.evaluate(() => window.__perf);
    assert.equal(samples.length, GAME.length);
    assert.deepEqual(reads, [], 'layout-forcing reads between pointerup capture and bubble');
    for (const s of samples) assert.equal(s.measureStart, s.eventStamp, 'the component measures from pointerup');
    assert.ok(samples.every((s) => s.measureMs !== null && s.measureMs >= 0), 'every move is measured');
  });
});
