// Fast "does this move give check?" for the searches (the engine's, and the
// dead-position analysis's mate-in-one test), which ask it for most moves of
// most nodes before making them. Position::gives_check makes the move
// on a copy; here direct checks are a table lookup and discovered checks a
// mask test, promotions and castling a few lookups; en passant, the rare one, falls back to it.
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
    if (m.kind() != NORMAL) return rare_gives_check(pos, m, discoverers, theirKing);
    const Square from = m.from(), to = m.to();
    if (checkSquares[type_of(pos.piece_on(from))] & square_bb(to)) return true;
    return (discoverers & square_bb(from)) && !aligned(from, to, theirKing);
  }

 private:
  // Promotions, castling and en passant, out of the searches' loops. (gives_check tests the kind before
  // anything else: reading from/to first cost the dead-position searches 1 % more instructions.)
  [[gnu::noinline]] static bool rare_gives_check(const Position& pos, Move m, Bitboard discoverers,
                                                 Square theirKing) {
    const Square from = m.from(), to = m.to();
    if (m.kind() == PROMOTION) {
      // A line the pawn opened, or the new piece from `to`, the pawn's square empty.
      if ((discoverers & square_bb(from)) && !aligned(from, to, theirKing)) return true;
      return attacks_bb(m.promotion(), to, pos.pieces() ^ square_bb(from)) & square_bb(theirKing);
    }
    if (m.kind() == CASTLING) {
      // Only the rook can check ("king takes rook": `to` is the rook's square), from its square
      // after castling, with king and rook moved.
      const Color us = pos.side_to_move();
      const bool kingSide = to > from;
      const Square rookTo = Position::castling_rook_to(us, kingSide);
      const Bitboard occupied = (pos.pieces() ^ square_bb(from) ^ square_bb(to)) |
                                square_bb(Position::castling_king_to(us, kingSide)) | square_bb(rookTo);
      return rook_attacks(rookTo, occupied) & square_bb(theirKing);
    }
    // En passant: two squares leave a line and one enters it; rare enough to make the move.
    return pos.gives_check(m);
  }
};

}  // namespace escaque
