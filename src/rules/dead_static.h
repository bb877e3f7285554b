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

#include "../core/position.h"

namespace escaque::dead {

// `winner` can never mate because of the material on the board alone.
bool material_cannot_mate(const Position& pos, Color winner);

// Material rules, then the reachability analysis and the mating-square test.
// Needs exactly one king per side.
bool statically_unwinnable(const Position& pos, Color winner);

}  // namespace escaque::dead
