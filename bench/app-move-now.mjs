#!/usr/bin/env node
// How soon the app's engine moves after "Move now": a game against the full-strength engine at a
// classical control (90/40+30+30s, where its own plan for a move is over 100 s), from a middlegame out
// of the opening book; 300 ms into the engine's search the person clicks "Move now". Prints, per run,
// the time from the click to the move on the page (Playwright's click and polling included), and the
// median and maximum with the load average beside them, for docs/benchmarks.md.
// tests/browser/app-engine.test.mjs checks that the click makes the engine move (long before its own
// plan); the latency lives here because on a shared, loaded machine it stretches with the load.
//
//   node bench/app-move-now.mjs [runs=5]
import { cpus, loadavg } from 'node:os';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { newGame } from '../tests/browser/app-helpers.mjs';

const OUT_OF_BOOK = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node bench/app-move-now.mjs [runs]');
  process.exit(2);
}
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-first-run'] });
const context = await browser.newContext();
const page = await context.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

console.log(`"Move now" → the engine's move on the page, ${runs} run(s); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
const took = [];
for (let i = 0; i < runs; i++) {
  await newGame(page, { opponent: 'engine', color: 'b', level: 'full', preset: '90/40+30+30s', position: OUT_OF_BOOK });
  await page.waitForSelector('#stop-engine:not([hidden])');
  await new Promise((r) => setTimeout(r, 300));
  const clickedAt = Date.now();
  await page.click('#stop-engine');
  await page.waitForFunction(() => document.body.dataset.plies === '1', null, { timeout: 60_000 });
  took.push(Date.now() - clickedAt);
  console.log(`run ${i + 1}: moved ${took.at(-1)} ms after the click (load ${loadavg()[0].toFixed(1)})`);
}
const sorted = [...took].sort((a, b) => a - b);
console.log(`median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms; load average ${loadavg()[0].toFixed(1)}` +
  (errors.length ? `; page errors: ${errors.join(' | ')}` : '; no page errors'));
await browser.close();
server.close();
process.exit(errors.length ? 1 : 0);
