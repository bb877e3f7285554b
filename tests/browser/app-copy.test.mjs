// "Copy PGN" / "Copy FEN" where the clipboard is refused — the app served over plain http on a LAN
// address (no navigator.clipboard outside a secure context), or a browser's permission — and where it
// works. Refused, the text is shown selected in its field and focused, so Ctrl+C copies it (the message
// used to say "select it in the Export box" while the PGN box there was closed).
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { newGame, openApp, typeMoves } from './app-helpers.mjs';

const env = useServedChromium();

// What is selected in the focused field, and the field.
const selection = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { id: el.id, selected: el.value?.slice(el.selectionStart, el.selectionEnd) ?? null };
});

describe('copying the game', { timeout: 120_000 }, () => {
  let context;
  afterEach(async () => { await context?.close(); });

  test('no clipboard (an http page on a LAN address): the PGN is shown, selected and focused', async () => {
    context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => { Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }); });
    const opened = await openApp(env, { context });
    const { page } = opened;
    await newGame(page);
    await typeMoves(page, ['e4', 'e5']);
    assert.equal(await page.isHidden('#pgn-out'), true);
    await page.click('#copy-pgn');
    await page.waitForFunction(() => /could not be copied/.test(document.getElementById('notice').textContent));
    assert.equal(await page.isVisible('#pgn-out'), true, 'the PGN box is open');
    assert.equal(await page.getAttribute('#show-pgn', 'aria-expanded'), 'true');
    const pgn = await selection(page);
    assert.equal(pgn.id, 'pgn-out');
    assert.match(pgn.selected, /^\[Event [\s\S]*1\. e4 e5 \*\s*$/, 'all of the PGN is selected');
    assert.match(await page.textContent('#notice'), /PGN could not be copied here: it is selected.*Ctrl\+C/);
    await page.click('#copy-fen');
    await page.waitForFunction(() => /FEN could not be copied/.test(document.getElementById('notice').textContent));
    assert.deepEqual(await selection(page),
      { id: 'fen-out', selected: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' });
    assert.deepEqual(opened.problems, []);
  });

  test('a refused permission: the same', async () => {
    context = await env.browser.newContext();
    await context.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    const { page } = await openApp(env, { context });
    await newGame(page);
    await page.click('#copy-pgn');
    await page.waitForFunction(() => document.activeElement?.id === 'pgn-out');
    assert.match((await selection(page)).selected, /^\[Event /);
  });

  test('a clipboard that works: copied, and the page stays as it was', async () => {
    context = await env.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { page } = await openApp(env, { context });
    await newGame(page);
    await typeMoves(page, ['d4']);
    await page.click('#copy-pgn');
    await page.waitForFunction(() => document.getElementById('notice').textContent === 'PGN copied.');
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /1\. d4 \*/);
    assert.equal(await page.isHidden('#pgn-out'), true);
  });
});
