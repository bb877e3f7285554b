// The board's look from the app's Settings (issue 15, "Board finish"): the board package's colour
// themes and piece sets, coordinates on by default with a setting to hide them; kept after a reload
// and the same on the analysis board.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { openApp } from './app-helpers.mjs';

const env = useServedChromium();

// The board's attributes and state, and the colour its light squares are drawn in.
const look = (page, id) => page.$eval(`#${id}`, (el) => {
  const squares = [...el.shadowRoot.querySelectorAll('*')].map((n) => getComputedStyle(n).backgroundColor);
  return { theme: el.getAttribute('theme'), coordinates: el.hasAttribute('coordinates'), pieceSet: el.state.pieceSet,
    colours: [...new Set(squares)].sort().join(' ') };
});

describe('board themes, piece sets and coordinates', { timeout: 120_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('coordinates on by default; green, geometric, no coordinates chosen in Settings', async () => {
    const first = await look(page, 'board');
    assert.deepEqual([first.theme, first.coordinates, first.pieceSet], [null, true, '']);
    await page.click('#open-settings');
    await page.selectOption('#set-board-theme', 'green');
    await page.selectOption('#set-piece-set', 'geometric');
    await page.uncheck('#set-coordinates');
    await page.click('#settings-form button[type="submit"]');
    const now = await look(page, 'board');
    assert.deepEqual([now.theme, now.coordinates, now.pieceSet], ['green', false, 'geometric']);
    assert.notEqual(now.colours, first.colours, 'the squares changed colour');
    assert.match(now.colours, /rgb\(238, 238, 210\)/, `green's light squares (#eeeed2): ${now.colours}`);
  });

  test('kept after a reload, and the analysis board looks the same', async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const kept = await look(page, 'board');
    assert.deepEqual([kept.theme, kept.coordinates, kept.pieceSet], ['green', false, 'geometric']);
    await page.click('#open-analysis');
    const an = await look(page, 'an-board');
    assert.deepEqual([an.theme, an.coordinates, an.pieceSet], ['green', false, 'geometric']);
    await page.click('#an-close');
    await page.click('#open-settings');
    await page.selectOption('#set-board-theme', '');
    await page.check('#set-coordinates');
    await page.click('#settings-form button[type="submit"]');
    const back = await look(page, 'board');
    assert.deepEqual([back.theme, back.coordinates], [null, true]);
    assert.deepEqual(problems, []);
  });
});
