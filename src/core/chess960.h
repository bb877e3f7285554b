// Chess960 start positions by Scharnagl's numbering (0..959; 518 is the
// standard set-up). Used by the FEN-less "new game" paths of every front end.
#pragma once

#include <string>

#include "position.h"

namespace escaque {

// Back rank of position `index` as piece letters, e.g. 518 -> "RNBQKBNR".
// Returns an empty string when index is outside 0..959.
std::string chess960_back_rank(int index);

// Sets pos to the start position `index`, in Chess960 mode. Returns false
// (pos unchanged) when index is outside 0..959.
bool set_chess960_start(Position& pos, int index);

// The index of a back rank in letters, or -1 if it is not a Chess960 rank.
int chess960_index(const std::string& backRank);

}  // namespace escaque
