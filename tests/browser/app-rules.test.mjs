// Every way a game ends, reached through the app's UI in headless Chromium:
// positions are set up through the new-game dialog (FEN or PGN), moves typed
// into the move field, buttons clicked. Each ending must show its rule in the
// result banner and in the exported PGN (Result and Termination tags).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { banner, newGame, openApp, shownPgn, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();

describe('the app ends games by the Laws', { timeout: 120_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  async function pgnTags() {
    const pgn = await shownPgn(page);
    const tag = (name) => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(pgn)?.[1];
    return { pgn, result: tag('Result'), termination: tag('Termination') };
  }

  test('checkmate (Fool\'s mate typed from the start)', async () => {
    await newGame(page);
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    const b = await waitForResult(page);
    assert.equal(b.result, '0-1');
    assert.equal(b.reason, 'checkmate');
    assert.match(b.text, /Black wins by checkmate/);
    const { result, termination, pgn } = await pgnTags();
    assert.equal(result, '0-1');
    assert.equal(termination, 'normal');
    assert.match(pgn, /4\. ?\.\.\.|2\. g4 Qh4# 0-1/);
    // No more moves are accepted.
    assert.equal(await page.isDisabled('#move-input'), true);
  });

  test('stalemate', async () => {
    await newGame(page, { position: '7k/8/6K1/8/8/8/5Q2/8 w - - 0 1' });
    await typeMoves(page, ['Qf7']);
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'stalemate']);
    assert.match(b.text, /stalemate/i);
    assert.equal((await pgnTags()).result, '1/2-1/2');
  });

  test('dead position (Art. 9.6): king takes the last piece', async () => {
    await newGame(page, { position: 'k7/8/8/8/8/8/1r6/K6N w - - 0 1' });
    await typeMoves(page, ['Kxb2']);
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'dead-position']);
  });

  test('fivefold repetition is automatic', async () => {
    await newGame(page);
    const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    await typeMoves(page, [...cycle, ...cycle, ...cycle]);
    assert.equal(await banner(page), null, 'after 3 cycles (4 occurrences) the game goes on');
    await typeMoves(page, cycle);
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'fivefold-repetition']);
  });

  test('75-move rule is automatic', async () => {
    await newGame(page, { position: 'k7/8/8/8/8/8/8/K6R w - - 148 120' });
    await typeMoves(page, ['Rh2']);
    assert.equal(await banner(page), null, '149 half-moves: not yet');
    await typeMoves(page, ['Kb7']);
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'seventy-five-moves']);
  });

  test('threefold repetition: the Claim button appears only when the claim is valid', async () => {
    await newGame(page);
    await typeMoves(page, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']);
    assert.equal(await page.isHidden('#claim-draw'), true, 'two occurrences: no claim');
    await typeMoves(page, ['Ng8']);
    assert.equal(await page.isVisible('#claim-draw'), true, 'third occurrence: White may claim');
    await page.click('#claim-draw');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'threefold-repetition']);
    assert.match(b.text, /claimed by White/);
  });

  test('threefold claim with the intended move (Art. 9.2.1): granted, the move is not played', async () => {
    await newGame(page);
    await typeMoves(page, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']);
    await page.fill('#move-input', 'Ng8');
    assert.equal(await page.isVisible('#claim-with-move'), true);
    await page.click('#claim-with-move');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'threefold-repetition']);
    assert.equal(await page.getAttribute('body', 'data-plies'), '7', 'the intended move is not made');
  });

  test('a move that does not repeat offers no claim with it; played, it is an ordinary move', async () => {
    await newGame(page);
    await typeMoves(page, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']);
    await page.fill('#move-input', 'e5');
    assert.equal(await page.isHidden('#claim-with-move'), true, 'e5 gives no grounds for a claim');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.body.dataset.plies === '8');
    assert.equal(await banner(page), null);
    assert.equal(await page.isHidden('#offer'), true, 'no claim, no offer');
  });

  test('50-move rule: claim after the 100th half-move, by the player to move', async () => {
    await newGame(page, { position: 'k7/8/8/8/8/8/8/K6R w - - 99 80' });
    assert.equal(await page.isHidden('#claim-draw'), true);
    await typeMoves(page, ['Rh2']);
    assert.equal(await page.isVisible('#claim-draw'), true);
    await page.click('#claim-draw');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'fifty-moves']);
    assert.match(b.text, /claimed by Black/);
  });

  test('50-move claim with the intended move (Art. 9.3.1)', async () => {
    await newGame(page, { position: 'k7/8/8/8/8/8/8/K6R w - - 99 80' });
    await page.fill('#move-input', 'Rh2');
    await page.click('#claim-with-move');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'fifty-moves']);
    assert.equal(await page.getAttribute('body', 'data-plies'), '0');
  });

  test('draw by agreement: the offer stands until answered', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5']);
    await page.click('#offer-draw');
    assert.match(await page.textContent('#offer-text'), /White offers a draw/);
    await typeMoves(page, ['Nf3']);
    assert.equal(await page.isVisible('#offer'), true, 'White\'s own move does not withdraw the offer');
    await page.click('#accept-draw');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'agreement']);
  });

  test('a move by the other side rejects an offer (Art. 9.1.2.3)', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5', 'Nf3']);
    await page.click('#offer-draw');  // Black, to move, offers
    assert.match(await page.textContent('#offer-text'), /Black offers a draw/);
    await typeMoves(page, ['Nc6', 'Bc4']);  // Black moves (offer stands), White moves: rejected
    assert.equal(await page.isHidden('#offer'), true);
    assert.equal(await banner(page), null);
  });

  test('resignation needs a second click, then the opponent wins', async () => {
    await newGame(page);
    await typeMoves(page, ['e4']);
    await page.click('#resign');
    assert.equal(await banner(page), null, 'one click only asks');
    await page.click('#resign');
    const b = await waitForResult(page);
    assert.deepEqual([b.result, b.reason], ['1-0', 'resignation']);
    const { result } = await pgnTags();
    assert.equal(result, '1-0');
  });

  test('a game can start from a PGN and goes on from its last position', async () => {
    await newGame(page, { position: '[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 *' });
    assert.equal(await page.getAttribute('body', 'data-plies'), '6');
    await typeMoves(page, ['Nxe5', 'Qg5']);
    const moves = await page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
    assert.deepEqual(moves, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nd4', 'Nxe5', 'Qg5']);
  });

  test('a bad FEN is refused in the dialog with the parser\'s reason; the game in progress stays', async () => {
    await newGame(page);
    await typeMoves(page, ['d4']);
    await page.click('#new-game');
    await page.check('input[name="start"][value="fen"]');
    await page.fill('#ng-position', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.click('#ng-start');
    await page.waitForSelector('#ng-error:not([hidden])');
    assert.match(await page.textContent('#ng-error'), /field 1|rank|9/);
    assert.equal(await page.getAttribute('body', 'data-plies'), '1');
    await page.click('#ng-cancel');
  });

  test('no console errors or page errors during all of the above', () => {
    assert.deepEqual(problems, []);
  });
});
