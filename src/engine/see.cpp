#include "see.h"

namespace escaque {

// The swap algorithm: instead of building the whole capture list it keeps
// `swap`, the amount the side about to recapture must win back, and `res`,
// who is currently ahead relative to the threshold; either side may stop
// capturing whenever continuing would not help it.
bool see_ge(const Position& pos, Move m, Value threshold) {
  if (m.kind() == CASTLING) return threshold <= 0;
  const Square from = m.from(), to = m.to();
  const Color us = pos.side_to_move();

  Value captured = m.kind() == EN_PASSANT ? SEE_VALUE[PAWN]
                   : pos.empty(to)        ? 0
                                          : SEE_VALUE[type_of(pos.piece_on(to))];
  PieceType onSquare = type_of(pos.moved_piece(m));
  if (m.kind() == PROMOTION) {
    captured += SEE_VALUE[m.promotion()] - SEE_VALUE[PAWN];
    onSquare = m.promotion();
  }
  Value swap = captured - threshold;
  if (swap < 0) return false;  // even keeping the piece we do not reach the threshold
  swap = SEE_VALUE[onSquare] - swap;
  if (swap <= 0) return true;  // even losing the piece we stay at or above it

  Bitboard occupied = pos.pieces() ^ square_bb(from);
  if (m.kind() == EN_PASSANT) occupied ^= square_bb(Square(to - pawn_push(us)));
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
  // Pinned pieces sit out (an approximation: their pinner might be exchanged off first).
  const Bitboard pinned[COLOR_NB] = {pos.pinned(WHITE), pos.pinned(BLACK)};

  Color stm = us;
  int res = 1;
  while (true) {
    stm = ~stm;
    attackers &= occupied;
    Bitboard stmAttackers = attackers & pos.pieces(stm) & ~pinned[stm];
    if (!stmAttackers) break;
    res ^= 1;
    PieceType pt = PAWN;
    Bitboard bb = 0;
    for (int t = PAWN; t <= KING; ++t) {
      bb = stmAttackers & pos.pieces(PieceType(t));
      if (bb) {
        pt = PieceType(t);
        break;
      }
    }
    // The king may capture only if nothing can take it back.
    if (pt == KING) return (attackers & pos.pieces(~stm)) ? res ^ 1 : res;
    swap = SEE_VALUE[pt] - swap;
    if (swap < res) break;
    occupied ^= square_bb(lsb(bb));
    // Sliders behind the piece that moved now see the square.
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
  }
  return res;
}

}  // namespace escaque
