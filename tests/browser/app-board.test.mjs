// The app's board (the rules-free board core, <escaque-board-core>) in play: moves by click and by
// drag go through the app (move list, clock), illegal ones change nothing,
// promotion uses the board's picker, and the board follows the game
// (typed moves, navigation, new games from a FEN, flip).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { boardReady, clickMove, dragMove, newGame, openApp, squareAt, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();
const boardFen = (page) => page.evaluate(() => document.querySelector('escaque-board-core').fen);
const plies = async (page) => Number(await page.getAttribute('body', 'data-plies'));
const sans = (page) => page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));

describe('playing on the board', { timeout: 120_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => {
    ({ page, context, problems } = await openApp(env));
    await boardReady(page);
  });
  after(async () => { await context?.close(); });

  test('click-click and drag moves are played in the game and listed', async () => {
    await newGame(page, { preset: '5+0' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.body.dataset.plies === '1');
    await dragMove(page, 'e7', 'e5');
    await page.waitForFunction(() => document.body.dataset.plies === '2');
    await clickMove(page, 'g1', 'f3');
    await page.waitForFunction(() => document.body.dataset.plies === '3');
    assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3']);
    assert.equal(await boardFen(page), await page.getAttribute('body', 'data-fen'));
    await page.waitForFunction(() => window.__escaque.clock.state.moves.w === 2);
  });

  test('an illegal move on the board changes nothing', async () => {
    const before = await boardFen(page);
    await dragMove(page, 'e5', 'e3');  // Black pawn two squares... backwards
    await clickMove(page, 'd8', 'd4');  // queen through its own pawn
    assert.equal(await plies(page), 3);
    assert.equal(await boardFen(page), before);
  });

  test('typed moves and the engine-side API move the board too', async () => {
    await typeMoves(page, ['Nc6']);
    assert.equal(await boardFen(page), await page.getAttribute('body', 'data-fen'));
    assert.match(await boardFen(page), /r1bqkbnr\/pppp1ppp\/2n5/);
  });

  test('promotion through the board\'s picker (no silent queen)', async () => {
    await newGame(page, { position: '8/1P4k1/8/8/8/8/6K1/8 w - - 0 1' });
    await clickMove(page, 'b7', 'b8');
    const knight = page.locator('escaque-board-core button[data-piece="n"]');
    await knight.waitFor();
    assert.equal(await plies(page), 0, 'nothing played before the choice');
    await knight.click();
    await page.waitForFunction(() => document.body.dataset.plies === '1');
    assert.deepEqual(await sans(page), ['b8=N']);
  });

  test('the board shows an earlier position while navigating and takes no moves there', async () => {
    await newGame(page);
    await typeMoves(page, ['d4', 'd5', 'c4']);
    // The steps that go nowhere are marked (and stay focusable): › and » on the game's position, « and ‹ on the first.
    const ends = () => page.$$eval('[data-move-nav="nav"] button[id^="nav-"]',
      (list) => list.map((b) => `${b.id.slice(4)}:${b.getAttribute('aria-disabled') === 'true' ? 'off' : 'on'}`).join(' '));
    assert.equal(await ends(), 'first:on prev:on next:off last:off');
    await page.locator('#nav-prev').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'nav-prev', 'the focus stays on ‹ at the start');
    assert.equal(await ends(), 'first:off prev:off next:on last:on');
    await page.click('#nav-next');
    assert.equal(await ends(), 'first:on prev:on next:on last:on');
    await page.click('#nav-first');
    assert.equal(await boardFen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').interactive), 'none');
    await page.click('#nav-last');
    assert.match(await boardFen(page), /2PP4/);
    await clickMove(page, 'd5', 'c4');
    await page.waitForFunction(() => document.body.dataset.plies === '4');
    assert.equal((await sans(page)).at(-1), 'dxc4');
  });

  test('checkmate on the board ends the game', async () => {
    await newGame(page);
    await clickMove(page, 'f2', 'f3');
    await page.waitForFunction(() => document.body.dataset.plies === '1');
    await clickMove(page, 'e7', 'e5');
    await page.waitForFunction(() => document.body.dataset.plies === '2');
    await clickMove(page, 'g2', 'g4');
    await page.waitForFunction(() => document.body.dataset.plies === '3');
    await dragMove(page, 'd8', 'h4');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['0-1', 'checkmate']);
    assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').interactive), 'none');
  });

  test('flip turns the board; the clocks follow', async () => {
    await newGame(page);
    const bottomBefore = await page.getAttribute('#clock-bottom', 'data-side');
    await page.click('#flip');
    assert.equal(await page.evaluate(() => document.querySelector('escaque-board-core').orientation), 'black');
    const a1 = await squareAt(page, 'a1');
    const h8 = await squareAt(page, 'h8');
    assert.ok(a1.y < h8.y, 'a1 is at the top');
    await page.waitForFunction((s) => document.getElementById('clock-bottom').dataset.side !== s, bottomBefore);
    await page.click('#flip');
  });

  test('Chess960 starts: by number, and from a Shredder-FEN', async () => {
    await newGame(page, { chess960: 518 });
    assert.equal(await boardFen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await newGame(page, { chess960: 0 });
    assert.match(await boardFen(page), /^bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w/);
    assert.equal(await page.evaluate(() => window.__escaque.ctrl.record.setup.chess960), true);
    await newGame(page, { position: 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' });
    assert.equal(await page.evaluate(() => window.__escaque.ctrl.record.setup.chess960), true);
    await typeMoves(page, ['g3']);
    await page.click('#show-pgn');
    assert.match(await page.inputValue('#pgn-out'), /\[Variant "Chess960"\]/);
    await page.click('#show-pgn');
  });

  test('the board says each move in words and steps through the game with PageUp / PageDown', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5']);
    const live = () => page.evaluate(() =>
      document.querySelector('escaque-board-core').shadowRoot.querySelector('[role=status]').textContent);
    await page.waitForFunction(() => document.querySelector('escaque-board-core').shadowRoot
      .querySelector('[role=status]').textContent !== '');
    assert.equal(await live(), 'Black pawn from e7 to e5');
    await page.evaluate(() => document.querySelector('escaque-board-core').focusSquare('e4'));
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => !document.getElementById('viewing').hidden);
    assert.match(await boardFen(page), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b/);
    assert.equal(await plies(page), 2, 'the game itself is unchanged');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.getElementById('viewing').hidden);
    assert.equal(await boardFen(page), await page.getAttribute('body', 'data-fen'));
  });

  test('no console errors', () => assert.deepEqual(problems, []));
});
