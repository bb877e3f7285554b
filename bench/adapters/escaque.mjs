// Adapter for ../shared/bench/anchors: escaque's JS API (the built package,
// dist/index.mjs; run `npm run build` first).
//
// perft: the public Position class, one legal-move list per interior node
// (moveIds()) and play()+undo() of every move, leaves included: no bulk
// counting, no hashing.
// Game workload: Position too, the same layer as the chessops and kokopu
// adapters' positions (a board without game history): the adapter keeps the
// repetition table (keyed by Position#key(), FIDE's "same position": pieces,
// side to move, castling rights, e.p. only when a capture is legal) and reads
// the half-move clock, as an app would.
// escaque-game.mjs runs the same workload on the Chess class (a whole game
// under the FIDE Laws: history, automatic dead-position and fivefold
// endings); its figures are reported separately.
import { readFileSync } from 'node:fs';

const DIST = new URL('../../dist/index.mjs', import.meta.url);
const PACKAGE = new URL('../../package.json', import.meta.url);

let api; // the escaque module
let current = null; // the Position of the game being played

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

// The move descriptors handed to the workload, one per move id and kind of
// game (UCI castling differs in Chess960), made once: {uci, id}. They are
// immutable, so sharing them across positions is safe; the id is what san()
// and play() take, which spares parsing the UCI text back.
// The workload's games are all standard chess.
const descriptors = new Array(65536);
function descriptor(pos, id) {
  return descriptors[id] ?? (descriptors[id] = Object.freeze({ uci: pos.uci(id), id }));
}

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
  // Cold start: the first legal-move list of a FEN, through Position (as the chessops adapter parses
  // a FEN and lists allDests). Chess.fromFen would also run the dead-position analysis of the start
  // position (Game's set-up), whose first run allocates its search tables: tens of ms more.
  legalMoves(fen) {
    const pos = api.Position.fromFen(fen);
    const moves = pos.movesUci();
    pos.dispose();
    return moves;
  },
  newGame() {
    // The workload starts the next game when one ends: free the last one's board now.
    current?.dispose();
    const pos = current = new api.Position();
    const seen = new Map();
    seen.set(pos.key(), 1);
    let lastKeyCount = 1;
    return {
      moves() {
        const ids = pos.moveIds();
        const list = new Array(ids.length);
        for (let i = 0; i < ids.length; i++) list[i] = descriptor(pos, ids[i]);
        return list;
      },
      play(m) {
        const san = pos.san(m.id);
        pos.play(m.id);
        const k = pos.key();
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
