// The suite runs on Debian's chromium-headless-shell (harness.mjs: the same Blink and V8, half the CPU).
// These tests drive the browser itself, /usr/bin/chromium (its headless mode is the whole browser), as a
// person would use it: the app's first visit with its service worker, a game against the engine played from
// the keyboard, the analysis board's engine lines, and the embed page's board moved with the arrow keys.
// Whatever the shell and the browser do differently for a page shows here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { CHROMIUM_FULL, useServedChromium } from './harness.mjs';
import { boardReady, newGame, openApp, typeMoves } from './app-helpers.mjs';

const env = useServedChromium({ executablePath: CHROMIUM_FULL });

describe('the app and the embed page in the browser itself (/usr/bin/chromium)', { timeout: 240_000 }, () => {
  let context;
  let page;
  let problems;
  before(async () => { ({ context, page, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('first visit: the board, the service worker in control after a reload', async () => {
    await boardReady(page);
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null, null, { timeout: 30_000 });
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
  });

  test('a game against the engine from the keyboard: typed moves, the engine answers each', async () => {
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner' });
    await typeMoves(page, ['e4']);
    await page.waitForFunction(() => document.body.dataset.plies === '2', null, { timeout: 30_000 });
    await typeMoves(page, ['Nf3']);
    await page.waitForFunction(() => document.body.dataset.plies === '4', null, { timeout: 30_000 });
    const moves = await page.$$eval('#move-list .move', (list) => list.map((m) => m.textContent));
    assert.equal(moves.length, 4);
    assert.equal(moves[0], 'e4');
    assert.equal(moves[2], 'Nf3');
  });

  test('the analysis board: the engine\'s lines reach depth 8 with arrows on the board', async () => {
    await page.click('#analyse-game');
    await page.waitForSelector('#analysis:not([hidden])');
    await page.click('#an-run');
    await page.waitForFunction(() => Number(document.getElementById('an-depth').textContent) >= 8, null, { timeout: 60_000 });
    const arrows = await page.evaluate(() => document.getElementById('an-board').state.arrows);
    assert.ok(arrows.length > 0 && /^[a-h][1-8]$/.test(arrows[0].from) && /^[a-h][1-8]$/.test(arrows[0].to), JSON.stringify(arrows));
    await page.click('#an-run');
    await page.waitForFunction(() => document.getElementById('an-board').state.arrows.length === 0);
    await page.click('#an-close');
    assert.deepEqual(problems, []);
  });

  test('embed.html: a move made with the arrow keys and Enter', async () => {
    const embed = await context.newPage();
    const found = [];
    embed.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') found.push(m.text()); });
    embed.on('pageerror', (e) => found.push(e.message));
    await embed.goto(`${env.baseUrl}embed.html`);
    const board = embed.locator('escaque-board').first();
    await board.waitFor();
    await embed.waitForFunction(() => document.querySelector('escaque-board')?.fen?.startsWith('rnbqkbnr/pppppppp/'));
    const focused = () => embed.evaluate(() => document.querySelector('escaque-board').shadowRoot.activeElement?.dataset.square ?? null);
    await embed.locator('body').press('Tab');
    for (let i = 0; i < 20 && !(await focused()); i++) await embed.keyboard.press('Tab');
    assert.equal(await focused(), 'e2', 'the board\'s first tab stop');
    await embed.keyboard.press('Enter');
    await embed.keyboard.press('ArrowUp');
    await embed.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'e4');
    await embed.keyboard.press('Enter');
    await embed.waitForFunction(() => document.querySelector('escaque-board').fen.split(' ')[1] === 'b');
    assert.match(await embed.evaluate(() => document.querySelector('escaque-board').fen), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
    assert.deepEqual(found, []);
    await embed.close();
  });
});
