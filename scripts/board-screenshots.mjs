#!/usr/bin/env node
// Screenshots of the board, regenerated so docs/board.md shows what the code draws today:
//  - <escaque-board> on web/embed.html at 200, 300, 480 and 800 px wide, with coordinates, a last move,
//    a check, a picked-up piece with its legal targets, an arrow and a circle, and the keyboard focus
//    on a square with a piece (docs/screenshots/board-<width>.png);
//  - the app's board (the rules-free core driven by the app) at 1280x800 and 390x844
//    (docs/screenshots/board-app-<w>x<h>.png).
//
//   node scripts/board-screenshots.mjs          (after npm run build; Debian's Chromium, headless)
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
  for (const width of SIZES) {
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
  await context.close();

  for (const [width, height] of [[1280, 800], [390, 844]]) {
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
