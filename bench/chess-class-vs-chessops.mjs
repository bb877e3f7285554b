#!/usr/bin/env node
// Issue 13, "the full-rules Chess class fast": escaque's Chess class against chessops on the same
// operations, in one process, alternated, CPU time:
//   fromFen   a game from a FEN (escaque: Chess.fromFen, which runs the dead-position analysis of
//             the start position; chessops: parseFen + Chess.fromSetup)
//   games     random games replayed ply by ply: the legal moves listed, the move's SAN, the move
//             played, the end checked (escaque: movesUci, move, isGameOver; chessops: allDests,
//             makeSan, play, isEnd). The games are drawn once (seeded) and both replay the same plies.
// Prints µs per operation and the ratio (chessops time ÷ escaque time: > 1 means escaque is faster).
//
//   node bench/chess-class-vs-chessops.mjs [--rounds 3] [--games 40]
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';

import { Chess, init } from '../dist/index.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const ROUNDS = opt('rounds', 3);
const GAMES = opt('games', 40);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

await init();

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1',
];

// The games: seeded random moves through escaque (not timed), at most 200 plies each.
let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const games = [];
for (let i = 0; i < GAMES; i++) {
  const g = new Chess();
  const plies = [];
  while (!g.isGameOver() && plies.length < 200) {
    const moves = g.movesUci();
    const uci = moves[Math.floor(random() * moves.length)];
    g.move(uci);
    plies.push(uci);
  }
  games.push(plies);
}
const plyCount = games.reduce((n, g) => n + g.length, 0);

const runs = {
  escaqueFromFen() {
    for (let r = 0; r < 200; r++) for (const fen of FENS) Chess.fromFen(fen);
    return 200 * FENS.length;
  },
  chessopsFromFen() {
    for (let r = 0; r < 200; r++) for (const fen of FENS) OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap();
    return 200 * FENS.length;
  },
  escaqueGames() {
    let sanLength = 0;
    for (const plies of games) {
      const g = new Chess();
      for (const uci of plies) {
        g.movesUci();
        sanLength += g.move(uci).san.length;
        g.isGameOver();
      }
    }
    return { ops: plyCount, check: sanLength };
  },
  chessopsGames() {
    let sanLength = 0;
    for (const plies of games) {
      const pos = OpsChess.default();
      for (const uci of plies) {
        pos.allDests();
        const move = parseUci(uci);
        sanLength += makeSan(pos, move).length;
        pos.play(move);
        pos.isEnd();
      }
    }
    return { ops: plyCount, check: sanLength };
  },
};

const best = {};
const checks = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ['chessops', 'escaque'] : ['escaque', 'chessops'];
  for (const what of ['FromFen', 'Games']) {
    for (const lib of order) {
      const name = lib + what;
      const t = cpu();
      const result = runs[name]();
      const ms = cpu() - t;
      const ops = typeof result === 'number' ? result : result.ops;
      if (typeof result === 'object') checks[lib] = result.check;
      const us = (ms * 1000) / ops;
      best[name] = Math.min(best[name] ?? Infinity, us);
    }
  }
}
if (checks.escaque !== checks.chessops) throw new Error(`the two replays differ: SAN lengths ${JSON.stringify(checks)}`);
console.log(`fromFen (${FENS.length} FENs): escaque Chess ${best.escaqueFromFen.toFixed(2)} µs, chessops ${best.chessopsFromFen.toFixed(2)} µs ` +
  `-> ${(best.chessopsFromFen / best.escaqueFromFen).toFixed(2)}x (CPU, best of ${ROUNDS})`);
console.log(`games (${GAMES} random games, ${plyCount} plies, same SAN): escaque Chess ${best.escaqueGames.toFixed(2)} µs/ply, ` +
  `chessops ${best.chessopsGames.toFixed(2)} µs/ply -> ${(best.chessopsGames / best.escaqueGames).toFixed(2)}x`);
