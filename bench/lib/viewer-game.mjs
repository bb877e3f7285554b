// The game of issue 16's first-render bar (bench/game-viewer.mjs, bench/game-viewer-src.mjs): 80 moves
// (160 plies) of seeded pseudo-random legal moves, a comment, [%eval] and [%clk] on every move, NAGs, a
// 3-move variation every 10 plies; made by the package (its rules and escaque/pgn's writer).
import { init, Chess } from '../../dist/rules.node.mjs';
import { readPgnGame, writePgn, addVariation } from '../../dist/pgn.mjs';

/** {game, pgn}: the same game on every call. */
export async function benchGame() {
  await init();
  function makeGame() {
    let seed = 16;
    const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (;;) {
      const chess = new Chess();
      while (chess.history().length < 160 && !chess.isGameOver()) {
        const moves = chess.moves();
        // prefer quiet moves so that the game lasts: captures only one time in three
        const quiet = moves.filter((m) => !m.captured);
        const pool = quiet.length && rand() < 0.67 ? quiet : moves;
        chess.move(pool[Math.floor(rand() * pool.length)].san);
      }
      if (chess.history().length === 160) {
        const game = readPgnGame(chess.pgn());
        chess.dispose();
        return game;
      }
      chess.dispose();
    }
  }
  const game = makeGame();
  game.tags = { Event: 'Bench', White: 'Random, A.', Black: 'Random, B.', WhiteElo: '1500', BlackElo: '1500', Result: '*' };
  let cp = 20;
  let clock = 600_000;
  game.moves.forEach((n, i) => {
    cp += Math.round(Math.sin(i / 7) * 40);
    n.eval = { cp };
    if (i % 2 === 0) clock -= 3_000;
    n.clock = clock;
    n.comments = [`Move ${i + 1}: a note on the plan, the pawn structure and the piece that matters here.`];
    if (i % 6 === 3) n.nags = [i % 12 === 3 ? 1 : 6];
  });
  for (let i = 9; i < game.moves.length; i += 10) {
    // a three-move variation from the position before move i, by the package's rules
    const chess = new Chess();
    for (const n of game.moves.slice(0, i)) chess.move(n.san);
    const alt = chess.moves().filter((m) => m.san !== game.moves[i].san).slice(0, 1);
    if (alt.length) {
      chess.move(alt[0].san);
      const line = [alt[0].san];
      for (let k = 0; k < 2 && !chess.isGameOver(); k++) { const m = chess.moves()[0]; chess.move(m.san); line.push(m.san); }
      const v = addVariation(game, game.moves[i], line);
      v[0].comments = ['An alternative worth a look.'];
    }
    chess.dispose();
  }
  return { game, pgn: writePgn(game) };
}
