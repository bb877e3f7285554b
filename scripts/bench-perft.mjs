#!/usr/bin/env node
// Perft speed of the WebAssembly build under Node, next to the native binary
// and (when installed) Debian's Stockfish, all counting the same positions.
//
//   node scripts/bench-perft.mjs [--runs N]
//
// Times are wall-clock for the `go perft` command alone (the WASM module is
// loaded first; native programs are timed as whole processes, which adds a
// few milliseconds of start-up to their side).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadEscaque } from '../dist/loader.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const POSITIONS = [
  { name: 'start, depth 6', position: 'position startpos', depth: 6 },
  { name: 'Kiwipete, depth 5',
    position: 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 5 },
];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

function nodesIn(text) {
  const m = /Nodes searched: (\d+)/.exec(text);
  if (!m) throw new Error(`no "Nodes searched" line in:\n${text}`);
  return Number(m[1]);
}

// Best of RUNS, in nodes per second.
function best(measure) {
  let top = { nodes: 0, nps: 0 };
  for (let i = 0; i < RUNS; ++i) {
    const r = measure();
    if (r.nps > top.nps) top = r;
  }
  return top;
}

function wasm(escaque, p) {
  return best(() => {
    const session = new escaque.UciSession();
    session.handle(p.position);
    const t0 = performance.now();
    const nodes = nodesIn(session.handle(`go perft ${p.depth}`));
    const seconds = (performance.now() - t0) / 1000;
    session.delete();
    return { nodes, nps: nodes / seconds };
  });
}

function processRun(command, p) {
  return best(() => {
    const input = `${p.position}\ngo perft ${p.depth}\nquit\n`;
    const t0 = performance.now();
    const r = spawnSync(command, [], { input, encoding: 'utf8' });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
    const nodes = nodesIn(r.stdout);
    return { nodes, nps: nodes / seconds };
  });
}

const escaque = await loadEscaque();
const engines = [['escaque WASM (Node)', (p) => wasm(escaque, p)]];
const nativeUci = `${root}build/native/escaque-uci`;
if (existsSync(nativeUci)) engines.push(['escaque native', (p) => processRun(nativeUci, p)]);
if (existsSync('/usr/games/stockfish')) engines.push(['Stockfish native', (p) => processRun('/usr/games/stockfish', p)]);

for (const p of POSITIONS) {
  console.log(p.name);
  for (const [name, run] of engines) {
    const r = run(p);
    console.log(`  ${name.padEnd(22)} ${(r.nps / 1e6).toFixed(0).padStart(5)} M nodes/s  (${r.nodes} nodes)`);
  }
}
