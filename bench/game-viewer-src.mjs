#!/usr/bin/env node
// <escaque-game> loading its PGN from `src` (issue 16's viewer; docs/benchmarks.md "Session 10: viewer
// first render"): a page imports the element, makes one with src= the bench's 80-move annotated game
// (bench/lib/viewer-game.mjs, as in bench/game-viewer.mjs) and ply="last", and the file arrives `delay`
// ms after it is asked for (a network's round trip and transfer, held by the page's route). Measured in
// the page, headless Chromium, a fresh context each round:
//   after arrival  the file's responseEnd -> the game shown and a frame painted: what the reader waits
//                  for once the bytes are there;
//   asked at       page script start -> the file asked for (before the rules' WebAssembly is loaded, or
//                  after it);
//   total          page script start -> painted.
// --baseline=REV alternates the viewer's files at REV (bench/lib/viewer-baseline.mjs) round by round.
//
//   node bench/game-viewer-src.mjs [rounds=8] [--delay=300] [--baseline=REV] [--json]
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';


import { startViewerBench } from './lib/viewer-baseline.mjs';
import { benchGame } from './lib/viewer-game.mjs';

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 8);
const delay = Number(process.argv.find((a) => a.startsWith('--delay='))?.slice(8) ?? 300);
const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice(11);
const json = process.argv.includes('--json');

const { pgn } = await benchGame();
const { server, base, browser, variants } = await startViewerBench(baseline);
const load0 = loadavg().map((x) => +x.toFixed(2));
const runsOf = Object.fromEntries(variants.map((v) => [v, []]));
try {
  for (let r = 0; r < rounds; r++) for (const variant of variants) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const file = `/bench-game-${r}.pgn`;
    await page.route(base + 'bench-viewer-src.html', (route) => route.fulfill({ contentType: 'text/html', body:
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><main></main>' +
      `<script type="module">
        const t0 = performance.now();
        await import('/dist/${variant}/escaque-game.js');
        const el = document.createElement('escaque-game');
        el.setAttribute('ply', 'last');
        el.setAttribute('src', '${file}');
        document.querySelector('main').append(el);
        await el.ready;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const t = performance.now();
        const e = performance.getEntriesByName(new URL('${file}', location.href).href)[0];
        window.benchResult = { afterArrival: t - e.responseEnd, askedAt: e.startTime - t0, total: t - t0,
          moves: el.shadowRoot.querySelectorAll('.move').length };
      </script></body></html>` }));
    await page.route(base + file.slice(1), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.fulfill({ contentType: 'application/x-chess-pgn', body: pgn });
    });
    await page.goto(base + 'bench-viewer-src.html');
    await page.waitForFunction(() => window.benchResult, null, { timeout: 60_000 });
    runsOf[variant].push(await page.evaluate(() => window.benchResult));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  if (baseline) rmSync('dist/board-baseline', { recursive: true, force: true });
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return +s[Math.floor(s.length / 2)].toFixed(1); };
const least = (xs) => +Math.min(...xs).toFixed(1);
const summary = (runs) => Object.fromEntries(['afterArrival', 'askedAt', 'total'].map((k) =>
  [k, { median: median(runs.map((x) => x[k])), least: least(runs.map((x) => x[k])) }]));
const result = { rounds, delay, buttons: runsOf.board[0].moves, board: summary(runsOf.board),
  ...(baseline ? { baseline: { rev: baseline, ...summary(runsOf['board-baseline']) } } : {}),
  machine: { cpus: cpus().length, loadBefore: load0, load: loadavg().map((x) => +x.toFixed(2)) } };
if (json) console.log(JSON.stringify(result, null, 2));
else {
  const line = (s) => ['afterArrival', 'askedAt', 'total'].map((k) => `${k} median ${s[k].median} ms, least ${s[k].least}`).join('; ');
  console.log(`src file held ${delay} ms; ${rounds} rounds; ${result.buttons} move buttons shown`);
  console.log(`current:  ${line(result.board)}`);
  if (baseline) console.log(`${baseline}: ${line(result.baseline)}`);
  console.log(`machine: ${result.machine.cpus} cores, load ${load0.join(' ')} at the start, ${result.machine.load.join(' ')} at the end`);
}
