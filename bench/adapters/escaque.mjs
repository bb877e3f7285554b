// Adapter for ../shared/bench/anchors: escaque's JS API (the built package,
// dist/index.mjs; run `npm run build` first).
//
// perft: the public Position class, one legal-move list per interior node
// (moveIds()) and play()+undo() of every move, leaves included: no bulk
// counting, no hashing.
// Game workload: Position too, the same layer as the chessops and kokopu
// adapters' positions (a board with its own move stack, no game rules). Per
// ply: moves() (shared frozen move objects, listed in UCI order), sanAndPlay()
// (SAN and move in one call), then the state queries (one status call per
// position, cached), repetitionCount() (on the move stack, FIDE's "same
// position") and halfMoveClock(), as an app would.
// escaque-game.mjs runs the same workload on the Chess class (a whole game
// under the FIDE Laws: history, automatic dead-position and fivefold
// endings); its figures are reported separately.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// ESCAQUE_DIST: another build's dist/ folder (size/speed experiments on variants).
export const DIST = process.env.ESCAQUE_DIST
  ? new URL('index.mjs', pathToFileURL(process.env.ESCAQUE_DIST.replace(/\/?$/, '/')))
  : new URL('../../dist/index.mjs', import.meta.url);
const PACKAGE = new URL('../../package.json', import.meta.url);

let api; // the escaque module
let newGame = null; // positionGames(api), once loaded

// Exported for bench/ab-builds.mjs, which runs it on other builds' Positions.
export function perft(pos, depth) {
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
  newGame() { return (newGame ??= positionGames(api))(); },
  async close() {},
};

// The workload's games on `api` (an escaque module: this adapter's, or another build's in
// bench/ab-builds.mjs): a function that starts the next game, freeing the last one's board.
export function positionGames(api) {
  let current = null;  // the Position of the game being played
  return () => {
    current?.dispose();
    const pos = current = new api.Position();
    return {
      // Frozen {id, uci, from, to, promotion?} objects shared across calls, in UCI order.
      moves: () => pos.moves(),
      // SAN and move in one call; its check/mate suffix lists the replies, kept for over().
      play: (m) => pos.sanAndPlay(m),
      over() {
        // One status call answers the first three (cached until the next move).
        if (pos.isCheckmate()) return 'checkmate';
        if (pos.isStalemate()) return 'stalemate';
        if (pos.isInsufficientMaterial()) return 'insufficient';
        if (pos.repetitionCount() >= 3) return 'threefold';
        if (pos.halfMoveClock() >= 100) return 'fifty';
        return null;
      },
    };
  };
}
