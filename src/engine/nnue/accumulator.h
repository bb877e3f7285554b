// The network's first layer for one position, from both perspectives, and the
// evaluation from it. The search keeps one per ply: refresh() at the root,
// update() for each move (a few rows added and subtracted), evaluate() at the
// leaves. Nothing here allocates.
#pragma once

#include <cstdint>

#include "../../core/position.h"
#include "network.h"

namespace escaque::nnue {

struct Accumulator {
  alignas(64) std::int16_t values[COLOR_NB][HIDDEN];
};

// From scratch: the biases plus the rows of every piece on the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);

// `child` = `parent` after move m, which must be legal in `before` (the
// position before the move; call this before do_move).
void update(const Network& net, const Position& before, Move m, const Accumulator& parent, Accumulator& child);

// Centipawns from the side to move's point of view; `pos` is the position `acc` holds (its side to
// move and its number of pieces, which picks the output layer).
int evaluate(const Network& net, const Accumulator& acc, const Position& pos);

}  // namespace escaque::nnue
