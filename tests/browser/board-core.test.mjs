// The rules-free board core as a page with its own game uses it (<escaque-board-core>, docs/board.md
// "The core"): it offers only the moves its `dests` allow, reports them as intents and shows a move
// only once the owner has set the new position; promotion offers the pieces the owner listed; a
// move made while `dests` are unknown waits and is offered when they arrive (or dropped); a bad state
// throws, naming the field, and changes nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { clickSquare, drag, drawnPieces, squareCenter, useBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// A fresh <escaque-board-core id="b0"> 400 px wide, its intents logged in window.intents.
async function mountCore(page, state) {
  await page.evaluate(async (state) => {
    await import('/dist/board/board-core-element.js');
    const main = document.querySelector('main');
    const box = document.createElement('div');
    box.style.width = '400px';
    const board = document.createElement('escaque-board-core');
    board.id = 'b0';
    window.intents = [];
    for (const type of ['move', 'premove', 'select', 'annotate', 'navigate', 'typing', 'square']) {
      board.addEventListener(type, (e) => window.intents.push({ type, ...e.detail }));
    }
    if (state.dests && !(state.dests instanceof Map)) state.dests = new Map(Object.entries(state.dests));
    board.set(state);
    box.append(board);
    main.replaceChildren(box);
  }, state);
}
const intents = (page, type) => page.evaluate((type) => window.intents.filter((i) => i.type === type), type);

describe('board core', { timeout: 120_000 }, () => {
  let page;
  useBoardPage(env, (opened) => ({ page } = opened));

  test('a move the dests allow is an intent; it shows only once the owner sets the position', async () => {
    await mountCore(page, { fen: START, interactive: 'white', dests: { e2: ['e3', 'e4'], g1: ['f3', 'h3'] } });
    await drag(page, 'e2', 'e5');  // not in dests: no intent
    await drag(page, 'd2', 'd4');  // no dests from d2
    assert.deepEqual(await intents(page, 'move'), []);
    await drag(page, 'e2', 'e4');
    assert.deepEqual((await intents(page, 'move')).map(({ from, to, source }) => ({ from, to, source })),
      [{ from: 'e2', to: 'e4', source: 'pointer' }]);
    let drawn = await drawnPieces(page);
    assert.equal(drawn.e2, 'wp', 'the owner did not play it: the pawn is back on e2');
    assert.equal(drawn.e4, undefined);
    await page.evaluate(() => document.getElementById('b0').set({
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', dests: new Map(),
      lastMove: { from: 'e2', to: 'e4' } }));
    drawn = await drawnPieces(page);
    assert.equal(drawn.e4, 'wp');
    assert.equal(drawn.e2, undefined);
    const last = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.sq.last')]
      .map((c) => c.dataset.square).sort());
    assert.deepEqual(last, ['e2', 'e4']);
  });

  test('promotion offers the pieces the owner listed, and the intent carries the choice', async () => {
    await mountCore(page, { fen: '8/1P4k1/8/8/8/8/6K1/8 w - - 0 1', interactive: 'both',
      dests: { b7: [{ to: 'b8', promotion: 'q' }, { to: 'b8', promotion: 'n' }] } });
    await drag(page, 'b7', 'b8');
    const offered = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.promo button')]
      .map((b) => b.dataset.piece));
    assert.deepEqual(offered, ['q', 'n']);
    await page.locator('#b0 button[data-piece="n"]').click();
    assert.deepEqual((await intents(page, 'move')).map(({ from, to, promotion }) => ({ from, to, promotion })),
      [{ from: 'b7', to: 'b8', promotion: 'n' }]);
  });

  test('with dests not known yet, a move waits and is offered when they arrive (an illegal one is dropped)', async () => {
    await mountCore(page, { fen: START, interactive: 'white', dests: null });
    await drag(page, 'g1', 'f3');
    assert.deepEqual(await intents(page, 'move'), []);
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').state.premove), { from: 'g1', to: 'f3' });
    await page.evaluate(() => document.getElementById('b0').set({ dests: new Map([['g1', ['f3', 'h3']]]) }));
    await page.waitForFunction(() => window.intents.some((i) => i.type === 'move'));
    assert.deepEqual((await intents(page, 'move')).map(({ from, to, source }) => ({ from, to, source })),
      [{ from: 'g1', to: 'f3', source: 'premove' }]);

    await mountCore(page, { fen: START, interactive: 'white', dests: null });
    await drag(page, 'b1', 'd2');  // a knight's move, but d2 is occupied: the owner's dests will not allow it
    await page.evaluate(() => document.getElementById('b0').set({ dests: new Map([['b1', ['a3', 'c3']]]) }));
    await page.waitForFunction(() => window.intents.some((i) => i.type === 'premove' && i.premove === null));
    assert.deepEqual(await intents(page, 'move'), []);
    assert.equal(await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelector('[role=status]').textContent),
      'Premove cancelled');
  });

  test('a printable key the board has no use for is a typing intent; its own keys and shortcuts are not', async () => {
    await mountCore(page, { fen: START, interactive: 'white', dests: { e2: ['e3', 'e4'] } });
    await page.evaluate(() => document.getElementById('b0').focusSquare('e2'));
    for (const key of ['e', '4', 'N', 'ArrowUp', 'Escape', 'PageUp', 'Control+c', 'Alt+x', 'Tab']) await page.keyboard.press(key);
    assert.deepEqual((await intents(page, 'typing')).map((i) => i.key), ['e', '4', 'N']);
    assert.deepEqual((await intents(page, 'navigate')).map((i) => i.where), ['prev'], 'PageUp is still navigation');
    // Nothing on the board was picked up or moved by the letters.
    assert.deepEqual(await intents(page, 'move'), []);
    assert.equal(await page.evaluate(() => document.getElementById('b0').selected), null);
  });

  test('a press on a square that picks nothing up is a square intent, by pointer and by key', async () => {
    await mountCore(page, { fen: START, interactive: 'white', dests: { e2: ['e3', 'e4'] } });
    await clickSquare(page, 'e5');  // empty
    await clickSquare(page, 'e7');  // a black piece: white may not pick it up
    await clickSquare(page, 'e2');  // picked up: no square intent
    await clickSquare(page, 'e4');  // a move: no square intent
    await page.evaluate(() => document.getElementById('b0').focusSquare('d5'));
    await page.keyboard.press('Enter');
    assert.deepEqual((await intents(page, 'square')).map(({ square, source }) => `${square} ${source}`),
      ['e5 pointer', 'e7 pointer', 'd5 keyboard']);
    assert.deepEqual((await intents(page, 'move')).map(({ from, to }) => from + to), ['e2e4']);
    // With interactive 'none' every square is a square intent (a board editor's "put a piece here").
    await mountCore(page, { fen: START, interactive: 'none' });
    await clickSquare(page, 'e2');
    assert.deepEqual((await intents(page, 'square')).map((i) => i.square), ['e2']);
    assert.equal(await page.evaluate(() => document.getElementById('b0').selected), null);
  });

  test('squareAt: the square under a viewport point, as oriented; null off the board', async () => {
    await mountCore(page, { fen: START });
    const at = (p) => page.evaluate(({ x, y }) => document.getElementById('b0').squareAt(x, y), p);
    assert.equal(await at(await squareCenter(page, 'e2')), 'e2');
    assert.equal(await at(await squareCenter(page, 'h8')), 'h8');
    await page.evaluate(() => document.getElementById('b0').set({ orientation: 'black' }));
    assert.equal(await at(await squareCenter(page, 'a1')), 'a1');
    const box = await page.locator('#b0 .board').boundingBox();
    assert.equal(await at({ x: box.x - 5, y: box.y + 5 }), null);
    assert.equal(await at({ x: box.x + 5, y: box.y + box.height + 5 }), null);
  });

  test('free: any piece of either colour to any square, whatever the turn and dests say', async () => {
    await mountCore(page, { fen: START, interactive: 'both', free: true, dests: new Map() });
    await drag(page, 'e7', 'e2');    // black's piece on white's turn, onto a white pawn
    await drag(page, 'g1', 'a5');    // no knight's move
    await drag(page, 'a2', 'a8');    // a pawn to the last rank: no promotion picker
    await page.evaluate(() => document.getElementById('b0').focusSquare('d8'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.deepEqual((await intents(page, 'move')).map(({ from, to, promotion, source }) => `${from}${to} ${promotion ?? '-'} ${source}`),
      ['e7e2 - pointer', 'g1a5 - pointer', 'a2a8 - pointer', 'd8d6 - keyboard']);
    assert.equal((await drawnPieces(page)).e7, 'bp', 'the owner decides: nothing moved by itself');
    await mountCore(page, { fen: START, interactive: 'white', free: true });
    await drag(page, 'e7', 'e5');  // interactive still limits the colours
    assert.deepEqual(await intents(page, 'move'), []);
  });

  test('a bad state throws, naming the field, and changes nothing', async () => {
    await mountCore(page, { fen: START, interactive: 'white', dests: { e2: ['e4'] } });
    const errors = await page.evaluate(() => {
      const b = document.getElementById('b0');
      const out = [];
      for (const bad of [{ fen: 'nonsense' }, { orientation: 'up' }, { interactive: 'yes' }, { check: 'z9' },
        { dests: { e2: ['e9'] } }, { arrows: [{ from: 'e2' }] }, { premove: { from: 'e2', to: 'x' } }, { colour: 'w' },
        { dests: { e7: [{ to: 'e8', promotion: 'k' }] } }]) {
        try { b.set(bad); out.push(`accepted ${JSON.stringify(bad)}`); } catch (e) { out.push(`${e.name}: ${e.message}`); }
      }
      return { out, fen: b.fen, orientation: b.orientation, interactive: b.interactive };
    });
    assert.equal(errors.out.length, 9);
    for (const [i, field] of ['fen', 'orientation', 'interactive', 'check', 'dests', 'arrows', 'premove', 'colour',
      'promotion'].entries()) {
      assert.match(errors.out[i], new RegExp(`^(TypeError|SyntaxError): BoardCore\\.set: .*${field}`), errors.out[i]);
    }
    assert.deepEqual([errors.fen, errors.orientation, errors.interactive], [START, 'white', 'white']);
  });
});
