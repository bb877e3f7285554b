#!/usr/bin/env node
// What the anchors' random-game workload (../shared/bench/anchors/games.mjs) costs by itself: the
// ceiling on plies per CPU-second that no library can pass, measured in the same run as escaque's
// Position and chessops, so that a bar such as "Position ≥ 10× chessops" can be checked against it.
//
// The driver (anchors lib/games-core.mjs) does per ply: moves(), an in-place sort by UCI text,
// a PRNG pick, play(m) returning SAN, an FNV-1a hash of that SAN, over(). The "free library" here
// replays the very games escaque plays (recorded first: every move list, SAN and ending), answering
// each call from memory: moves() returns a new array of the recorded frozen move objects (as
// escaque's Position#moves does: new array, shared objects, already in UCI order), play() the
// recorded SAN, over() the recorded ending. Its plies/CPU-s is therefore the driver's own cost on
// exactly this workload, with a library that costs nothing.
//
//   node bench/games-driver-floor.mjs [--games 500] [--rounds 5]
// (run `npm run build` first.) ANCHORS_DIR: the shared anchors directory, found as bench/games-rounds.mjs
// finds it by default; chessops from ANCHORS_NODE_MODULES (default .cache/peers/node_modules, as
// bench/anchors-compare.sh: scripts/install-peers.sh installs it).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import escaque from './adapters/escaque.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const anchors = process.env.ANCHORS_DIR ??
  [resolve(ROOT, '../shared/bench/anchors'), resolve(ROOT, '../../shared/bench/anchors')].find((d) => existsSync(d));
if (!anchors) throw new Error('set ANCHORS_DIR to the shared anchors directory');
// The peers' packages, as bench/anchors-compare.sh installs them (scripts/install-peers.sh).
process.env.ANCHORS_NODE_MODULES ??= resolve(ROOT, '.cache/peers/node_modules');
const from = (file) => import(pathToFileURL(resolve(anchors, file)).href);
const { runGames } = await from('lib/games-core.mjs');
const { cpuMs } = await from('lib/common.mjs');
const chessops = (await from('adapters/chessops.mjs')).default;

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const games = option('--games', 500);
const rounds = option('--rounds', 5);
const opts = { games, seed: 1, maxPlies: 300 };

await escaque.load();
await chessops.load();

// Record escaque's games through a wrapper of its adapter.
const recorded = [];
runGames(() => {
  const inner = escaque.newGame();
  const plies = [];
  recorded.push(plies);
  let current = null;
  return {
    moves() {
      const list = inner.moves();
      current = { moves: list.map((m) => Object.freeze({ uci: m.uci })), san: null, over: null };
      plies.push(current);
      return list;
    },
    play(m) { return (current.san = inner.play(m)); },
    over() { return (current.over = inner.over()); },
  };
}, opts);

// The free library: the recorded answers, in order (the driver asks in the same order each run).
function freeLibrary() {
  let g = 0;
  return () => {
    const plies = recorded[g++ % recorded.length];
    let i = 0;
    let ply = null;
    return {
      moves() { ply = plies[i++]; return ply.moves.slice(); },
      play(m) { return ply.san; },
      over() { return ply.over; },
    };
  };
}

const contenders = {
  'free library (driver alone)': () => freeLibrary(),
  'escaque Position': () => () => escaque.newGame(),
  chessops: () => () => chessops.newGame(),
};
const results = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
let plies = 0;
let hash = null;
for (const make of Object.values(contenders)) runGames(make(), { ...opts, games: 20 });  // warm-up
for (let r = 0; r < rounds; r++) {
  for (const [name, make] of Object.entries(contenders)) {
    const newGame = make();
    const c0 = cpuMs();
    const res = runGames(newGame, opts);
    const ms = cpuMs() - c0;
    if (hash === null) ({ plies, sanHash: hash } = res);
    else if (res.plies !== plies || res.sanHash !== hash) throw new Error(`${name}: the games differ (${res.plies} plies, ${res.sanHash})`);
    results[name].push(res.plies / (ms / 1000));
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`# ${games} games, ${plies} plies (SAN hash ${hash}), ${rounds} rounds alternated; load ${load}`);
const ops = median(results.chessops);
for (const [name, v] of Object.entries(results)) {
  const m = median(v);
  console.log(`${name.padEnd(30)} ${Math.round(m).toLocaleString('en').padStart(11)} plies/CPU-s  ${(m / ops).toFixed(2)}× chessops`);
}
const floor = median(results['free library (driver alone)']);
const ours = median(results['escaque Position']);
console.log(`driver per ply ${(1e6 / floor).toFixed(2)} µs; escaque Position adds ${(1e6 / ours - 1e6 / floor).toFixed(2)} µs; ` +
  `chessops adds ${(1e6 / ops - 1e6 / floor).toFixed(2)} µs`);
console.log(`10× chessops = ${Math.round(10 * ops).toLocaleString('en')} plies/CPU-s: ${10 * ops >= floor
  ? `above the driver's own ceiling (${Math.round(floor).toLocaleString('en')})`
  : `would leave escaque ${(1e6 / (10 * ops) - 1e6 / floor).toFixed(2)} µs per ply`}`);
