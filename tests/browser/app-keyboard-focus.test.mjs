// The app played with the keyboard only: the focus never falls back to the page's start (<body>) when
// what holds it changes state. Typed moves against the engine keep the move field focused through the
// engine's turn (the field is read-only then, not disabled: a disabled field drops the focus), the
// start screen's choices hand the focus to the board they hide themselves over, and the move that ends
// a game leaves the focus on the result's next step ("Rematch").
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { boardReady, newGame, openApp } from './app-helpers.mjs';

const env = useServedChromium();

// The focused element, through shadow roots: 'input#move-input', 'escaque-board-core#board > div[e2, …]'.
const focusPath = (page) => page.evaluate(() => {
  const path = [];
  for (let el = document.activeElement; el; el = el.shadowRoot?.activeElement ?? null) {
    const label = el.getAttribute('aria-label');
    path.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${label ? `[${label}]` : ''}`);
  }
  return path.join(' > ');
});
const plies = (page) => page.evaluate(() => Number(document.body.dataset.plies));
const waitPlies = (page, n) => page.waitForFunction((k) => Number(document.body.dataset.plies) >= k, n,
  { timeout: 60_000 });

// Tabs forward until the element with this id has the focus (at most 40 presses).
async function tabTo(page, id) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate(() => document.activeElement?.id) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`#${id} was not reached with Tab; the focus is on ${await focusPath(page)}`);
}

describe('keyboard focus in the app', { timeout: 180_000 }, () => {
  let context;
  let page;
  let problems;
  beforeEach(async () => {
    ({ context, page, problems } = await openApp(env));
    await boardReady(page);
  });
  afterEach(async () => { await context?.close(); });

  test('typed moves against the engine: the field keeps the focus through the engine\'s turn', async () => {
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner' });
    await page.focus('#move-input');
    await page.keyboard.type('e4');
    await page.keyboard.press('Enter');
    // During the engine's turn the field is read-only, still focused; after its move it takes text again.
    assert.equal(await focusPath(page), 'input#move-input');
    await waitPlies(page, 2);
    assert.equal(await focusPath(page), 'input#move-input');
    assert.equal(await page.isEditable('#move-input'), true);
    // Typed, not filled: the keys reach the field only if it still has the focus.
    await page.keyboard.type('Nf3');
    await page.keyboard.press('Enter');
    await waitPlies(page, 4);
    assert.equal(await focusPath(page), 'input#move-input');
    assert.deepEqual(problems, []);
  });

  test('"Play" pressed from the keyboard: the focus goes to the field, not to the page', async () => {
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner' });
    await page.fill('#move-input', 'd4');
    await page.focus('#play-move');
    await page.keyboard.press('Enter');
    await waitPlies(page, 1);
    assert.equal(await focusPath(page), 'input#move-input');
  });

  test('while the engine thinks the field takes no text and is marked so', async () => {
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner' });
    // The person's move and the state right after it, in one task: the engine's answer (from its Worker)
    // cannot have arrived in between.
    const state = await page.evaluate(() => {
      const f = document.getElementById('move-input');
      f.value = 'e4';
      document.getElementById('move-form').requestSubmit();
      return { plies: document.body.dataset.plies, readOnly: f.readOnly, disabled: f.disabled,
        ariaDisabled: f.getAttribute('aria-disabled'), play: document.getElementById('play-move').disabled };
    });
    assert.deepEqual(state, { plies: '1', readOnly: true, disabled: false, ariaDisabled: 'true', play: true });
    await waitPlies(page, 2);
    assert.equal(await page.isEditable('#move-input'), true);
    assert.equal(await page.getAttribute('#move-input', 'aria-disabled'), null);
  });

  // Each test opens the app in a fresh browser context: a first visit, so the start screen shows. The
  // button with this id is reached with Tab and pressed with Enter; the start screen goes.
  async function leaveStartScreenBy(id) {
    await page.waitForSelector('#start:not([hidden])');
    await tabTo(page, id);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#start', { state: 'hidden' });
  }

  test('the start screen\'s "Play a friend" from the keyboard hands the focus to the board', async () => {
    await leaveStartScreenBy('start-friend');
    assert.match(await focusPath(page), /^escaque-board-core#board > div\[e2, white pawn\]$/);
    // And the board plays from there: e2-e4 with Enter, ArrowUp twice, Enter.
    for (const key of ['Enter', 'ArrowUp', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
    await waitPlies(page, 1);
  });

  test('a move typed while the board has the focus goes to the move field', async () => {
    await leaveStartScreenBy('start-friend');
    assert.match(await focusPath(page), /^escaque-board-core#board > div\[e2, white pawn\]$/);
    // Typed, not filled: the first key moves the focus and the browser types it there, the rest follow.
    await page.keyboard.type('e4');
    assert.equal(await focusPath(page), 'input#move-input');
    assert.equal(await page.inputValue('#move-input'), 'e4');
    await page.keyboard.press('Enter');
    await waitPlies(page, 1);
    // The board keeps its own keys: from a square, an arrow moves along the board and Enter picks up a
    // piece, and a Ctrl shortcut stays the browser's; none of them reaches the field.
    await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.sq[tabindex="0"]').focus());
    assert.match(await focusPath(page), /^escaque-board-core#board > div\[/);
    for (const key of ['ArrowLeft', 'Control+a', 'Enter']) await page.keyboard.press(key);
    assert.match(await focusPath(page), /^escaque-board-core#board > div\[/);
    assert.equal(await page.inputValue('#move-input'), '');
    await page.keyboard.press('Escape');
    // Black's reply typed from the board the same way.
    await page.keyboard.type('c5');
    await page.keyboard.press('Enter');
    await waitPlies(page, 2);
    assert.equal(await page.inputValue('#move-input'), '');
    assert.deepEqual(problems, []);
  });

  test('the start screen\'s "Not now" hands the focus to the board too', async () => {
    await leaveStartScreenBy('start-dismiss');
    assert.match(await focusPath(page), /^escaque-board-core#board > div\[/);
  });

  test('a typed move that ends the game leaves the focus on "Rematch"', async () => {
    await newGame(page);
    for (const move of ['f3', 'e5', 'g4', 'Qh4#']) {
      const n = await plies(page);
      await page.focus('#move-input');
      await page.keyboard.type(move);
      await page.keyboard.press('Enter');
      await waitPlies(page, n + 1);
    }
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.isDisabled('#move-input'), true);  // the game is over: nothing to type
    assert.equal(await focusPath(page), 'button#rematch');
  });

  test('a finished game\'s "PGN" shows it where the person is looking: the focus moves to it, named', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await newGame(page);
    for (const move of ['f3', 'e5', 'g4', 'Qh4#']) {
      const n = await plies(page);
      await page.fill('#move-input', move);
      await page.press('#move-input', 'Enter');
      await waitPlies(page, n + 1);
    }
    await page.waitForSelector('#finished-list li button');
    await page.focus('#finished-list li:first-child button');
    await page.keyboard.press('Enter');
    // The PGN box is far above the list (in the Export box): it was filled and shown out of sight.
    assert.match(await focusPath(page), /^textarea#pgn-out\[PGN of White – Black, \d{4}-\d\d-\d\d\]$/);
    assert.match(await page.inputValue('#pgn-out'), /2\. g4 Qh4# 0-1/);
    const box = await page.locator('#pgn-out').boundingBox();
    assert.ok(box.y >= 0 && box.y < 844, `the PGN is on screen (top at ${box.y})`);
    // "Show PGN" of the game in progress names it as that again.
    await page.click('#show-pgn');
    await page.click('#show-pgn');
    assert.equal(await page.getAttribute('#pgn-out', 'aria-label'), 'PGN of the game');
  });
});
