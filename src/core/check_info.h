// Fast "does this move give check?" for the searches (the engine's, and the
// dead-position analysis's mate-in-one test), which ask it for most moves of
// most nodes before making them. Position::gives_check makes the move
// on a copy; here direct checks are a table lookup and discovered checks a
// mask test. Rare move kinds (castling, en passant, promotion) fall back to it.
#pragma once

#include "position.h"

namespace escaque {

struct CheckInfo {
  Bitboard checkSquares[PIECE_TYPE_NB];  // squares from which a piece of each type attacks their king
  Bitboard discoverers;                  // own pieces that alone block an own slider's line to their king
  Square theirKing;

  explicit CheckInfo(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard occupied = pos.pieces();
    theirKing = pos.king_square(them);
    checkSquares[PAWN] = pawn_attacks(them, theirKing);
    checkSquares[KNIGHT] = knight_attacks(theirKing);
    checkSquares[BISHOP] = bishop_attacks(theirKing, occupied);
    checkSquares[ROOK] = rook_attacks(theirKing, occupied);
    checkSquares[QUEEN] = checkSquares[BISHOP] | checkSquares[ROOK];
    checkSquares[KING] = 0;
    discoverers = 0;
    Bitboard snipers = (rook_attacks(theirKing, 0) & pos.pieces(us, ROOK, QUEEN)) |
                       (bishop_attacks(theirKing, 0) & pos.pieces(us, BISHOP, QUEEN));
    while (snipers) {
      Square s = pop_lsb(snipers);
      Bitboard between = between_bb(theirKing, s) & ~square_bb(s) & occupied;
      if (between && !more_than_one(between) && (between & pos.pieces(us))) discoverers |= between;
    }
  }

  bool gives_check(const Position& pos, Move m) const {
    if (m.kind() != NORMAL) return pos.gives_check(m);
    const Square from = m.from(), to = m.to();
    if (checkSquares[type_of(pos.piece_on(from))] & square_bb(to)) return true;
    return (discoverers & square_bb(from)) && !aligned(from, to, theirKing);
  }
};

}  // namespace escaque
