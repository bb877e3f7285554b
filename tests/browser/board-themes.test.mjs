// Board themes (theme="green|blue|grey|walnut|high-contrast"), the second built-in piece set
// (piece-set="geometric"), the custom properties over a theme and the ::part names
// (docs/board.md "Styling"); axe-core over every theme with coordinates.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { mountBoards, useBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const THEMES = { green: ['rgb(238, 238, 210)', 'rgb(111, 143, 78)'], blue: ['rgb(222, 227, 230)', 'rgb(125, 151, 168)'],
  grey: ['rgb(228, 228, 228)', 'rgb(138, 138, 138)'], walnut: ['rgb(232, 201, 155)', 'rgb(139, 90, 43)'] };

describe('board themes, piece sets and parts', { timeout: 120_000 }, () => {
  let page;
  useBoardPage(env, (opened) => { ({ page } = opened); });

  test('each theme colours the squares; a custom property set by the page wins over it', async () => {
    await mountBoards(page, [...Object.keys(THEMES).map((theme) => ({ id: theme, theme, coordinates: '' })),
      { id: 'custom', theme: 'green' }]);
    await page.evaluate(() => document.getElementById('custom').style.setProperty('--escaque-dark', 'rgb(1, 2, 3)'));
    const colours = await page.evaluate((ids) => Object.fromEntries(ids.map((id) => {
      const cells = document.getElementById(id).shadowRoot.querySelectorAll('.sq');
      return [id, [getComputedStyle(cells[0]).backgroundColor, getComputedStyle(cells[1]).backgroundColor]];
    })), [...Object.keys(THEMES), 'custom']);
    for (const [theme, pair] of Object.entries(THEMES)) assert.deepEqual(colours[theme], pair, theme);
    // a theme only changes the defaults: --escaque-* properties set by the page still win
    assert.deepEqual(colours.custom, ['rgb(238, 238, 210)', 'rgb(1, 2, 3)']);
  });

  test('piece-set="geometric" draws the second set; the attribute switches back and forth', async () => {
    await mountBoards(page, [{ id: 'g', 'piece-set': 'geometric' }, { id: 'c' }]);
    const hrefs = (id) => page.evaluate((id) => [...new Set([...document.getElementById(id).shadowRoot
      .querySelectorAll('.pieces use')].map((u) => u.getAttribute('href').replace(/[pnbrqk]$/, '')))], id);
    assert.deepEqual(await hrefs('g'), ['#piece-g-']);
    assert.deepEqual(await hrefs('c'), ['#piece-']);
    // every symbol referenced exists in the board's own sprite
    const missing = await page.evaluate(() => {
      const root = document.getElementById('g').shadowRoot;
      return [...root.querySelectorAll('.pieces use')].map((u) => u.getAttribute('href')).filter((h) => !root.querySelector(h));
    });
    assert.deepEqual(missing, []);
    await page.evaluate(() => document.getElementById('g').setAttribute('piece-set', ''));
    assert.deepEqual(await hrefs('g'), ['#piece-']);
  });

  test('::part names reach the board, its layers and the promotion picker', async () => {
    await mountBoards(page, [{ id: 'p', coordinates: '', interactive: 'both', fen: '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' }]);
    const parts = await page.evaluate(() => [...document.getElementById('p').shadowRoot.querySelectorAll('[part]')]
      .map((e) => e.getAttribute('part')).sort());
    for (const part of ['annotations', 'announcement', 'board', 'coordinates', 'entry', 'pieces']) assert.ok(parts.includes(part), part);
  });

  test('axe-core: every theme and both sets, coordinates on', async () => {
    await mountBoards(page, ['', 'green', 'blue', 'grey', 'walnut', 'high-contrast'].flatMap((theme, i) => [
      { id: `t${i}`, coordinates: '', ...(theme ? { theme } : {}) },
      { id: `g${i}`, coordinates: '', 'piece-set': 'geometric', ...(theme ? { theme } : {}) }]), 300);
    await page.evaluate(AXE);
    const v = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    assert.deepEqual(v.violations.map((x) => `${x.id}: ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`), []);
  });
});
