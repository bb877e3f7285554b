#!/usr/bin/env node
// <escaque-board>'s move path, timed (the bar: pointer up -> board updated and laid out in under a
// frame, 16 ms; docs/benchmarks.md "Board"). Plays the 20 plies of tests/browser/board-move-probe.mjs
// by mouse drags on a 480 px board (show-legal, coordinates) in headless Chromium, `rounds` times on
// fresh boards, and prints per round the median and worst of: the component's `escaque-board:move`
// measure (pointerup's timeStamp -> its DOM update done), the style + layout that update costs, and
// both together. Layout-forcing reads in the move path are counted too (tests/browser/
// board-performance.test.mjs requires 0).
//
//   node bench/board-move.mjs [rounds=3] [--json]
import { cpus, loadavg } from 'node:os';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { drag, events, mountBoards } from '../tests/browser/board-helpers.mjs';
import { GAME, instrument } from '../tests/browser/board-move-probe.mjs';

const FRAME_MS = 16;
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const json = process.argv.includes('--json');

const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
const results = [];
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/embed.html`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.evaluate(instrument);
  for (let r = 0; r < rounds; r++) {
    await mountBoards(page, [{ interactive: 'both', 'show-legal': '', coordinates: '' }], 480);
    await page.evaluate(() => { window.__perf.samples = []; window.__perf.reads = []; });
    for (const [from, to] of GAME) await drag(page, from, to);
    const played = (await events(page, 'b0', 'move')).length;
    if (played !== GAME.length) throw new Error(`round ${r + 1}: ${played} of ${GAME.length} moves played`);
    const { samples, reads } = await page.evaluate(() => window.__perf);
    const stats = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { median: sorted[sorted.length >> 1], worst: sorted.at(-1) };
    };
    results.push({
      update: stats(samples.map((s) => s.measureMs)),
      styleLayout: stats(samples.map((s) => s.styleLayoutMs)),
      total: stats(samples.map((s) => s.sinceEventMs + s.styleLayoutMs)),
      over: samples.filter((s) => s.sinceEventMs + s.styleLayoutMs >= FRAME_MS).length,
      layoutReads: reads.length,
    });
  }
  await context.close();
} finally {
  await browser.close();
  server.close();
}

if (json) console.log(JSON.stringify({ load: loadavg()[0], cores: cpus().length, rounds: results }, null, 2));
else {
  const ms = (x) => x.toFixed(1);
  console.log(`board move path, ${GAME.length} drags per round, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  console.log('| round | DOM update median / worst | + style/layout median / worst | pointer up -> laid out median / worst | moves over 16 ms | layout reads |');
  console.log('|---|---:|---:|---:|---:|---:|');
  results.forEach((r, i) => console.log(`| ${i + 1} | ${ms(r.update.median)} / ${ms(r.update.worst)} ms | ` +
    `${ms(r.styleLayout.median)} / ${ms(r.styleLayout.worst)} ms | ${ms(r.total.median)} / ${ms(r.total.worst)} ms | ` +
    `${r.over} | ${r.layoutReads} |`));
}
