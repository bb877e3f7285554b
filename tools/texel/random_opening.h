// The random opening walk shared by the Texel tools (datagen.cpp, match.cpp): `plies` uniformly
// random legal moves from the start position, recording the key of every position left behind (the
// search's repetition history). False when the walk hits a position without moves, or ends in one.
#pragma once

#include <random>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"

namespace escaque {

inline bool random_opening(Position& pos, std::vector<Key>& keys, int plies, std::mt19937& rng) {
  pos.set_startpos();
  keys.clear();
  for (int i = 0; i < plies; ++i) {
    MoveList ml = legal_moves(pos);
    if (ml.size == 0) return false;
    keys.push_back(pos.key());
    UndoInfo u;
    pos.do_move(ml.moves[rng() % ml.size], u);
  }
  return has_legal_move(pos);
}

}  // namespace escaque
