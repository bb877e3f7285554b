#include "zobrist.h"

namespace escaque::zobrist {

Key psq[PIECE_NB][SQUARE_NB];
Key castling[16];
Key enPassantFile[8];
Key sideToMove;

void init() {
  // splitmix64 with a fixed seed: keys are identical on every build, so a
  // key printed natively can be compared with one printed by the WASM build.
  std::uint64_t state = 0x6573636171756521ULL;  // "escaque!"
  auto next = [&state] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : psq)
    for (Key& k : row) k = next();
  // Each right gets a key; a set of rights is the XOR of its members, so
  // losing one right is a single XOR.
  Key single[4];
  for (Key& k : single) k = next();
  for (int rights = 0; rights < 16; ++rights) {
    castling[rights] = 0;
    for (int i = 0; i < 4; ++i)
      if (rights & (1 << i)) castling[rights] ^= single[i];
  }
  for (Key& k : enPassantFile) k = next();
  sideToMove = next();
}

}  // namespace escaque::zobrist
