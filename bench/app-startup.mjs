#!/usr/bin/env node
// Where a first visit's time goes, up to the board taking moves: cold visits of the served app in
// headless Chromium (a fresh browser context each: empty cache, no service worker), with the app's
// performance marks, the resource waterfall of the first visit, and a Chromium trace of the
// renderer's main thread: its tasks in wall time and in CPU time (thread time).
//
//   node bench/app-startup.mjs [visits=5] [url ...]   (url: another server's app; default: serves its own)
//
// With several urls (e.g. two builds, each served by its own `node scripts/serve.mjs`), the cold visits
// alternate between them (A, B, A, B, …) and each is summed up on its own: a same-run comparison,
// which is what a shared, loaded machine allows (the load moves within seconds).
// ESCAQUE_TRACE_ALL=1 traces every cold visit, not only each url's first, and sums up the load-robust
// figures (main-thread CPU until the board takes moves, the phone blocking-time stand-in) over them.
//
// The bar of issue 15, "board interactive on a cold first visit ≤ 300 ms median", is judged on what a
// person does: in every cold visit a move (e2-e4, two clicks) is made on the board the moment the app
// marks it interactive ('escaque-interactive'), and the page records (performance.now(), from the
// navigation's start) the first click's arrival, when the board took the move (its `premove` event
// before the rules have loaded, its `move` event after) and when the game played it. Between the mark
// and the first click lies the test driver's own latency (noticing the mark, then mouse events through
// the DevTools protocol: tens of ms on a calm machine, seconds on a loaded one), which is not the app's;
// so the bar is judged on "a click at the mark taken at" = the mark + (taken − first click): when the
// board takes a move whose first click arrives the moment the board is interactive. "Taken" itself, an
// upper bound, is printed too.
//
// Then warm visits (one browser context, reloaded: the service worker serves the app), judged against
// the app's bar: the board takes moves ≤ 500 ms after navigation (median of the warm visits). The bar
// lives here, not in tests/browser/app-perf.test.mjs: on a shared machine a wall-clock bar in a test
// goes red with the load; here the figures are recorded with the load average beside them
// (docs/benchmarks.md).
//
// On this shared 2-core machine the wall time of a task is often several times its CPU time (the
// renderer waits for a core): "Total Blocking Time" is printed both ways, from wall time (what
// Lighthouse measures here) and from CPU time (what a machine to itself would see, roughly).
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing',
  'loading', 'toplevel', 'v8.execute'];

// The trace events counted in "CPU by kind".
const KINDS = /^(v8\.|V8\.|wasm\.|Layout|UpdateLayoutTree|ParseHTML|Paint|EvaluateScript|FunctionCall|MajorGC|MinorGC)/;

const visits = Number(process.argv[2] ?? 5);
if (!Number.isInteger(visits) || visits < 1) {
  console.error('usage: node bench/app-startup.mjs [visits] [url ...]');
  process.exit(2);
}

const server = process.argv[3] ? null : await startServer({ port: 0 });
const urls = process.argv[3] ? process.argv.slice(3) : [`http://127.0.0.1:${server.address().port}/`];
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
const traceFile = join(tmpdir(), `escaque-startup-${process.pid}.json`);

// In the page before its own scripts: when the board first took a move (its composed `premove` or
// `move` event) and when the game first had a move played (body[data-plies] set to 1).
function recordFirstMove() {
  const seen = { clicked: null, accepted: null, played: null };
  window.__firstMove = seen;
  const taken = () => { seen.accepted ??= performance.now(); };
  window.addEventListener('pointerdown', (e) => { seen.clicked ??= e.timeStamp; }, true);
  window.addEventListener('premove', taken, true);
  window.addEventListener('move', taken, true);
  new MutationObserver(() => {
    if (document.body?.dataset.plies === '1') seen.played ??= performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-plies'] });
}

async function coldVisit(url, trace) {
  const context = await browser.newContext();
  await context.addInitScript(recordFirstMove);
  const page = await context.newPage();
  if (trace) await browser.startTracing(page, { path: traceFile, categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'commit' });
  // The move, as soon as the board takes moves (since the board takes a first move before the rules
  // have loaded, 'escaque-interactive' can come before the game is loaded: 'escaque-game-ready').
  // The mark and where e2 and e4 are, in one round trip (tests/browser/app-helpers.mjs's clickMove asks
  // three times); the board shows White at the bottom on a first visit.
  const at = await (await page.waitForFunction(() => {
    if (!performance.getEntriesByName('escaque-interactive').length) return null;
    const r = document.querySelector('escaque-board-core').shadowRoot.querySelector('.board').getBoundingClientRect();
    const centre = (file, rank) => ({ x: r.left + (file + 0.5) * r.width / 8, y: r.top + (7.5 - rank) * r.height / 8 });
    return { from: centre(4, 1), to: centre(4, 3) };
  }, null, { timeout: 30_000, polling: 'raf' })).jsonValue();
  await page.mouse.click(at.from.x, at.from.y);
  await page.mouse.click(at.to.x, at.to.y);
  // A move the page lost (main before session 9 dropped a piece picked up just before the rules had
  // loaded) is counted and reported, not timed.
  const lost = await page.waitForFunction(() => document.body.dataset.ready === 'true' && window.__firstMove.played !== null,
    null, { timeout: 15_000 }).then(() => null, () => page.evaluate(() => ({ ...window.__firstMove,
    plies: document.body.dataset.plies, ready: document.body.dataset.ready,
    premove: document.querySelector('escaque-board-core')?.state.premove })));
  if (lost) {
    if (trace) {
      await browser.stopTracing();
      rmSync(traceFile, { force: true });
    }
    await context.close();
    return { lost };
  }
  const moveText = (await page.textContent('#move-list')).trim();
  if (moveText !== 'e4') throw new Error(`the move made at the interactive mark was not played as e4: "${moveText}"`);
  const data = await page.evaluate(() => ({
    firstMove: window.__firstMove,
    marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
    nav: performance.getEntriesByType('navigation')[0].toJSON(),
    resources: performance.getEntriesByType('resource').map((r) => ({ path: new URL(r.name).pathname,
      start: r.startTime, end: r.responseEnd, encoded: r.encodedBodySize, decoded: r.decodedBodySize })),
  }));
  if (trace) await browser.stopTracing();
  await context.close();
  return data;
}

// The main thread is measured until the game is loaded ('escaque-game-ready'; on builds without that
// mark, 'escaque-interactive' meant the same), so that builds compare like for like.
function mainThreadTasks(interactiveAt) {
  const events = JSON.parse(readFileSync(traceFile, 'utf8')).traceEvents;
  rmSync(traceFile, { force: true });
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const userMark = (name) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
  const interactiveMark = userMark('escaque-interactive');
  const mark = userMark('escaque-game-ready') ?? interactiveMark;
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame &&
    String(e.args.data.documentLoaderURL ?? '').startsWith('http'));
  const start = nav?.ts ?? 0;
  const end = mark?.ts ?? (start + interactiveAt * 1000);
  // The page's renderer main thread: where its escaque-interactive mark was recorded (other renderers,
  // e.g. the first about:blank, have a CrRendererMain too).
  const pageThread = mark ? `${mark.pid}:${mark.tid}` : null;
  const onPage = (e) => (pageThread ? `${e.pid}:${e.tid}` === pageThread : names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
  const all = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onPage(e) && e.ts >= start && e.ts <= end)
    .sort((a, b) => a.ts - b.ts);
  // Top-level tasks only (a nested run loop shows tasks inside a task).
  const tasks = [];
  for (const t of all) if (!tasks.length || t.ts >= tasks.at(-1).ts + tasks.at(-1).dur) tasks.push(t);
  // What the main thread spent its CPU on, by the events directly inside its tasks' slices.
  const byName = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !onPage(e) || e.ts < start || e.ts > end) continue;
    if (!KINDS.test(e.name)) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? 0));
  }
  // Until the board takes moves: the tasks that ended before the mark, and the one it is in.
  const toMark = interactiveMark ? tasks.filter((t) => t.ts <= interactiveMark.ts) : [];
  // A load-robust stand-in for Lighthouse's phone Total Blocking Time: each task's CPU time × 4 (the
  // preset's CPU slowdown) over 50 ms, for every task of the trace from navigation on (the move made and
  // what the app does after the game is loaded included, until the trace stops).
  const after = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onPage(e) && e.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  const whole = [];
  for (const t of after) if (!whole.length || t.ts >= whole.at(-1).ts + whole.at(-1).dur) whole.push(t);
  const phoneTbt = whole.reduce((sum, t) => sum + Math.max(0, (4 * (t.tdur ?? 0)) / 1000 - 50), 0);
  return { tasks, byName, toMark, phoneTbt, wholeTasks: whole.length };
}

console.log(`escaque app start-up, ${visits} cold visit(s) of ${urls.join(' and ')}${urls.length > 1 ? ', alternated' : ''}; ` +
  `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
const TRACE_ALL = process.env.ESCAQUE_TRACE_ALL === '1';
const runs = urls.map((url) => ({ url, interactive: [], gameReady: [], accepted: [], played: [], clickToTaken: [], atMark: [],
  cpuToMark: [], phoneTbt: [], lost: [], afterScript: [] }));
for (let i = 0; i < visits; i++) {
  for (const run of runs) {
    const traced = i === 0 || TRACE_ALL;
    const data = await coldVisit(run.url, traced);
    if (data.lost) {
      run.lost.push(i + 1);
      console.log(`\n${urls.length > 1 ? `${run.url} ` : ''}visit ${i + 1}: the move made at the mark was NOT played ` +
        `(the page lost it): ${JSON.stringify(data.lost)}`);
      continue;
    }
    const marks = Object.fromEntries(data.marks);
    run.interactive.push(marks['escaque-interactive']);
    run.gameReady.push(marks['escaque-game-ready'] ?? marks['escaque-interactive']);
    run.accepted.push(data.firstMove.accepted);
    run.played.push(data.firstMove.played);
    run.clickToTaken.push(data.firstMove.accepted - data.firstMove.clicked);
    run.atMark.push(marks['escaque-interactive'] + data.firstMove.accepted - data.firstMove.clicked);
    // The app's own part: from the arrival of its script (the first .js the page fetched) to the mark.
    const script = data.resources.filter((r) => r.path.endsWith('.js')).sort((a, b) => a.start - b.start)[0];
    run.afterScript.push(marks['escaque-interactive'] - script.end);
    console.log(`\n${urls.length > 1 ? `${run.url} ` : ''}visit ${i + 1}: ` +
      `${data.marks.map(([n, t]) => `${n.replace('escaque-', '')} ${t.toFixed(0)}`).join(', ')} ms` +
      ` (HTML received ${data.nav.responseEnd.toFixed(0)} ms, ${script.path} at ${script.end.toFixed(0)} ms); ` +
      `e2-e4 made at the mark: first click at ` +
      `${data.firstMove.clicked.toFixed(0)} ms, taken by the board at ${data.firstMove.accepted.toFixed(0)} ms, played at ` +
      `${data.firstMove.played.toFixed(0)} ms`);
    if (!traced) continue;
    const { tasks, byName, toMark, phoneTbt, wholeTasks } = mainThreadTasks(marks['escaque-game-ready'] ?? marks['escaque-interactive']);
    const cpuToMark = toMark.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000;
    run.cpuToMark.push(cpuToMark);
    run.phoneTbt.push(phoneTbt);
    if (i > 0) {
      console.log(`  main thread until the board takes moves: ${cpuToMark.toFixed(0)} ms CPU; phone blocking time (stand-in) ` +
        `${phoneTbt.toFixed(0)} ms`);
      continue;
    }
    const sorted = [...data.resources].sort((a, b) => a.start - b.start);
    const loaded = marks['escaque-game-ready'] ?? marks['escaque-interactive'];
    console.log(`  ${sorted.length} requests; last one before the game was loaded ended at ` +
      `${Math.max(...sorted.filter((r) => r.end <= loaded).map((r) => r.end)).toFixed(0)} ms; ` +
      `${(sorted.reduce((s, r) => s + r.encoded, 0) / 1024).toFixed(1)} KB on the wire, ` +
      `${(sorted.reduce((s, r) => s + r.decoded, 0) / 1024).toFixed(1)} KB decoded`);
    for (const r of sorted) console.log(`    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ${r.path}`);
    const wall = tasks.reduce((s, t) => s + t.dur, 0) / 1000;
    const cpu = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000;
    const blocking = (ms) => Math.max(0, ms - 50);
    const tbtWall = tasks.reduce((s, t) => s + blocking(t.dur / 1000), 0);
    const tbtCpu = tasks.reduce((s, t) => s + blocking((t.tdur ?? 0) / 1000), 0);
    const long = tasks.filter((t) => t.dur >= 50_000);
    // Load-robust: the main thread's CPU time until the board takes moves (the wall time until then is
    // mostly waiting for the server, the browser's own work and, here, a core).
    console.log(`  main thread until the board takes moves: ${toMark.length} tasks, ` +
      `${cpuToMark.toFixed(0)} ms CPU; the whole trace (${wholeTasks} tasks): ` +
      `Σ max(0, 4 × CPU − 50 ms) = ${phoneTbt.toFixed(0)} ms (a phone's blocking time, roughly)`);
    console.log(`  main thread until the game is loaded: ${tasks.length} tasks, ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU;` +
      ` blocking time over 50 ms: ${tbtWall.toFixed(0)} ms from wall time, ${tbtCpu.toFixed(0)} ms from CPU time`);
    const ms = (us) => ((us ?? 0) / 1000).toFixed(0);
    console.log(`  tasks ≥ 50 ms wall (wall / CPU): ${long.map((t) => `${ms(t.dur)}/${ms(t.tdur)}`).join(', ') || 'none'}`);
    console.log(`  longest task in CPU time: ${(Math.max(0, ...tasks.map((t) => t.tdur ?? 0)) / 1000).toFixed(0)} ms`);
    console.log(`  CPU by kind (nested events overlap): ${[...byName].sort((a, b) => b[1] - a[1]).slice(0, 12)
      .map(([n, t]) => `${n} ${(t / 1000).toFixed(0)}`).join(', ')}`);
  }
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, range ${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)} ms`;
};
const COLD_BAR_MS = 300;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const run of runs) {
  console.log(`\n${urls.length > 1 ? `${run.url}: ` : ''}interactive (cold, the mark): ${summary(run.interactive)}; ` +
    `game loaded: ${summary(run.gameReady)}; load average ${loadavg()[0].toFixed(1)}`);
  console.log(`a move clicked at the mark (cold): taken at ${summary(run.atMark)} — bar ${COLD_BAR_MS} ms ` +
    `${median(run.atMark) <= COLD_BAR_MS ? 'met' : 'NOT met'} (first click to taken ${summary(run.clickToTaken)}); as the driver ` +
    `clicked: taken ${summary(run.accepted)}, played in the game ${summary(run.played)}`);
  console.log(`from the script's arrival to the mark (the app's own part): ${summary(run.afterScript)}`);
  if (run.lost.length) console.log(`the move made at the mark was lost in visit(s) ${run.lost.join(', ')} of ${visits}`);
  if (run.cpuToMark.length > 1) {
    console.log(`traced visits (${run.cpuToMark.length}): main-thread CPU until the board takes moves ${summary(run.cpuToMark)}; ` +
      `phone blocking time (stand-in) ${summary(run.phoneTbt)}`);
  }
}

// Warm visits: the service worker answers; the bar is 500 ms to a board that takes moves.
const BAR_MS = 500;
for (const { url } of runs) {
  const warmContext = await browser.newContext();
  const warmPage = await warmContext.newPage();
  await warmPage.goto(url);
  await warmPage.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await warmPage.evaluate(() => navigator.serviceWorker.ready);
  const warm = [];
  for (let i = 0; i < Math.max(3, visits); i++) {
    await warmPage.reload();
    const at = await warmPage.waitForFunction(() => performance.getEntriesByName('escaque-interactive')[0]?.startTime,
      null, { timeout: 30_000 });
    warm.push(await at.jsonValue());
  }
  await warmContext.close();
  const warmMedian = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  console.log(`${urls.length > 1 ? `${url}: ` : ''}interactive (warm, service worker): ${summary(warm)} — bar ${BAR_MS} ms ` +
    `${warmMedian <= BAR_MS ? 'met' : 'NOT met'}; load average ${loadavg()[0].toFixed(1)}`);
}
await browser.close();
server?.close();
