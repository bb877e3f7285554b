// Between a package game and the rules-free core (board-core.js), for both
// owners of a core: <escaque-board> and the app. Works on plain data — the
// move objects of `Chess.moves()` — so it imports nothing of the package.

/**
 * The core's `dests` from a position's legal moves: from -> [{to, promotion?}]; castling is also
 * offered as a drop of the king on its own rook (`rookFrom`), which Chess960 needs.
 */
export function destsOf(moves) {
  const dests = new Map();
  const add = (from, target) => {
    if (!dests.has(from)) dests.set(from, []);
    dests.get(from).push(target);
  };
  for (const m of moves) {
    add(m.from, m.promotion ? { to: m.to, promotion: m.promotion } : m.to);
    if (m.rookFrom && m.rookFrom !== m.to) add(m.from, m.rookFrom);
  }
  return dests;
}

/**
 * The legal move a core's `move` intent {from, to, promotion?} means, or null. Chess960 can offer a
 * king both a step and castling to the same square: the step wins there, and castling is a drop on
 * the rook.
 */
export function findMove(moves, { from, to, promotion }) {
  const candidates = moves.filter((m) => m.from === from && (m.to === to || m.rookFrom === to) &&
    (m.promotion ?? null) === (promotion ?? null));
  return candidates.find((m) => m.rookFrom === to) ?? candidates.find((m) => !m.flags?.castle) ??
    candidates[0] ?? null;
}

/** The square of `color`'s king in a FEN's placement ('w'/'b'), or null. */
export function kingSquare(fen, color) {
  const rows = String(fen).trim().split(/\s+/)[0].split('/');
  const king = color === 'w' ? 'K' : 'k';
  for (let i = 0; i < rows.length; i++) {
    let file = 0;
    for (const ch of rows[i]) {
      if (ch === king) return 'abcdefgh'[file] + (8 - i);
      file += ch >= '1' && ch <= '8' ? Number(ch) : 1;
    }
  }
  return null;
}
