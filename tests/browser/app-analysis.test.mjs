// The analysis board (issue 15), used as a person uses it: a finished game opened on it, the engine's
// lines, the evaluation bar and the arrows, a variation made on the board, a comment, the tree exported
// as a .pgn file and loaded back, promote and delete, MultiPV, a file of several games, bad input.
// The bar "no main-thread task over 50 ms during infinite analysis with MultiPV 3" is a timing: it lives
// in bench/app-analysis-longtasks.mjs (docs/benchmarks.md), not here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';
import { squareCenterIn } from './board-helpers.mjs';

const env = useServedChromium();
const FOOLS_MATE = ['f3', 'e5', 'g4', 'Qh4#'];

// Clicks a piece on the analysis board, then its target square.
async function boardMove(page, from, to) {
  for (const square of [from, to]) {
    const p = await squareCenterIn(page, '#an-board', square);
    await page.mouse.click(p.x, p.y);
  }
}
// The move list is the board package's <escaque-move-tree>: each move a button whose visible part is
// its SAN (the words a screen reader hears are hidden beside it).
const SEEN = '.move > span[aria-hidden="true"]';
const treeMoves = (page) => page.$$eval(`#an-tree ${SEEN}`, (bs) => bs.map((b) => b.textContent));
const current = (page) => page.$eval('#an-tree .move[aria-current] > span[aria-hidden="true"]', (b) => b.textContent)
  .catch(() => null);
const arrows = (page) => page.evaluate(() => document.getElementById('an-board').state.arrows);
const barShare = (page) => page.$eval('#an-bar', (el) => el.style.getPropertyValue('--white'));
async function clickTreeMove(page, san, nth = 0) {
  const exact = new RegExp(`^${san.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&')}$`);
  await page.locator(`#an-tree ${SEEN}`).filter({ hasText: exact }).nth(nth).click();
}
// The eval graph's dots: [mainline index, class, title].
const graphDots = (page) => page.$$eval('#an-graph path.mark',
  (ps) => ps.map((p) => [p.dataset.index, p.getAttribute('class'), p.querySelector('title').textContent]));
// The mainline index the graph's marker stands on (null: none), in a mainline whose last index is `last`
// (x = 3 + index / last · 194 in the graph's 200 units: eval-graph.js).
const graphMarker = (page, last) => page.$eval('#an-graph line.now',
  (m, n) => (m.style.display === 'none' ? null : Math.round(((Number(m.getAttribute('x1')) - 3) / 194) * n)), last);

async function lineCount(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#an-lines li').length === k, n, { timeout: 30_000 });
}

describe('analysis board', { timeout: 300_000 }, () => {
  let page;
  let context;
  let problems;
  before(async () => { ({ page, context, problems } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('a finished game on the analysis board: lines, eval bar, arrows, a variation, a comment, PGN out and back', async () => {
    const fetched = [];  // the Engine's network modules (escaque-engine*.wasm) asked for
    page.on('request', (r) => { if (/escaque-engine[^/]*\.wasm(\?|$)/.test(r.url())) fetched.push(new URL(r.url()).pathname); });
    await newGame(page);
    await typeMoves(page, FOOLS_MATE);
    await waitForResult(page);
    await page.click('#analyse-game');
    await page.waitForSelector('#analysis:not([hidden])');
    assert.equal(await page.isHidden('.play'), true, 'the game\'s board gives way to the analysis board');
    assert.deepEqual(await treeMoves(page), FOOLS_MATE);
    assert.equal(await current(page), 'Qh4#', 'opened at the position the game was showing');

    // No evaluation yet: the bar's badge is not shown (its "–", turned with the bar, read as "I").
    assert.equal(await page.isVisible('#an-bar-text'), false);
    // The position before Black's mate: the engine sees it and the bar goes to Black.
    await clickTreeMove(page, 'g4');
    await page.click('#an-run');
    assert.equal(await page.getAttribute('#an-run', 'aria-pressed'), 'true');
    assert.equal(await page.textContent('#an-run'), 'Stop analysis', 'the stop is visible while it runs');
    await page.waitForFunction(() => document.getElementById('an-bar').dataset.eval === '-M1', null, { timeout: 30_000 });
    assert.equal(await barShare(page), '0.0%');
    assert.equal(await page.isVisible('#an-bar-text'), true);
    assert.equal(await page.textContent('#an-bar-text'), '-M1');
    assert.match(await page.textContent('#an-lines li:first-child'), /-M1\s+2… Qh4#/);
    await page.waitForFunction(() => document.getElementById('an-board').state.arrows.length > 0);
    assert.deepEqual((await arrows(page))[0].from + (await arrows(page))[0].to, 'd8h4', 'the best move as an arrow');
    // The analysis is at full strength: with the NNUE network, its module (SIMD128 build) fetched once.
    assert.equal(await page.evaluate(() => window.__escaque.engine.evaluation.adviser), 'network');
    assert.deepEqual(fetched, ['/dist/escaque-engine.wasm']);

    // Back one move: the bar moves off Black's mate.
    await clickTreeMove(page, 'e5');
    await page.waitForFunction(() => {
      const e = document.getElementById('an-bar').dataset.eval;
      return e && e !== '-M1';
    }, null, { timeout: 30_000 });
    assert.notEqual(await barShare(page), '0.0%');

    // A move on the board where the game went on otherwise: a variation, shown and current.
    await boardMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.querySelector('#an-tree escaque-move-tree').shadowRoot.querySelector('.var .move[aria-current] > span[aria-hidden]')?.textContent === 'e4');
    assert.deepEqual(await treeMoves(page), ['f3', 'e5', 'g4', 'e4', 'Qh4#']);
    await page.fill('#an-comment', 'a better try');
    await page.press('#an-comment', 'Tab');
    await page.waitForSelector('#an-tree .comment:has-text("a better try")');

    // Exported as a .pgn file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#an-download-pgn')]);
    assert.match(download.suggestedFilename(), /\.pgn$/);
    const pgn = readFileSync(await download.path(), 'utf8');
    assert.match(pgn, /2\. g4 \(2\. e4 \{a better try\}\) 2\.\.\. Qh4#/, pgn);
    assert.match(pgn, /\[Result "0-1"\]/);

    // Stop: the search ends, its arrows go.
    await page.click('#an-run');
    assert.equal(await page.getAttribute('#an-run', 'aria-pressed'), 'false');
    assert.equal(await page.textContent('#an-run'), 'Start analysis');
    assert.deepEqual(await arrows(page), []);

    // A fresh board from the menu's FEN box, then the exported file loaded back: the same tree.
    await page.fill('#an-load-text', '8/8/8/4k3/8/8/4K3/4R3 w - - 0 1');
    await page.click('#an-load');
    assert.deepEqual(await treeMoves(page), []);
    await page.setInputFiles('#an-file', { name: 'mine.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
    await page.waitForFunction(() => document.querySelector('#an-tree escaque-move-tree').shadowRoot.querySelectorAll('.move').length === 5);
    assert.deepEqual(await treeMoves(page), ['f3', 'e5', 'g4', 'e4', 'Qh4#']);
    assert.equal(await page.textContent('#an-tree .var .comment'), 'a better try');

    // Promote the variation: 2. e4 becomes the mainline, 2. g4 Qh4# its variation; then delete that.
    await clickTreeMove(page, 'e4');
    assert.equal(await page.isEnabled('#an-promote'), true);
    await page.click('#an-promote');
    assert.deepEqual(await treeMoves(page), ['f3', 'e5', 'e4', 'g4', 'Qh4#']);
    assert.equal(await page.$eval('#an-tree .var', (el) => el.textContent.includes('g4')), true);
    assert.equal(await page.isEnabled('#an-promote'), false, 'the mainline cannot be promoted');
    await clickTreeMove(page, 'Qh4#');
    await page.click('#an-delete');
    assert.deepEqual(await treeMoves(page), ['f3', 'e5', 'e4']);
    assert.equal(await current(page), 'e5', 'after a deletion the board shows the move before the variation');
    const [again] = await Promise.all([page.waitForEvent('download'), page.click('#an-download-pgn')]);
    assert.match(readFileSync(await again.path(), 'utf8'), /1\. f3 e5 2\. e4 \{a better try\} 0-1/);

    await page.click('#an-close');
    assert.equal(await page.isVisible('#board'), true, 'back to the game');
    assert.equal(await page.getAttribute('body', 'data-result'), '0-1', 'the game itself is untouched');
    assert.deepEqual(problems, []);
  });

  test('MultiPV 1 to 5 and the keyboard\'s arrows through the tree', async () => {
    await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
    await page.click('#an-load');
    assert.equal(await current(page), null, 'a loaded game starts at its first position');
    await clickTreeMove(page, 'Bb5');
    await page.click('#an-run');
    for (const n of [5, 1, 3]) {
      await page.selectOption('#an-multipv', String(n));
      await lineCount(page, n);
      await page.waitForFunction((k) => document.getElementById('an-board').state.arrows.length === k, n, { timeout: 30_000 });
    }
    const sans = await page.$$eval('#an-lines .line-moves', (els) => els.map((e) => e.textContent));
    for (const s of sans) assert.match(s, /^3… [NBRQKa-h]/, `SAN with move numbers: ${s}`);
    assert.match(await page.textContent('#an-depth'), /^\d+$/);
    // Stopped, the lines stay; a click on one plays its first move into the tree.
    await page.click('#an-run');
    const firstSan = (await page.textContent('#an-lines li:first-child .line-moves')).split(' ')[1];
    await page.click('#an-lines li:first-child .line-moves');
    assert.equal(await current(page), firstSan);
    assert.deepEqual((await treeMoves(page)).slice(0, 6), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', firstSan]);
    await page.click(`#an-tree ${SEEN} >> nth=0`);
    await page.locator('#an-first').focus();
    await page.keyboard.press('ArrowRight');  // a focused button: the page's key, not the field's
    assert.equal(await current(page), 'e5');
  });

  test('the lines a stopped search leaves belong to its position: a step to another move clears them', async () => {
    if (await page.isHidden('#analysis')) await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 e5 2. Nf3 Nc6 *');
    await page.click('#an-load');
    await page.click('#an-run');
    await lineCount(page, 3);
    await page.click('#an-run');
    assert.ok(await page.locator('#an-lines li').count() > 0, 'stopped: the last lines stay');
    await page.click('#an-next');
    await page.waitForFunction(() => document.querySelectorAll('#an-lines li').length === 0, null, { timeout: 5_000 });
    assert.equal(await page.textContent('#an-depth'), '–');
  });

  test('a load replaces the analysis, and "Back to the previous analysis" brings it back (and again the other)', async () => {
    if (await page.isHidden('#analysis')) await page.click('#open-analysis');
    await page.fill('#an-load-text', '[White "Mine"]\n[Black "Work"]\n\n1. d4 d5 2. c4 *');
    await page.click('#an-load');
    await clickTreeMove(page, 'd5');
    await boardMove(page, 'g1', 'f3');  // a variation of my own
    await page.fill('#an-comment', 'my note');
    await page.locator('#an-comment').blur();
    const mine = await treeMoves(page);
    assert.deepEqual(mine, ['d4', 'd5', 'c4', 'Nf3']);
    await page.fill('#an-load-text', '1. e4 *');
    await page.click('#an-load');
    assert.deepEqual(await treeMoves(page), ['e4']);
    assert.equal(await page.isVisible('#an-back'), true);
    await page.click('#an-back');
    assert.deepEqual(await treeMoves(page), mine, 'my analysis is back');
    assert.equal(await current(page), 'Nf3', 'at the move I left it');
    assert.equal(await page.inputValue('#an-comment'), 'my note');
    assert.match(await page.textContent('#an-notice'), /^Back to the previous analysis \(Mine – Work, \*\)/);
    await page.click('#an-back');
    assert.deepEqual(await treeMoves(page), ['e4'], 'pressed again: the other one');
    await page.click('#an-back');
    assert.deepEqual(await treeMoves(page), mine);
  });

  test('a .pgn file of several games: a list with players, result and date; a bad game says why when picked', async () => {
    const file = [
      '[Event "Club"]\n[Date "2024.03.01"]\n[White "Ana"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
      '[White "Cleo"]\n[Black "Dan"]\n[Result "1/2-1/2"]\n[Date "2025.??.??"]\n\n1. d4 d5 2. c4 {Queen\'s Gambit} e6 1/2-1/2\n',
      '[White "Eve"]\n[Black "Fay"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Ke6 3. Kd5 *\n',
    ].join('\n');
    await page.fill('#an-load-text', '');
    await page.setInputFiles('#an-file', { name: 'club.pgn', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await page.waitForSelector('#an-games:not([hidden])');
    const items = await page.$$eval('#an-games-list li', (lis) => lis.map((li) => li.textContent));
    assert.equal(items.length, 3);
    assert.equal(items[0], '1. Ana – Ben, 1-0, 2024.03.01, Club');
    assert.equal(items[1], '2. Cleo – Dan, 1/2-1/2, 2025');
    assert.equal(items[2], '3. Eve – Fay, *');
    // The list is read from the tags alone (a big file lists at once); a bad game says why when picked.
    // A game picked is read from its slice of the file (File.slice().text(): asynchronous); its error
    // names the line and column in the whole file.
    await page.click('#an-games-list button >> text=Eve');
    await page.waitForSelector('#an-load-error:not([hidden])');
    assert.match(await page.textContent('#an-load-error'), /^Game 3 cannot be opened: line 20, column 13: illegal move .Ke3./);
    await page.click('#an-games-list button >> text=Cleo');
    await page.waitForSelector('#an-load-error', { state: 'hidden' });
    assert.deepEqual(await treeMoves(page), ['d4', 'd5', 'c4', 'e6']);
    assert.match(await page.textContent('#an-notice'), /Opened: 2\. Cleo – Dan/);
    // The game shown is named above the engine's controls, from its tags (without its place in the file).
    assert.equal(await page.isVisible('#an-game'), true);
    assert.equal(await page.textContent('#an-game'), 'Cleo – Dan, 1/2-1/2, 2025');
    assert.equal(await page.textContent('#an-tree .comment'), 'Queen\'s Gambit');
  });

  test('a bad FEN or PGN is told where it fails, and the board keeps its tree', async () => {
    const before = await treeMoves(page);
    await page.fill('#an-load-text', '8/8/8/8/8/8/8/8 w - - 0 1');
    await page.click('#an-load');
    assert.match(await page.textContent('#an-load-error'), /^This FEN cannot be loaded: .*king/i);
    assert.equal(await page.getAttribute('#an-load-text', 'aria-invalid'), '');
    assert.equal(await page.inputValue('#an-load-text'), '8/8/8/8/8/8/8/8 w - - 0 1', 'the text is kept');
    // A FEN with one bad field is still read as a FEN, and its error names that field (it was taken for a
    // PGN: "This PGN cannot be loaded: … is not a move").
    await page.fill('#an-load-text', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1');
    await page.click('#an-load');
    assert.match(await page.textContent('#an-load-error'), /^This FEN cannot be loaded: FEN side to move field .*'x' is not 'w' or 'b'/);
    await page.fill('#an-load-text', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.click('#an-load');
    assert.match(await page.textContent('#an-load-error'), /^This FEN cannot be loaded: .*found 7 ranks instead of 8/);
    await page.fill('#an-load-text', '1. e4 e5 2. Nf6 *');
    await page.click('#an-load');
    assert.match(await page.textContent('#an-load-error'), /^This PGN cannot be loaded: .*Nf6/);
    assert.deepEqual(await treeMoves(page), before, 'the tree shown is kept');
    await page.fill('#an-load-text', '');
    await page.click('#an-load');
    assert.equal(await page.textContent('#an-load-error'), 'Paste a FEN or a PGN first.');
    // A good FEN: a tree without moves says how to add some; the first move takes the hint away.
    assert.equal(await page.isHidden('#an-empty'), true, 'a tree with moves has no hint');
    await page.fill('#an-load-text', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    await page.click('#an-load');
    assert.deepEqual(await treeMoves(page), []);
    assert.equal(await page.isHidden('#an-game'), true, 'a FEN names no game');
    assert.equal(await page.isVisible('#an-empty'), true);
    assert.match(await page.textContent('#an-empty'), /^No moves yet: make them on the board, or load a FEN or PGN below\.$/);
    await boardMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.getElementById('an-empty').hidden);
    assert.deepEqual(await treeMoves(page), ['e4']);
  });

  test('the analysis survives a reload; the finished-games list opens a game for review', async () => {
    await page.fill('#an-load-text', '1. c4 e5 2. g3 *');
    await page.click('#an-load');
    await clickTreeMove(page, 'e5');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#open-analysis');
    assert.deepEqual(await treeMoves(page), ['c4', 'e5', 'g3']);
    assert.equal(await current(page), 'e5');
    await page.click('#an-close');
    await page.waitForSelector('#finished-list button:has-text("Review")');
    await page.click('#finished-list li:first-child button:has-text("Review")');
    await page.waitForSelector('#analysis:not([hidden])');
    assert.deepEqual(await treeMoves(page), FOOLS_MATE);
    assert.equal(await current(page), null, 'a review starts at the first position');
    await page.click('#an-close');
  });

  test('a game downloaded as a .pgn file from the Export box', async () => {
    await newGame(page);
    await typeMoves(page, ['d4', 'Nf6']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
    assert.match(download.suggestedFilename(), /^White-Black-\d{4}-\d\d-\d\d\.pgn$/);
    const text = readFileSync(await download.path(), 'utf8');
    assert.match(text, /\[White "White"\]/);
    assert.match(text, /1\. d4 Nf6 \*/);
  });

  test('a move marked !, ?, !!, ??, !? or ?!: one at a time, shown in the list, kept in the PGN, none at the start', async () => {
    await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 e5 2. Qh5 Nc6 *');
    await page.click('#an-load');
    const mark = (name) => page.locator('.an-marks button', { hasText: name });
    const pressed = () => page.$$eval('.an-marks button[aria-pressed="true"]', (bs) => bs.map((b) => b.dataset.nag));
    assert.equal(await mark('dubious move').isDisabled(), true, 'the start position: no move to mark');
    await clickTreeMove(page, 'Qh5');
    await mark('dubious move').click();
    assert.deepEqual(await pressed(), ['6']);
    assert.equal(await current(page), 'Qh5?!', 'still on the move marked, its glyph shown in the list');
    await mark('mistake').click();
    assert.deepEqual(await pressed(), ['2'], 'one mark at a time');
    assert.equal(await current(page), 'Qh5?');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#an-download-pgn')]);
    assert.match(readFileSync(await download.path(), 'utf8'), /2\. Qh5 \$2 Nc6/);
    await mark('mistake').click();
    assert.deepEqual(await pressed(), [], 'pressed again: off');
    assert.equal(await current(page), 'Qh5');
    await clickTreeMove(page, 'Nc6');
    await mark('brilliant move').focus();
    await page.keyboard.press('Enter');  // from the keyboard too
    assert.deepEqual(await pressed(), ['3']);
    assert.equal(await current(page), 'Nc6!!');
  });

  test('the players beside the board, named by the tags, with their clocks at the move shown', async () => {
    if (await page.isHidden('#analysis')) await page.click('#open-analysis');
    const strips = () => page.evaluate(() => ['an-top', 'an-bottom'].map((id) => {
      const el = document.getElementById(id);
      return el.hidden ? null : [el.querySelector('.an-name').textContent, el.querySelector('.an-clock').textContent];
    }));
    await page.fill('#an-load-text', '[White "Carlsen, Magnus"]\n[Black "Nakamura, Hikaru"]\n[WhiteElo "2850"]\n'
      + '[TimeControl "180+0"]\n\n1. e4 {[%clk 0:02:59]} e5 {[%clk 0:02:58]} 2. Nf3 {[%clk 0:00:08.4]} Nc6 *');
    await page.click('#an-load');
    // A loaded game opens at its start. The steps that go nowhere are marked: « ‹ at the start, › » at
    // the line's end (aria-disabled: Playwright's click waits for them to be enabled).
    const ends = () => page.$$eval('[data-move-nav="an"] button[id^="an-"]',
      (list) => list.map((b) => `${b.id.slice(3)}:${b.getAttribute('aria-disabled') === 'true' ? 'off' : 'on'}`).join(' '));
    assert.equal(await ends(), 'first:off prev:off next:on last:on flip:on');
    await page.click('#an-last');
    assert.equal(await ends(), 'first:on prev:on next:off last:off flip:on');
    await page.click('#an-first');
    assert.deepEqual(await strips(), [['Nakamura, Hikaru', '3:00'], ['Carlsen, Magnus (2850)', '3:00']],
      'the start: Black above, White (with the Elo) below, both at the TimeControl\'s time');
    await clickTreeMove(page, 'Nf3');
    assert.deepEqual(await strips(), [['Nakamura, Hikaru', '2:58'], ['Carlsen, Magnus (2850)', '0:08.4']]);
    await page.click('#an-flip');
    assert.deepEqual(await strips(), [['Carlsen, Magnus (2850)', '0:08.4'], ['Nakamura, Hikaru', '2:58']], 'flipped: Black below');
    await page.click('#an-flip');
    await clickTreeMove(page, 'Nc6');
    assert.deepEqual((await strips())[0], ['Nakamura, Hikaru', '2:58'], 'a move without a clock: the side\'s last one');
    // Names without clocks: the names alone; neither (moves made on the board, a FEN): no strips.
    await page.fill('#an-load-text', '[White "Anna"]\n[Black "?"]\n\n1. d4 *');
    await page.click('#an-load');
    assert.deepEqual(await strips(), [null, ['Anna', '']], 'Black is not named: no strip for Black');
    await page.fill('#an-load-text', '1. d4 d5 *');
    await page.click('#an-load');
    assert.deepEqual(await strips(), [null, null]);
  });

  test('a PGN\'s own [%eval]s: the graph, and the bar at each move until the engine runs', async () => {
    if (await page.isHidden('#analysis')) await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 {[%eval 0.3]} e5 {[%eval -1.25]} 2. Qh5 $2 {[%eval #-3]} *');
    await page.click('#an-load');
    const bar = () => page.$eval('#an-bar', (el) => [el.style.getPropertyValue('--white'), document.getElementById('an-bar-text').textContent]);
    assert.equal(await page.getAttribute('#an-first', 'aria-disabled'), 'true', 'a loaded game opens at its start');
    await page.waitForFunction(() => document.getElementById('an-bar').style.getPropertyValue('--white') === '50.0%');
    assert.deepEqual(await bar(), ['50.0%', ''], 'the start has no eval: an even bar, no badge');
    const seen = [];
    for (const san of ['e4', 'e5', 'Qh5?']) {
      await clickTreeMove(page, san);
      await page.waitForFunction((s) => document.getElementById('an-bar-text').textContent === s, { e4: '+0.30', e5: '-1.25', 'Qh5?': '-M3' }[san]);
      seen.push(await bar());
    }
    assert.deepEqual(seen, [['53.0%', '+0.30'], ['37.8%', '-1.25'], ['0.0%', '-M3']]);
    // The graph (the package's): a dot on the move marked ?, the marker on the move shown.
    assert.deepEqual(await graphDots(page), [['2', 'mark mistake', '2. Qh5: mistake, #−3']]);
    assert.equal(await graphMarker(page, 2), 2);
  });

  test('Analyse the game: every move evaluated, the moves that lost much marked and commented, a graph; Stop', async () => {
    if (await page.isHidden('#analysis')) await page.click('#open-analysis');
    // 1. f3 is marked by hand ("?!"): the analysis keeps a person's mark.
    await page.fill('#an-load-text', '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 $6 e5 2. g4 Qh4# 0-1');
    await page.click('#an-load');
    assert.equal(await page.isHidden('#an-graph'), true, 'no evals yet: no graph');
    await page.click('#an-review');
    await page.waitForFunction(() => document.getElementById('an-review').textContent === 'Analyse the game', null, { timeout: 120_000 });
    assert.match(await page.textContent('#an-notice'),
      /^Game analysed \(4 half-moves, depth 14\): White \d+ inaccurac(y|ies), \d+ mistakes?, 1 blunder, average loss \d+ cp; Black \d+ inaccurac(y|ies), \d+ mistakes?, 0 blunders, average loss \d+ cp\.$/);
    assert.deepEqual(await treeMoves(page), ['f3?!', 'e5', 'g4??', 'Qh4#'], 'g4 marked a blunder; the hand-made ?! kept');
    assert.equal(await page.locator('#an-graph svg.graph').count(), 1);
    const dots = await graphDots(page);
    assert.deepEqual(dots.map(([i, c]) => [i, c]), [['0', 'mark inaccuracy'], ['2', 'mark blunder']],
      'dots on the marked moves: the ?! made by hand, the ?? of the analysis (the mate, unmarked, has none)');
    assert.match(await page.getAttribute('#an-graph polyline.curve', 'points'), / 197\.0,45\.0$/,
      'the mate (no eval: no search there) drawn as a mate in 0 at Black\'s edge, the last point');
    assert.match(dots[0][2], /^1\. f3: inaccuracy, [+−]\d+\.\d\d$/);
    assert.equal(dots[1][2], '2. g4: blunder, #−1');
    await page.$eval('#an-graph svg', (svg) => { svg.dataset.drawn = 'before'; });
    // A click on g4's dot goes to g4; the marker follows; the graph is not drawn again for a step.
    await page.locator('#an-graph svg').scrollIntoViewIfNeeded();
    const dot = await page.locator('#an-graph path.mark.blunder').boundingBox();
    await page.mouse.click(dot.x + dot.width / 2, dot.y + dot.height / 2);
    assert.equal(await current(page), 'g4??', 'a dot goes to its move');
    assert.equal(await graphMarker(page, 3), 2, 'and the move is marked');
    await page.click('#an-prev');
    assert.equal(await current(page), 'e5');
    assert.equal(await graphMarker(page, 3), 1, 'a step back moves the marker');
    assert.equal(await page.getAttribute('#an-graph svg', 'data-drawn'), 'before', 'a step moves the marker, the graph is not drawn again');
    const pgnOf = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#an-download-pgn')]);
      return readFileSync(await download.path(), 'utf8');
    };
    const first = await pgnOf();
    assert.match(first.replace(/\s+/g, ' '), /2\. g4 \$4 \{Blunder \(−\d+\.\d\)\. Best was \S+\. \[%eval #-1\]\}/);
    // Analysed again: the same comments, not twice.
    await page.click('#an-review');
    await page.waitForFunction(() => document.getElementById('an-review').textContent === 'Analyse the game', null, { timeout: 120_000 });
    assert.equal((await pgnOf()).match(/Blunder/g).length, 1);

    // Stop: a long game, stopped at once, keeps no evaluation.
    const moves = '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 '
      + '10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';
    await page.fill('#an-load-text', moves);
    await page.click('#an-load');
    await page.click('#an-review');
    assert.match(await page.textContent('#an-review'), /^Stop/);
    assert.equal(await page.isDisabled('#an-run'), true, 'no infinite analysis meanwhile');
    await page.click('#an-review');
    assert.equal(await page.textContent('#an-review'), 'Analyse the game', 'ready again at once');
    assert.equal(await page.isDisabled('#an-run'), false);
    assert.equal(await page.isHidden('#an-graph'), true, 'stopped: nothing written');
    assert.doesNotMatch(await pgnOf(), /%eval/);

    // What an earlier run wrote is replaced, mark and comment; a null move ends what can be analysed.
    await page.fill('#an-load-text', '1. e4 $4 {Blunder (−3.0). Best was d4.} e5 2. Nf3 -- 3. Bc4 *');
    await page.click('#an-load');
    await page.click('#an-review');
    await page.waitForFunction(() => document.getElementById('an-review').textContent === 'Analyse the game', null, { timeout: 120_000 });
    assert.match(await page.textContent('#an-notice'), /^Game analysed \(3 half-moves, depth 14\): .* It stops at the null move \(--\) after 2\. Nf3: /);
    const again = (await pgnOf()).replace(/\s+/g, ' ');
    assert.match(again, /1\. e4 \{\[%eval [\d.]+\]\} 1\.\.\. e5/, '1. e4 is no blunder: the old mark and comment are gone');
    assert.doesNotMatch(again, /Blunder/);
  });

  test('Play from here: a game from the move shown, with the line that led there (a variation too)', async () => {
    await page.click('#open-analysis');
    await page.fill('#an-load-text', '1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 *');
    await page.click('#an-load');
    await clickTreeMove(page, 'Nf6');  // in the variation
    await page.click('#an-play');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal(await page.isChecked('input[name="start"][value="fen"]'), true);
    assert.match(await page.inputValue('#ng-position'), /1\. e4 e5 2\. Bc4 Nf6 \*\s*$/);
    await page.check('input[name="opponent"][value="human"]');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    assert.equal(await page.isHidden('#analysis'), true, 'back on the game');
    const listed = await page.$$eval('#move-list button.move', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(listed, ['e4', 'e5', 'Bc4', 'Nf6'], 'the moves that led there are the game\'s');
    await typeMoves(page, ['d3']);
    assert.equal(await page.inputValue('#fen-out'), 'rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/3P4/PPP2PPP/RNBQK1NR b KQkq - 0 3');
    // At the start position there is no line: the dialog gets the FEN.
    await page.click('#open-analysis');
    await page.click('#an-first');
    await page.click('#an-play');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal(await page.inputValue('#ng-position'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.click('#ng-cancel');
    assert.deepEqual(problems, []);
  });
});
