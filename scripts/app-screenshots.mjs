#!/usr/bin/env node
// Screenshots of the app's screens, regenerated so docs/app.md shows what the code draws today
// (issue 15): each at 1280x800 and 390x844, into docs/screenshots/app-<screen>-<w>x<h>.png:
//   start     a first visit: the start screen beside the board
//   game      a game against a friend with captures and the material difference (untimed: no clocks)
//   result    that game resigned: the result banner
//   analysis  the analysis board: engine lines (MultiPV 3), eval bar, arrows, a variation, a comment
//   analysis-review  the analysis board after "Analyse the game": players, marks, comments, the graph
//   editor    the position editor: a rook ending being set up, the black rook chosen, Black's rights gone
//
//   node scripts/app-screenshots.mjs     (after npm run build; Debian's Chromium, headless)
//   npm run screenshots                  (this and scripts/board-screenshots.mjs)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startServer } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const VIEWPORTS = [[1280, 800], [390, 844]];
const OPERA = '[Event "Paris"]\n[Site "Paris FRA"]\n[Date "1858.??.??"]\n[White "Paul Morphy"]\n[Black "Duke Karl / Count Isouard"]\n'
  + '[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 '
  + '10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';
const PGN = '1. e4 e5 2. Nf3 Nc6 3. Bb5 {The Ruy Lopez.} (3. Bc4 Bc5 {The Italian.}) 3... a6 4. Ba4 Nf6 *';

async function play(page, moves) {
  for (const m of moves) {
    const n = Number(await page.getAttribute('body', 'data-plies'));
    await page.fill('#move-input', m);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction((k) => Number(document.body.dataset.plies) > k, n);
  }
}

mkdirSync(OUT, { recursive: true });
const server = await startServer({ port: 0 });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
try {
  for (const [width, height] of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const shot = (name) => page.screenshot({ path: join(OUT, `app-${name}-${width}x${height}.png`) });
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]');
    await shot('start');
    await page.click('#start-friend');
    await play(page, ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qe5+', 'Be2', 'Bg4', 'd4', 'Qf5', 'Bxg4']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('game');
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForSelector('#result:not([hidden])');
    await page.locator('#result').scrollIntoViewIfNeeded();
    await shot('result');
    await page.click('#open-analysis');
    await page.fill('#an-load-text', PGN);
    await page.click('#an-load');
    await page.locator('#an-tree .move > span[aria-hidden="true"]').filter({ hasText: /^Bc5$/ }).click();
    await page.click('#an-run');
    // Running, at depth 12 or more, three lines and their arrows.
    await page.waitForFunction(() => Number(document.getElementById('an-depth').textContent) >= 12
      && document.querySelectorAll('#an-lines li').length === 3
      && document.getElementById('an-board').state.arrows.length === 3, null, { timeout: 90_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('analysis');
    await page.click('#an-run');
    await page.fill('#an-load-text', OPERA);
    await page.click('#an-load');
    await page.click('#an-review');
    await page.waitForFunction(() => document.getElementById('an-review').textContent === 'Analyse the game', null, { timeout: 120_000 });
    await page.locator('#an-tree .move > span[aria-hidden="true"]').filter({ hasText: /^Nc3/ }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('analysis-review');
    await page.click('#an-edit');
    await page.fill('#ed-fen', '6k1/5pp1/7p/8/2r5/8/5PPP/3R2K1 w - - 0 32');
    await page.press('#ed-fen', 'Enter');
    await page.locator('label:has(> input[name="ed-brush"][value="br"])').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('editor');
    await page.click('#ed-cancel');
    await context.close();
    console.log(`app-screenshots: ${width}x${height} done`);
  }
} finally {
  await browser.close();
  server.close();
}
