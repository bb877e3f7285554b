// The monkey (issue 17): seeded random pointer, keyboard and typed-move events at the app and at
// embed.html — the board, dialogs, navigation, take-backs, every control a person can reach — with the
// page checked after every 25 events (tests/browser/monkey.mjs): no page error or console error, the
// board shows exactly the game's position (or the one navigated to), the move list is the game, the
// clocks agree with the clock's state.
//
// npm test runs 600 events at the app and 300 at embed.html (MONKEY_EVENTS sets both); `npm run test:monkey`
// runs 10,000 per page with a new seed each time (printed; docs/benchmarks.md records the runs). A failure prints the seed and
// the last events: MONKEY_SEED=<seed> MONKEY_EVENTS=<n> node --test tests/browser/app-monkey.test.mjs
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { newGame, openApp } from './app-helpers.mjs';
import { useServedChromium } from './harness.mjs';
import { runMonkey } from './monkey.mjs';

const env = useServedChromium();
// The app needs its 600: a take-back (a casual game with a move in it) comes 1–5 times in 600 events, 1–2 in
// 300, too few for the check below that it occurred. embed.html reaches each kind many times in 300.
const APP_EVENTS = Number(process.env.MONKEY_EVENTS ?? 600);
const EMBED_EVENTS = Number(process.env.MONKEY_EVENTS ?? 300);
// A check every 25 events (≈ 0.1 s each): more of the states the monkey passes through are seen.
const CHECK_EVERY = 25;
const SEED = process.env.MONKEY_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31)
  : Number(process.env.MONKEY_SEED ?? 20261126);
// Per event: a plan in the page, one to four input events; a check every CHECK_EVERY — at most 0.4 s each
// on a loaded machine, with two minutes for start-up.
const TIMEOUT = 120_000 + APP_EVENTS * 400;

// Kinds of events looked for in the log (each must occur: a monkey that never reached them proves nothing).
const APP_TALLY = { 'typed move': /: move "/, 'board move': /: (click|drag) [a-h][1-8]/, 'take back': /#take-back/,
  'new game dialog': /#new-game "/, 'start a game': /#ng-start/, 'settings': /#open-settings/,
  'navigation': /#nav-(first|prev|next|last)|key (ArrowLeft|ArrowRight)/, 'analysis board': /#open-analysis|#start-analysis/,
  'position editor': /#an-edit\b/ };
const EMBED_TALLY = { 'typed move': /: move "/, 'board move': /: (click|drag) [a-h][1-8]/, 'take back': /#play-undo/,
  'new game': /#play-reset/, 'replay navigation': /#replay-(first|prev|next|last)/, 'keys on a board': /key \S+ on (play|replay|viewer)/ };
const counts = (log, kinds) => Object.fromEntries(Object.entries(kinds).map(([k, re]) => [k, log.filter((l) => re.test(l)).length]));
const tally = (log, kinds) => Object.entries(counts(log, kinds)).map(([k, n]) => `${k} ${n}`).join(', ');

describe('monkey', { timeout: 2 * TIMEOUT }, () => {
  const contexts = [];
  after(() => Promise.all(contexts.map((c) => c.close())));

  test(`the app: ${APP_EVENTS} random events (seed ${SEED})`, { timeout: TIMEOUT }, async () => {
    const { page, problems, context } = await openApp(env);
    contexts.push(context);
    // A casual game between two people to start from (its take-back button shows once a move is made);
    // the monkey starts other games itself through the dialog.
    await newGame(page, { opponent: 'human', casual: true });
    const started = Date.now();
    const run = await runMonkey(page, { kind: 'app', seed: SEED, events: APP_EVENTS, checkEvery: CHECK_EVERY, problems });
    console.log(`monkey app: ${run.events} events, ${run.checks} checks, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      `${tally(run.log, APP_TALLY)}; plies at the checks: ${run.states.map((s) => s.plies).join(' ')}; ms ${JSON.stringify(run.ms)}`);
    assert.equal(run.checks, Math.ceil(APP_EVENTS / CHECK_EVERY));
    // The monkey did reach what it is meant to shake: moves, take-backs, navigation, the dialogs.
    const seen = counts(run.log, APP_TALLY);
    for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no "${what}" in ${APP_EVENTS} events (seed ${SEED})`);
    assert.ok(run.states.some((s) => s.plies >= 4), 'no game got 4 moves long');
    // The check is not vacuous: a wrong board, a wrong move list and a wrong clock are each seen.
    const planted = await page.evaluate(async () => {
      const found = {};
      const core = document.querySelector('#board-slot escaque-board-core');
      const piece = core.shadowRoot.querySelector('.pieces .piece');
      const was = piece.style.transform;
      piece.style.transform = was.includes('700%, 700%') ? 'translate(0%, 0%)' : 'translate(700%, 700%)';
      found.board = await window.__monkey.check();
      piece.style.transform = was;
      const extra = document.createElement('button');
      extra.className = 'move';
      extra.textContent = 'Qxh7#';
      document.getElementById('move-list').append(extra);
      found.moves = await window.__monkey.check();
      extra.remove();
      const time = document.querySelector('#clock-top .clock-time');
      const shown = time.textContent;
      time.textContent = '9:59:59';
      found.clock = await window.__monkey.check();
      time.textContent = shown;
      found.after = await window.__monkey.check();
      return found;
    });
    assert.match(planted.board.join(), /the board is not the position/);
    assert.match(planted.moves.join(), /the move list .* is not the game/);
    assert.match(planted.clock.join(), /clock/);
    assert.deepEqual(planted.after, []);
  });

  test(`embed.html: ${EMBED_EVENTS} random events (seed ${SEED + 1})`, { timeout: TIMEOUT }, async () => {
    const context = await env.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${env.baseUrl}embed.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    const started = Date.now();
    const run = await runMonkey(page, { kind: 'embed', seed: SEED + 1, events: EMBED_EVENTS, checkEvery: CHECK_EVERY, problems });
    console.log(`monkey embed: ${run.events} events, ${run.checks} checks, seed ${SEED + 1}, ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      `${tally(run.log, EMBED_TALLY)}; plies at the checks: ${run.states.map((s) => s.plies).join(' ')}; ms ${JSON.stringify(run.ms)}`);
    assert.equal(run.checks, Math.ceil(EMBED_EVENTS / CHECK_EVERY));
    const seen = counts(run.log, EMBED_TALLY);
    for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no "${what}" in ${EMBED_EVENTS} events (seed ${SEED + 1})`);
    assert.ok(run.states.some((s) => s.plies >= 4), 'no game got 4 moves long');
    const planted = await page.evaluate(async () => {
      const piece = document.getElementById('play').shadowRoot.querySelector('.pieces .piece');
      const was = piece.style.transform;
      piece.style.transform = was.includes('700%, 700%') ? 'translate(0%, 0%)' : 'translate(700%, 700%)';
      const wrong = await window.__monkey.check();
      piece.style.transform = was;
      return { wrong, after: await window.__monkey.check() };
    });
    assert.match(planted.wrong.join(), /#play is not its game/);
    assert.deepEqual(planted.after, []);
  });
});
