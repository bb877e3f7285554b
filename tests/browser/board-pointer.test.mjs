// <escaque-board> with a pointer: drag and click-click moves with the mouse,
// touch and pen; an illegal move snaps back without an event; a cancelled
// `move` event leaves the game alone; the promotion picker.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { START, boardFen, clickSquare, drag, drawnPieces, events, mountBoards, useBoardPage,
  squareCenter, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();

describe('pointer moves', () => {
  let page;
  let context;
  useBoardPage(env, (opened) => { ({ page, context } = opened); }, { hasTouch: true });

  test('drag a pawn e2-e4 with the mouse', async () => {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '' }]);
    await drag(page, 'e2', 'e4');
    const moves = await events(page, 'b0', 'move');
    assert.equal(moves.length, 1);
    assert.deepEqual({ ...moves[0], fen: undefined }, { type: 'move', san: 'e4', from: 'e2', to: 'e4',
      promotion: undefined, source: 'pointer', square: undefined, premove: undefined, ply: undefined, fen: undefined,
      outcome: undefined, message: undefined });
    assert.equal(await boardFen(page), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const drawn = await drawnPieces(page);
    assert.equal(drawn.e4, 'wp');
    assert.equal(drawn.e2, undefined);
    assert.equal(Object.keys(drawn).length, 32);
  });

  test('click-click: knight g8 to f6, then the last-move squares are marked', async () => {
    await clickSquare(page, 'g8');
    const dots = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.sq.dest')]
      .map((c) => c.dataset.square).sort());
    assert.deepEqual(dots, ['f6', 'h6']);
    await clickSquare(page, 'f6');
    assert.equal((await events(page, 'b0', 'move')).at(-1).san, 'Nf6');
    const marked = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.sq.last')]
      .map((c) => c.dataset.square).sort());
    assert.deepEqual(marked, ['f6', 'g8']);
    assert.equal((await drawnPieces(page)).f6, 'bn');
  });

  test('show-legal: dots on empty targets, rings on captures; select events', async () => {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '',
      fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' }]);
    await clickSquare(page, 'e4');
    const marks = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.sq.dest')]
      .map((c) => `${c.dataset.square}${c.classList.contains('cap') ? 'x' : ''}`).sort());
    assert.deepEqual(marks, ['d5x', 'e5']);
    await clickSquare(page, 'e4');    // a second click puts the pawn down
    const selects = (await events(page, 'b0', 'select')).map((e) => e.square);
    assert.deepEqual(selects, ['e4', null]);
    assert.equal(await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelectorAll('.sq.dest').length), 0);
  });

  test('an illegal drop snaps back: no move event, position unchanged', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await drag(page, 'e2', 'e5');           // pawn cannot go three squares
    await drag(page, 'g1', 'g3');           // knight cannot go straight
    await drag(page, 'e7', 'e5');           // not Black's turn
    assert.deepEqual(await events(page, 'b0', 'move'), []);
    assert.equal(await boardFen(page), START);
    const drawn = await drawnPieces(page);
    assert.equal(drawn.e2, 'wp');
    assert.equal(drawn.g1, 'wn');
    assert.equal(drawn.e7, 'bp');
    assert.equal(drawn.dragging, undefined);
  });

  test('interactive="white" refuses to move Black; interactive absent refuses everything', async () => {
    await mountBoards(page, [{ interactive: 'white', fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' },
      { id: 'still' }]);
    await drag(page, 'e7', 'e5');
    await drag(page, 'e2', 'e4', 'still');
    assert.deepEqual(await events(page, 'b0', 'move'), []);
    assert.deepEqual(await events(page, 'still', 'move'), []);
  });

  test('a cancelled move event keeps the position', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await page.evaluate(() => document.getElementById('b0').addEventListener('move', (e) => {
      if (e.detail.san === 'e4') e.preventDefault();
    }));
    await drag(page, 'e2', 'e4');
    assert.equal(await boardFen(page), START);
    assert.equal((await drawnPieces(page)).e2, 'wp');
    await drag(page, 'd2', 'd4');
    assert.match(await boardFen(page), /^rnbqkbnr\/pppppppp\/8\/8\/3P4\//);
  });

  test('touch: drag d2-d4 and tap-tap e7 then e5', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    const cdp = await context.newCDPSession(page);
    const touch = async (type, p) => cdp.send('Input.dispatchTouchEvent', { type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }] });
    const a = await squareCenter(page, 'd2');
    const b = await squareCenter(page, 'd4');
    await touch('touchStart', a);
    for (let i = 1; i <= 5; i++) await touch('touchMove', { x: a.x, y: a.y + (b.y - a.y) * (i / 5) });
    await touch('touchEnd', b);
    const e7 = await squareCenter(page, 'e7');
    const e5 = await squareCenter(page, 'e5');
    await page.touchscreen.tap(e7.x, e7.y);
    await page.touchscreen.tap(e5.x, e5.y);
    const moves = await events(page, 'b0', 'move');
    assert.deepEqual(moves.map((m) => m.san), ['d4', 'e5']);
    await cdp.detach();
  });

  test('pen: drag g1-f3', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    const cdp = await context.newCDPSession(page);
    const a = await squareCenter(page, 'g1');
    const b = await squareCenter(page, 'f3');
    const pen = (type, p, buttons) => cdp.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y,
      button: type === 'mouseMoved' ? 'none' : 'left', buttons, clickCount: 1, pointerType: 'pen' });
    const kinds = [];
    await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelector('.board')
      .addEventListener('pointerdown', (e) => { window.lastPointerType = e.pointerType; }));
    await pen('mousePressed', a, 1);
    for (let i = 1; i <= 5; i++) await pen('mouseMoved', { x: a.x + (b.x - a.x) * i / 5, y: a.y + (b.y - a.y) * i / 5 }, 1);
    await pen('mouseReleased', b, 0);
    kinds.push(await page.evaluate(() => window.lastPointerType));
    assert.deepEqual(kinds, ['pen']);
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['Nf3']);
    await cdp.detach();
  });

  test('promotion: the picker offers four pieces; choosing the knight plays e8=N+', async () => {
    await mountBoards(page, [{ interactive: 'both', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' }]);
    await drag(page, 'e7', 'e8');
    const buttons = await page.locator('#b0 .promo button').evaluateAll((bs) => bs.map((b) => b.dataset.piece));
    assert.deepEqual(buttons, ['q', 'r', 'b', 'n']);
    assert.deepEqual(await events(page, 'b0', 'move'), []);  // nothing played yet
    await page.locator('#b0 .promo button[data-piece="n"]').click();
    const moves = await events(page, 'b0', 'move');
    assert.equal(moves.length, 1);
    assert.equal(moves[0].san, 'e8=N');
    assert.equal(moves[0].promotion, 'n');
    assert.equal((await drawnPieces(page)).e8, 'wn');
    assert.equal(await page.locator('#b0 .promo').count(), 0);
  });

  test('promotion: dismissing the picker plays nothing; auto-queen skips it', async () => {
    await mountBoards(page, [{ interactive: 'both', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' },
      { id: 'auto', interactive: 'both', 'auto-queen': '', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' }]);
    await clickSquare(page, 'e7');
    await clickSquare(page, 'e8');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#b0 .promo').count(), 0);
    assert.deepEqual(await events(page, 'b0', 'move'), []);
    assert.equal((await drawnPieces(page)).e7, 'wp');
    await drag(page, 'e7', 'e8', 'auto');
    assert.deepEqual((await events(page, 'auto', 'move')).map((m) => m.san), ['e8=Q+']);
  });
});
