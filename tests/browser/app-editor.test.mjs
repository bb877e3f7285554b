// The position editor ("Set up a position", from the analysis board), used as a person uses it: pieces
// put with the pointer (a click, or a tile dragged onto the board) and with the keyboard alone, the same
// piece again takes it off, pieces dragged,
// castling rights offered only where the king and rook stand, en passant squares only behind a pawn that
// may just have made a double step, a FEN typed (a bad one told, the position kept), the package's reason
// when no game can start from the position (and "Analyse" refused then), Cancel, Analyse and Play from here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { openApp } from './app-helpers.mjs';
import { drawnPieces, squareCenterIn } from './board-helpers.mjs';

const env = useServedChromium();

async function clickSquare(page, square) {
  await page.locator('#ed-board').scrollIntoViewIfNeeded();
  const p = await squareCenterIn(page, '#ed-board', square);
  await page.mouse.click(p.x, p.y);
}
async function dragPiece(page, from, to) {
  await page.locator('#ed-board').scrollIntoViewIfNeeded();
  const a = await squareCenterIn(page, '#ed-board', from);
  const b = await squareCenterIn(page, '#ed-board', to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}
// A piece (or "moves pieces", "takes a piece off") chosen as a person does: a click on its label.
const brush = (page, value) => page.locator(`label:has(> input[name="ed-brush"][value="${value}"])`).click();
const fen = (page) => page.inputValue('#ed-fen');
const status = (page) => page.textContent('#ed-status');
// What the editor's board draws: square -> piece code ("wk"), read from its pieces layer.
const drawn = (page) => drawnPieces(page, 'ed-board');

describe('position editor', { timeout: 300_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('opened from the analysis board on its position; Cancel goes back and changes nothing', async () => {
    await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 c5 2. Nf3 *');
    await page.click('#an-load');
    await page.click('#an-last');
    const shown = await page.inputValue('#an-fen');
    await page.click('#an-edit');
    await page.waitForSelector('#editor:not([hidden])');
    assert.equal(await page.isHidden('#analysis'), true);
    assert.equal(await fen(page), shown);
    assert.equal((await drawn(page)).f3, 'wn');
    assert.equal(await status(page), '', 'a game can start here: nothing to say');
    await clickSquare(page, 'f3');  // "moves pieces" is chosen: a click picks the knight up ...
    await clickSquare(page, 'h4');  // ... and puts it down
    assert.equal((await drawn(page)).h4, 'wn');
    await page.click('#ed-cancel');
    assert.equal(await page.isVisible('#analysis'), true);
    assert.equal(await page.inputValue('#an-fen'), shown, 'the analysis is as it was');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'an-edit');
  });

  test('pieces put by pointer and by keyboard; the same piece again takes it off; the reason no game can start', async () => {
    await page.click('#an-edit');
    await page.click('#ed-clear');
    assert.equal(await fen(page), '8/8/8/8/8/8/8/8 b - - 1 2', 'empty: side to move and counters stay');
    assert.match(await status(page), /^No game can start here: white has 0 kings; each side needs exactly one$/);
    await brush(page, 'wk');
    await clickSquare(page, 'e1');
    // The keyboard alone: a piece chosen with the arrow keys among the radio buttons, a square with the
    // board's arrows, Enter to put it there.
    await page.focus('input[name="ed-brush"][value="wk"]');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');  // wq wr wb wn wp bk
    assert.equal(await page.$eval('input[name="ed-brush"]:checked', (r) => r.value), 'bk');
    await page.evaluate(() => document.getElementById('ed-board').focusSquare('e8'));
    await page.keyboard.press('Enter');
    assert.equal(await fen(page), '4k3/8/8/8/8/8/8/4K3 b - - 1 2');
    const spoken = () => page.$eval('#ed-board', (b) => b.shadowRoot.querySelector('[role=status]').textContent);
    assert.equal(await spoken(), 'black king on e8', 'a screen reader hears what was put where');
    assert.equal(await status(page), '');
    await page.keyboard.press('Enter');  // the same piece again: off
    assert.equal(await fen(page), '8/8/8/8/8/8/8/4K3 b - - 1 2');
    assert.equal(await spoken(), 'black king taken off e8');
    await page.keyboard.press('Enter');
    await brush(page, 'wq');
    await clickSquare(page, 'e7');
    assert.equal(await status(page), '', 'black in check, black to move');
    await page.selectOption('#ed-turn', 'w');
    assert.equal(await status(page), 'No game can start here: black is in check but it is white\'s turn: the position cannot arise');
    await page.click('#ed-analyse');
    assert.equal(await page.isVisible('#editor'), true, 'Analyse is refused while no game can start');
    await page.selectOption('#ed-turn', 'b');
    assert.equal(await status(page), '');
    await brush(page, 'erase');
    await clickSquare(page, 'e7');
    await clickSquare(page, 'd4');  // empty already: nothing changes
    assert.equal(await fen(page), '4k3/8/8/8/8/8/8/4K3 b - - 1 2');
    await brush(page, 'wp');
    await clickSquare(page, 'a8');
    assert.match(await status(page), /pawns can never be on rank 1 or 8/);
    await clickSquare(page, 'a8');
    assert.equal(await status(page), '');
  });

  test('a tile dragged onto the board puts its piece there, even over the same piece', async () => {
    const tile = page.locator('label:has(> input[name="ed-brush"][value="wq"])');
    const drop = async (square) => {
      await page.locator('#ed-board').scrollIntoViewIfNeeded();
      const from = await tile.boundingBox();
      const to = await squareCenterIn(page, '#ed-board', square);
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 8 });
      await page.mouse.up();
    };
    await drop('d4');
    assert.equal((await drawn(page)).d4, 'wq');
    assert.equal(await page.$eval('input[name="ed-brush"]:checked', (r) => r.value), 'wq', 'the tile dragged is chosen');
    await drop('d4');
    assert.equal((await drawn(page)).d4, 'wq', 'a drop puts, it does not take off');
    assert.equal(await page.locator('.ed-ghost').count(), 0, 'the piece that followed the pointer is gone');
    await brush(page, 'erase');
    await clickSquare(page, 'd4');
    assert.equal((await drawn(page)).d4, undefined);
  });

  test('castling rights only with king and rook at home; en passant only behind a double step', async () => {
    await page.fill('#ed-fen', '4k3/8/8/8/8/8/8/4K3 w - - 7 40');
    await page.press('#ed-fen', 'Enter');
    assert.equal(await page.isDisabled('#ed-wk'), true);
    await brush(page, 'wr');
    await clickSquare(page, 'h1');
    assert.equal(await page.isDisabled('#ed-wk'), false);
    assert.equal(await page.isDisabled('#ed-wq'), true);
    await page.check('#ed-wk');
    assert.equal(await fen(page), '4k3/8/8/8/8/8/8/4K2R w K - 7 40');
    await brush(page, 'move');
    await dragPiece(page, 'h1', 'h2');  // the rook leaves: the right goes with it
    assert.equal(await fen(page), '4k3/8/8/8/8/8/7R/4K3 w - - 7 40');
    assert.equal(await page.isDisabled('#ed-wk'), true);
    assert.equal(await page.isChecked('#ed-wk'), false);
    await dragPiece(page, 'h2', 'h1');
    assert.equal(await fen(page), '4k3/8/8/8/8/8/8/4K2R w - - 7 40', 'back home, the right is not given back by itself');

    await brush(page, 'bp');
    await clickSquare(page, 'd5');
    await brush(page, 'wp');
    await clickSquare(page, 'e5');
    const options = () => page.$$eval('#ed-ep option', (os) => os.map((o) => o.value));
    assert.deepEqual(await options(), ['', 'd6']);
    await page.selectOption('#ed-ep', 'd6');
    assert.equal(await fen(page), '4k3/8/8/3pP3/8/8/8/4K2R w - d6 0 40', 'a pawn just moved: the halfmove clock is 0');
    assert.equal(await status(page), '');
    await page.selectOption('#ed-turn', 'b');  // black to move: no white pawn behind which to take
    assert.deepEqual(await options(), ['']);
    assert.equal(await page.isDisabled('#ed-ep'), true);
    assert.equal(await fen(page), '4k3/8/8/3pP3/8/8/8/4K2R b - - 0 40');
  });

  test('a FEN typed: a bad one is told and the position kept; a good one is drawn', async () => {
    const before = await fen(page);
    await page.fill('#ed-fen', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.press('#ed-fen', 'Enter');
    assert.match(await status(page), /^This FEN cannot be read: .*7 ranks/);
    assert.equal(await page.getAttribute('#ed-fen', 'aria-invalid'), 'true');
    assert.equal((await drawn(page)).e5, 'wp', 'the board keeps the position');
    await page.fill('#ed-fen', before);
    await page.press('#ed-fen', 'Enter');
    assert.equal(await status(page), '');
    assert.equal(await page.getAttribute('#ed-fen', 'aria-invalid'), null);
    await page.fill('#ed-fen', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    await page.press('#ed-fen', 'Enter');
    assert.deepEqual(await drawn(page), { g8: 'bk', f7: 'bp', g7: 'bp', h7: 'bp', a1: 'wr', g1: 'wk' });
  });

  test('Analyse: the analysis board starts from the position; Play from here: a new game from it', async () => {
    await page.click('#ed-flip');
    assert.equal(await page.evaluate(() => document.getElementById('ed-board').orientation), 'black');
    await page.click('#ed-analyse');
    await page.waitForSelector('#analysis:not([hidden])');
    assert.equal(await page.isHidden('#editor'), true);
    assert.equal(await page.inputValue('#an-fen'), '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    assert.equal(await page.evaluate(() => document.getElementById('an-board').orientation), 'black', 'as it was turned');
    assert.equal(await page.isVisible('#an-empty'), true, 'a new tree, no moves yet');
    assert.equal(await page.isHidden('#an-game'), true, 'and no game named');

    await page.click('#an-edit');
    await page.click('#ed-play');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal(await page.isChecked('input[name="start"][value="fen"]'), true);
    assert.equal(await page.inputValue('#ng-position'), '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    await page.check('input[name="opponent"][value="human"]');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    assert.equal(await page.isVisible('.play'), true, 'back on the game');
    assert.equal(await page.isHidden('#editor'), true);
    assert.equal(await page.inputValue('#fen-out'), '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    await page.fill('#move-input', 'Ra8#');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => /checkmate/i.test(document.body.textContent));
    assert.deepEqual(problems, []);
  });

  test('a Chess960 position goes on as Chess960: its castling rights (X-FEN "KQkq") stay good', async () => {
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check('input[name="opponent"][value="human"]');
    await page.check('input[name="start"][value="960number"]');
    await page.fill('#ng-960', '0');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    const start960 = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1';
    assert.equal(await page.inputValue('#fen-out'), start960);
    await page.click('#analyse-game');
    await page.click('#an-edit');
    assert.equal(await fen(page), start960);
    assert.equal(await page.isChecked('#ed-wk'), true);
    assert.equal(await page.isDisabled('#ed-wq'), false, 'Chess960 rights are not judged by e1/a1/h1');
    assert.equal(await status(page), '');
    await page.click('#ed-play');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    assert.equal(await page.isVisible('#ng-error'), false);
    assert.equal(await page.inputValue('#fen-out'), start960);
    // The game is a Chess960 game (its PGN says so), so the rooks of f1/f8 and h1/h8 keep their rights.
    await page.click('#show-pgn');
    assert.match(await page.inputValue('#pgn-out'), /\[Variant "Chess960"\]/);
    assert.deepEqual(problems, []);
  });
});
