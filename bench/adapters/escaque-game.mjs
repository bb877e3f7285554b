// Adapter for ../shared/bench/anchors: escaque's Chess class (a whole game
// under the FIDE Laws) on the random-game workload, for comparison with the
// Position-based escaque.mjs. Chess keeps the history, counts repetitions and
// after every capture or pawn move runs the dead-position analysis (a
// helpmate search), so it does more per move than any peer adapter.
// Endings: a dead position that is not also "insufficient material" in the
// narrow sense would end the game earlier than the peers (the SAN hash would
// differ); it is reported as 'dead'.
import base, { DIST } from './escaque.mjs';

let api;

export default {
  ...base,
  name: 'escaque (Chess class)',
  async load() {
    const info = await base.load();
    api = await import(DIST.href);
    return info;
  },
  newGame() { return chessGame(api); },
};

// A game of the workload on `api` (an escaque module: this adapter's, or another build's in
// bench/ab-builds.mjs), through the Chess class.
export function chessGame(api) {
  const g = new api.Chess();
  return {
    moves: () => g.movesUci().map((uci) => ({ uci })),
    play: (m) => g.move(m.uci).san,
    over() {
      if (g.isGameOver()) {
        if (g.isCheckmate()) return 'checkmate';
        if (g.isStalemate()) return 'stalemate';
        return g.isInsufficientMaterial() ? 'insufficient' : 'dead';
      }
      if (g.canClaimDraw()) return g.repetitionCount() >= 3 ? 'threefold' : 'fifty';
      return null;
    },
  };
}
