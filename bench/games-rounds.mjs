// The anchors' random-game workload (../shared/bench/anchors/games.mjs) for escaque's Position
// adapter (or, with --chess, the full-rules Chess class: bench/adapters/escaque-game.mjs) and
// chessops, alternated for several rounds, each round a pair of fresh processes with the same
// options: the spread of the ratio on a noisy machine, which one run of
// bench/anchors-compare.sh cannot show.
//
//   node bench/games-rounds.mjs [--rounds 5] [--runs 3] [--games 100] [--chess]
//
// ANCHORS_DIR and ANCHORS_NODE_MODULES as for bench/anchors-compare.sh (same defaults).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT, anchorsDir, escaqueAdapter, numberOption as opt, peersDir } from './lib/anchors.mjs';

const ROUNDS = opt('rounds', 5);
const RUNS = opt('runs', 3);
const GAMES = opt('games', 100);
const ADAPTER = escaqueAdapter();
const anchors = anchorsDir();
const env = { ...process.env, ANCHORS_NODE_MODULES: peersDir() };
const out = mkdtempSync(join(tmpdir(), 'games-rounds-'));

function games(adapter, file) {
  const argv = ['games.mjs', adapter, '--games', String(GAMES), '--runs', String(RUNS), '--out', file];
  execFileSync(process.execPath, argv, { cwd: anchors, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(readFileSync(file, 'utf8'));
}

console.log(`escaque through ${ADAPTER}\n`);
console.log('| round | escaque plies/CPU-s | chessops plies/CPU-s | ratio CPU | ' +
  'escaque plies/s | chessops plies/s | ratio wall |');
console.log('|---|---|---|---|---|---|---|');
const ratios = [];
let games0 = null;
for (let r = 1; r <= ROUNDS; r++) {
  // Alternate which library goes first.
  const order = r % 2 ? ['escaque', 'chessops'] : ['chessops', 'escaque'];
  const res = {};
  for (const name of order) {
    const adapter = name === 'escaque' ? join(ROOT, ADAPTER) : 'chessops';
    res[name] = games(adapter, join(out, `${name}-${r}.json`));
  }
  if (res.escaque.plies !== res.chessops.plies || res.escaque.sanHash !== res.chessops.sanHash) {
    throw new Error(`round ${r}: the games differ (${res.escaque.sanHash} vs ${res.chessops.sanHash})`);
  }
  games0 = res.escaque;
  const cpu = res.escaque.pliesPerCpuSecond.median / res.chessops.pliesPerCpuSecond.median;
  const wall = res.escaque.pliesPerSecond.median / res.chessops.pliesPerSecond.median;
  ratios.push(cpu);
  const f = (x) => Math.round(x).toLocaleString('en-US');
  const { escaque: e, chessops: c } = res;
  console.log(`| ${r} | ${f(e.pliesPerCpuSecond.median)} | ${f(c.pliesPerCpuSecond.median)} | ${cpu.toFixed(2)}x | ` +
    `${f(e.pliesPerSecond.median)} | ${f(c.pliesPerSecond.median)} | ${wall.toFixed(2)}x |`);
}
ratios.sort((a, b) => a - b);
const median = ratios[ratios.length >> 1];
console.log(`\nCPU ratio over ${ROUNDS} rounds: min ${ratios[0].toFixed(2)}x, median ${median.toFixed(2)}x, ` +
  `max ${ratios.at(-1).toFixed(2)}x (every round ${games0.plies} plies, SAN hash ${games0.sanHash}, both libraries)`);
