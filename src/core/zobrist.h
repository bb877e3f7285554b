// Zobrist keys: random 64-bit numbers whose XOR identifies a position.
// The key covers exactly what FIDE's "same position" covers (Art. 9.2.3):
// pieces on squares, side to move, castling rights, and the en passant file
// only when an en passant capture is actually legal.
#pragma once

#include "types.h"

namespace escaque::zobrist {

extern Key psq[PIECE_NB][SQUARE_NB];
extern Key castling[16];
extern Key enPassantFile[8];
extern Key sideToMove;  // XORed in when black is to move

void init();

}  // namespace escaque::zobrist
