// axe-core (npm devDependency) on the app — the game view, the new-game and
// settings dialogs, a finished game, the analysis board, the position editor (web/embed.html: board-a11y.test.mjs):
// zero violations of any rule axe runs (WCAG 2.x A/AA and best practices).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { boardReady, newGame, typeMoves, visitWith, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe is evaluated through the DevTools protocol (the page's CSP forbids inline scripts, rightly).
// Violations, and the label/name checks axe could not decide ("incomplete"): a visible label that is not
// part of the accessible name (WCAG 2.5.3) counts as a finding too.
const UNDECIDED = ['label-content-name-mismatch'];
async function violations(page, include = 'html') {
  await page.evaluate(AXE);
  const result = await page.evaluate(async ([sel, undecided]) => {
    const r = await window.axe.run(document.querySelector(sel), { resultTypes: ['violations', 'incomplete'] });
    const found = [...r.violations, ...r.incomplete.filter((v) => undecided.includes(v.id))];
    return found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, [include, UNDECIDED]);
  return result;
}

// Each test in a context of its own: none depends on what another left open or set.
describe('accessibility (axe-core)', { timeout: 180_000 }, () => {
  let context;
  let page;
  beforeEach(async () => {
    context = await env.browser.newContext();
    page = await context.newPage();
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await boardReady(page);
  });
  afterEach(async () => { await context?.close(); });

  test('the app during a timed game', async () => {
    await newGame(page, { preset: '5+0' });
    await typeMoves(page, ['e4', 'e5']);
    assert.deepEqual(await violations(page), []);
  });

  test('the new-game dialog (custom time control shown)', async () => {
    await page.click('#new-game');
    await page.selectOption('#ng-preset', 'custom');
    assert.deepEqual(await violations(page), []);
    await page.click('#ng-cancel');
  });

  test('the settings dialog', async () => {
    await page.click('#open-settings');
    assert.deepEqual(await violations(page), []);
    await page.click('#settings-form button[type="submit"]');
  });

  test('a finished game with the PGN shown, in the dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await newGame(page);
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    await waitForResult(page);
    await page.click('#show-pgn');
    assert.deepEqual(await violations(page), []);
  });

  test('what the app says about storage and other tabs: recovery panel, storage warning, read-only tab', async () => {
    // A damaged saved game, written while no app page runs (a save of the finished game above could
    // otherwise land on top of it before the reload reads it).
    await visitWith(page, { 'escaque.app.current': '{"version":1,"moves":[' });
    await page.waitForSelector('#recovery:not([hidden])');
    // Storage refuses every write from now on (full).
    await page.evaluate(() => {
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
    });
    await typeMoves(page, ['e4']);
    await page.waitForSelector('#storage-warning:not([hidden])');
    assert.deepEqual(await violations(page), []);
    const other = await context.newPage();
    await other.goto(env.baseUrl);
    await other.waitForSelector('body[data-role="viewer"]', { timeout: 30_000 });
    assert.deepEqual(await violations(other), []);
    await other.close();
  });

  // Issue 15's new screens, light and dark, desktop and phone.
  for (const [scheme, size] of [['light', { width: 1280, height: 800 }], ['dark', { width: 390, height: 844 }]]) {
    test(`the start screen and a lost game's banner (${scheme}, ${size.width}x${size.height})`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.waitForSelector('#start:not([hidden])');
      assert.deepEqual(await violations(page), []);
      await page.click('#start-friend');
      await typeMoves(page, ['e4', 'd5', 'exd5', 'Qxd5']);
      await page.click('#resign');
      await page.click('#resign');
      await waitForResult(page);
      assert.deepEqual(await violations(page), []);
      // The review under way (its Stop button), then done: summary, graph, notes.
      await page.click('#run-review');
      await page.waitForFunction(() => document.getElementById('run-review').textContent.startsWith('Stop analysing')
        || document.querySelector('#review-graph svg'));  // (a fast machine may be done already)
      assert.deepEqual(await violations(page), []);
      await page.waitForSelector('#review-graph svg.graph', { timeout: 60_000 });
      assert.notEqual(await page.textContent('#review-summary'), '');
      assert.deepEqual(await violations(page), []);
    });

    test(`the analysis board with players, clocks, an eval graph, engine lines, a variation and a file of games (${scheme}, ${size.width}x${size.height})`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.click('#open-analysis');
      await page.fill('#an-load-text', '[White "Anna"]\n[Black "Ben"]\n[TimeControl "60"]\n\n'
        + '1. e4 {[%clk 0:00:59] [%eval 0.3]} e5 {[%eval 0.2]} 2. Nf3 {main} (2. Bc4 $1 {the bishop}) 2... Nc6 *');
      await page.click('#an-load');
      await page.waitForSelector('#an-graph:not([hidden]) svg');
      await page.waitForSelector('#an-top:not([hidden])');
      await page.click('#an-run');
      await page.waitForFunction(() => document.querySelectorAll('#an-lines li').length === 3, null, { timeout: 30_000 });
      await page.setInputFiles('#an-file', { name: 'two.pgn', mimeType: 'text/plain',
        buffer: Buffer.from('[White "A"]\n[Black "B"]\n\n1. e4 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 *\n') });
      await page.waitForSelector('#an-games:not([hidden])');
      await page.fill('#an-load-text', '8/8/8/8 w - - 0 1');
      await page.click('#an-load');
      await page.waitForSelector('#an-load-error:not([hidden])');
      assert.deepEqual(await violations(page), []);
      await page.click('#an-run');
    });

    test(`the position editor with a position no game can start from (${scheme}, ${size.width}x${size.height})`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.click('#open-analysis');
      await page.click('#an-edit');
      await page.waitForSelector('#editor:not([hidden])');
      await page.click('#ed-clear');
      await page.locator('label:has(> input[name="ed-brush"][value="bq"])').click();
      await page.waitForFunction(() => document.getElementById('ed-status').textContent !== '');
      assert.deepEqual(await violations(page), []);
      await page.click('#ed-cancel');
    });
  }

  // web/embed.html (the board demo) is checked with the board, in board-a11y.test.mjs, with the same
  // undecided label/name check: its coordinates are in a hidden layer of their own, so each square's
  // accessible name is exactly its label (the label-content-name-mismatch once reported here).
});
