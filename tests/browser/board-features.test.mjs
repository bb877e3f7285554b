// <escaque-board> features: flip, premoves, arrows and circles, two boards on
// one page, fluid resizing, 200% zoom, PGN replay navigation, undo, bad input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { START, boardFen, clickSquare, drag, drawnPieces, events, liveText, mountBoards,
  useBoardPage, squareCenter, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();

const call = (page, id, method, ...args) =>
  page.evaluate(({ id, method, args }) => {
    const r = document.getElementById(id)[method](...args);
    return r && typeof r === 'object' ? { san: r.san, uci: r.uci } : r;
  }, { id, method, args });

describe('board features', () => {
  let page;
  useBoardPage(env, (opened) => { ({ page } = opened); });

  test('flip: Black at the bottom, moves still land where the pointer drops them', async () => {
    await mountBoards(page, [{ interactive: 'both', coordinates: '' }]);
    await call(page, 'b0', 'flip');
    assert.equal(await page.evaluate(() => document.getElementById('b0').getAttribute('orientation')), 'black');
    const corners = await page.evaluate(() => {
      const root = document.getElementById('b0').shadowRoot;
      const cells = root.querySelectorAll('.sq');
      const text = (sel) => [...root.querySelectorAll(sel)].map((e) => e.textContent).join('');
      return [cells[56].dataset.square, cells[7].dataset.square, text('.coords .f'), text('.coords .r')];
    });
    // Screen bottom-left is h8; files read h..a left to right, ranks 1..8 top to bottom.
    assert.deepEqual(corners, ['h8', 'a1', 'hgfedcba', '12345678']);
    const box = await page.locator('#b0 .board').boundingBox();
    const e2 = await squareCenter(page, 'e2');
    assert.ok(e2.y < box.y + box.height / 2, 'White is at the top');
    await drag(page, 'e2', 'e4');
    assert.equal((await drawnPieces(page)).e4, 'wp');
    assert.deepEqual((await events(page, 'b0', 'flip')).map((e) => e.type), ['flip']);
    await call(page, 'b0', 'flip');
    await drag(page, 'e7', 'e5');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['e4', 'e5']);
  });

  test('premove: entered on the opponent\'s turn, played the moment it is legal', async () => {
    await mountBoards(page, [{ interactive: 'white', premoves: '' }]);
    await drag(page, 'e2', 'e4');
    await drag(page, 'g1', 'f3');            // Black to move: this is a premove
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').premove), { from: 'g1', to: 'f3' });
    assert.equal((await drawnPieces(page)).g1, 'wn', 'the piece waits on its square');
    const marked = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('.sq.pre')]
      .map((c) => c.dataset.square).sort());
    assert.deepEqual(marked, ['f3', 'g1']);
    await call(page, 'b0', 'move', 'e5');    // the opponent (an engine, say) replies
    await page.waitForFunction(() => document.getElementById('b0').turn === 'b');
    const moves = await events(page, 'b0', 'move');
    assert.deepEqual(moves.map((m) => [m.san, m.source]), [['e4', 'pointer'], ['Nf3', 'premove']]);
    assert.equal(await page.evaluate(() => document.getElementById('b0').premove), null);
  });

  test('premove: cancelled by Escape, and dropped when it turns out illegal', async () => {
    await mountBoards(page, [{ interactive: 'white', premoves: '' }]);
    await drag(page, 'e2', 'e4');
    await clickSquare(page, 'd1');
    await clickSquare(page, 'h5');
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').premove), { from: 'd1', to: 'h5' });
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.getElementById('b0').premove), null);
    assert.equal(await liveText(page), 'Premove cancelled');
    await drag(page, 'd1', 'h5');            // premove again, then the opponent replies: played
    await call(page, 'b0', 'move', 'a6');
    await page.waitForFunction(() => document.getElementById('b0').turn === 'b');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['e4', 'Qh5']);
    await drag(page, 'h5', 'f7');            // Qxf7+ premoved ...
    await call(page, 'b0', 'move', 'g6');    // ... but g6 blocks the diagonal: dropped, nothing played
    await page.waitForFunction(() => document.getElementById('b0').premove === null);
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['e4', 'Qh5']);
    assert.equal(await page.evaluate(() => document.getElementById('b0').turn), 'w');
    assert.equal(await liveText(page), 'Premove cancelled');
  });

  test('arrows: right-drag draws one, right-click circles a square, a left click clears them', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await drag(page, 'g1', 'f3', 'b0', { button: 'right' });
    const e5 = await squareCenter(page, 'e5');
    await page.mouse.click(e5.x, e5.y, { button: 'right' });
    const state = await page.evaluate(() => {
      const b = document.getElementById('b0');
      const svg = b.shadowRoot.querySelector('svg.annot');
      return { arrows: b.arrows, highlights: b.highlights, drawn: svg.querySelectorAll('g').length,
        circles: svg.querySelectorAll('circle').length };
    });
    assert.deepEqual(state, { arrows: [{ from: 'g1', to: 'f3' }], highlights: [{ square: 'e5' }], drawn: 1, circles: 1 });
    assert.equal(await boardFen(page), START, 'right-dragging a knight does not move it');
    await page.mouse.click(e5.x, e5.y, { button: 'right' });   // toggles the circle off
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').highlights), []);
    await call(page, 'b0', 'setArrows', [{ from: 'e2', to: 'e4', color: 'rgb(200, 0, 0)' }, { from: 'd2', to: 'd4' }]);
    const colors = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('svg.annot line')]
      .map((l) => l.style.stroke));
    assert.deepEqual(colors, ['rgb(200, 0, 0)', '']);
    await drag(page, 'b1', 'c3', 'b0', { button: 'right' });
    await clickSquare(page, 'a4');   // a left click clears what the person drew, not what the page set
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').arrows),
      [{ from: 'e2', to: 'e4', color: 'rgb(200, 0, 0)' }, { from: 'd2', to: 'd4' }]);
    await call(page, 'b0', 'clearAnnotations');
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').arrows), []);
    assert.equal(await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelectorAll('svg.annot *').length), 0);
    await assert.rejects(call(page, 'b0', 'setArrows', [{ from: 'e2', to: 'z9' }]), /setArrows/);
  });

  test('two boards on one page are independent', async () => {
    await mountBoards(page, [{ id: 'left', interactive: 'both', language: 'es' },
      { id: 'right', interactive: 'both', orientation: 'black', language: 'de' }], 300);
    await drag(page, 'e2', 'e4', 'left');
    await drag(page, 'd2', 'd4', 'right');
    await drag(page, 'd7', 'd5', 'right');
    assert.deepEqual((await events(page, 'left', 'move')).map((m) => m.san), ['e4']);
    assert.deepEqual((await events(page, 'right', 'move')).map((m) => m.san), ['d4', 'd5']);
    assert.match(await boardFen(page, 'left'), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b/);
    assert.match(await boardFen(page, 'right'), /^rnbqkbnr\/ppp1pppp\/8\/3p4\/3P4\/8\/PPP1PPPP\/RNBQKBNR w/);
    assert.equal(await liveText(page, 'left'), 'Peón blanco de e2 a e4');
    assert.equal(await liveText(page, 'right'), 'Schwarzer Bauer von d7 nach d5');
    // Sprite ids are per shadow root: both boards still draw their pieces.
    const symbols = await page.evaluate(() => ['left', 'right'].map((id) =>
      document.getElementById(id).shadowRoot.querySelectorAll('symbol').length));
    assert.deepEqual(symbols, [12, 12]);   // six per built-in piece set (classic, geometric)
  });

  test('resize: the board follows its container and input still maps to squares', async () => {
    await mountBoards(page, [{ interactive: 'both' }], 480);
    const before = await page.locator('#b0 .board').boundingBox();
    assert.equal(Math.round(before.width), 480);
    assert.equal(Math.round(before.height), 480);
    await page.evaluate(() => { document.querySelector('.fixture').style.width = '232px'; });
    const after = await page.locator('#b0 .board').boundingBox();
    assert.equal(Math.round(after.width), 232);
    assert.equal(Math.round(after.height), 232);
    const cell = await page.locator('#b0 .sq[data-square="e4"]').boundingBox();
    assert.ok(Math.abs(cell.width - 29) < 1, `a square is an eighth: ${cell.width}`);
    const piece = await page.locator('#b0 .piece').first().boundingBox();
    assert.ok(Math.abs(piece.width - 29) < 1, `a piece fills its square: ${piece.width}`);
    await drag(page, 'b1', 'c3');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['Nc3']);
  });

  test('200% zoom: fits a 320 CSS-pixel viewport, no horizontal scrolling, still playable', async () => {
    const zoomed = await env.browser.newContext({ viewport: { width: 320, height: 480 }, deviceScaleFactor: 2 });
    const p = await zoomed.newPage();
    await p.goto(env.baseUrl + 'embed.html');
    await p.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await p.locator('#play .board').scrollIntoViewIfNeeded();
    const box = await p.locator('#play .board').boundingBox();
    assert.ok(box.width <= 320 && box.width > 250, `board width ${box.width}`);
    const cell = box.width / 8;
    await p.mouse.click(box.x + 4.5 * cell, box.y + 6.5 * cell);
    await p.mouse.click(box.x + 4.5 * cell, box.y + 4.5 * cell);
    assert.match(await p.evaluate(() => document.getElementById('play').fen), /4P3/);
    await zoomed.close();
  });

  test('PGN replay: navigate back and forth without changing the game', async () => {
    await mountBoards(page, [{ pgn: '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *' }]);
    assert.deepEqual(await page.evaluate(() => [document.getElementById('b0').ply, document.getElementById('b0').plyCount]),
      [6, 6]);
    await call(page, 'b0', 'previous');
    await call(page, 'b0', 'previous');
    assert.equal((await drawnPieces(page)).b5, undefined);
    assert.equal((await drawnPieces(page)).f1, 'wb');
    assert.equal(await liveText(page), 'Black knight from b8 to c6');
    await page.evaluate(() => document.getElementById('b0').focusSquare('e4'));
    await page.keyboard.press('PageDown');
    assert.equal((await drawnPieces(page)).b5, 'wb');
    await page.keyboard.press('Control+Home');
    assert.equal(Object.keys(await drawnPieces(page)).length, 32);
    assert.equal((await drawnPieces(page)).e2, 'wp');
    assert.match(await boardFen(page), /^r1bqkbnr\/1ppp1ppp\/p1n5\/1B2p3\//, 'the game is still at its end');
    await call(page, 'b0', 'last');
    assert.equal((await drawnPieces(page)).a6, 'bp');
    assert.deepEqual((await events(page, 'b0', 'navigate')).map((e) => e.ply), [5, 4, 5, 0, 6]);
  });

  test('undo and redo; setPosition with a bad FEN reports the parser\'s error and keeps the game', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await drag(page, 'e2', 'e4');
    assert.deepEqual(await call(page, 'b0', 'undo'), { san: 'e4', uci: 'e2e4' });
    assert.equal(await boardFen(page), START);
    assert.equal((await drawnPieces(page)).e2, 'wp');
    assert.deepEqual(await call(page, 'b0', 'redo'), { san: 'e4', uci: 'e2e4' });
    assert.equal((await drawnPieces(page)).e4, 'wp');
    await assert.rejects(call(page, 'b0', 'setPosition', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'),
      /FEN/);
    assert.equal((await drawnPieces(page)).e4, 'wp');
    await page.evaluate(() => document.getElementById('b0').setAttribute('fen', 'not a fen'));
    const errors = await events(page, 'b0', 'error');
    assert.equal(errors.length, 1);
    assert.match(errors[0].message, /FEN/);
    assert.equal((await drawnPieces(page)).e4, 'wp');
    await assert.rejects(call(page, 'b0', 'move', 'e5e4'), /illegal|ILLEGAL|no piece|No piece/i);
  });

  test('reduced motion turns animation off; the animation attribute sets the duration', async () => {
    await mountBoards(page, [{ animation: '350' }, { id: 'off', animation: 'none' }]);
    const d = await page.evaluate(() => ['b0', 'off'].map((id) => getComputedStyle(
      document.getElementById(id).shadowRoot.querySelector('.piece')).transitionDuration));
    assert.deepEqual(d, ['0.35s', '0s']);
    const calm = await env.browser.newContext({ reducedMotion: 'reduce' });
    const p = await calm.newPage();
    await p.goto(env.baseUrl + 'embed.html');
    await p.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    const calmDuration = await p.evaluate(() => getComputedStyle(
      document.getElementById('play').shadowRoot.querySelector('.piece')).transitionDuration);
    assert.equal(calmDuration, '0s');
    await calm.close();
  });

  test('high-contrast theme and custom colours through CSS custom properties', async () => {
    await mountBoards(page, [{ theme: 'high-contrast' }, { id: 'custom' }]);
    await page.evaluate(() => {
      const b = document.getElementById('custom');
      b.style.setProperty('--escaque-light', 'rgb(1, 2, 3)');
      b.style.setProperty('--escaque-dark', 'rgb(4, 5, 6)');
    });
    const colours = await page.evaluate(() => ['b0', 'custom'].map((id) => {
      const root = document.getElementById(id).shadowRoot;
      return [getComputedStyle(root.querySelector('[data-square="a8"]')).backgroundColor,
        getComputedStyle(root.querySelector('[data-square="b8"]')).backgroundColor];
    }));
    assert.deepEqual(colours, [['rgb(255, 255, 255)', 'rgb(90, 90, 90)'], ['rgb(1, 2, 3)', 'rgb(4, 5, 6)']]);
  });
  test('gameover on stalemate after a drag; no more moves accepted', async () => {
    await mountBoards(page, [{ interactive: 'both', fen: 'k7/3Q4/1K6/8/8/8/8/8 w - - 0 1' }]);
    await drag(page, 'd7', 'c7');
    assert.deepEqual((await events(page, 'b0', 'gameover')).map((e) => e.outcome),
      [{ result: '1/2-1/2', reason: 'stalemate' }]);
    assert.equal(await liveText(page), 'White queen from d7 to c7. Draw: stalemate');
    await drag(page, 'a8', 'b8');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['Qc7']);
  });

  test('Chess960: castle by dropping the king on its rook; a plain king step stays a step', async () => {
    await mountBoards(page, [{ interactive: 'both', chess960: '', fen: '5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1' },
      { id: 'step', interactive: 'both', chess960: '', fen: '5k1r/pppppppp/8/8/8/8/PPPPPPPP/5K1R w Hh - 0 1' }], 300);
    await drag(page, 'f1', 'g1');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['O-O']);
    assert.match(await boardFen(page), /\/5RK1 b/);
    await drag(page, 'f1', 'g1', 'step');     // g1 is empty: both Kg1 and O-O end there; the step wins
    assert.deepEqual((await events(page, 'step', 'move')).map((m) => m.san), ['Kg1']);
    await call(page, 'step', 'undo');
    await drag(page, 'f1', 'h1', 'step');     // onto the rook: castling
    assert.deepEqual((await events(page, 'step', 'move')).map((m) => m.san), ['Kg1', 'O-O']);
    assert.match(await boardFen(page, 'step'), /\/5RK1 b/);
  });
  test('premove dropped when its piece is captured first', async () => {
    await mountBoards(page, [{ interactive: 'white', premoves: '' }]);
    for (const m of ['e4', 'd5']) await call(page, 'b0', 'move', m);   // 1. e4 d5, White to move
    await drag(page, 'e4', 'e5');                                    // plays e5 (a person's move)
    await call(page, 'b0', 'move', 'Nc6');
    await drag(page, 'e5', 'e6');                                    // White: e6
    await drag(page, 'f1', 'b5');                                    // premove Bb5 (Black to move)
    await drag(page, 'e6', 'e7');                                    // the selection moves on: premove e6-e7 now
    assert.deepEqual(await page.evaluate(() => document.getElementById('b0').premove), { from: 'e6', to: 'e7' });
    await call(page, 'b0', 'move', 'fxe6');                          // Black captures the pawn on e6
    await page.waitForFunction(() => document.getElementById('b0').premove === null);
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['e5', 'e6']);
    assert.equal(await page.evaluate(() => document.getElementById('b0').turn), 'w');
    assert.equal(await liveText(page), 'Premove cancelled');
  });

  test('a typed move the page refuses leaves the game and its redo list alone', async () => {
    await mountBoards(page, [{ interactive: 'both', 'text-input': '' }]);
    await drag(page, 'e2', 'e4');
    await call(page, 'b0', 'undo');
    await page.evaluate(() => document.getElementById('b0').addEventListener('move', (e) => e.preventDefault()));
    await page.locator('#b0 input').fill('d4');
    await page.locator('#b0 input').press('Enter');
    assert.equal(await boardFen(page), START);
    assert.equal(await page.locator('#b0 input').inputValue(), 'd4', 'the text stays for correction');
    assert.deepEqual(await call(page, 'b0', 'redo'), { san: 'e4', uci: 'e2e4' });
  });
});
