// axe-core (WCAG 2.x A/AA rules plus best practices) over web/embed.html and
// over boards in the states a person passes through: a piece picked up with
// legal-move dots, the promotion picker open, the high-contrast theme,
// Black at the bottom, a premove waiting. Zero violations everywhere.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { clickSquare, drag, mountBoards, openBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Violations, and the label/name checks axe could not decide ("incomplete"): a visible label that is not
// part of the accessible name (WCAG 2.5.3) counts as a finding too (as in app-a11y.test.mjs).
const UNDECIDED = ['label-content-name-mismatch'];
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (undecided) => {
    const r = await window.axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const found = [...r.violations, ...r.incomplete.filter((v) => undecided.includes(v.id))];
    return found.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  }, UNDECIDED);
}

describe('accessibility (axe-core)', () => {
  let page;
  let context;
  before(async () => { ({ page, context } = await openBoardPage(env)); });
  after(async () => { await context?.close(); });

  test('web/embed.html as served', async () => {
    assert.deepEqual(await violations(page), []);
  });

  test('dark colour scheme of the page', async () => {
    const dark = await openBoardPage(env);
    await dark.page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await violations(dark.page), []);
    await dark.context.close();
  });

  test('a picked-up piece with legal dots, coordinates, flipped board, high contrast', async () => {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '', coordinates: '' },
      { id: 'hc', interactive: 'both', theme: 'high-contrast', orientation: 'black', coordinates: '' }]);
    await clickSquare(page, 'g1');
    await clickSquare(page, 'e7', 'hc');
    assert.deepEqual(await violations(page), []);
  });

  test('the promotion picker open, and a premove waiting', async () => {
    await mountBoards(page, [{ interactive: 'both', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' },
      { id: 'pre', interactive: 'white', premoves: '' }]);
    await drag(page, 'e2', 'e4', 'pre');
    await drag(page, 'd2', 'd4', 'pre');
    await drag(page, 'e7', 'e8');
    assert.equal(await page.locator('#b0 .promo button').count(), 4);
    assert.deepEqual(await violations(page), []);
  });
  test('forced colours (Windows high contrast) and prefers-contrast: more', async () => {
    const hc = await openBoardPage(env);
    await hc.page.emulateMedia({ forcedColors: 'active', contrast: 'more' });
    await mountBoards(hc.page, [{ interactive: 'both', 'show-legal': '', coordinates: '' }]);
    await clickSquare(hc.page, 'b1');
    assert.deepEqual(await violations(hc.page), []);
    const light = await hc.page.evaluate(() => getComputedStyle(document.getElementById('b0').shadowRoot
      .querySelector('[data-square="a8"]')).backgroundColor);
    assert.equal(light, 'rgb(255, 255, 255)', 'prefers-contrast: more switches to the high-contrast squares');
    await hc.context.close();
  });
});
