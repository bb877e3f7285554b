// The app's bugs found by trying it (issue 15, "Bugs found trying it", 2–8), each reproduced the way a
// person met it: clicks and typing in headless Chromium. Each test failed before its fix.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { banner, newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();
const REPEAT = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1'];  // Black's Ng8 next repeats 3 times

describe('bugs found trying the app (issue 15)', { timeout: 180_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  const notice = () => page.textContent('#notice');

  test('bug 2: an open "Show PGN" box gets the %clk of the last move once the clock has it', async () => {
    await newGame(page, { preset: '3+2' });
    if (await page.isHidden('#pgn-out')) await page.click('#show-pgn');
    await typeMoves(page, ['e4', 'e5']);
    // The clock's answer to the last press comes after the move is drawn: the box must be redrawn then.
    await page.waitForFunction(() => (document.getElementById('pgn-out').value.match(/%clk/g) ?? []).length === 2,
      null, { timeout: 5000 }).catch(() => {});
    const pgn = await page.inputValue('#pgn-out');
    assert.equal((pgn.match(/\[%clk 0:0[23]:\d\d(\.\d+)?\]/g) ?? []).length, 2, pgn);
    await page.click('#show-pgn');  // closed again for the tests below
  });

  test('bug 3: a new game starts with an empty move field and no error from the last game', async () => {
    await newGame(page);
    await page.fill('#move-input', 'e9');
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#move-error:not([hidden])');
    await newGame(page);
    assert.equal(await page.inputValue('#move-input'), '');
    assert.equal(await page.isHidden('#move-error'), true, 'the old error is gone');
    assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), null);
    await page.type('#move-input', 'e4');
    assert.equal(await page.inputValue('#move-input'), 'e4', 'typing starts afresh');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.body.dataset.plies === '1');
  });

  test('bug 4: a claim with an intended move answers in SAN, without a doubled word', async () => {
    await newGame(page);
    await typeMoves(page, REPEAT);
    await page.fill('#move-input', 'Ng8');
    await page.click('#claim-with-move');
    await waitForResult(page);
    const text = await notice();
    assert.match(text, /^Claim granted: Ng8 would make the position occur 3 times/, text);
    assert.doesNotMatch(text, /granted: granted|f6g8/, text);
  });

  test('bug 4: a claim the position already grounds, with a move written, names that move in SAN', async () => {
    await newGame(page);
    await typeMoves(page, [...REPEAT, 'Ng8']);  // the start position, a third time, White to move
    await page.fill('#move-input', 'd3');
    await page.click('#claim-with-move');
    await waitForResult(page);
    const text = await notice();
    assert.match(text, /^Claim granted: the position has occurred 3 times .*; the intended move d3 is not made$/, text);
    assert.doesNotMatch(text, /granted: granted|d2d3/, text);
  });

  test('bug 5: "Claim draw with this move" shows only for a legal move that makes the claim good', async () => {
    await newGame(page);
    const claimShown = async (text) => {
      await page.fill('#move-input', text);
      return page.isVisible('#claim-with-move');
    };
    assert.equal(await claimShown('xyz'), false, 'not a move');
    assert.equal(await claimShown('e4'), false, 'a legal move, but no grounds for a claim on move 1');
    assert.equal(await claimShown('e5'), false, 'not legal for White');
    await page.fill('#move-input', '');
    await typeMoves(page, REPEAT);
    assert.equal(await claimShown('Ng8'), true, 'Ng8 repeats the position a third time');
    assert.equal(await claimShown('Nf6'), false, 'Nf6 is not legal here (the square is empty, no knight reaches it)');
    assert.equal(await claimShown('Nc6'), false, 'Nc6 is legal but repeats nothing');
    assert.equal(await claimShown(''), false);
  });

  test('bug 6: a draw offer before any move gives the opponent no "Accept draw" (Art. 5.2.3)', async () => {
    await newGame(page);
    await page.click('#offer-draw');
    assert.equal(await page.isVisible('#offer'), true, 'the offer is shown to Black');
    assert.match(await page.textContent('#offer-text'), /White offers a draw.*5\.2\.3/);
    assert.equal(await page.isVisible('#accept-draw'), false, 'no agreement is possible yet');
    assert.equal(await page.isVisible('#decline-draw'), true);
    await typeMoves(page, ['e4', 'e5']);
    await page.click('#offer-draw');
    assert.equal(await page.isVisible('#accept-draw'), true, 'after a move by each, it can be agreed');
    await page.click('#accept-draw');
    const b = await waitForResult(page);
    assert.equal(b.reason, 'agreement');
  });

  test('bug 7: the resignation question does not outlive the resignation', async () => {
    await newGame(page);
    await typeMoves(page, ['e4']);
    await page.click('#resign');
    assert.match(await notice(), /Resign as Black\? Click again/);
    await page.click('#resign');
    await waitForResult(page);
    assert.doesNotMatch(await notice(), /Resign as|Click again/);
  });

  test('bug 7: the resignation question goes when its confirmation time has passed', async () => {
    await newGame(page);
    await page.click('#resign');
    assert.match(await notice(), /Click again/);
    await page.waitForFunction(() => !/Click again/.test(document.getElementById('notice').textContent),
      null, { timeout: 6000 }).catch(() => {});
    assert.doesNotMatch(await notice(), /Click again/);
    assert.equal(await banner(page), null);
  });

  test('bug 7: "White offers a draw." does not outlive the agreement, nor a declined offer', async () => {
    await newGame(page);
    await typeMoves(page, ['e4', 'e5']);
    await page.click('#offer-draw');
    await page.click('#decline-draw');
    assert.doesNotMatch(await notice(), /offers a draw/, 'declined');
    await page.click('#offer-draw');
    assert.match(await notice(), /White offers a draw/);
    await page.click('#accept-draw');
    await waitForResult(page);
    assert.doesNotMatch(await notice(), /offers a draw/, 'agreed');
  });

  test('bug 8: a bad FEN keeps the dialog open with its text and the error in it', async () => {
    await newGame(page);
    await typeMoves(page, ['d4']);
    const id = await page.evaluate(() => window.__escaque.ctrl.record.id);
    const bad = 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.check('input[name="start"][value="fen"]');
    await page.fill('#ng-position', bad);
    await page.click('#ng-start');
    await page.waitForSelector('#ng-error:not([hidden])');
    assert.equal(await page.isVisible('#new-game-dialog'), true, 'the dialog stays open');
    assert.equal(await page.inputValue('#ng-position'), bad, 'the pasted text is kept');
    assert.match(await page.textContent('#ng-error'), /FEN|field 1|rank|9/);
    assert.equal(await page.getAttribute('#ng-position', 'aria-invalid'), 'true');
    const described = (await page.getAttribute('#ng-position', 'aria-describedby')) ?? '';
    assert.ok(described.split(/\s+/).includes('ng-error'), `aria-describedby="${described}"`);
    assert.doesNotMatch(await notice(), /Could not start/, 'not in the side panel');
    assert.equal(await page.evaluate(() => window.__escaque.ctrl.record.id), id, 'the game in progress stays');
    assert.equal(await page.getAttribute('body', 'data-plies'), '1');
    // Corrected, it starts; the field is no longer marked.
    await page.fill('#ng-position', 'k7/8/8/8/8/8/8/K6R w - - 0 1');
    assert.equal(await page.getAttribute('#ng-position', 'aria-invalid'), null, 'editing clears the mark');
    await page.click('#ng-start');
    await page.waitForFunction((old) => window.__escaque.ctrl.record.id !== old, id, { timeout: 5000 })
      .catch(async () => assert.fail(`not started: ${await page.textContent('#ng-error')}`));
    assert.equal(await page.isVisible('#new-game-dialog'), false);
  });

  test('no console errors or page errors', () => {
    assert.deepEqual(problems, []);
  });
});

describe('bug 10 (issue 15)', { timeout: 120_000 }, () => {
  test('offline, /embed.html says it is not kept offline instead of showing the app', async () => {
    const { page, context } = await openApp(env);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    await context.setOffline(true);
    await page.goto(`${env.baseUrl}embed.html`);
    assert.equal(await page.title(), 'Offline');
    assert.match(await page.textContent('main'), /embed\.html is not available offline/);
    assert.equal(await page.$('#new-game'), null, 'not the app');
    // The app's own address still opens the app offline.
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await context.setOffline(false);
    await context.close();
  });

  // Already fixed on main when checked this session (it passes on the style sheet of 5cbb76b): kept as a guard.
  test('the custom time-control inputs fit their fieldset at 1280x800', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(env.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.click('#new-game');
    await page.selectOption('#ng-preset', 'custom');
    const overflow = await page.evaluate(() => {
      const box = document.getElementById('ng-custom').closest('fieldset').getBoundingClientRect();
      return [...document.querySelectorAll('#ng-custom input, #ng-custom select')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.right > box.right + 0.5 || r.left < box.left - 0.5; })
        .map((el) => el.id);
    });
    assert.deepEqual(overflow, []);
    await context.close();
  });
});

// Found in session 11's try-out: with the Spanish notation chosen, a Spanish move that is not legal here
// was told with English's reading of it ("'A' at character 1 is not a piece letter in English"), since
// the app tries the chosen notation, then English, and showed the last refusal.
describe('typed moves in the chosen notation (session 11)', { timeout: 120_000 }, () => {
  test('a refused move is told in the notation it reads as a move in', async () => {
    const { page, context, problems } = await openApp(env);
    await page.click('#open-settings');
    await page.selectOption('#set-language', 'es');
    await page.click('#settings-form button[type="submit"]');
    await newGame(page);
    await typeMoves(page, ['e4', 'Cc6', 'Nf3']);  // Spanish and English both taken
    const refused = async (move) => {
      await page.fill('#move-input', move);
      await page.press('#move-input', 'Enter');
      await page.waitForSelector('#move-error:not([hidden])');
      return page.textContent('#move-error');
    };
    // A Spanish bishop move, blocked by the e7 pawn: told as a move, in Spanish letters.
    assert.equal(await refused('Ab4'), 'Ab4: no black bishop can move to b4');
    // An English king move (K is no Spanish letter): told as the English move it is.
    assert.equal(await refused('Ke3'), 'Ke3: no black king can move to e3');
    // Neither reads it as a move: the chosen notation's reading.
    assert.match(await refused('zz'), /not a piece letter in Spanish/);
    assert.equal(await page.getAttribute('body', 'data-plies'), '3', 'nothing was played');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
