// perft: counts the leaf nodes of the legal move tree to a fixed depth. The
// standard correctness test for move generators, and a speed benchmark.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace escaque {

// Leaves are bulk-counted: at depth 1 the legal moves are counted, not made.
std::uint64_t perft(Position& pos, int depth);

// Per root move counts ("divide"), in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace escaque
