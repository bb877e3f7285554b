// Static exchange evaluation: the material balance of the capture sequence
// on one square when both sides always recapture with their least valuable
// piece and may stop at any time. Used to order captures and to prune
// losing ones.
#pragma once

#include "../core/position.h"
#include "score.h"

namespace escaque {

// Piece values for exchange arithmetic (fixed, not tuned with the evaluation).
constexpr Value SEE_VALUE[PIECE_TYPE_NB + 1] = {100, 320, 330, 500, 950, 20000, 0};

// Is the exchange started by move m worth at least threshold for the mover?
// Castling counts as 0; en passant as a pawn capture; promotions add the gain.
bool see_ge(const Position& pos, Move m, Value threshold);

}  // namespace escaque
