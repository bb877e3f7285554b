#!/usr/bin/env node
// <escaque-game>'s bars (issue 16; docs/benchmarks.md "Game viewer"):
//  1. size: its own code (the element, the board core, the move tree, the eval graph, styles, pieces)
//     as a page loads it: bundled and minified by esbuild with code splitting, the entry and the chunks
//     it imports statically, gzip -9 each (a module only imported dynamically, the board's promotion
//     picker, which only a board that may move pieces loads, is reported apart); the package's rules (rules.mjs, pgn.mjs, api.mjs and the
//     WebAssembly) are left out as external; also without the piece artwork (pieces.js), as
//     scripts/board-size.mjs measures the board.
//  2. first render of an 80-move annotated game (160 plies; a comment, [%eval] and [%clk] on every
//     move, NAGs, a 3-move variation every 10 plies) in headless Chromium: from setting `pgn` on a new
//     element, rules already loaded, to the game shown and a frame painted; and the same from the
//     module's import (cold: module files and escaque-rules.wasm fetched and compiled). The game is made
//     here by the package (seeded pseudo-random legal moves, annotated by escaque/pgn's writer).
//
//     Also the CPU time of all Chromium's processes over that render (SystemInfo.getProcessInfo): the
//     work itself, which a loaded machine stretches in wall time but hardly changes.
//     "Shown" is checked, not assumed: every move button and comment is in the DOM, and once painted the
//     current move is rendered (not a part skipped by content-visibility) and inside the list's view.
//     The list's chunks near the view are laid out in that frame (content-visibility), not at "shown":
//     "painted" is the figure with everything that is seen.
//     And, in as many rounds again (after the untraced ones, alternating the same way), the renderer's
//     main-thread CPU time over the same window from a DevTools trace (bench/lib/main-thread.mjs: each
//     task's thread time, tdur), split into style, layout, paint (pre-paint, paint, layerize) and the
//     rest (script and WebAssembly, HTML parsing): the viewer's own work, free of the other processes'
//     and the queue's time; tracing itself stretches wall time a little, so these rounds give no wall figure.
//  3. --baseline=REV: the same rounds, interleaved, for the viewer's files at git revision REV (unpacked
//     and minified as the build does, scripts/minify-js.mjs, to dist/board-baseline/ beside dist/board/,
//     removed after): a before/after pair in one run. Only the viewer's files differ: the package's
//     (dist/rules.mjs, pgn.mjs, the WebAssembly) are the built ones for both.
//
//   node bench/game-viewer.mjs [rounds=5] [--json] [--baseline=REV]
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';

import { build } from 'esbuild';

import { traceMainThread } from './lib/main-thread.mjs';
import { startViewerBench } from './lib/viewer-baseline.mjs';
import { benchGame } from './lib/viewer-game.mjs';

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const json = process.argv.includes('--json');
const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice(11);

// ---- 1. size ----
// What a page loads for the element: its module graph bundled and minified with code splitting, so a
// module only imported dynamically (the board's promotion picker, loaded by a board that may move
// pieces, never by the viewer) lands in a chunk of its own; the entry and the chunks it imports
// statically are counted, each gzip -9 as it would be served. `lazy`: the chunks left out.
async function size(entry, more = []) {
  const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false,
    splitting: true, outdir: 'out', metafile: true,
    external: ['../rules.mjs', '../pgn.mjs', '../index.mjs', ...more], logLevel: 'silent' });
  const files = new Map(out.outputFiles.map((f) => [relative(process.cwd(), f.path), f.contents]));
  const meta = out.metafile.outputs;
  const main = Object.keys(meta).find((k) => meta[k].entryPoint);
  const loaded = new Set();
  const walk = (k) => {
    if (loaded.has(k)) return;
    loaded.add(k);
    for (const i of meta[k].imports) if (i.kind === 'import-statement' && !i.external) walk(i.path);
  };
  walk(main);
  let min = 0;
  let gzip = 0;
  let lazy = 0;
  for (const [k, code] of files) {
    const z = gzipSync(code, { level: 9 }).length;
    if (loaded.has(k)) { min += code.length; gzip += z; } else lazy += z;
  }
  return { min, gzip, lazy };
}
const sizes = {
  game: await size('bindings/js/board/escaque-game.js'),
  gameNoPieces: await size('bindings/js/board/escaque-game.js', ['./pieces.js']),
  boardCore: await size('bindings/js/board/board-core-element.js'),
  moveTree: await size('bindings/js/board/move-tree-element.js'),
};

// ---- 2. an 80-move annotated game ----
const { game, pgn: PGN } = await benchGame();
if (process.env.DUMP_PGN) { (await import("node:fs")).writeFileSync(process.env.DUMP_PGN, PGN); process.exit(0); }
const plies = game.moves.length;

// ---- 3. render in Chromium ----
const { server, base, browser, variants } = await startViewerBench(baseline);
const runsOf = Object.fromEntries(variants.map((v) => [v, []]));
const mainOf = Object.fromEntries(variants.map((v) => [v, []]));   // traced rounds
// CPU time of all of Chromium's processes (renderer, GPU, browser), from its own process list: the
// work a render costs, which a loaded machine stretches in wall time but hardly changes.
const systemInfo = await browser.newBrowserCDPSession();
const cpuSeconds = async () => (await systemInfo.send('SystemInfo.getProcessInfo')).processInfo.reduce((a, p) => a + p.cpuTime, 0);
const load0 = loadavg().map((x) => +x.toFixed(2));
try {
  for (let r = 0; r < 2 * rounds; r++) for (const variant of variants) {
    const traced = r >= rounds;
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.route(base + 'bench-viewer.html', (route) => route.fulfill({ contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><main></main></body></html>' }));
    await page.goto(base + 'bench-viewer.html');
    const cold = await page.evaluate(async (dir) => {
      const t0 = performance.now();
      await import(`/dist/${dir}/escaque-game.js`);
      const tModule = performance.now();
      const { init } = await import('/dist/rules.mjs');
      await init();
      return { module: tModule - t0, rules: performance.now() - tModule };
    }, variant);
    const cpu0 = await cpuSeconds();
    // The element is made (its constructor: shadow root, board) in a task of its own, outside the
    // window measured (and traced), as it was already outside the wall time.
    await page.evaluate(() => {
      window.benchViewer = document.createElement('escaque-game');
      window.benchViewer.setAttribute('ply', 'last');
    });
    const render = () => page.evaluate(async (pgn) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const el = window.benchViewer;
      document.querySelector('main').append(el);
      const t1 = performance.now();
      el.pgn = pgn;
      await el.ready;
      el.getBoundingClientRect();   // style and layout of what was drawn
      const tShown = performance.now();
      await frame();
      const tPainted = performance.now();
      const root = el.shadowRoot;
      const current = root.querySelector('.move[aria-current]');
      const list = root.querySelector('.tree').getBoundingClientRect();
      const at = current?.getBoundingClientRect();
      return { render: tShown - t1, renderPainted: tPainted - t1,
        moves: root.querySelectorAll('.move').length, comments: root.querySelectorAll('.comment').length,
        currentShown: !!current && current.checkVisibility({ contentVisibilityAuto: true }) && at.top >= list.top && at.bottom <= list.bottom };
    }, PGN);
    if (traced) {
      const { onMain, tasks } = await traceMainThread(await context.newCDPSession(page), render);
      // each kind's outermost events (style recalculated inside a layout counts as layout)
      const kinds = { UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint' };
      const cpu = { main: tasks.reduce((a, t) => a + (t.tdur ?? 0), 0) / 1000, style: 0, layout: 0, paint: 0 };
      let until = 0;
      for (const e of onMain.filter((x) => kinds[x.name]).sort((a, b) => a.ts - b.ts)) {
        if (e.ts < until) continue;
        until = e.ts + e.dur;
        cpu[kinds[e.name]] += (e.tdur ?? 0) / 1000;
      }
      mainOf[variant].push({ ...cpu, rest: cpu.main - cpu.style - cpu.layout - cpu.paint });
    } else {
      const run = await render();
      const cpu = (await cpuSeconds()) - cpu0;
      runsOf[variant].push({ ...cold, ...run, cold: cold.module + cold.rules + run.renderPainted, cpu: cpu * 1000 });
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  if (baseline) rmSync('dist/board-baseline', { recursive: true, force: true });
}
const runs = runsOf.board;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
// Each part's median over the traced rounds (so the parts need not add up to the median total).
const medians = (xs) => Object.fromEntries(Object.keys(xs[0]).map((k) => [k, +median(xs.map((x) => x[k])).toFixed(1)]));
const pick = (k) => +median(runs.map((x) => x[k])).toFixed(1);
const least = (k) => +Math.min(...runs.map((x) => x[k])).toFixed(1);
const result = { sizes, plies, pgnBytes: PGN.length, buttons: runs[0].moves, rounds,
  minMs: { render: least('render'), renderPainted: least('renderPainted'), cold: least('cold') },
  medianMs: { render: pick('render'), renderPainted: pick('renderPainted'), moduleImport: pick('module'), rulesInit: pick('rules'), cold: pick('cold'),
    cpu: pick('cpu') },
  mainThreadCpuMs: medians(mainOf.board),
  comments: runs[0].comments, currentShown: runs.every((x) => x.currentShown),
  machine: { cpus: cpus().length, load: loadavg().map((x) => +x.toFixed(2)), loadBefore: load0 } };
if (baseline) {
  const b = runsOf['board-baseline'];
  const med = (xs) => +median(xs).toFixed(1);
  result.baseline = { rev: baseline, medianMs: { render: med(b.map((x) => x.render)), renderPainted: med(b.map((x) => x.renderPainted)),
    cpu: med(b.map((x) => x.cpu)) },
    minMs: { render: +Math.min(...b.map((x) => x.render)).toFixed(1), renderPainted: +Math.min(...b.map((x) => x.renderPainted)).toFixed(1) },
    mainThreadCpuMs: medians(mainOf['board-baseline']) };
}
if (json) console.log(JSON.stringify(result, null, 2));
else {
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  console.log(`size (esbuild --minify --splitting, gzip -9 per file, rules external; what the element loads, dynamic imports apart):`);
  for (const [k, v] of Object.entries(sizes)) {
    console.log(`  ${k.padEnd(10)} ${kb(v.min)} min, ${kb(v.gzip)} min+gzip (${v.gzip} bytes)${v.lazy ? `; loaded only when used: ${v.lazy} bytes` : ''}`);
  }
  console.log(`game: ${plies} plies (${plies / 2} moves), ${runs[0].moves} move buttons, PGN ${kb(PGN.length)}`);
  console.log(`first render, median of ${rounds} (pgn set -> shown: ${result.medianMs.render} ms; -> painted: ${result.medianMs.renderPainted} ms)`);
  console.log(`first render, least of ${rounds} (pgn set -> shown: ${result.minMs.render} ms; -> painted: ${result.minMs.renderPainted} ms)`);
  console.log(`CPU time of Chromium's processes from pgn set to painted, median of ${rounds}: ${result.medianMs.cpu} ms`);
  const parts = (m) => `${m.main} ms (style ${m.style}, layout ${m.layout}, paint ${m.paint}, script, WebAssembly and the rest ${m.rest})`;
  console.log(`renderer main-thread CPU from pgn set to painted (traced rounds), median of ${rounds}: ${parts(result.mainThreadCpuMs)}`);
  console.log(`cold (import + rules init + render + paint): ${result.medianMs.cold} ms (import ${result.medianMs.moduleImport}, init ${result.medianMs.rulesInit})`);
  console.log(`shown = in the DOM (${runs[0].moves} move buttons, ${runs[0].comments} comments) and, once painted, the current move rendered in the list's view: ${result.currentShown ? 'yes' : 'NO'} in every round`);
  if (baseline) {
    const b = result.baseline;
    console.log(`baseline ${baseline} (same rounds, interleaved): median pgn set -> shown ${b.medianMs.render} ms, -> painted ${b.medianMs.renderPainted} ms; least ${b.minMs.render} / ${b.minMs.renderPainted} ms; CPU ${b.medianMs.cpu} ms; main thread ${parts(b.mainThreadCpuMs)}`);
  }
  console.log(`machine: ${result.machine.cpus} cores, load ${result.machine.loadBefore.join(' ')} at the start, ${result.machine.load.join(' ')} at the end`);
}
if (!result.currentShown) process.exitCode = 1;
