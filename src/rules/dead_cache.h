// A small cache of dead-position verdicts, keyed by everything the analysis
// depends on: the placement of every unit, the side to move, the castling
// rights (and, for Chess960, their rooks) and the en passant square. The
// half-move clock and the move number are left out: the analysis looks at
// the legal moves only, which do not depend on them (docs/dead-positions.md).
//
// The verdict of is_dead_position() is a function of exactly that state, so
// a hit gives the answer the analysis would give. Games started from the same
// position (every `new Chess()`, a puzzle set loaded again) pay for the
// analysis once. One cache per thread, 64 entries, direct-mapped by the
// position's hash key; entries are compared in full, never trusted by key.
#pragma once

#include "../core/position.h"

namespace escaque::dead {

// The verdict stored for pos, if any: true and `dead` set on a hit.
bool cached_verdict(const Position& pos, bool& dead);
void remember_verdict(const Position& pos, bool dead);

}  // namespace escaque::dead
