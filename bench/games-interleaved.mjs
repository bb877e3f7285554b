// The anchors' random-game workload (../shared/bench/anchors, its own driver lib/games-core.mjs)
// for escaque and chessops in ONE process, alternated in short chunks: chunk k is --games games
// from seed k, played by both libraries one after the other (the order alternates), each timed in
// CPU time. Slow spells of a shared machine then fall on both libraries alike, which separate
// processes (bench/games-rounds.mjs) cannot promise: there one library's run may meet a slow
// minute the other's missed. Prints plies per CPU-second of each library over all chunks, and the
// median and quartiles of the chunk-by-chunk ratio.
//
//   node bench/games-interleaved.mjs [--chess] [--chunks 40] [--games 10]
//
// --chess: escaque's full-rules Chess class (bench/adapters/escaque-game.mjs); otherwise Position
// (bench/adapters/escaque.mjs). ANCHORS_DIR and ANCHORS_NODE_MODULES as for bench/anchors-compare.sh.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ROOT, anchorsDir, escaqueAdapter, numberOption as opt, peersDir } from './lib/anchors.mjs';

const CHUNKS = opt('chunks', 40);
const GAMES = opt('games', 10);
const ADAPTER = escaqueAdapter();
const anchors = anchorsDir();
process.env.ANCHORS_NODE_MODULES = peersDir();

const common = await import(pathToFileURL(join(anchors, 'lib/common.mjs')).href);
const { runGames } = await import(pathToFileURL(join(anchors, 'lib/games-core.mjs')).href);
const libraries = [
  { name: 'escaque', adapter: (await import(pathToFileURL(join(ROOT, ADAPTER)).href)).default },
  { name: 'chessops', adapter: await common.loadAdapter('chessops') },
];
for (const lib of libraries) {
  await lib.adapter.load();
  runGames(() => lib.adapter.newGame(), { games: 20, seed: 1 }); // JIT warm-up, not counted
  lib.plies = 0;
  lib.cpu = 0;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const ratios = [];
for (let k = 1; k <= CHUNKS; k++) {
  const order = k % 2 ? libraries : [...libraries].reverse();
  const chunk = {};
  for (const lib of order) {
    const t0 = cpuMs();
    const res = runGames(() => lib.adapter.newGame(), { games: GAMES, seed: k });
    const ms = cpuMs() - t0;
    lib.plies += res.plies;
    lib.cpu += ms;
    chunk[lib.name] = { ...res, ms };
  }
  const { escaque: e, chessops: c } = chunk;
  if (e.plies !== c.plies || e.sanHash !== c.sanHash) {
    throw new Error(`chunk ${k}: the games differ (${e.plies} plies ${e.sanHash} vs ${c.plies} plies ${c.sanHash})`);
  }
  ratios.push(c.ms / e.ms);
}
await Promise.all(libraries.map((lib) => lib.adapter.close?.()));

ratios.sort((a, b) => a - b);
const q = (f) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))];
const f = (x) => Math.round(x).toLocaleString('en-US');
const [e, c] = libraries;
console.log(`escaque through ${ADAPTER}; ${CHUNKS} chunks of ${GAMES} games, ${f(e.plies)} plies each library`);
console.log(`escaque ${f(e.plies / (e.cpu / 1000))} plies/CPU-s, chessops ${f(c.plies / (c.cpu / 1000))} plies/CPU-s: ` +
  `${(c.cpu / e.cpu).toFixed(2)}x over all chunks`);
console.log(`chunk ratios: quartiles ${q(0.25).toFixed(2)}x / median ${q(0.5).toFixed(2)}x / ${q(0.75).toFixed(2)}x ` +
  `(min ${ratios[0].toFixed(2)}x, max ${ratios.at(-1).toFixed(2)}x)`);
