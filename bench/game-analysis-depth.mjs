#!/usr/bin/env node
// The depth of "Analyse the game" (web/app/game-analysis.js): how long a whole game takes at each depth
// and how much the evaluations jump between neighbouring positions, by the app's own evaluateLine on the
// package's Engine with the NNUE network (as the app's adviser searches), in Node.
//
//   node bench/game-analysis-depth.mjs [depths=8,12,14,16]
//
// Prints, per depth: the seconds for the 34 positions of Morphy – Duke (Paris 1858), the largest jump of
// the evaluation between two neighbouring positions before the mating attack (moves 1–13, where the
// game is not decided: a jump there is mostly the search's noise), and the moves graded. The browser is
// slower than Node by a small factor (docs/benchmarks.md, "Session 20").
import { loadavg } from 'node:os';

import { Engine, init } from 'escaque';

const depths = (process.argv[2] ?? '8,12,14,16').split(',').map(Number);
const FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SAN = 'e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 '
  + 'O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#';

await init();
const ga = await import('../web/app/game-analysis.js');
const { Chess } = await import('escaque');
const game = new Chess();
const moves = SAN.split(' ').map((s) => game.move(s).uci);
game.dispose();

console.log(`game-analysis-depth: ${moves.length + 1} positions, load ${loadavg()[0].toFixed(2)}`);
for (const depth of depths) {
  const engine = new Engine({ options: { Hash: 16 } });
  await engine.setOption('Use NNUE', true);
  const adviser = { evaluate: (position, d) => engine.bestMove(position, { depth: d }) };
  const t0 = performance.now();
  const line = await ga.evaluateLine(adviser, { fen: FEN, chess960: false, moves, finalValue: ga.CAP }, { depth });
  const seconds = (performance.now() - t0) / 1000;
  engine.dispose();
  const values = line.map((p) => p.value);
  let jump = 0;
  for (let i = 1; i <= 26; i++) jump = Math.max(jump, Math.abs(values[i] - values[i - 1]));
  const graded = ga.gradeMoves(values, FEN, { played: SAN.split(' '), best: line.map((p) => p.best) })
    .map((g) => `${ga.moveLabel(FEN, g.ply, SAN.split(' ')[g.ply - 1])} ${g.grade}`);
  console.log(`depth ${depth}: ${seconds.toFixed(1)} s, largest jump in moves 1-13 ${jump.toFixed(2)} pawns, `
    + `graded ${graded.length}: ${graded.join(', ')}`);
}
