// Statistics learned during the search: butterfly history (side, from, to),
// continuation history (previous move's piece and target -> this move's piece
// and target), capture history, killer moves and countermoves for move
// ordering, and the pawn-structure correction of the static evaluation. All
// fixed-size; cleared with ucinewgame and before bench.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "../core/types.h"

namespace escaque {

constexpr int HISTORY_MAX = 16384;
constexpr int CORRECTION_SIZE = 16384;  // a power of two
constexpr int CORRECTION_GRAIN = 256;
constexpr int CORRECTION_MAX = 64 * CORRECTION_GRAIN;  // +-64 cp

// "Gravity" update: large values move less, so entries stay in
// [-HISTORY_MAX, HISTORY_MAX] and recent results outweigh old ones.
inline void update_history(std::int16_t& entry, int bonus) {
  int v = entry + bonus - entry * std::abs(bonus) / HISTORY_MAX;
  entry = std::int16_t(v);
}

// history for (piece, to), indexed by piece 0..15 (NO_PIECE = 15 is the
// sentinel row used after a null move or at the root).
using PieceToHistory = std::int16_t[PIECE_NB][64];

struct History {
  std::int16_t butterfly[COLOR_NB][64][64];
  std::int16_t capture[PIECE_NB][64][PIECE_TYPE_NB];
  PieceToHistory continuation[PIECE_NB][64];
  Move counterMoves[PIECE_NB][64];
  // Static-evaluation correction by pawn structure: a running average, per side to move and pawn
  // hash, of how far searches ended from the static evaluation, in 1/CORRECTION_GRAIN centipawns.
  std::int16_t correction[COLOR_NB][CORRECTION_SIZE];

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof *this); }
};

}  // namespace escaque
