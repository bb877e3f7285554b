// Static (search-free) proofs that a side can never checkmate.
//
// Two layers, both sound (a "true" is a proof; "false" only means "not
// proven"):
//  - material rules: what the pieces are, wherever they stand (a lone king;
//    a lone knight against a lone king; bishops all on one colour against
//    nothing that could ever stand on the other colour);
//  - a reachability analysis: it finds the units that can never move nor be
//    captured (locked pawns, pieces walled in by them), over-approximates
//    where every other unit can ever go and what it can ever attack, and
//    then shows that no square the loser's king can reach could ever be a
//    mating square.
// docs/dead-positions.md explains the argument and its limits.
#pragma once

#include <initializer_list>

#include "../core/bitboard.h"
#include "../core/position.h"

namespace escaque::dead {

// Units' worth in pawns (pawn 1, minor piece 3, rook 5, queen 9; the king 0), for the searches'
// move order and for which side the quick attempt tries first. Never part of a proof.
constexpr int UNIT_VALUE[PIECE_TYPE_NB] = {1, 3, 3, 5, 9, 0};

// The worth of c's units, in pawns.
inline int material(const Position& pos, Color c) {
  int sum = 0;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN}) sum += UNIT_VALUE[pt] * popcount(pos.pieces(c, pt));
  return sum;
}

// `winner` can never mate because of the material on the board alone.
bool material_cannot_mate(const Position& pos, Color winner);

// Material rules, then the reachability analysis and the mating-square test.
// Needs exactly one king per side.
bool statically_unwinnable(const Position& pos, Color winner);

}  // namespace escaque::dead
