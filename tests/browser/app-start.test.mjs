// The start screen, the result banner seen by the person at the board, captured pieces and the
// material difference, and untimed games without clock boxes (issue 15), clicked as a person would.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();

describe('start screen and state at a glance', { timeout: 240_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('a first visit asks what the person wants; the board already takes a move under it', async () => {
    assert.equal(await page.isVisible('#start'), true);
    assert.equal(await page.textContent('#start-heading'), 'What would you like to do?');
    assert.equal(await page.textContent('#start-last'), '', 'nothing chosen before');
    await typeMoves(page, ['e4']);
    assert.equal(await page.isVisible('#start'), true, 'a move does not dismiss the question');
  });

  test('play the computer with a level and a colour; the choice is remembered after the game', async () => {
    await page.selectOption('#start-level', 'beginner');
    await page.selectOption('#start-color', 'b');
    await page.click('#start-engine');
    assert.equal(await page.isHidden('#start'), true);
    const players = await page.evaluate(() => window.__escaque.ctrl.record.players);
    assert.deepEqual(players.w, { type: 'engine', level: 'beginner' });
    assert.equal(players.b.type, 'human');
    await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 30_000 });
    // A game in progress: a reload goes on with it, no question.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isHidden('#start'), true);
    await page.click('#resign');
    await page.click('#resign');
    const b = await waitForResult(page);
    assert.equal(b.result, '1-0');
    assert.equal(await page.getAttribute('#result', 'data-outcome'), 'loss', 'coloured as a loss for the person');
    assert.match(b.text, /^You lost 1-0 · White wins: Black resigned \(FIDE Art\. 5\.1\.2\)$/);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isVisible('#start'), true, 'the last game is over: the question again');
    assert.equal(await page.inputValue('#start-level'), 'beginner');
    assert.equal(await page.inputValue('#start-color'), 'b');
    assert.equal(await page.getAttribute('#start-engine', 'data-last'), 'true');
    assert.equal(await page.textContent('#start-last'), 'Last time: play the computer.');
  });

  test('play a friend: an untimed game with names and no clock boxes; win colours and captures', async () => {
    await page.click('#start-friend');
    assert.equal(await page.isHidden('#start'), true);
    for (const side of ['top', 'bottom']) {
      assert.equal(await page.isHidden(`#clock-${side} .clock-time`), true, 'no time shown');
      assert.equal(await page.$eval(`#clock-${side}`, (el) => getComputedStyle(el).borderTopColor), 'rgba(0, 0, 0, 0)',
        'no box');
    }
    assert.equal(await page.getAttribute('#clock-bottom', 'aria-label'), 'White (no clock)');
    // 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxg2? 4. Bxg2: White has taken a pawn and the queen, Black two pawns.
    await typeMoves(page, ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qxg2', 'Bxg2']);
    assert.equal(await page.textContent('#captured-bottom [aria-hidden]'), '♛♟ +8');
    assert.equal(await page.textContent('#captured-top [aria-hidden]'), '♙♙');
    assert.equal(await page.textContent('#captured-bottom .visually-hidden'), ', has taken 1 queen, 1 pawn, 8 ahead');
    await page.click('#flip');
    assert.equal(await page.textContent('#captured-top [aria-hidden]'), '♛♟ +8', 'the bars turn with the board');
    await page.click('#flip');
    await page.click('#resign');
    await page.click('#resign');
    const b = await waitForResult(page);
    assert.equal(b.result, '1-0');
    assert.equal(await page.getAttribute('#result', 'data-outcome'), 'decisive', 'two people: no one\'s win or loss');
    assert.match(b.text, /^White won 1-0 · White wins: Black resigned/);
  });

  test('a draw is coloured as a draw, with its reason in words and its article', async () => {
    await newGame(page);
    await typeMoves(page, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']);
    await page.click('#claim-draw');
    const b = await waitForResult(page);
    assert.equal(await page.getAttribute('#result', 'data-outcome'), 'draw');
    assert.match(b.text, /^Draw 1\/2-1\/2 · Draw by threefold repetition, claimed by White \(FIDE Art\. 9\.2\)$/);
    assert.doesNotMatch(b.text, /threefold-repetition|fifty-moves/);
  });

  test('the opening\'s name and ECO code as the game goes, and for the position shown', async () => {
    await newGame(page);
    const opening = () => page.$eval('#opening', (el) => (el.hidden ? null : `${el.dataset.eco} ${el.dataset.name}`));
    assert.equal(await opening(), null, 'no name before a move');
    await typeMoves(page, ['e4']);
    await page.waitForFunction(() => !document.getElementById('opening').hidden, null, { timeout: 30_000 });
    assert.equal(await opening(), 'B00 King\'s Pawn Opening');
    await typeMoves(page, ['e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.equal(await opening(), 'C60 Ruy Lopez');
    assert.equal(await page.textContent('#opening'), 'C60Ruy Lopez');
    await typeMoves(page, ['a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'h3']);
    assert.equal(await opening(), 'C84 Ruy Lopez: Closed Variation', 'a move out of the table keeps the name');
    await page.click('#nav-first');
    assert.equal(await opening(), null);
    await page.click('#nav-next');
    assert.equal(await opening(), 'B00 King\'s Pawn Opening', 'the position shown is named');
    await page.click('#nav-last');
    await page.click('#resign');
    await page.click('#resign');
    await waitForResult(page);  // over: the next visit asks again
  });

  test('the analysis board from the start screen', async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#start-analysis');
    await page.waitForSelector('#analysis:not([hidden])');
    await page.fill('#an-load-text', '1. Nf3 Nf6 2. c4 e6 3. Nc3 Bb4 4. d4 *');
    await page.click('#an-load');
    await page.click('#an-last');
    assert.equal(await page.textContent('#an-opening'), 'E21Nimzo-Indian Defence: Three Knights Variation', 'by position (a transposition)');
    await page.click('#an-close');
    assert.equal(await page.getAttribute('#start-analysis', 'data-last'), 'true');
    assert.deepEqual(problems, []);
  });
});
