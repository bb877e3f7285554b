#!/usr/bin/env node
// Two builds of the package (two dist/ folders) in ONE process, alternated in chunks and timed in CPU
// time, for "speed unchanged" checks of a change: slow spells of a shared machine fall on both alike.
// Each build is its own module instance with its own WebAssembly memory. Workloads:
//
//   games        the anchors' random-game workload through Position (../shared/bench/anchors, its
//                driver lib/games-core.mjs; per ply moves(), sanAndPlay(), the five end tests; 50 games a chunk)
//   chess-games  the same workload through the full-rules Chess class (bench/adapters/escaque-game.mjs;
//                5 games a chunk)
//   repetition   Position#repetitionCount() on a position that repeats (the walk that confirms a key
//                match) and on one that does not (the key scan alone)
//   perft        the anchors' perft through Position (moveIds(), play(id) and undo() of every move,
//                leaves included), Kiwipete to depth 3 a chunk
//   text-moves   Chess#move(uci) + undo() and Position#play(uci) + undo() over Kiwipete's 48 moves
//
//   node bench/ab-builds.mjs A/dist B/dist [--chunks 60] [--only games|chess-games|perft|repetition|text-moves]
//
// A baseline build of an earlier commit: `git worktree add /tmp/base REV && ln -s "$PWD/node_modules"
// /tmp/base/ && (cd /tmp/base && scripts/build.sh wasm)`, then `node bench/ab-builds.mjs /tmp/base/dist
// dist`. Prints, per workload, each build's rate over all chunks and B's speed relative to A (total
// and chunk median; above 1: B is faster). Two copies of one build read 0.97–1.03 here (session 26), and
// the module loaded second tends to read 1–3 % slower: run it both ways round and read the two together.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { chessGame } from './adapters/escaque-game.mjs';
import { perft, positionGames } from './adapters/escaque.mjs';
import { anchorsDir, numberOption } from './lib/anchors.mjs';

const argv = process.argv.slice(2);
const dirs = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).slice(0, 2);
if (dirs.length !== 2) {
  console.error('usage: node bench/ab-builds.mjs A/dist B/dist [--chunks 60] [--only games|chess-games|perft|repetition|text-moves]');
  process.exit(2);
}
const CHUNKS = numberOption('chunks', 60);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
const { runGames } = await import(pathToFileURL(resolve(anchorsDir(), 'lib/games-core.mjs')).href);

const apis = [];
for (const dir of dirs) {
  const api = await import(pathToFileURL(resolve(dir, 'index.mjs')).href);
  await api.init();
  apis.push(api);
}
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

// The anchors adapters' games (bench/adapters/), on a given build.
function positionGamesOf(api) {
  const newGame = positionGames(api);
  return (k) => runGames(newGame, { games: 50, seed: k + 1, maxPlies: 300 }).plies;
}
function chessGamesOf(api) {
  return (k) => runGames(() => chessGame(api), { games: 5, seed: k + 1, maxPlies: 300 }).plies;
}

const REPEATS = ['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
const NO_REPEAT = ['g1f3', 'g8f6', 'b1c3', 'b8c6', 'a1b1', 'a8b8', 'h1g1', 'h8g8', 'f3d4', 'f6d5', 'c3e4', 'c6e5'];
function repetition(api) {
  const line = (moves) => { const p = new api.Position(); for (const m of moves) p.play(m); return p; };
  const [a, b] = [line(REPEATS), line(NO_REPEAT)];
  if (a.repetitionCount() !== 3 || b.repetitionCount() !== 1) throw new Error('repetition: unexpected counts');
  return () => { let s = 0; for (let i = 0; i < 50_000; i++) s += a.repetitionCount() + b.repetitionCount(); return 100_000; };
}

function perftOf(api) {
  const pos = api.Position.fromFen(KIWIPETE);
  return () => { if (perft(pos, 3) !== 97862) throw new Error('perft: wrong count'); return 97862; };
}

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
function textMoves(api) {
  const game = api.Chess.fromFen(KIWIPETE);
  const pos = api.Position.fromFen(KIWIPETE);
  const ucis = game.movesUci();
  return () => {
    for (let k = 0; k < 50; k++) for (const u of ucis) { game.move(u); game.undo(); }
    for (let k = 0; k < 500; k++) for (const u of ucis) { pos.play(u); pos.undo(); }
    return 550 * ucis.length;
  };
}

const workloads = [['games', positionGamesOf, 'plies'], ['chess-games', chessGamesOf, 'plies'], ['perft', perftOf, 'nodes'], ['repetition', repetition, 'calls'], ['text-moves', textMoves, 'moves']];
for (const [name, make, unit] of workloads) {
  if (only && only !== name) continue;
  const runs = apis.map(make);
  runs.forEach((run) => run(0));  // warm-up, untimed
  const ms = [0, 0];
  const count = [0, 0];
  const ratios = [];
  for (let k = 0; k < CHUNKS; k++) {
    const t = [0, 0];
    for (const i of k % 2 ? [1, 0] : [0, 1]) {
      const c0 = cpuMs();
      count[i] += runs[i](k);
      t[i] = cpuMs() - c0;
    }
    ms[0] += t[0];
    ms[1] += t[1];
    ratios.push((t[0] / t[1]));
  }
  ratios.sort((x, y) => x - y);
  const rate = (i) => Math.round((count[i] / ms[i]) * 1000).toLocaleString('en');
  const speed = (count[1] / ms[1]) / (count[0] / ms[0]);
  console.log(`${name.padEnd(11)} A ${rate(0)} ${unit}/CPU-s, B ${rate(1)}; B/A speed ${speed.toFixed(3)}, ` +
    `chunk median ${ratios[ratios.length >> 1].toFixed(3)} (${CHUNKS} chunks)`);
}
