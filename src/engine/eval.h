// Static evaluation: a hand-written, tapered (middlegame/endgame) sum of
// material, piece-square tables, mobility, pawn structure, passed pawns,
// king safety, threats and piece bonuses, with endgame scaling for drawish
// material. The result is in centipawns from the side to move's view.
//
// It is symmetric by construction: a position and its colour-flipped mirror
// (board turned upside down, colours and side to move swapped) get the same
// value. The unit tests check this on many positions.
#pragma once

#include "../core/position.h"
#include "eval_weights.h"
#include "score.h"

namespace escaque {

Value evaluate(const Position& pos, const EvalWeights& weights = default_weights());

// Game phase from non-pawn material: 24 = all pieces on the board, 0 = none.
int game_phase(const Position& pos);

}  // namespace escaque
