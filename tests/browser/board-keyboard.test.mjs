// <escaque-board> without a pointer: a whole game to checkmate with the arrow
// keys and Enter, square labels, the live region's announcements in several
// languages (and the Appendix F style), and moves typed into the text field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { boardFen, events, liveText, mountBoards, useBoardPage,
  useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();

// The square that has keyboard focus inside board `id`.
const focused = (page, id = 'b0') =>
  page.evaluate((id) => document.getElementById(id).shadowRoot.activeElement?.dataset.square ?? null, id);

// Walks the focus to `square` with arrow keys, as a person would, reading the
// focused square after each press.
async function walkTo(page, square, id = 'b0') {
  for (let guard = 0; guard < 20; guard++) {
    const at = await focused(page, id);
    assert.ok(at, 'a square has focus');
    if (at === square) return;
    const orientation = await page.evaluate((id) => document.getElementById(id).orientation, id);
    const sign = orientation === 'black' ? -1 : 1;
    const df = (square.charCodeAt(0) - at.charCodeAt(0)) * sign;
    const dr = (square.charCodeAt(1) - at.charCodeAt(1)) * sign;
    if (df !== 0) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  }
  assert.fail(`could not reach ${square}`);
}

async function keyMove(page, from, to, id = 'b0') {
  await walkTo(page, from, id);
  await page.keyboard.press('Enter');
  await walkTo(page, to, id);
  await page.keyboard.press('Enter');
}

describe('keyboard and words', () => {
  let page;
  useBoardPage(env, (opened) => { ({ page } = opened); });

  test("keyboard only: Tab into the board, play fool's mate to checkmate", async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'e2');  // the first tab stop is a square, not 64 of them
    const label = await page.evaluate(() => document.getElementById('b0').shadowRoot.activeElement.getAttribute('aria-label'));
    assert.equal(label, 'e2, white pawn');
    await keyMove(page, 'f2', 'f3');
    assert.equal(await liveText(page), 'White pawn from f2 to f3');
    await keyMove(page, 'e7', 'e5');
    await keyMove(page, 'g2', 'g4');
    await keyMove(page, 'd8', 'h4');
    assert.equal(await liveText(page), 'Black queen from d8 to h4, checkmate');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => [m.san, m.source]),
      [['f3', 'keyboard'], ['e5', 'keyboard'], ['g4', 'keyboard'], ['Qh4#', 'keyboard']]);
    const over = await events(page, 'b0', 'gameover');
    assert.deepEqual(over.map((e) => e.outcome), [{ result: '0-1', reason: 'checkmate' }]);
    // The mated king's square is marked; the game accepts no more moves.
    const check = await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelector('.sq.chk')?.dataset.square);
    assert.equal(check, 'e1');
    await keyMove(page, 'a2', 'a3');
    assert.equal((await events(page, 'b0', 'move')).length, 4);
  });

  test('Escape drops a picked-up piece; Enter on an empty target is refused aloud', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    await page.evaluate(() => document.getElementById('b0').focusSquare('b1'));
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.getElementById('b0').selected), 'b1');
    assert.equal(await liveText(page), 'b1, white knight, selected');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.getElementById('b0').selected), null);
    await page.keyboard.press('Enter');
    await walkTo(page, 'b3');
    await page.keyboard.press('Enter');
    assert.equal(await liveText(page), 'Illegal move');
    assert.deepEqual(await events(page, 'b0', 'move'), []);
  });

  test('a picked-up piece\'s legal destinations say so in their labels (show-legal), and stop saying it when it is put down', async () => {
    const labelOf = (sq, id = 'b0') => page.evaluate(([sq, id]) => document.getElementById(id).shadowRoot
      .querySelector(`[data-square="${sq}"]`).getAttribute('aria-label'), [sq, id]);
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '', fen: '4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1' },
      { id: 'plain', interactive: 'both' }]);
    await page.evaluate(() => document.getElementById('b0').focusSquare('e4'));
    await page.keyboard.press('Enter');
    await walkTo(page, 'e5');
    // What a screen reader reads on arriving: the square, what is on it, and that the piece may go there.
    assert.equal(await page.evaluate(() => document.getElementById('b0').shadowRoot.activeElement.getAttribute('aria-label')),
      'e5, empty, possible move');
    assert.equal(await labelOf('d5'), 'd5, black pawn, possible move');
    assert.equal(await labelOf('e6'), 'e6, empty');
    assert.equal(await labelOf('f5'), 'f5, empty');
    await page.keyboard.press('Escape');
    assert.equal(await labelOf('e5'), 'e5, empty');
    assert.equal(await labelOf('d5'), 'd5, black pawn');
    // Without show-legal the board shows no destinations, and its labels name none either.
    await page.evaluate(() => document.getElementById('plain').focusSquare('g1'));
    await page.keyboard.press('Enter');
    assert.equal(await labelOf('f3', 'plain'), 'f3, empty');
    // In the board's language.
    for (const [language, words] of Object.entries({ es: 'e5, vacía, jugada posible', fr: 'e5, vide, coup possible',
      de: 'e5, leer, möglicher Zug', nl: 'e5, leeg, mogelijke zet' })) {
      await mountBoards(page, [{ interactive: 'both', 'show-legal': '', language, fen: '4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1' }]);
      await page.evaluate(() => document.getElementById('b0').focusSquare('e4'));
      await page.keyboard.press('Enter');
      assert.equal(await labelOf('e5'), words, language);
    }
  });

  test('announcements: English, Spanish, French, German, Dutch and Appendix F', async () => {
    const fen = '8/p7/8/4k3/8/8/P7/4K1N1 w - - 0 1';  // pawns: K+N v K would be a dead position
    const expected = {
      en: 'White knight from g1 to f3, check',
      es: 'Caballo blanco de g1 a f3, jaque',
      fr: 'Cavalier blanc de g1 à f3, échec',
      de: 'Weißer Springer von g1 nach f3, Schach',
      nl: 'Wit paard van g1 naar f3, schaak',
    };
    for (const [language, text] of Object.entries(expected)) {
      await mountBoards(page, [{ interactive: 'both', fen, language }]);
      await page.evaluate(() => document.getElementById('b0').focusSquare('g1'));
      await keyMove(page, 'g1', 'f3');
      assert.equal(await liveText(page), text, language);
    }
    await mountBoards(page, [{ interactive: 'both', fen, announce: 'appendix-f' }]);
    await page.evaluate(() => document.getElementById('b0').focusSquare('g1'));
    await keyMove(page, 'g1', 'f3');
    assert.equal(await liveText(page), 'Springer Gustav eins Felix drei, Schach');
    const label = await page.evaluate(() => document.getElementById('b0').shadowRoot
      .querySelector('[data-square="f3"]').getAttribute('aria-label'));
    assert.equal(label, 'Felix drei, white knight');
  });

  test('captures, castling and promotion in words', async () => {
    await mountBoards(page, [{ interactive: 'both', language: 'es',
      fen: 'r3k2r/6P1/8/8/8/8/8/R3K2R w KQkq - 0 1' }]);
    const play = async (m) => page.evaluate((m) => document.getElementById('b0').move(m), m);
    await play('O-O');
    assert.equal(await liveText(page), 'Blancas: enroque corto');
    await play('O-O-O');
    assert.equal(await liveText(page), 'Negras: enroque largo');
    await play('g7g8q');
    assert.equal(await liveText(page), 'Peón blanco de g7 a g8, corona en dama');
    await play('Rhxg8');
    assert.equal(await liveText(page), 'Torre negra de h8 captura en g8, jaque');
    await mountBoards(page, [{ interactive: 'both', language: 'en', fen: 'r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1' }]);
    await page.evaluate(() => document.getElementById('b0').move('bxa8=N'));
    assert.equal(await liveText(page), 'White pawn from b7 takes a8, promotes to knight');
    await mountBoards(page, [{ interactive: 'both', language: 'es', fen: '7k/8/8/8/8/8/1p6/K7 w - - 0 1' }]);
    await page.evaluate(() => document.getElementById('b0').move('Kxb2'));
    assert.equal(await liveText(page), 'Rey blanco de a1 captura en b2. Tablas: posición muerta');
  });

  test('typed moves: Spanish SAN, UCI, long algebraic, 0-0, figurines, English, with errors named', async () => {
    await mountBoards(page, [{ interactive: 'both', language: 'es', 'text-input': '' }]);
    const input = page.locator('#b0 input');
    assert.equal(await page.locator('#b0 label').textContent(), 'Escribe una jugada');
    // Spanish SAN, UCI, long algebraic, both castling spellings, a figurine, English SAN.
    for (const text of ['Cf3', 'g8f6', 'g2-g3', 'g7g6', 'Ag2', 'Af8-g7', '0-0', 'O-O', '♘c3', 'Nc6']) {
      await input.fill(text);
      await input.press('Enter');
      assert.equal(await input.inputValue(), '', `${text} accepted`);
    }
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san),
      ['Nf3', 'Nf6', 'g3', 'g6', 'Bg2', 'Bg7', 'O-O', 'O-O', 'Nc3', 'Nc6']);
    assert.ok((await events(page, 'b0', 'move')).every((m) => m.source === 'text'));
    const before = await boardFen(page);
    await input.fill('Dd8');  // the queen cannot get there
    await input.press('Enter');
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.match(await liveText(page), /^Jugada ilegal: /);
    assert.equal(await boardFen(page), before);
    assert.equal((await events(page, 'b0', 'inputerror')).length, 1);
  });
  test('a move typed on a focused square goes to the text field (text-input), and nowhere without one', async () => {
    await mountBoards(page, [{ interactive: 'both', language: 'es', 'text-input': '' }, { interactive: 'both' }]);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'e2');
    // Typed, not filled: the first key takes the focus to the field and is typed there.
    await page.keyboard.type('Cf3');
    assert.equal(await page.evaluate(() => document.getElementById('b0').shadowRoot.activeElement?.id), 'move-input');
    const input = page.locator('#b0 input');
    assert.equal(await input.inputValue(), 'Cf3');
    await input.press('Enter');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => [m.san, m.source]), [['Nf3', 'text']]);
    // The board's own keys stay on the board: an arrow moves the focus along it, Ctrl+A is the browser's.
    await page.evaluate(() => document.getElementById('b0').shadowRoot.querySelector('.sq[tabindex="0"]').focus());
    const from = await focused(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+a');
    assert.notEqual(await focused(page), null);
    assert.notEqual(await focused(page), from);
    assert.equal(await input.inputValue(), '');
    // A board without the field: letters typed on it change nothing and the focus stays on the square.
    await page.evaluate(() => document.getElementById('b1').shadowRoot.querySelector('.sq[tabindex="0"]').focus());
    await page.keyboard.type('e4');
    assert.equal(await focused(page, 'b1'), 'e2');
    assert.equal((await events(page, 'b1', 'move')).length, 0);
  });

  test('promotion by keyboard: the picker takes focus, arrows + Enter choose, focus returns to the board', async () => {
    await mountBoards(page, [{ interactive: 'both', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' }]);
    await page.evaluate(() => document.getElementById('b0').focusSquare('e7'));
    await keyMove(page, 'e7', 'e8');
    const focusedButton = () => page.evaluate(() => document.getElementById('b0').shadowRoot.activeElement?.dataset.piece);
    assert.equal(await focusedButton(), 'q');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focusedButton(), 'b');
    await page.keyboard.press('Enter');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['e8=B']);
    assert.equal(await liveText(page), 'White pawn from e7 to e8, promotes to bishop. Draw: dead position');  // K+B v K
    assert.equal(await focused(page), 'e8');
  });
});
