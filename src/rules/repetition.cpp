#include "repetition.h"

namespace escaque {

bool same_position_for_repetition(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move() || a.castling_rights() != b.castling_rights() ||
      a.en_passant_square() != b.en_passant_square())
    return false;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      if (a.pieces(c, PieceType(pt)) != b.pieces(c, PieceType(pt))) return false;
  return true;
}

}  // namespace escaque
