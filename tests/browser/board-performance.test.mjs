// <escaque-board> speed bars, measured inside the page with the Performance
// API: from pointer up (the event's timeStamp) to the board's DOM updated
// (the component's own `escaque-board:move` measure), plus the style and
// layout work that update costs, under 16 ms per move; and no layout thrash —
// nothing in the move path reads layout (every layout-forcing DOM read is
// counted between the capture and bubble phases of pointerup on window).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { drag, events, mountBoards, openBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const FRAME_MS = 16;

// Ruy Lopez, 20 plies played by dragging.
const GAME = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5'], ['a7', 'a6'], ['b5', 'a4'],
  ['g8', 'f6'], ['e1', 'g1'], ['f8', 'e7'], ['f1', 'e1'], ['b7', 'b5'], ['a4', 'b3'], ['d7', 'd6'], ['c2', 'c3'],
  ['e8', 'g8'], ['h2', 'h3'], ['c6', 'a5'], ['b3', 'c2'], ['c7', 'c5']];

function instrument() {
  const state = { active: false, reads: [], samples: [] };
  window.__perf = state;
  const count = (name) => () => { if (state.active) state.reads.push(name); };
  const wrapMethod = (proto, name) => {
    const original = proto[name];
    const note = count(name);
    proto[name] = function (...args) { note(); return original.apply(this, args); };
  };
  const wrapGetter = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    const note = count(name);
    Object.defineProperty(proto, name, { ...d, get() { note(); return d.get.call(this); } });
  };
  wrapMethod(Element.prototype, 'getBoundingClientRect');
  wrapMethod(Element.prototype, 'getClientRects');
  wrapMethod(window, 'getComputedStyle');
  for (const n of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'innerText']) wrapGetter(HTMLElement.prototype, n);
  for (const n of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTop', 'scrollLeft']) {
    wrapGetter(Element.prototype, n);
  }
  let start = 0;
  window.addEventListener('pointerup', () => { state.active = true; start = performance.now(); }, true);
  window.addEventListener('pointerup', (e) => {
    state.active = false;
    const handled = performance.now();
    // The style + layout the update costs, paid here once on purpose.
    void document.documentElement.getBoundingClientRect();
    const laidOut = performance.now();
    const measure = performance.getEntriesByName('escaque-board:move').at(-1);
    state.samples.push({ handlerMs: handled - start, sinceEventMs: handled - e.timeStamp,
      styleLayoutMs: laidOut - handled, measureMs: measure ? measure.duration : null,
      measureStart: measure ? measure.startTime : null, eventStamp: e.timeStamp });
  });
}

describe('board performance', () => {
  let page;
  let context;
  before(async () => {
    ({ page, context } = await openBoardPage(env));
    await page.evaluate(instrument);
  });
  after(async () => { await context?.close(); });

  test(`pointer up -> board updated under ${FRAME_MS} ms, no layout read in the move path`, async () => {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '', coordinates: '' }], 480);
    await page.evaluate(() => { window.__perf.samples = []; performance.clearMeasures('escaque-board:move'); });
    for (const [from, to] of GAME) await drag(page, from, to);
    assert.equal((await events(page, 'b0', 'move')).length, GAME.length);
    const { samples, reads } = await page.evaluate(() => window.__perf);
    assert.equal(samples.length, GAME.length);
    assert.deepEqual(reads, [], 'layout-forcing reads between pointerup capture and bubble');
    for (const s of samples) assert.equal(s.measureStart, s.eventStamp, 'the component measures from pointerup');
    // The machine is shared (2 cores, other jobs): one sample in twenty may be
    // late because the OS did not schedule Chromium; the median must be far
    // under a frame and every other move within it.
    const totals = samples.map((s) => s.sinceEventMs + s.styleLayoutMs).sort((a, b) => a - b);
    const over = totals.filter((t) => t >= FRAME_MS);
    assert.ok(over.length <= 1, `moves over ${FRAME_MS} ms from pointer up to laid out: ${over.map((t) => t.toFixed(1))}`);
    assert.ok(totals[totals.length >> 1] < FRAME_MS / 2, `median ${totals[totals.length >> 1]} ms`);
    const updates = samples.map((s) => s.measureMs).sort((a, b) => a - b);
    assert.ok(updates.filter((t) => t >= FRAME_MS).length <= 1, `DOM updates: ${updates}`);
    const worst = (k) => Math.max(...samples.map((s) => s[k])).toFixed(2);
    const median = (k) => samples.map((s) => s[k]).sort((a, b) => a - b)[samples.length >> 1].toFixed(2);
    console.log(`board move path over ${samples.length} drags: DOM update median ${median('measureMs')} ms, ` +
      `worst ${worst('measureMs')} ms; + style/layout median ${median('styleLayoutMs')} ms, worst ` +
      `${worst('styleLayoutMs')} ms; pointer up -> laid out worst ` +
      `${Math.max(...samples.map((s) => s.sinceEventMs + s.styleLayoutMs)).toFixed(2)} ms; layout reads 0`);
  });
});
