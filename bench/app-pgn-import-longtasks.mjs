#!/usr/bin/env node
// The big-PGN bar (issue 17): opening a .pgn file of 10,000 games on the analysis board never blocks
// the page more than 50 ms at a time. Headless Chromium, the served app, a file of random legal games
// (tests/support/random-pgn.mjs, seeded): the file is opened through the file field, `runs` times, and
// the main thread is watched from the pick to "N games." two ways:
//   - the page's own PerformanceObserver('longtask') entries (wall time: what the bar names);
//   - a Chromium trace of the renderer's main thread: each task's wall time and CPU (thread) time.
// Then, in the same page, the way the app read files before (the whole text listed by readPgn on the
// main thread, headers only) is timed on the same file, for a same-run comparison.
// On this shared 2-core machine a task's wall time can be many times its CPU time, so both are
// printed with the load average. The figures go in docs/benchmarks.md.
//
// `fresh`: each run in a page of its own (a new browser context), so that every run is a page's first
// import: its first list frame pays for what a page does once (session 9 found the first
// toLocaleString() there: the locale's data loaded in that frame). Without it the runs share one page.
//
//   npm run build && node bench/app-pgn-import-longtasks.mjs [games=10000] [runs=3] [fresh] [url]
//   (url: the app served elsewhere, e.g. another build's `node scripts/serve.mjs`; default: served here)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';
import { observeLongTasks, traceMainThread } from './lib/main-thread.mjs';
import { randomPgn } from '../tests/support/random-pgn.mjs';

const games = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const fresh = process.argv.slice(4).includes('fresh');
const url = process.argv.slice(4).find((a) => /^https?:\/\//.test(a));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'escaque-pgn-import-'));
const file = join(dir, `games-${games}.pgn`);
const bytes = await (await randomPgn({ seed: 17, distinct: 300 })).writeFile(file, games);
const server = url ? null : await startServer({ port: 0 });
const base = url ?? `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });

async function trace(cdp, during) {
  const { value, onMain, tasks } = await traceMainThread(cdp, during);
  // What the longest tasks (by CPU) spent their time on: their biggest inner events.
  const inside = (t) => onMain.filter((e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur)
    .sort((a, b) => b.dur - a.dur).slice(0, 3).map((e) => `${e.name}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${(e.dur / 1000).toFixed(0)} ms`);
  const longest = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 3)
    .map((t) => `${((t.tdur ?? 0) / 1000).toFixed(0)} ms CPU (${inside(t).join(', ')})`);
  return { value, tasks, longest };
}

try {
  console.log(`file: ${games} games, ${(bytes / 1e6).toFixed(1)} MB; ${fresh ? 'a new page for each run' : 'one page'}; ` +
    `${base}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  let page;
  let cdp;
  const openPage = async () => {
    if (page) await page.context().close();
    page = await (await browser.newContext()).newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#open-analysis');
    await observeLongTasks(page);
    await page.evaluate(() => {
      // The File picked, kept for the comparison below (the app empties the field once it has the file).
      document.addEventListener('change', (e) => { if (e.target.id === 'an-file') window.__file = e.target.files[0]; }, true);
    });
    cdp = await page.context().newCDPSession(page);
  };
  const done = `games-${games}.pgn: ${games.toLocaleString('en')} games.`;
  for (let run = 1; run <= runs; run++) {
    if (run === 1 || fresh) await openPage();
    await page.evaluate(() => { window.__longTasks = []; document.getElementById('an-games-status').textContent = ''; });
    const { value: ms, tasks, longest } = await trace(cdp, async () => {
      const started = Date.now();
      await page.setInputFiles('#an-file', file);
      await page.waitForFunction((text) => document.getElementById('an-games-status').textContent === text, done,
        { timeout: 300_000, polling: 200 });
      return Date.now() - started;
    });
    const longTasks = await page.evaluate(() => window.__longTasks);
    const wallMax = Math.max(...tasks.map((t) => t.dur)) / 1000;
    const cpuMax = Math.max(...tasks.map((t) => t.tdur ?? 0)) / 1000;
    const listed = await page.$$eval('#an-games-list li', (lis) => lis.length);
    console.log(`run ${run}: ${listed} games listed in ${(ms / 1000).toFixed(1)} s; long tasks (PerformanceObserver, wall ms): ` +
      `${JSON.stringify(longTasks)}; main-thread tasks in the trace: ${tasks.length}, longest ${wallMax.toFixed(1)} ms wall, ` +
      `${cpuMax.toFixed(1)} ms CPU; over 50 ms: ${tasks.filter((t) => t.dur > 50_000).length} by wall time, ` +
      `${tasks.filter((t) => (t.tdur ?? 0) > 50_000).length} by CPU time; load ${loadavg()[0].toFixed(2)}`);
    console.log(`  longest by CPU: ${longest.join('; ')}`);
  }
  // Before: the whole file's text listed on the main thread, as web/app/analysis/pgn-files.js did.
  const before = await page.evaluate(async () => {
    const { init } = await import('/dist/index.mjs');
    const { readPgn } = await import('/dist/pgn.mjs');
    await init();
    const started = performance.now();
    const text = await window.__file.text();
    const read = performance.now();
    let n = 0;
    for (const r of readPgn(text, { headersOnly: true })) if (r.game) n++;
    return { n, textMs: read - started, listMs: performance.now() - read };
  });
  console.log(`before (same page, same file): readPgn(text, {headersOnly}) on the main thread: one task of ` +
    `${before.listMs.toFixed(0)} ms for ${before.n} games (file.text() ${before.textMs.toFixed(0)} ms), ` +
    `before the list's ${games} items are even made; load ${loadavg()[0].toFixed(2)}`);
} finally {
  await browser.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
}
