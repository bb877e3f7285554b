// Shared steps of the app's browser tests (tests/browser/app-*.test.mjs):
// open the app, start games through the new-game dialog, type moves, read
// the result banner and the clocks, collect page problems.
import assert from 'node:assert/strict';

import { squareCenterIn } from './board-helpers.mjs';

/** A fresh context (own storage, own service worker) and page; problems collects errors. */
export async function openApp(env, { path = '', context: existing } = {}) {
  const context = existing ?? await env.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(env.baseUrl + path);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page, problems };
}

/**
 * Starts a game through the dialog, as a person would.
 * options: {opponent 'human'|'engine', color, level, position (FEN or PGN), chess960: number|'random',
 *           preset ('untimed', '3+2', ...) or custom: {base (min), inc (s), delay (s), delayMode,
 *           periodMoves, period2 (min)}, casual}
 */
export async function newGame(page, options = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`input[name="opponent"][value="${options.opponent ?? 'human'}"]`);
  if (options.color) await page.selectOption('#ng-color', options.color);
  if (options.level) await page.selectOption('#ng-level', options.level);
  if (options.casual !== undefined) await page.setChecked('#ng-casual', options.casual);
  if (options.position) {
    await page.check('input[name="start"][value="fen"]');
    await page.fill('#ng-position', options.position);
  } else if (options.chess960 === 'random') {
    await page.check('input[name="start"][value="960random"]');
  } else if (options.chess960 !== undefined) {
    await page.check('input[name="start"][value="960number"]');
    await page.fill('#ng-960', String(options.chess960));
  } else {
    await page.check('input[name="start"][value="standard"]');
  }
  if (options.custom) {
    await page.selectOption('#ng-preset', 'custom');
    const c = { base: 10, inc: 0, delay: 0, periodMoves: 0, period2: 0, ...options.custom };
    await page.fill('#ng-base', String(c.base));
    await page.fill('#ng-inc', String(c.inc));
    await page.fill('#ng-delay', String(c.delay));
    if (c.delayMode) await page.selectOption('#ng-delay-mode', c.delayMode);
    await page.fill('#ng-period-moves', String(c.periodMoves));
    await page.fill('#ng-period2', String(c.period2));
  } else {
    await page.selectOption('#ng-preset', options.preset ?? 'untimed');
  }
  const summary = await page.textContent('#ng-tc-summary');
  const before = await page.evaluate(() => window.__escaque.ctrl.record?.id);
  await page.click('#ng-start');
  await page.waitForFunction((id) => window.__escaque.ctrl.record.id !== id, before);
  return { summary };
}

// A middlegame out of the opening book (the app's engine plays book moves at once): the engine must
// search here.
export const OUT_OF_BOOK = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/**
 * A long think to interrupt: a new game against the full-strength engine (White, to move) from
 * OUT_OF_BOOK at 90 minutes for 40 moves plus 30 s a move, where the engine's own plan for its move is
 * 90 min / 40 + ¾ · 30 s ≈ 157 s (src/engine/timeman.cpp); resolves 300 ms after "Move now" shows.
 */
export async function engineThinkingLong(page) {
  await newGame(page, { opponent: 'engine', color: 'b', level: 'full', preset: '90/40+30+30s', position: OUT_OF_BOOK });
  await page.waitForSelector('#stop-engine:not([hidden])');
  await new Promise((r) => setTimeout(r, 300));
}

/** Types moves into the move field and plays them (Enter), checking each was played. */
export async function typeMoves(page, moves) {
  for (const move of moves) {
    const plies = Number(await page.getAttribute('body', 'data-plies'));
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction((n) => Number(document.body.dataset.plies) > n || !document.querySelector('#move-error').hidden,
      plies);
    const error = await page.$eval('#move-error', (el) => (el.hidden ? '' : el.textContent));
    assert.equal(error, '', `move ${move} was refused: ${error}`);
  }
}

/** The result banner: {result, reason, text}, or null while the game goes on. */
export async function banner(page) {
  return page.$eval('#result', (el) => (el.hidden ? null
    : { result: el.dataset.result, reason: el.dataset.reason, text: el.textContent }));
}

export async function waitForResult(page, timeout = 10_000) {
  await page.waitForSelector('#result:not([hidden])', { timeout });
  return banner(page);
}

/** The PGN shown in the Export box. */
export async function shownPgn(page) {
  if (await page.isHidden('#pgn-out')) await page.click('#show-pgn');
  return page.inputValue('#pgn-out');
}

/** Milliseconds a clock shows, read from its element (as of its last redraw, data-at): side 'w' or 'b'. */
export async function clockMs(page, side) {
  return page.$eval(`.clock[data-side="${side}"]`, (el) => Number(el.dataset.ms));
}
export async function clockText(page, side) {
  return page.$eval(`.clock[data-side="${side}"] .clock-time`, (el) => el.textContent);
}

/**
 * Waits until a clock shows `text` (the clocks are drawn at the animation frame after the Worker's
 * tick, so a read straight after a state change can see the previous frame); fails with what it shows.
 */
export async function expectClockText(page, side, text, timeout = 3000) {
  try {
    await page.waitForFunction(([s, t]) =>
      document.querySelector(`.clock[data-side="${s}"] .clock-time`)?.textContent === t, [side, text], { timeout });
  } catch {
    throw new Error(`${side === 'w' ? 'White' : 'Black'}'s clock shows "${await clockText(page, side)}", ` +
      `expected "${text}" within ${timeout} ms`);
  }
}

/** Screen centre of a square on the app's board. */
export const squareAt = (page, square) => squareCenterIn(page, 'escaque-board-core', square);

/** Click the piece, then the target square, as a person does. */
export async function clickMove(page, from, to) {
  const a = await squareAt(page, from);
  await page.mouse.click(a.x, a.y);
  const b = await squareAt(page, to);
  await page.mouse.click(b.x, b.y);
}

/** Drag a piece to a square. */
export async function dragMove(page, from, to) {
  const a = await squareAt(page, from);
  const b = await squareAt(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
}

/** Waits for the board to be in the page and live: the game is loaded and its legal moves reach the board. */
export async function boardReady(page) {
  await page.waitForFunction(() => document.body.dataset.ready === 'true' &&
    document.querySelector('escaque-board-core')?.state.dests !== null);
}

// Stores raw text under a key, then reloads the page: what the app finds on its next visit.
// The entries are written from a page of the same origin that runs none of the app (legal-moves.html),
// after the app's page is gone: a save the app still had under way could otherwise land on top of them.
export async function visitWith(page, entries, { clear = false } = {}) {
  const app = page.url();
  await page.goto(new URL('legal-moves.html', app).href);
  await page.evaluate(([e, c]) => {
    if (c) localStorage.clear();
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, [entries, clear]);
  await page.goto(app);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}
