// Micro-benchmarks of the package's JS API (dist/index.mjs): the cost of the
// calls an app makes per move. Prints microseconds per operation (wall, best of
// --runs). Used to find and check the hot paths; the headline figures against
// other libraries come from bench/anchors-compare.sh.
//
//   node bench/api-micro.mjs [--runs 5] [--scale 1]
import { init, Chess, Position } from '../dist/index.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const RUNS = opt('runs', 5);
const SCALE = opt('scale', 1);

await init();

const FENS = {
  start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  promotionEnding: '8/1P4k1/8/8/8/8/5Kp1/8 w - - 0 1',
  pos3: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
};

function time(label, n, fn) {
  let best = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    fn(n);
    const us = ((performance.now() - t0) * 1000) / n;
    best = Math.min(best, us);
  }
  console.log(`${label.padEnd(44)} ${best.toFixed(3).padStart(9)} us`);
}

for (const [name, fen] of Object.entries(FENS)) {
  const g = Chess.fromFen(fen);
  const ucis = g.movesUci();
  time(`move(uci)+undo() ${name} (${ucis.length} moves)`, 20000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) { g.move(ucis[i % ucis.length]); g.undo(); }
  });
}
{
  const g = new Chess();
  time('movesUci() start', 50000 * SCALE, (n) => { for (let i = 0; i < n; i++) g.movesUci(); });
  time('moves() start', 5000 * SCALE, (n) => { for (let i = 0; i < n; i++) g.moves(); });
  time('move(san)+undo() start "Nf3"', 20000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) { g.move('Nf3'); g.undo(); }
  });
  time('isGameOver() start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) g.isGameOver(); });
  time('fen() start', 50000 * SCALE, (n) => { for (let i = 0; i < n; i++) g.fen(); });
  time('new Chess() + dispose()', 20000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) new Chess().dispose();
  });
}
{
  const pos = new Position();
  const ids = pos.moveIds();
  time('Position play(id)+undo() start', 200000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) { pos.play(ids[i % ids.length]); pos.undo(); }
  });
  time('Position play(uci)+undo() start', 100000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) { pos.play('g1f3'); pos.undo(); }
  });
  time('Position moveIds() start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) pos.moveIds(); });
  time('Position san(id) start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) pos.san(ids[i % ids.length]); });
  time('Position key() start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) pos.key(); });
  time('Position moves() start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) pos.moves(); });
  time('Position sanAndPlay(move)+undo() start', 100000 * SCALE, (n) => {
    const moves = pos.moves();
    for (let i = 0; i < n; i++) { pos.sanAndPlay(moves[i % moves.length]); pos.undo(); }
  });
  time('Position repetitionCount() start', 100000 * SCALE, (n) => { for (let i = 0; i < n; i++) pos.repetitionCount(); });
  time('Position 5 state queries, fresh status', 100000 * SCALE, (n) => {
    let x = 0;
    for (let i = 0; i < n; i++) {
      pos.undo();  // forgets the cached status (nothing to take back: the position is unchanged)
      x += Number(pos.isCheckmate()) + Number(pos.isStalemate()) + Number(pos.isInsufficientMaterial()) +
        Number(pos.inCheck()) + pos.halfMoveClock();
    }
    return x;
  });
}
{
  // The anchors' random-game loop per ply, minus its sort: moves(), sanAndPlay(), five state queries.
  const pos = new Position();
  let seed = 1;
  time('Position playout ply (moves+sanAndPlay+over)', 50000 * SCALE, (n) => {
    for (let i = 0; i < n; i++) {
      const moves = pos.moves();
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      pos.sanAndPlay(moves[(seed >>> 8) % moves.length]);
      if (pos.isCheckmate() || pos.isStalemate() || pos.isInsufficientMaterial() || pos.repetitionCount() >= 3 ||
          pos.halfMoveClock() >= 100 || pos.plies() >= 300) {
        while (pos.undo());
      }
    }
  });
}
