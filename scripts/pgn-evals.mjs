#!/usr/bin/env node
// Adds escaque's own evaluations to a PGN file: for every move of every game's mainline, a search of
// the position after it (the Engine, in a worker) to a fixed depth, written as [%eval] (White's view,
// pawns or #mate, with the depth) by escaque/pgn's writer; comments, NAGs and variations are kept.
// Used for web/games/classics.pgn (the viewer's demo, web/embed.html).
//
//   node scripts/pgn-evals.mjs in.pgn out.pgn [depth=12]
import { readFileSync, writeFileSync } from 'node:fs';

import { init, Engine } from '../dist/index.node.mjs';
import { readPgn, writePgn } from '../dist/pgn.mjs';

const [input, output, depthArg = '12'] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/pgn-evals.mjs in.pgn out.pgn [depth]');
  process.exit(2);
}
const depth = Number(depthArg);
await init();
const engine = new Engine({ options: { Hash: 64 } });
const games = [];
try {
  for (const record of readPgn(readFileSync(input, 'utf8'))) {
    if (record.error) throw record.error;
    const game = record.game;
    const moves = [];
    const blackFirst = game.fen.split(' ')[1] === 'b';
    for (const [i, node] of game.moves.entries()) {
      moves.push(node.uci);
      const whiteToMove = (i + (blackFirst ? 1 : 0)) % 2 === 1;
      if (node.san.endsWith('#')) continue;   // mate on the board: nothing to search
      const r = await engine.bestMove({ fen: game.fen, moves, chess960: game.chess960 }, { depth });
      const sign = whiteToMove ? 1 : -1;
      const s = r.score;
      if (!s) continue;
      node.eval = s.type === 'mate' ? { mate: sign * s.value, depth } : { cp: sign * s.value, depth };
    }
    await engine.newGame();
    games.push(game);
    console.error(`game ${record.index + 1}: ${game.moves.length} moves evaluated at depth ${depth}`);
  }
} finally {
  await engine.dispose();
}
writeFileSync(output, writePgn(games));
