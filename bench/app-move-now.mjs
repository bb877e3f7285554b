#!/usr/bin/env node
// How soon the app's engine moves after "Move now": a game against the full-strength engine at a
// classical control, where its own plan for the move is ≈ 157 s (engineThinkingLong in
// tests/browser/app-helpers.mjs); 300 ms into the engine's search the person clicks "Move now". Prints, per run,
// the time from the click to the move on the page (Playwright's click and polling included), and the
// median and maximum with the load average beside them, for docs/benchmarks.md.
// tests/browser/app-engine.test.mjs checks that the click makes the engine move (long before its own
// plan); the latency lives here because on a shared, loaded machine it stretches with the load.
//
//   node bench/app-move-now.mjs [runs=5]
import { cpus, loadavg } from 'node:os';

import { startServer } from '../scripts/serve.mjs';
import { engineThinkingLong } from '../tests/browser/app-helpers.mjs';
import { launchChromium } from '../tests/browser/harness.mjs';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node bench/app-move-now.mjs [runs]');
  process.exit(2);
}
const server = await startServer({ port: 0 });
const browser = await launchChromium();
const context = await browser.newContext();
const page = await context.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

console.log(`"Move now" → the engine's move on the page, ${runs} run(s); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
const took = [];
for (let i = 0; i < runs; i++) {
  await engineThinkingLong(page);
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
