// A .pgn file of 10,000 games (≈ 20 MB; random legal games made by the package from a seed:
// tests/support/random-pgn.mjs) opened on the analysis board (issue 17, "Big input"): a Worker reads
// it, the game list grows batch by batch while the progress bar moves, every game is listed with its
// players, and a game picked opens with exactly its moves. Whether the page stays responsive (no task
// over 50 ms) is a timing: bench/app-pgn-import-longtasks.mjs measures it (docs/benchmarks.md).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { randomPgn } from '../support/random-pgn.mjs';
import { openApp } from './app-helpers.mjs';
import { useServedChromium } from './harness.mjs';

const env = useServedChromium();
const GAMES = 10_000;
const SEED = 17;
const SEEN = '.move > span[aria-hidden="true"]';

describe('a PGN file of 10,000 games', { timeout: 300_000 }, () => {
  let dir, file, pgn, size;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'escaque-big-pgn-'));
    file = join(dir, 'big.pgn');
    pgn = await randomPgn({ seed: SEED, distinct: 300 });
    size = await pgn.writeFile(file, GAMES);
  }, { timeout: 120_000 });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is listed progressively from a Worker, and a game picked opens with its moves', async () => {
    assert.ok(size > 10e6, `the file is ${size} bytes: not a big file`);
    const { page, problems, context } = await openApp(env);
    try {
      await page.click('#open-analysis');
      await page.waitForSelector('#analysis:not([hidden])');
      // Each change of the list: how many games it shows and the progress bar's value then.
      await page.evaluate(() => {
        window.__listing = [];
        const items = document.getElementById('an-games-list').getElementsByTagName('li');
        const progress = document.getElementById('an-games-progress');
        new MutationObserver(() => {
          window.__listing.push({ items: items.length, progress: progress.value, shown: !progress.hidden });
        }).observe(document.getElementById('an-games-list'), { childList: true, subtree: true });
      });
      await page.setInputFiles('#an-file', file);
      await page.waitForFunction(() => /games/.test(document.getElementById('an-games-status').textContent)
        && !/^Reading/.test(document.getElementById('an-games-status').textContent), null, { timeout: 240_000 });
      assert.equal(await page.textContent('#an-games-status'), `big.pgn: ${GAMES.toLocaleString('en')} games.`);
      assert.equal(await page.isHidden('#an-games-progress'), true, 'the progress bar goes when the file is read');

      const steps = (await page.evaluate(() => window.__listing)).filter((s) => s.items > 0);
      assert.ok(steps.length >= 10, `the list grew in ${steps.length} steps: not progressively`);
      for (let k = 1; k < steps.length; k++) {
        assert.ok(steps[k].items > steps[k - 1].items, 'the list only grows while the file is read');
        assert.ok(steps[k].progress >= steps[k - 1].progress, 'the progress bar only moves forward');
      }
      const early = steps[0];
      assert.ok(early.shown && early.items < GAMES && early.progress < 0.5,
        `the first games are listed while most of the file is still unread (${JSON.stringify(early)})`);

      const labels = await page.$$eval('#an-games-list li', (lis) => lis.map((li) => li.textContent));
      assert.equal(labels.length, GAMES);
      // Listed 500 to a list (the lists out of view are not laid out), each named by its range.
      const lists = await page.$$eval('#an-games-list > ol', (ols) => ols.map((ol) => [ol.start, ol.childElementCount, ol.getAttribute('aria-label')]));
      assert.equal(lists.length, GAMES / 500);
      assert.deepEqual(lists[1], [501, 500, 'Games 501 to 1,000']);
      for (const i of [0, 1, 4999, 7777, GAMES - 1]) {
        const { tags } = pgn.expected(i);
        assert.equal(labels[i], `${i + 1}. ${tags.White} – ${tags.Black}, ${tags.Result}, 2026.11.26, Random games`);
      }

      // A game near the end, read from its slice of the file: every move, in order, and its tags.
      const pickIndex = 7777;
      const { sans, tags } = pgn.expected(pickIndex);
      await page.locator(`#an-games-list button[data-index="${pickIndex}"]`).click();
      await page.waitForFunction((text) => document.getElementById('an-notice')?.textContent.includes(text),
        `Opened: ${pickIndex + 1}. ${tags.White}`, { timeout: 30_000 });
      const moves = await page.$$eval(`#an-tree ${SEEN}`, (bs) => bs.map((b) => b.textContent));
      assert.deepEqual(moves, sans, `game ${pickIndex + 1} opens with its own moves (seed ${SEED})`);
      assert.equal(await page.isHidden('#an-load-error'), true);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
