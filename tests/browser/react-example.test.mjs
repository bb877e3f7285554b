// examples/react (docs/viewer.md "Frameworks"): the example as it is in the repository, built by Vite
// with its own config (JSX by esbuild, React's automatic runtime), escaque resolved as an installed
// dependency (a symlink in node_modules, so the exports map and the .wasm assets go through Vite), and
// run in headless Chromium under the example's strict CSP: the viewer shows the game React gave it as
// a property, its events reach React state, Analyse sends the position to <escaque-board>, and React
// re-renders change the element's attributes.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { collectProblems, useBuiltExample } from './example-app.mjs';

// Vite, react and react-dom are locked devDependencies (package.json): nothing is installed here.
const env = useBuiltExample('react', ['react', 'react-dom', 'scheduler']);

test('the React example builds with Vite and runs in Chromium', { timeout: 120_000 }, async () => {
  const assets = await readdir(join(env.dir, 'web', 'assets'));
  assert.ok(assets.some((f) => /\.wasm$/.test(f)), `a .wasm asset: ${assets.join(' ')}`);
  const page = await env.browser.newPage();
  const problems = collectProblems(page);
  await page.goto(env.baseUrl);
  // The PGN property set from a React effect: the Opera Game, shown at its end (ply="last")
  await page.waitForFunction(() => document.getElementById('ply')?.textContent === 'Ply 33', null, { timeout: 30_000 })
    .catch(async (e) => { throw new Error(`${e.message}; problems: ${problems.join(' | ')}; body: ${(await page.textContent('body')).slice(0, 300)}`); });
  const viewer = page.locator('escaque-game');
  assert.equal(await viewer.evaluate((el) => el.node?.san), 'Rd8#');
  assert.equal(await viewer.evaluate((el) => el.shadowRoot.querySelectorAll('.move').length), 33);
  // an element event into React state, and a method of the other element
  await viewer.evaluate((el) => el.goTo(el.game.moves[4]));
  await page.locator('escaque-game .nav .analyse').click();
  const fen = 'rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3';   // after 3. d4
  assert.equal(await viewer.evaluate((el) => el.fen), fen);
  await page.waitForFunction((f) => document.getElementById('analysed').textContent === `Analysing ${f}`, fen);
  assert.equal(await page.locator('escaque-board').evaluate((b) => b.fen), fen);
  // React state -> a new property value and a changed attribute
  await page.selectOption('select', 'scholar');
  await page.waitForFunction(() => document.getElementById('ply').textContent === 'Ply 7');
  await page.click('text=Flip');
  assert.equal(await viewer.getAttribute('orientation'), 'black');
  assert.deepEqual(problems, []);
  await page.close();
});
