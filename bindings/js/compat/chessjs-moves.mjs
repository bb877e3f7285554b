// chess.js's own move generation, on the compat board, for the positions escaque's generator
// refuses and chess.js plays in: a side without its king (after clear(), remove() or a FEN loaded
// with skipValidation), or the side not to move in check. As chess.js 1.4.0 does it:
//   - pseudo-legal moves of every piece of the side to move (pawn pushes, double steps from the
//     second rank, captures, en passant onto chess.js's internal square; promotions n, b, r, q);
//   - castling with the right, the squares between king and rook empty and the king's start,
//     passage and destination not attacked (the rook must stand in its corner here: see docs/api.md);
//   - then, unless the side to move has no king, only the moves after which it is not attacked.
// Everywhere else escaque generates the moves (chess.mjs); the two agree where both play
// (tests/node/compat-chessjs-kingless.test.mjs).
import { BIT, EMPTY, KSIDE, QSIDE, colorOf, pieceChar, swap, typeOf } from './board.mjs';

const STEPS = {
  n: [[-2, -1], [-2, 1], [-1, 2], [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2]],
  b: [[-1, -1], [-1, 1], [1, 1], [1, -1]],
  r: [[-1, 0], [0, 1], [1, 0], [0, -1]],
  q: [[-1, -1], [-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1]],
};
STEPS.k = STEPS.q;

// Pseudo-legal moves of the side to move, as chess.js's internal moves {color, from, to, piece,
// captured?, promotion?, flags}.
function pseudoMoves(board) {
  const us = board.turn;
  const them = swap(us);
  const sq = board.squares;
  const moves = [];
  const add = (from, to, piece, captured, flags) => {
    const move = { color: us, from, to, piece, flags };
    if (captured) move.captured = captured;
    if (piece === 'p' && (to >> 3 === 0 || to >> 3 === 7)) {
      for (const promotion of 'nbrq') moves.push({ ...move, promotion, flags: flags | BIT.PROMOTION });
    } else {
      moves.push(move);
    }
  };
  for (let from = 0; from < 64; from++) {
    const p = sq[from];
    if (!p || colorOf(p) !== us) continue;
    const type = typeOf(p);
    if (type === 'p') {
      const forward = us === 'w' ? -8 : 8;
      const to = from + forward;
      if (to < 0 || to > 63) continue;  // a pawn on its last rank: chess.js fails on it (TypeError)
      if (!sq[to]) {
        add(from, to, 'p', undefined, BIT.NORMAL);
        if (from >> 3 === (us === 'w' ? 6 : 1) && !sq[to + forward]) add(from, to + forward, 'p', undefined, BIT.BIG_PAWN);
      }
      for (const df of [-1, 1]) {
        const file = (from & 7) + df;
        if (file < 0 || file > 7) continue;
        const target = to + df;
        if (sq[target] && colorOf(sq[target]) === them) add(from, target, 'p', typeOf(sq[target]), BIT.CAPTURE);
        else if (target === board.ep) add(from, target, 'p', 'p', BIT.EP_CAPTURE);
      }
      continue;
    }
    for (const [dr, df] of STEPS[type]) {
      let r = from >> 3;
      let f = from & 7;
      for (;;) {
        r += dr;
        f += df;
        if (r < 0 || r > 7 || f < 0 || f > 7) break;
        const to = r * 8 + f;
        if (!sq[to]) {
          add(from, to, type, undefined, BIT.NORMAL);
        } else {
          if (colorOf(sq[to]) === them) add(from, to, type, typeOf(sq[to]), BIT.CAPTURE);
          break;
        }
        if (type === 'n' || type === 'k') break;
      }
    }
  }
  const king = board.kings[us];
  const home = us === 'w' ? 60 : 4;
  if (king === home) {
    const free = (...squares) => squares.every((s) => !sq[s]);
    const safe = (...squares) => squares.every((s) => !board.isAttacked(them, s));
    const rook = pieceChar('r', us);
    if (board.castling[us] & KSIDE && sq[home + 3] === rook && free(home + 1, home + 2) &&
        safe(home, home + 1, home + 2)) {
      add(home, home + 2, 'k', undefined, BIT.KSIDE);
    }
    if (board.castling[us] & QSIDE && sq[home - 4] === rook && free(home - 1, home - 2, home - 3) &&
        safe(home, home - 1, home - 2)) {
      add(home, home - 2, 'k', undefined, BIT.QSIDE);
    }
  }
  return moves;
}

// The moves chess.js lists as legal: all pseudo-legal moves when the side to move has no king,
// else those that leave its king unattacked.
export function chessJsMoves(board) {
  const moves = pseudoMoves(board);
  const us = board.turn;
  if (board.kings[us] === EMPTY) return moves;
  return moves.filter((m) => {
    board.make(m);
    const legal = !board.kingAttacked(us);
    board.unmake();
    return legal;
  });
}

// chess.js's perft: leaves of the tree of those moves.
export function chessJsPerft(board, depth) {
  const moves = chessJsMoves(board);
  if (depth <= 1) return moves.length;
  let nodes = 0;
  for (const m of moves) {
    board.make(m);
    nodes += chessJsPerft(board, depth - 1);
    board.unmake();
  }
  return nodes;
}
