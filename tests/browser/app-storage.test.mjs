// Storage faults: full storage (quota), damaged or older-format saved data, and storage that throws on
// access (as in some private modes). The app always starts, the game goes on in memory, the person is
// told once and can take the PGN; what could not be restored is reported and its text kept
// (web/app/recovery.js, web/app/problems-view.js).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { newGame, openApp, shownPgn, typeMoves, visitWith, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();
const TIMEOUT = { timeout: 120_000 };
const CURRENT = 'escaque.app.current';
const FINISHED = 'escaque.app.finished';

const moves = (page) => page.$$eval('#move-list .move[data-ply]', (l) => l.map((b) => b.textContent));
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}
// Counts every time the storage warning's text is (re)written: "told once" is one write.
const countWarnings = (page) => page.evaluate(() => {
  window.__warnings = 0;
  new MutationObserver(() => { window.__warnings++; })
    .observe(document.getElementById('storage-warning-text'), { childList: true, characterData: true, subtree: true });
});
const recovery = (page) => page.evaluate(() => ({
  shown: !document.getElementById('recovery').hidden,
  items: [...document.querySelectorAll('#recovery-list li')].map((li) => li.textContent),
  text: document.getElementById('recovery-text').value,
  kept: JSON.parse(localStorage.getItem('escaque.app.kept') ?? '[]').map((k) => k.text),
}));

describe('storage full', TIMEOUT, () => {
  test('the analysis board: told once that the analysis cannot be kept, saved again when there is room', async () => {
    const { page, context, problems } = await openApp(env);
    await page.click('#open-analysis');
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      let n = 0;
      while (chunk.length >= 8) {
        try { localStorage.setItem(`fill${n}`, chunk); n++; } catch { chunk = chunk.slice(0, chunk.length >> 1); }
      }
      window.__notices = 0;
      new MutationObserver(() => { window.__notices++; })
        .observe(document.getElementById('an-storage'), { childList: true, characterData: true, subtree: true });
    });
    await page.fill('#an-load-text', '[Event "A long name to need room"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *');
    await page.click('#an-load');
    assert.match(await page.textContent('#an-storage'),
      /^This analysis cannot be kept for the next visit \(the browser's storage for this site is full\): Copy PGN or Download PGN keeps it\.$/);
    for (let i = 0; i < 4; i++) await page.click('#an-next');
    assert.equal(await page.evaluate(() => window.__notices), 1, 'told once, not at every step');
    // Room again: the next step saves, and a reload has the analysis at that move.
    await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('fill')) localStorage.removeItem(k); });
    await page.click('#an-next');
    assert.equal(await page.isHidden('#an-storage'), true, 'saved: the warning goes');
    await reload(page);
    await page.click('#open-analysis');
    assert.equal(await page.$eval('#an-tree .move[aria-current] > span[aria-hidden="true"]', (b) => b.textContent), 'Bb5');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the game goes on in memory, the person is told once, the PGN can be taken; saving again when there is room', async () => {
    const { page, context, problems } = await openApp(env);
    await newGame(page);
    await typeMoves(page, ['e4']);
    // Fill the origin's storage to the last few characters.
    const filled = await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      let n = 0;
      while (chunk.length >= 8) {
        try { localStorage.setItem(`fill${n}`, chunk); n++; } catch { chunk = chunk.slice(0, chunk.length >> 1); }
      }
      return n;
    });
    assert.ok(filled > 1);
    await countWarnings(page);
    const plies = ['e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1'];
    await typeMoves(page, plies);
    await page.click('#resign');
    await page.click('#resign');
    const b = await waitForResult(page);
    assert.equal(b.result, '1-0');
    assert.equal(await page.isVisible('#storage-warning'), true);
    assert.equal(await page.getAttribute('#storage-warning', 'role'), 'alert');
    assert.match(await page.textContent('#storage-warning-text'), /cannot be saved: the browser's storage for this site is full/);
    assert.equal(await page.evaluate(() => window.__warnings), 1, 'told once');
    assert.equal(await moves(page).then((m) => m.length), 11, 'all moves are in the game');
    // The PGN, from the warning itself.
    await page.click('#storage-show-pgn');
    const pgn = await page.inputValue('#pgn-out');
    assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 4\. Ba4 Nf6 5\. O-O Be7 6\. Re1 1-0/);
    // Room again: the next save succeeds, the warning goes, and a reload has the whole game.
    await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('fill')) localStorage.removeItem(k); });
    await newGame(page);
    await typeMoves(page, ['d4', 'd5']);
    assert.equal(await page.isHidden('#storage-warning'), true);
    await reload(page);
    assert.deepEqual(await moves(page), ['d4', 'd5']);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('damaged or older saved data', TIMEOUT, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  async function startsWith(entries, expected) {
    await visitWith(page, entries, { clear: true });
    assert.notEqual(await page.textContent('#status'), 'Loading…');
    const r = await recovery(page);
    assert.equal(r.shown, true, 'what could not be restored is said');
    for (const re of expected) assert.ok(r.items.some((i) => re.test(i)), `${re} in ${JSON.stringify(r.items)}`);
    for (const raw of Object.values(entries)) {
      assert.ok(r.text.includes(raw), 'the raw text is on the page, to copy');
      assert.ok(r.kept.includes(raw), 'the raw text is kept in storage');
    }
    // The app works: a game can be played and is saved.
    await newGame(page);
    await typeMoves(page, ['e4']);
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), CURRENT)).moves, ['e2e4']);
    return r;
  }

  test('invalid JSON', async () => {
    await startsWith({ [CURRENT]: '{"version":1,"moves":["e2e4",' }, [/saved game could not be restored: not readable as JSON/]);
  });

  test('a record of the wrong shape, and one of an older format', async () => {
    await startsWith({ [CURRENT]: '{"hello":"world"}' }, [/format version undefined/]);
    await startsWith({ [CURRENT]: '[1,2,3]' }, [/it is not a game record/]);
    await startsWith({ [CURRENT]: '{"version":0,"fen":"8/8/8/8/8/8/8/8 w - - 0 1","moves":[]}' }, [/format version 0/]);
  });

  test('one bad move among good ones: the good moves are kept', async () => {
    await page.evaluate(() => localStorage.clear());
    await reload(page);
    await newGame(page);
    await typeMoves(page, ['e4', 'e5', 'Nf3', 'Nc6']);
    const record = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), CURRENT));
    record.moves[2] = 'e2e5';  // not a legal move there
    const raw = JSON.stringify(record);
    await visitWith(page, { [CURRENT]: raw });
    assert.deepEqual(await moves(page), ['e4', 'e5']);
    const r = await recovery(page);
    assert.ok(r.items.some((i) => /move 3 \(e2e5\) cannot be played.*restored up to the move before it \(2 of 4/.test(i)), r.items.join(' | '));
    assert.ok(r.text.includes(raw) && r.kept.includes(raw));
    await typeMoves(page, ['Nf3']);
    assert.equal(await page.getAttribute('body', 'data-plies'), '3');
  });

  test('a finished-games list of the wrong shape', async () => {
    await startsWith({ [FINISHED]: '{"games":"not a list"}' }, [/list of finished games could not be read: it is not a list/]);
  });

  test('both at once: a damaged list and a damaged record', async () => {
    await startsWith({ [FINISHED]: '"oops"', [CURRENT]: '{"version":1,"id":"x","setup":{"fen":"not a fen"},"moves":[],' +
      '"players":{"w":{"type":"human"},"b":{"type":"human"}},"tc":{"untimed":true}}' },
    [/finished games could not be read/, /start position is refused/]);
    // The next visit starts clean (the damaged text is kept aside), and nothing is stuck.
    await reload(page);
    assert.notEqual(await page.textContent('#status'), 'Loading…');
    assert.equal((await recovery(page)).shown, false);
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), FINISHED)), []);
  });

  test('a list with some bad entries: the good ones are listed', async () => {
    await page.evaluate(() => localStorage.clear());
    await reload(page);
    await newGame(page);
    await typeMoves(page, ['f3', 'e5', 'g4', 'Qh4#']);
    await waitForResult(page);
    await page.waitForFunction(() => document.querySelectorAll('#finished-list li').length === 1);
    const list = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), FINISHED));
    const raw = JSON.stringify([...list, 42, { id: 'x' }]);
    await visitWith(page, { [FINISHED]: raw });
    await page.waitForFunction(() => document.querySelectorAll('#finished-list li').length === 1);
    const r = await recovery(page);
    assert.ok(r.items.some((i) => /2 of 3 finished games could not be read/.test(i)), r.items.join(' | '));
    assert.ok(r.kept.includes(raw));
  });

  test('no page errors, no console errors', () => assert.deepEqual(problems, []));
});

describe('storage that throws on access (private mode)', TIMEOUT, () => {
  test('the app starts and plays; it says once that nothing can be saved; the PGN can be taken', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
      });
    });
    const { page, problems } = await openApp(env, { context });
    await countWarnings(page);
    await newGame(page, { preset: '5+0' });
    await typeMoves(page, ['d4', 'Nf6', 'c4']);
    assert.equal(await page.isVisible('#storage-warning'), true);
    assert.match(await page.textContent('#storage-warning-text'), /cannot be saved: local storage cannot be used here/);
    assert.ok(await page.evaluate(() => window.__warnings) <= 1, 'told once');
    assert.match(await shownPgn(page), /1\. d4 \{[^}]*\} 1\.\.\. Nf6 \{[^}]*\} 2\. c4/);
    assert.deepEqual(problems.filter((p) => p.startsWith('page error')), []);
    await context.close();
  });
});
