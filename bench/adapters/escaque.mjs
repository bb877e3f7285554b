// Adapter for ../shared/bench/anchors: escaque's JS API (the built package,
// dist/index.mjs; run `npm run build` first).
//
// perft: the public Position class, one legal-move list per interior node
// (moveIds()) and play()+undo() of every move, leaves included: no bulk
// counting, no hashing.
// Game workload: Position too, the same layer as the chessops and kokopu
// adapters' positions (a board without game history): the adapter keeps the
// repetition table (FEN without clocks; escaque writes the e.p. square only
// when a capture is legal) and reads the half-move clock, as an app would.
// escaque-game.mjs runs the same workload on the Chess class (a whole game
// under the FIDE Laws: history, automatic dead-position and fivefold
// endings); its figures are reported separately.
import { readFileSync } from 'node:fs';

const DIST = new URL('../../dist/index.mjs', import.meta.url);
const PACKAGE = new URL('../../package.json', import.meta.url);

let api; // the escaque module

function perft(pos, depth) {
  const ids = pos.moveIds();
  if (depth === 1) {
    for (let i = 0; i < ids.length; i++) {
      pos.play(ids[i]);
      pos.undo();
    }
    return ids.length;
  }
  let nodes = 0;
  for (let i = 0; i < ids.length; i++) {
    pos.play(ids[i]);
    nodes += perft(pos, depth - 1);
    pos.undo();
  }
  return nodes;
}

// The repetition key: FEN without the two clocks.
const positionKey = (fen) => fen.slice(0, fen.lastIndexOf(' ', fen.lastIndexOf(' ') - 1));

export default {
  name: 'escaque',
  kind: 'js',
  perftBulk: false,
  perftNote: 'Position#moveIds + play/undo of every move through the public API, every leaf played',
  async load() {
    api = await import(DIST.href);
    await api.init();
    return { version: JSON.parse(readFileSync(PACKAGE, 'utf8')).version };
  },
  perft(fen, depth) {
    const pos = api.Position.fromFen(fen);
    try {
      return perft(pos, depth);
    } finally {
      pos.dispose();
    }
  },
  legalMoves(fen) {
    return api.Chess.fromFen(fen).movesUci();
  },
  newGame() {
    const pos = new api.Position();
    const seen = new Map();
    seen.set(positionKey(pos.fen()), 1);
    let lastKeyCount = 1;
    return {
      moves: () => pos.movesUci().map((uci) => ({ uci })),
      play(m) {
        const san = pos.san(m.uci);
        pos.play(m.uci);
        const k = positionKey(pos.fen());
        lastKeyCount = (seen.get(k) || 0) + 1;
        seen.set(k, lastKeyCount);
        return san;
      },
      over() {
        if (pos.isCheckmate()) return 'checkmate';
        if (pos.isStalemate()) return 'stalemate';
        if (pos.isInsufficientMaterial()) return 'insufficient';
        if (lastKeyCount >= 3) return 'threefold';
        if (pos.halfMoveClock() >= 100) return 'fifty';
        return null;
      },
    };
  },
  async close() {},
};
