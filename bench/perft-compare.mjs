#!/usr/bin/env node
// Side-by-side perft speed: escaque against Stockfish, natively and in
// WebAssembly, in one run, alternating the engines so that machine noise hits
// both alike. The machine is shared, so the figure that counts is the ratio
// measured here, not an absolute time.
//
//   node bench/perft-compare.mjs [--pair native|wasm|all] [--runs 5] [--json out.json]
//
// Engines (all as UCI processes, Threads=1 where the option exists, no hashing):
//   escaque native   build/native/escaque-uci
//   Stockfish native /usr/games/stockfish (Debian 15.1), or $STOCKFISH_BIN
//   escaque WASM     node bin/escaque-uci.mjs
//   Stockfish WASM   npm stockfish@19 bin/stockfish-19-lite-single.js (single-threaded),
//                    installed on demand into .cache/peers by scripts/install-peers.sh
// Time: wall from writing `go perft N` to reading `Nodes searched`, and the
// engine process's CPU time (user+system, /proc) over the same interval.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const pair = opt('pair', 'all');
const runs = Number(opt('runs', '5'));
const jsonOut = opt('json', null);

const POSITIONS = [
  { name: 'startpos', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 6, nodes: 119060324 },
  { name: 'kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 5, nodes: 193690690 },
];

const sfWasm = join(root, '.cache/peers/node_modules/stockfish/bin/stockfish-19-lite-single.js');
const ENGINES = {
  'escaque native': { command: join(root, 'build/native/escaque-uci'), args: [] },
  'stockfish native': { command: process.env.STOCKFISH_BIN || '/usr/games/stockfish', args: [], threads: true },
  'escaque wasm': { command: process.execPath, args: [join(root, 'bin/escaque-uci.mjs')] },
  'stockfish wasm': { command: process.execPath, args: [sfWasm], threads: true, settleMs: 100 },
};
const PAIRS = {
  native: ['escaque native', 'stockfish native'],
  wasm: ['escaque wasm', 'stockfish wasm'],
};

const CLOCK_TICKS_PER_S = 100; // Linux USER_HZ
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

class Engine {
  constructor(name, spec) {
    this.name = name;
    this.spec = spec;
    this.proc = spawn(spec.command, spec.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.waiters = [];
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const w = this.waiters[0];
      if (w && w.re.test(line)) {
        this.waiters.shift();
        w.resolve(line);
      }
    });
    this.proc.on('exit', (code) => {
      for (const w of this.waiters) w.reject(new Error(`${name} exited with code ${code}`));
    });
  }
  send(line) {
    this.proc.stdin.write(line + '\n');
  }
  wait(re) {
    return new Promise((resolve, reject) => this.waiters.push({ re, resolve, reject }));
  }
  async start() {
    const ok = this.wait(/^uciok/);
    this.send('uci');
    await ok;
    if (this.spec.threads) this.send('setoption name Threads value 1');
    const ready = this.wait(/^readyok/);
    this.send('isready');
    await ready;
  }
  async perft(fen, depth) {
    if (this.spec.settleMs) await new Promise((r) => setTimeout(r, this.spec.settleMs));
    this.send(`position fen ${fen}`);
    const ready = this.wait(/^readyok/);
    this.send('isready');
    await ready;
    const done = this.wait(/^Nodes searched: \d+/);
    const c0 = cpuMs(this.proc.pid);
    const t0 = performance.now();
    this.send(`go perft ${depth}`);
    const line = await done;
    const ms = performance.now() - t0;
    const cpu = cpuMs(this.proc.pid) - c0;
    return { nodes: Number(line.split(': ')[1]), ms, cpuMs: cpu };
  }
  quit() {
    this.send('quit');
    setTimeout(() => this.proc.kill(), 1000).unref();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function comparePair(names) {
  for (const n of names)
    if (!existsSync(ENGINES[n].args[0] ?? ENGINES[n].command) && !existsSync(ENGINES[n].command))
      throw new Error(`${n}: ${ENGINES[n].args[0] ?? ENGINES[n].command} not found (npm run build; scripts/install-peers.sh)`);
  const engines = names.map((n) => new Engine(n, ENGINES[n]));
  for (const e of engines) await e.start();
  const samples = {}; // engine -> position -> [{ms, cpuMs}]
  for (const e of engines) samples[e.name] = Object.fromEntries(POSITIONS.map((p) => [p.name, []]));
  // One untimed warm-up each, then alternate A,B / B,A.
  for (const e of engines) await e.perft(POSITIONS[0].fen, 4);
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? [...engines].reverse() : engines;
    for (const p of POSITIONS)
      for (const e of order) {
        const s = await e.perft(p.fen, p.depth);
        if (s.nodes !== p.nodes) throw new Error(`${e.name} ${p.name} d${p.depth}: ${s.nodes} nodes, expected ${p.nodes}`);
        samples[e.name][p.name].push(s);
        process.stderr.write(`  run ${r + 1}/${runs} ${e.name} ${p.name}: ${(p.nodes / s.ms / 1000).toFixed(1)} Mnps wall\n`);
      }
  }
  for (const e of engines) e.quit();
  const rows = [];
  for (const p of POSITIONS) {
    const stat = names.map((n) => {
      const xs = samples[n][p.name];
      return {
        engine: n,
        wallMnps: p.nodes / median(xs.map((x) => x.ms)) / 1000,
        cpuMnps: p.nodes / median(xs.map((x) => Math.max(x.cpuMs, 10))) / 1000,
        walls: xs.map((x) => Math.round(x.ms)),
      };
    });
    rows.push({ position: p.name, depth: p.depth, nodes: p.nodes, stat, ratioWall: stat[0].wallMnps / stat[1].wallMnps, ratioCpu: stat[0].cpuMnps / stat[1].cpuMnps });
  }
  return rows;
}

const selected = pair === 'all' ? ['native', 'wasm'] : [pair];
const report = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), runs, pairs: {} };
for (const s of selected) report.pairs[s] = await comparePair(PAIRS[s]);

console.log(`perft, ${runs} alternating runs per engine and position; load average at start ${report.loadavg.map((x) => x.toFixed(2)).join(' ')}`);
console.log('| pair | position | depth | engine | Mnps wall (median) | Mnps CPU (median) | ratio escaque/peer (wall, CPU) |');
console.log('|---|---|---|---|---|---|---|');
for (const [pname, rows] of Object.entries(report.pairs))
  for (const row of rows)
    row.stat.forEach((s, i) =>
      console.log(`| ${pname} | ${row.position} | ${row.depth} | ${s.engine} | ${s.wallMnps.toFixed(1)} | ${s.cpuMnps.toFixed(1)} | ${i === 0 ? `${row.ratioWall.toFixed(2)}x, ${row.ratioCpu.toFixed(2)}x` : ''} |`),
    );
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2));
