#!/usr/bin/env node
// Screenshots of the board, regenerated so docs/board.md shows what the code draws today:
//  - <escaque-board> on web/embed.html at 200, 300, 480 and 800 px wide, with coordinates, a last move,
//    a check, a picked-up piece with its legal targets, an arrow and a circle, and the keyboard focus
//    on a square with a piece (docs/screenshots/board-<width>.png);
//  - the board themes (theme="…") with both built-in piece sets (piece-set="geometric") at 300 px, and
//    the geometric set at 200 px (docs/screenshots/board-themes.png, board-geometric-200.png);
//  - a board whose container gives it no width (an inline-block), at its intrinsic size
//    (docs/screenshots/board-intrinsic.png);
//  - <escaque-game> on web/embed.html at 1280x800 and 390x844 (docs/screenshots/game-<w>x<h>.png);
//  - the app's board (the rules-free core driven by the app) at 1280x800 and 390x844
//    (docs/screenshots/board-app-<w>x<h>.png).
//
//   node scripts/board-screenshots.mjs [board] [themes] [game] [app]   (default: all; after npm run build;
//                                                                       Debian's Chromium, headless)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startServer } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const SIZES = [200, 300, 480, 800];
// 1. e4 e5 2. Bc4 Nc6 3. Bxf7+: Black's king in check, with two ways out (Kxf7, Ke7).
const MOVES = ['e4', 'e5', 'Bc4', 'Nc6', 'Bxf7+'];

const THEMES = ['', 'green', 'blue', 'grey', 'walnut', 'high-contrast'];
const asked = process.argv.slice(2);
const want = (what) => asked.length === 0 || asked.includes(what);

mkdirSync(OUT, { recursive: true });
const server = await startServer({ port: 0 });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}embed.html`);
  await page.waitForSelector('body[data-ready="true"]');
  for (const width of want('board') ? SIZES : []) {
    await page.evaluate(async ({ width, moves }) => {
      const main = document.querySelector('main');
      const box = document.createElement('div');
      box.id = 'shot';
      box.style.width = `${width}px`;
      box.style.padding = '8px';
      const board = document.createElement('escaque-board');
      board.setAttribute('coordinates', '');
      board.setAttribute('show-legal', '');
      board.setAttribute('interactive', 'both');
      box.append(board);
      main.replaceChildren(box);
      await board.ready;
      for (const m of moves) board.move(m);
      board.setArrows([{ from: 'd8', to: 'h4' }]);
      board.setHighlights([{ square: 'g1' }]);
    }, { width, moves: MOVES });
    // Pick up the king (its targets show), then put the keyboard focus on g1 (a knight).
    const b = await page.locator('#shot escaque-board .board').boundingBox();
    const cell = b.width / 8;
    await page.mouse.click(b.x + 4.5 * cell, b.y + 0.5 * cell);
    await page.keyboard.press('Tab');
    await page.evaluate(() => document.querySelector('#shot escaque-board').focusSquare('g1'));
    await page.locator('#shot').screenshot({ path: join(OUT, `board-${width}.png`) });
    console.log(`docs/screenshots/board-${width}.png`);
  }
  if (want('themes')) {
    // Every theme with both sets, after 1. e4 e5 2. Bc4 Nc6 3. Bxf7+ (a last move and a check).
    await page.evaluate(async ({ themes, moves }) => {
      const main = document.querySelector('main');
      const grid = document.createElement('div');
      grid.id = 'shot';
      grid.style.display = 'grid';
      grid.style.gridTemplateColumns = `repeat(${themes.length}, 300px)`;
      grid.style.gap = '12px';
      grid.style.padding = '8px';
      grid.style.width = 'max-content';
      const boards = [];
      for (const set of ['', 'geometric']) {
        for (const theme of themes) {
          const board = document.createElement('escaque-board');
          board.setAttribute('coordinates', '');
          board.setAttribute('label', `${theme || 'default'} theme, ${set || 'classic'} pieces`);
          if (theme) board.setAttribute('theme', theme);
          if (set) board.setAttribute('piece-set', set);
          grid.append(board);
          boards.push(board);
        }
      }
      main.replaceChildren(grid);
      for (const b of boards) {
        await b.ready;
        for (const m of moves) b.move(m);
      }
    }, { themes: THEMES, moves: MOVES });
    await page.setViewportSize({ width: 6 * 312 + 40, height: 900 });
    await page.locator('#shot').screenshot({ path: join(OUT, 'board-themes.png') });
    console.log('docs/screenshots/board-themes.png');
    await page.setViewportSize({ width: 900, height: 900 });
    await page.evaluate(async (moves) => {
      const box = document.createElement('div');
      box.id = 'shot';
      box.style.width = '200px';
      box.style.padding = '8px';
      const board = document.createElement('escaque-board');
      board.setAttribute('coordinates', '');
      board.setAttribute('piece-set', 'geometric');
      box.append(board);
      document.querySelector('main').replaceChildren(box);
      await board.ready;
      for (const m of moves) board.move(m);
    }, MOVES);
    await page.locator('#shot').screenshot({ path: join(OUT, 'board-geometric-200.png') });
    console.log('docs/screenshots/board-geometric-200.png');
    // No width from the container: an inline-block in a paragraph.
    await page.evaluate(async () => {
      const p = document.createElement('p');
      p.id = 'shot';
      p.style.padding = '8px';
      p.style.width = 'max-content';
      p.append('Text before ');
      const span = document.createElement('span');
      span.style.display = 'inline-block';
      const board = document.createElement('escaque-board');
      board.setAttribute('coordinates', '');
      span.append(board);
      p.append(span, ' text after.');
      document.querySelector('main').replaceChildren(p);
      await board.ready;
    });
    await page.locator('#shot').screenshot({ path: join(OUT, 'board-intrinsic.png') });
    console.log('docs/screenshots/board-intrinsic.png');
  }
  await context.close();

  for (const [width, height] of want('game') ? [[1280, 800], [390, 844]] : []) {
    const ctx = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    const p = await ctx.newPage();
    await p.goto(`${base}embed.html`);
    await p.waitForSelector('body[data-ready="true"]');
    const game = p.locator('escaque-game').first();
    await game.evaluate((el) => el.ready);
    await game.scrollIntoViewIfNeeded();
    await game.evaluate((el) => { el.goTo(el.game.moves[21]); el.scrollIntoView({ block: 'start' }); });
    await p.screenshot({ path: join(OUT, `game-${width}x${height}.png`) });
    console.log(`docs/screenshots/game-${width}x${height}.png`);
    await ctx.close();
  }

  for (const [width, height] of want('app') ? [[1280, 800], [390, 844]] : []) {
    const app = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    const p = await app.newPage();
    await p.goto(base);
    await p.waitForSelector('body[data-ready="true"]');
    for (const [i, san] of ['e4', 'e5', 'Nf3'].entries()) {
      await p.fill('#move-input', san);
      await p.press('#move-input', 'Enter');
      await p.waitForFunction((n) => document.body.dataset.plies === String(n), i + 1);
    }
    await p.screenshot({ path: join(OUT, `board-app-${width}x${height}.png`) });
    console.log(`docs/screenshots/board-app-${width}x${height}.png`);
    await app.close();
  }
} finally {
  await browser.close();
  server.close();
}
