// The Engine class in headless Chromium: the page served by scripts/serve.mjs
// (cross-origin isolated by its COOP/COEP headers, under the page's strict CSP)
// imports dist/index.mjs; the search runs in a module Web Worker. Stop latency
// is measured in the page, with shared memory and with the fallback that
// terminates the worker.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { useServedChromium } from './harness.mjs';

const env = useServedChromium();

async function openPage() {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  // Not the app's page: that one is served without cross-origin isolation (scripts/serve.mjs), and
  // these tests need a crossOriginIsolated page for the shared-memory stop.
  await page.goto(new URL('legal-moves.html', env.baseUrl).href);
  return { page, problems };
}

test('bestMove, info events, MultiPV, mates and errors in a browser Worker', async () => {
  const { page, problems } = await openPage();
  const r = await page.evaluate(async () => {
    const { init, Chess, Engine, InvalidFenError } = await import('/dist/index.mjs');
    await init();
    const engine = new Engine();
    const described = await engine.ready();
    const infos = [];
    const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    const best = await engine.bestMove(kiwipete, { depth: 7 }, { onInfo: (i) => infos.push(i) });
    const legal = Chess.fromFen(kiwipete).movesUci();
    const mate = await engine.bestMove('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', { depth: 4 });
    const analysis = engine.analyse('startpos', { multiPv: 3, depth: 6 });
    const ranks = [];
    for await (const info of analysis) if (info.depth === 6 && info.score.bound === 'exact') ranks.push(info.multipv);
    const lines = (await analysis.result).lines.map((l) => l.pv[0]);
    let fenError = null;
    try {
      await engine.bestMove('not a fen', { depth: 1 });
    } catch (e) {
      fenError = e instanceof InvalidFenError ? e.code : String(e);
    }
    await engine.dispose();
    return {
      isolated: crossOriginIsolated,
      shared: described.sharedMemoryStop,
      best: best.bestMove,
      bestLegal: legal.includes(best.bestMove),
      depths: infos.map((i) => i.depth),
      pvLegal: infos.every((i) => legal.includes(i.pv[0]) && i.san.length === i.pv.length),
      mate: [mate.bestMove, mate.bestMoveSan, mate.score.type, mate.score.value],
      ranks,
      lines,
      fenError,
    };
  });
  assert.equal(r.isolated, true, 'the dev server makes the page cross-origin isolated');
  assert.equal(r.shared, true);
  assert.equal(r.bestLegal, true, r.best);
  assert.ok(r.pvLegal);
  for (let k = 1; k < r.depths.length; k++) assert.ok(r.depths[k] >= r.depths[k - 1], r.depths.join(','));
  assert.equal(r.depths.at(-1), 7);
  assert.deepEqual(r.mate, ['a1a8', 'Ra8#', 'mate', 1]);
  assert.deepEqual(r.ranks, [1, 2, 3]);
  assert.equal(new Set(r.lines).size, 3);
  assert.equal(r.fenError, 'INVALID_FEN');
  assert.deepEqual(problems, []);
  await page.close();
});

// Stops at random moments of infinite searches; every answer must be a legal move. How fast each
// came is printed as a figure (the browser's row of docs/benchmarks.md), not asserted: a speed bar
// belongs to a benchmark (bench/stop-latency.mjs), where a loaded machine cannot fail a test.
async function stopAtRandomMoments(page, sharedMemory, count, name) {
  const run = await measureStops(page, sharedMemory, count);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  console.log(`# ${name}: ${count} stops, max ${sorted.at(-1).toFixed(1)} ms, median ` +
    `${sorted[Math.floor(count / 2)].toFixed(1)} ms (page timer late by up to ${run.hostLate.toFixed(1)} ms)`);
  assert.equal(run.latencies.length, count);
  assert.deepEqual(run.illegal, []);
  return run;
}

async function measureStops(page, sharedMemory, count) {
  return page.evaluate(async ({ sharedMemory, count }) => {
    const { init, Chess, Engine } = await import('/dist/index.mjs');
    await init();
    const engine = new Engine({ sharedMemory });
    await engine.bestMove('startpos', { depth: 5 });  // warm: the worker has loaded and searched once
    const fens = ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'];
    const latencies = [];
    const illegal = [];
    // How late the page itself gets the CPU meanwhile (how loaded the machine was).
    const lateness = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await new Promise((r) => setTimeout(r, 1));
        lateness.push(performance.now() - t - 1);
      }
    })();
    for (let k = 0; k < count; k++) {
      const fen = fens[k % 3];
      const search = engine.bestMove(fen, { infinite: true });
      const wait = [0, 1, 5, 20, 60, 150, 300][k % 7] + Math.random() * 20;
      await new Promise((r) => setTimeout(r, wait));
      const t0 = performance.now();
      const result = await engine.stop();
      latencies.push(performance.now() - t0);
      if ((await search) !== result) illegal.push('stop and bestMove answered differently');
      if (!Chess.fromFen(fen).movesUci().includes(result.bestMove)) illegal.push(`${result.bestMove} in ${fen}`);
    }
    probing = false;
    await probe;
    await engine.dispose();
    return { latencies, illegal, hostLate: Math.max(0, ...lateness) };
  }, { sharedMemory, count });
}

test('20 stops in the page with shared memory: each answered, each a legal move', async () => {
  const { page, problems } = await openPage();
  await stopAtRandomMoments(page, true, 20, 'Engine.stop() latency (Chromium Worker, shared memory)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('without shared memory the worker is terminated and replaced: each answered, each legal', async () => {
  const { page, problems } = await openPage();
  await stopAtRandomMoments(page, false, 8, 'Engine.stop() latency (Chromium Worker, terminate fallback)');
  assert.deepEqual(problems, []);
  await page.close();
});

// The NNUE network (docs/engine.md, "NNUE in WebAssembly"): the page's init() loads escaque.wasm only; an
// Engine told "Use NNUE" makes its worker fetch escaque-engine.wasm (Chromium has SIMD128), once per page,
// and search the tree the command line searches. How long a new Engine took to its first bestmove with
// the network (the module downloaded from the local server and compiled) is printed as a figure.
test('"Use NNUE": the worker fetches escaque-engine.wasm once and searches the command line\'s tree', async () => {
  const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const cli = spawnSync(process.execPath, [fileURLToPath(new URL('../../bin/escaque-uci.mjs', import.meta.url))], {
    input: `setoption name Use NNUE value true\nposition fen ${kiwipete}\ngo depth 7\n`, encoding: 'utf8', timeout: 120_000,
  });
  const cliNodes = Number(/ nodes (\d+)/.exec(cli.stdout.split('\n').filter((l) => /^info depth 7 /.test(l)).at(-1))[1]);
  const { page, problems } = await openPage();
  const fetched = [];
  page.on('request', (r) => { if (/\.wasm(\?|$)/.test(r.url())) fetched.push(new URL(r.url()).pathname); });
  const r = await page.evaluate(async (fen) => {
    const { init, Chess, Engine } = await import('/dist/index.mjs');
    await init();
    const t0 = performance.now();
    const first = new Engine({ options: { 'Use NNUE': true } });
    const quick = await first.bestMove('startpos', { depth: 1 });
    const firstMs = performance.now() - t0;
    await first.newGame();  // the deep search as from a fresh session, like the command line's
    const deep = await first.bestMove(fen, { depth: 7 });
    await first.dispose();
    // A second engine of the page: the compiled module is reused, nothing is fetched again.
    const t1 = performance.now();
    const second = new Engine();
    await second.setOption('Use NNUE', true);
    const again = await second.bestMove(fen, { depth: 7 });
    const secondMs = performance.now() - t1;
    await second.dispose();
    return { firstMs, secondMs, quickLegal: new Chess().movesUci().includes(quick.bestMove), nodes: [deep.nodes, again.nodes],
      legal: Chess.fromFen(fen).movesUci().includes(deep.bestMove) };
  }, kiwipete);
  console.log(`# new Engine({options: {'Use NNUE': true}}) to its first bestmove (depth 1): ${r.firstMs.toFixed(0)} ms ` +
    `(escaque-engine.wasm fetched from the local server and compiled); a second engine to a depth-7 bestmove: ${r.secondMs.toFixed(0)} ms`);
  // (The page's own escaque.wasm was fetched when it opened.) Once, the SIMD128 build, never the scalar one.
  assert.deepEqual(fetched.filter((p) => /escaque-engine/.test(p)), ['/dist/escaque-engine.wasm']);
  assert.equal(r.quickLegal, true);
  assert.equal(r.legal, true);
  assert.deepEqual(r.nodes, [cliNodes, cliNodes]);
  assert.deepEqual(problems, []);
  await page.close();
});
