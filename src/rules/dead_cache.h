// A small cache of dead-position verdicts, keyed by everything the analysis
// depends on: the placement of every unit, the side to move, the castling
// rights (and, for Chess960, their rooks) and the en passant square. The
// half-move clock and the move number are left out: the analysis looks at
// the legal moves only, which do not depend on them (docs/dead-positions.md).
//
// The verdict of is_dead_position() is a function of exactly that state, so
// a hit gives the answer the analysis would give. Games started from the same
// position (every `new Chess()`, a puzzle set loaded again) pay for the
// analysis once. One cache per thread, 128 sets of 2 entries chosen by the
// position's hash key, the least recently used entry of a set replaced;
// entries are compared in full, never trusted by key.
#pragma once

#include <cstddef>

#include "../core/position.h"

namespace escaque::dead {

// Sets of the cache: a position goes to set key % CACHE_SETS, which holds two.
constexpr std::size_t CACHE_SETS = 128;

// The verdict stored for pos, if any: true and `dead` set on a hit.
bool cached_verdict(const Position& pos, bool& dead);
// Stores the verdict for pos, after cached_verdict missed it.
void remember_verdict(const Position& pos, bool dead);

}  // namespace escaque::dead
