// The phone layout (issue 15): at 390x844, in a timed game against the engine, the board and both
// clocks are on the screen without scrolling, the header is one row, and the engine's name is not cut.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { clickMove, newGame } from './app-helpers.mjs';

const env = useServedChromium();

describe('phone layout, 390x844', { timeout: 120_000 }, () => {
  let context;
  let page;
  before(async () => {
    context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  });
  after(async () => { await context?.close(); });

  test('a 5+0 game against the engine: board and both clocks visible, a move made, no scrolling', async () => {
    await newGame(page, { opponent: 'engine', color: 'w', level: 'beginner', preset: '5+0' });
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = await page.evaluate(() => Object.fromEntries(['clock-top', 'board', 'clock-bottom'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return [id, { top: r.top, bottom: r.bottom, left: r.left, right: r.right }];
    })));
    for (const [id, r] of Object.entries(boxes)) {
      assert.ok(r.top >= 0 && r.bottom <= 844 && r.left >= 0 && r.right <= 390, `${id} on screen: ${JSON.stringify(r)}`);
    }
    const header = await page.$eval('.top', (el) => el.getBoundingClientRect().height);
    assert.ok(header < 60, `the header is one row (${header} px)`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'no sideways scrolling');
    const name = await page.$eval('#clock-top .clock-name', (el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth }));
    assert.match(name.text, /^escaque \(Beginner/);
    assert.equal(name.cut, false, `the engine's name is not cut: ${name.text}`);
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => Number(document.body.dataset.plies) >= 1);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the move needed no scrolling');
  });
});
