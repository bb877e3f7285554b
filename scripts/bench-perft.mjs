#!/usr/bin/env node
// Perft speed of escaque's WebAssembly build under Node next to the native
// build and Stockfish, all driven the same way: as UCI programs answering
// `go perft N`.
//
//   node scripts/bench-perft.mjs [--runs N]
//   STOCKFISH_WASM=/path/to/stockfish-19-lite-single.js node scripts/bench-perft.mjs
//
// Each figure is the best of N runs. "CPU" divides by the CPU time the program
// spent on the command (from /proc, 10 ms resolution), which stays meaningful
// on a busy shared machine; "wall" is elapsed time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const POSITIONS = [
  { name: 'start position, depth 6', position: 'position startpos', depth: 6 },
  { name: 'Kiwipete, depth 5',
    position: 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 5 },
];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const engines = [];
if (existsSync(`${root}dist/escaque.wasm`)) {
  engines.push(['escaque WASM (Node)', process.execPath, [`${root}bin/escaque-uci.mjs`]]);
}
if (existsSync(`${root}build/native/escaque-uci`)) {
  engines.push(['escaque native', `${root}build/native/escaque-uci`, []]);
}
if (process.env.STOCKFISH_WASM) engines.push(['Stockfish WASM (Node)', process.execPath, [process.env.STOCKFISH_WASM]]);
if (existsSync('/usr/games/stockfish')) engines.push(['Stockfish native', '/usr/games/stockfish', []]);
if (engines.length === 0) {
  console.error('nothing to measure: run "npm run build" first');
  process.exit(1);
}

// CPU seconds (user + system) used so far by process pid.
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Starts the program, sets the position, waits for readyok, then times `go perft`.
function measure(command, args, { position, depth }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dirname(args[0] ?? command), stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    let cpu0;
    let wall0;
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}) before answering:\n${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (cpu0 === undefined && out.includes('readyok')) {
        cpu0 = cpuSeconds(child.pid);
        wall0 = performance.now();
        child.stdin.write(`go perft ${depth}\n`);
      }
      const m = /Nodes searched: (\d+)/.exec(out);
      if (m) {
        const cpu = cpuSeconds(child.pid) - cpu0;
        const wall = (performance.now() - wall0) / 1000;
        child.removeAllListeners('exit');
        child.kill();
        resolve({ nodes: Number(m[1]), cpuNps: m[1] / Math.max(cpu, 0.01), wallNps: m[1] / wall });
      }
    });
    child.stdin.write(`uci\n${position}\nisready\n`);
  });
}

const mnps = (x) => `${(x / 1e6).toFixed(0).padStart(5)} M`;
for (const p of POSITIONS) {
  console.log(`${p.name}  (nodes/s: CPU, wall)`);
  for (const [name, command, args] of engines) {
    let best = { cpuNps: 0, wallNps: 0 };
    for (let i = 0; i < RUNS; ++i) {
      const r = await measure(command, args, p);
      best = { nodes: r.nodes, cpuNps: Math.max(best.cpuNps, r.cpuNps), wallNps: Math.max(best.wallNps, r.wallNps) };
    }
    console.log(`  ${name.padEnd(24)}${mnps(best.cpuNps)}  ${mnps(best.wallNps)}   ${best.nodes} nodes`);
  }
}
