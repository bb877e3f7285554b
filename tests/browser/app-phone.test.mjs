// The phone layout (issue 15): at 390x844, in a timed game against the engine, the board and both
// clocks are on the screen without scrolling, the header is one row, and the engine's name is not cut;
// at 320x640 no screen needs scrolling sideways.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { clickMove, newGame, typeMoves, waitForResult } from './app-helpers.mjs';

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

  // The header once had Rematch as a fourth button, which wrapped it to two rows at 390 px after
  // every game; Rematch is under the result now.
  test('after a game: Rematch visible without scrolling, the header still one row', async () => {
    await newGame(page, { opponent: 'human' });
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    await waitForResult(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const layout = await page.evaluate(() => {
      const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
      const top = document.querySelector('.top');
      return { header: box(top), rows: new Set([...top.querySelectorAll('h1, button')].map((el) => Math.round(box(el).top / 8))).size,
        buttons: [...top.querySelectorAll('button')].filter((b) => !b.hidden).map((b) => b.textContent.trim()),
        rematch: box(document.getElementById('rematch')), rematchShown: !document.getElementById('rematch').hidden,
        width: document.documentElement.scrollWidth };
    });
    assert.equal(layout.rematchShown, true, 'Rematch is offered');
    assert.ok(layout.rematch.top >= 0 && layout.rematch.bottom <= 844 && layout.rematch.right <= 390,
      `Rematch on screen: ${JSON.stringify(layout.rematch)}`);
    assert.equal(layout.rows, 1, `the header's title and buttons are one row: ${layout.buttons.join(', ')}`);
    assert.ok(layout.header.bottom - layout.header.top < 60, `the header is one row (${layout.header.bottom - layout.header.top} px)`);
    assert.equal(layout.width, 390, 'no sideways scrolling');
    // And it works from there: the dialog opens with the colours swapped.
    await page.click('#rematch');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('#ng-cancel');
  });
});

// WCAG 1.4.10 (Reflow): content usable at 320 CSS pixels wide without scrolling sideways. The start
// screen's level list ("Strong club player (≈ 1700)" in the fields' monospace face) was 48 px too wide.
describe('narrowest phone, 320x640', { timeout: 120_000 }, () => {
  let context;
  after(async () => { await context?.close(); });

  test('the start screen, the dialogs, a game and the analysis board need no sideways scrolling', async () => {
    context = await env.browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    const overflow = (where) => page.evaluate((where) => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.checkVisibility()
        && e.getBoundingClientRect().right > width + 1 && !e.closest('pre'));
      return { where, scrollWidth: document.documentElement.scrollWidth, width,
        wide: wide.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}`) };
    }, where);
    const none = (where) => ({ where, scrollWidth: 320, width: 320, wide: [] });
    await page.waitForSelector('#start:not([hidden])');
    assert.deepEqual(await overflow('start screen'), none('start screen'));
    await page.click('#open-settings');
    assert.deepEqual(await overflow('settings'), none('settings'));
    await page.keyboard.press('Escape');
    await page.click('#new-game');
    await page.selectOption('#ng-preset', 'custom');
    assert.deepEqual(await overflow('new game'), none('new game'));
    await page.keyboard.press('Escape');
    await page.click('#start-friend');
    await typeMoves(page, ['e4', 'e5']);
    assert.deepEqual(await overflow('game'), none('game'));
    await page.click('#open-analysis');
    await page.waitForSelector('#analysis:not([hidden])');
    assert.deepEqual(await overflow('analysis'), none('analysis'));
  });
});
