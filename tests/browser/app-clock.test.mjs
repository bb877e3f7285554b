// The app's clock in headless Chromium: increment, delay and multi-period
// arithmetic as shown; flag fall as a loss and as a draw; and the clock Worker's
// accuracy while the page's main thread is blocked by a busy loop.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';
import { clockMs, clockText, expectClockText, newGame, openApp, typeMoves, waitForResult } from './app-helpers.mjs';

const env = useServedChromium();

// The clock Worker's own time (performance.timeOrigin + now(), as the Worker measures).
const pageNow = (page) => page.evaluate(() => performance.timeOrigin + performance.now());
const clockState = (page) => page.evaluate(() => window.__escaque.clock.state);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits until the clock Worker has answered the last move (its state counts all the moves and a
// clock runs).
async function settled(page, plies) {
  await page.waitForFunction((n) => {
    const s = window.__escaque.clock.state;
    return s && s.running && s.moves.w + s.moves.b === n;
  }, plies);
}

describe('clock arithmetic through the UI', { timeout: 120_000 }, () => {
  let page;
  let context;
  before(async () => { ({ page, context } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('the dialog names the category and the PGN tag', async () => {
    await page.click('#new-game');
    await page.selectOption('#ng-preset', '3+2');
    assert.match(await page.textContent('#ng-tc-summary'), /3 min \+ 2 s per move — blitz \(PGN TimeControl "180\+2"\)/);
    await page.selectOption('#ng-preset', '90/40+30+30s');
    assert.match(await page.textContent('#ng-tc-summary'), /standard .*"40\/5400\+30:1800\+30"/);
    await page.selectOption('#ng-preset', 'custom');
    await page.fill('#ng-base', '10');
    await page.fill('#ng-inc', '1');
    assert.match(await page.textContent('#ng-tc-summary'), /rapid/);
    await page.fill('#ng-delay', '3');
    assert.match(await page.textContent('#ng-tc-summary'), /either an increment or a delay/);
    assert.equal(await page.isDisabled('#ng-start'), true);
    await page.click('#ng-cancel');
  });

  // The Worker's state before and after White's first move gives the exact length of that turn
  // (turnStart of White's turn, turnStart of Black's = the press), so the charge is checked exactly.
  async function firstTurn(page, wait) {
    await settled(page, 0);
    const before = await clockState(page);
    await sleep(wait);
    const inTurn = { text: await clockText(page, 'w'), ms: await clockMs(page, 'w'),
      extra: await page.textContent('.clock[data-side="w"] .clock-extra') };
    await typeMoves(page, ['e4']);
    await settled(page, 1);
    const after = await clockState(page);
    return { inTurn, used: after.turnStart - before.turnStart, left: after.remaining.w, after };
  }

  test('Fischer increment: each move adds it after charging the time used', async () => {
    await newGame(page, { custom: { base: 1, inc: 5 } });
    const { used, left } = await firstTurn(page, 300);
    assert.ok(used >= 300);
    assert.equal(left, 60_000 - used + 5_000);
    await page.waitForFunction((ms) => document.querySelector('.clock[data-side="w"]').dataset.ms === String(Math.round(ms)), left);
    const { formatClock } = await import('../../web/app/timecontrol.js');
    assert.equal(await clockText(page, 'w'), formatClock(left));
    const b = await clockMs(page, 'b');  // Black's clock runs now
    assert.ok(b <= 60_000 && b > 50_000, `Black shows ${b}`);
  });

  test('simple (US) delay: the main time stands still during the delay; nothing is banked', async () => {
    await newGame(page, { custom: { base: 1, delay: 5, delayMode: 'simple' } });
    const { inTurn, used, left } = await firstTurn(page, 1200);
    assert.equal(inTurn.text, '1:00', 'main time unchanged inside the delay');
    assert.match(inTurn.extra, /delay [0-4](\.\d)? s/);
    assert.equal(left, 60_000 - Math.max(0, used - 5_000), `turn of ${used} ms`);
  });

  test('Bronstein delay: the main time runs, the used time (up to the delay) is given back', async () => {
    await newGame(page, { custom: { base: 1, delay: 5, delayMode: 'bronstein' } });
    const { inTurn, used, left } = await firstTurn(page, 1200);
    assert.ok(inTurn.ms <= 60_000 - 1000 && inTurn.ms > 50_000, `the main time ran: ${inTurn.ms}`);
    assert.notEqual(inTurn.text, '1:00');
    assert.equal(left, 60_000 - Math.max(0, used - 5_000), `given back at the press (turn of ${used} ms)`);
  });

  test('multi-period: the next period\'s time is added after the last move of a period', async () => {
    // 2 moves in 0.5 min, then 1 min for the rest.
    await newGame(page, { custom: { base: 0.5, periodMoves: 2, period2: 1 } });
    // The clocks are drawn at the frame after the Worker's first tick, not synchronously.
    await settled(page, 0);
    await page.waitForFunction(() => /2 to go/.test(document.querySelector('.clock[data-side="w"] .clock-extra').textContent));
    await typeMoves(page, ['e4', 'e5']);
    await settled(page, 2);
    const afterOne = (await clockState(page)).remaining.w;
    assert.ok(afterOne < 30_000 && afterOne > 20_000, `one move: ${afterOne}`);
    await typeMoves(page, ['Nf3']);
    await settled(page, 3);
    const afterTwo = (await clockState(page)).remaining.w;
    assert.ok(afterTwo > 60_000 + 20_000 && afterTwo < 90_000, `two moves: period 2 added, ${afterTwo}`);
    const { formatClock } = await import('../../web/app/timecontrol.js');
    await expectClockText(page, 'w', formatClock(afterTwo));
    await page.waitForFunction(() => !/to go/.test(document.querySelector('.clock[data-side="w"] .clock-extra').textContent));
  });

  test('a running clock is drawn when its text changes: each second above 10 s, each tenth below; no frame loop', async (t) => {
    // 12 s: the text goes 0:12, 0:11, 0:10, then 0:09.9, 0:09.8, ... in the 4 s watched.
    await newGame(page, { custom: { base: 0.2 } });
    await typeMoves(page, ['e4']);
    await settled(page, 1);
    const { log, beats, frames } = await page.evaluate(async () => {
      const el = document.querySelector('.clock[data-side="b"]');
      const out = [];
      new MutationObserver(() => out.push({ at: performance.now(), text: el.querySelector('.clock-time').textContent }))
        .observe(el, { attributes: true, attributeFilter: ['data-at'] });
      // A witness of the main thread's own lateness, apart from the clock: a 10-ms heartbeat. A gap in
      // it means the page could not run anything (a busy task, or a machine too loaded to schedule it).
      const beats = [];
      const beat = setInterval(() => beats.push(performance.now()), 10);
      // And of the page's frames: the clock's text is drawn in a frame (requestAnimationFrame), and a
      // starved machine can hold frames back while the timers still run on time.
      const frames = [];
      let framing = true;
      const frame = () => { frames.push(performance.now()); if (framing) requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
      // One stall of the main thread below 10 s, as a loaded machine makes.
      setTimeout(() => { const t0 = performance.now(); while (performance.now() - t0 < 350) { /* busy */ } }, 3000);
      await new Promise((r) => setTimeout(r, 4000));
      clearInterval(beat);
      framing = false;
      return { log: out, beats, frames };
    });
    const changes = log.filter((e, i, a) => i === 0 || e.text !== a[i - 1].text);
    const texts = changes.map((e) => e.text);
    t.diagnostic(`${log.length} redraws, texts ${texts.join(' ')}`);
    // Every text in turn: whole seconds down to 0:10, then tenths. A text may be skipped only while the
    // page itself was late (a gap over 50 ms in the heartbeat or in the frames between the two draws): a
    // clock that runs on time never skips one, and a wake-up scheduled too late would skip texts with the
    // heartbeat and the frames steady. (Session 19: a clean-clone run at load 15 saw 0:09.7 then 0:09.5
    // with the heartbeat steady; the frames were not watched then.)
    const gap = (times, from, to) => times.some((b, i) => i > 0 && b - times[i - 1] > 50 && b > from && times[i - 1] < to);
    const stalled = (from, to) => gap(beats, from, to) || gap(frames, from, to);
    const value = (x) => { const [m, sec] = x.split(':'); return Number(m) * 60 + Number(sec); };
    let skipped = 0;
    for (let i = 1; i < changes.length; i++) {
      const [a, b] = [value(texts[i - 1]), value(texts[i])];
      // Steps from a down to b, each 1 s down to 10 s, then 0.1 s.
      const steps = Math.round(Math.max(0, a - Math.max(b, 10))) + Math.round(Math.max(0, Math.min(a, 10) - b) * 10);
      assert.ok(b < a && steps >= 1, `${texts[i - 1]} then ${texts[i]}: the clock went down`);
      if (steps > 1) {
        skipped += steps - 1;
        assert.ok(stalled(changes[i - 1].at, changes[i].at), `${texts[i - 1]} then ${texts[i]}, the page on time: a text skipped`);
      }
    }
    t.diagnostic(`${skipped} texts skipped, each while the page was late`);
    assert.ok(skipped >= 2, 'the 350-ms stall skipped texts');
    assert.ok(texts.some((x) => /\.\d$/.test(x)), 'tenths under 10 s');
    // Above 10 s the clock is redrawn about once a second (its text's change; the Worker's ticks are
    // folded in), not every frame (~60 a second): a loaded machine only lowers the count.
    const aboveTen = log.filter((e) => value(e.text) >= 10);
    const span = (aboveTen.at(-1)?.at ?? 0) - (aboveTen[0]?.at ?? 0);
    assert.ok(aboveTen.length <= Math.ceil(span / 1000) * 2 + 2, `${aboveTen.length} redraws in ${Math.round(span)} ms above 10 s`);
  });

  test('the PGN of a timed game has TimeControl and a %clk for every move', async () => {
    await newGame(page, { preset: '3+2' });
    await typeMoves(page, ['d4', 'd5', 'c4']);
    await settled(page, 3);
    await page.click('#show-pgn');
    // The box is written again when the clock's answer to the last press brings that move's time (bug 2):
    // on a loaded machine that answer can come after the click (until it does, no move has a %clk, as
    // a PGN's clocks must start at the first move). A clean-clone run at load 6.8 took more than 5 s.
    await page.waitForFunction(() => (document.getElementById('pgn-out').value.match(/%clk/g) ?? []).length === 3,
      null, { timeout: 20_000 }).catch(() => {});
    const pgn = await page.inputValue('#pgn-out');
    assert.match(pgn, /\[TimeControl "180\+2"\]/);
    const clocks = [...pgn.matchAll(/\[%clk (\d+):(\d\d):(\d\d(?:\.\d)?)\]/g)];
    assert.equal(clocks.length, 3, pgn);
    assert.match(clocks[0][0], /\[%clk 0:03:0[12]/);  // 3 min − a moment + 2 s
    await page.click('#show-pgn');
  });
});

describe('flag fall', { timeout: 120_000 }, () => {
  let page;
  let context;
  before(async () => { ({ page, context } = await openApp(env)); });
  after(async () => { await context?.close(); });

  test('as a loss: the opponent can mate', async () => {
    // 0.02 min = 1.2 s; White (K+R) to move... Black's flag: Black to move with a bare king.
    await newGame(page, { position: 'k7/8/8/8/8/8/8/K6R b - - 0 1', custom: { base: 0.02 } });
    const b = await waitForResult(page, 5000);
    assert.deepEqual([b.result, b.reason], ['1-0', 'timeout']);
    await expectClockText(page, 'b', '0:00.0');
  });

  test('as a draw: the opponent cannot mate by any legal sequence (Art. 6.9)', async () => {
    await newGame(page, { position: 'k7/8/8/8/8/8/8/K6R w - - 0 1', custom: { base: 0.02 } });
    const b = await waitForResult(page, 5000);
    assert.deepEqual([b.result, b.reason], ['1/2-1/2', 'timeout-vs-insufficient-material']);
    await page.click('#show-pgn');
    assert.match(await page.inputValue('#pgn-out'), /\[Termination "time forfeit"\]/);
    await page.click('#show-pgn');
  });

  test('a move that reaches the clock after the flag fell does not count', async () => {
    await newGame(page, { custom: { base: 0.02 } });
    // Block the page until after the flag (1.2 s), then play: the move is taken back, the flag stands.
    await page.evaluate(() => {
      const t = performance.now();
      while (performance.now() - t < 1500) { /* busy */ }
      document.getElementById('move-input').value = 'e4';
      document.getElementById('move-form').requestSubmit();
    });
    const b = await waitForResult(page, 5000);
    assert.deepEqual([b.result, b.reason], ['0-1', 'timeout']);
    assert.equal(await page.getAttribute('body', 'data-plies'), '0');
  });
});

describe('clock accuracy with the main thread blocked', { timeout: 120_000 }, () => {
  let page;
  let context;
  before(async () => { ({ page, context } = await openApp(env)); });
  after(async () => { await context?.close(); });

  // Records every change of White's clock (time of the change, ms shown, text shown) from now on.
  const watchWhiteClock = (p) => p.evaluate(() => {
    window.__clockLog = [];
    const el = document.querySelector('.clock[data-side="w"]');
    new MutationObserver(() => {
      window.__clockLog.push({ at: performance.timeOrigin + performance.now(), ms: Number(el.dataset.ms),
        text: el.querySelector('.clock-time').textContent });
    }).observe(el, { attributes: true, attributeFilter: ['data-ms'], subtree: true, characterData: true, childList: true });
    // The page's own frames, apart from the clock's: when the machine is loaded, the first frame after a
    // busy loop can itself come late, and that lateness is not the clock's.
    window.__frames = [];
    cancelAnimationFrame(window.__frameLoop);
    const frame = () => { window.__frames.push(performance.timeOrigin + performance.now()); window.__frameLoop = requestAnimationFrame(frame); };
    window.__frameLoop = requestAnimationFrame(frame);
  });
  const busy = (p) => p.evaluate(() => {
    const t = performance.now();
    while (performance.now() - t < 2000) { /* busy */ }
    return performance.timeOrigin + performance.now();
  });

  test('2-s busy loop during a turn: the display is right within 100 ms of the page being free', async (t) => {
    await newGame(page, { custom: { base: 1 } });
    await settled(page, 0);
    const { turnStart } = await clockState(page);
    await watchWhiteClock(page);
    const freeAt = await busy(page);
    await sleep(200);
    const first = (await page.evaluate(() => window.__clockLog)).find((e) => e.at >= freeAt);
    assert.ok(first, 'the clock was redrawn after the loop');
    const truth = 60_000 - (first.at - turnStart);
    t.diagnostic(`first redraw ${(first.at - freeAt).toFixed(1)} ms after the loop; shown ${first.ms}, ` +
      `true ${truth.toFixed(0)} (error ${(first.ms - truth).toFixed(1)} ms)`);
    // Within 100 ms of the page being free, or, on a machine too loaded for that, at the page's first
    // or second frame after the loop (the clock's tick may reach the page just after its first frame).
    const frames = (await page.evaluate(() => window.__frames)).filter((f) => f >= freeAt && f < first.at - 1);
    assert.ok(first.at - freeAt <= 100 || frames.length <= 1,
      `first redraw ${(first.at - freeAt).toFixed(0)} ms after the loop, ${frames.length} frames drawn before it`);
    assert.ok(Math.abs(first.ms - truth) <= 100, `shown ${first.ms}, true ${truth.toFixed(0)}`);
  });

  // The flag is right by the clock's own stamps: it falls for the side whose time ran out, at the exact
  // time (turnStart + remaining), detected by the Worker at or after that time while the page was still
  // blocked, and the game ends on time once the page is free. How many milliseconds after the exact time
  // (the latency) is measured by bench/clock-flag.mjs, not judged here.
  test('a flag that falls during a 2-s busy loop: posted by the Worker at its exact time, the game lost on time', async () => {
    // 0.025 min = 1.5 s: the flag falls in the middle of the loop.
    await newGame(page, { custom: { base: 0.025 } });
    await settled(page, 0);
    const { turnStart, remaining } = await clockState(page);
    const exact = turnStart + remaining.w;
    await watchWhiteClock(page);
    const freeAt = await busy(page);
    assert.ok(freeAt > exact, 'the flag time fell inside the loop');
    const b = await waitForResult(page, 5000);
    assert.deepEqual([b.result, b.reason], ['0-1', 'timeout']);
    const flag = JSON.parse(await page.getAttribute('body', 'data-flag'));
    assert.equal(flag.side, 'w');
    assert.equal(flag.flagAt, exact, 'the flag time is the clock\'s own: turn start + time left');
    assert.ok(flag.detectedAt >= exact, 'never before its time');
    assert.ok(flag.detectedAt < freeAt, 'detected by the Worker while the page was blocked');
    assert.ok(flag.receivedAt >= freeAt && flag.handledAt >= flag.receivedAt, 'handled once the page was free');
    const state = await clockState(page);
    assert.equal(state.running, null);
    assert.equal(state.remaining.w, 0);
    assert.equal(state.remaining.b, 1500, 'Black\'s clock never ran');
    const first = (await page.evaluate(() => window.__clockLog)).find((e) => e.at >= freeAt);
    assert.equal(first.text, '0:00.0', 'the first redraw after the loop shows the fallen flag');
    await expectClockText(page, 'w', '0:00.0');
    await expectClockText(page, 'b', '0:01.5');
  });
});
