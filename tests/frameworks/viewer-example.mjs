// The Vue and Svelte examples show the same page (docs/viewer.md "Frameworks"): the Opera Game at its
// end, a step back, Analyse into the page's state, and a reactive orientation attribute.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { collectProblems } from '../browser/example-app.mjs';

export async function checkViewerExample(env) {
  const assets = await readdir(join(env.dir, 'web', 'assets'));
  assert.ok(assets.some((f) => /\.wasm$/.test(f)), `a .wasm asset: ${assets.join(' ')}`);
  const page = await env.browser.newPage();
  const problems = collectProblems(page, { warnings: true });
  await page.goto(env.baseUrl);
  await page.waitForFunction(() => document.getElementById('ply')?.textContent === 'Ply 33', null, { timeout: 30_000 });
  const viewer = page.locator('escaque-game');
  assert.equal(await viewer.evaluate((el) => el.node?.san), 'Rd8#');
  await page.locator('escaque-game .nav .prev').click();
  await page.waitForFunction(() => document.getElementById('ply').textContent === 'Ply 32');
  await page.locator('escaque-game .nav .analyse').click();
  const fen = await viewer.evaluate((el) => el.fen);
  await page.waitForFunction((f) => document.getElementById('analysed').textContent === `Analysing ${f}`, fen);
  await page.click('text=Flip');
  await page.waitForFunction(() => document.querySelector('escaque-game').getAttribute('orientation') === 'black');
  assert.deepEqual(problems, []);
  await page.close();
}
