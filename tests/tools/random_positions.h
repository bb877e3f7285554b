// Random positions for checking the dead-position analysis: few units, or
// locked pawn structures with a few pieces (where the static analysis has the
// most to say). Header-only: used by dead_bench and the unit tests.
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace escaque::testing_positions {

// A random FEN: kings plus one to three random units, or a locked pawn
// structure plus up to two pieces. It may be illegal (a king in check with
// the other side to move, ...): callers let parse_fen reject those.
inline std::string random_fen(std::mt19937_64& rng, bool pawnWall) {
  char board[64];
  for (char& c : board) c = '.';
  auto rnd = [&](int n) { return int(rng() % std::uint64_t(n)); };
  auto place = [&](char piece, int lowRank, int highRank) {
    for (int tries = 0; tries < 100; ++tries) {
      int sq = (lowRank + rnd(highRank - lowRank + 1)) * 8 + rnd(8);
      if (board[sq] == '.') {
        board[sq] = piece;
        return true;
      }
    }
    return false;
  };
  if (pawnWall) {
    // Head-on pawn pairs on random files, sometimes offset, sometimes a lone pawn.
    for (int f = 0; f < 8; ++f) {
      int kind = rnd(4);
      if (kind == 0) continue;
      int r = 1 + rnd(5);  // white pawn rank 2..6
      if (board[r * 8 + f] == '.') board[r * 8 + f] = 'P';
      if (kind != 3 && r + 1 <= 6 && board[(r + 1) * 8 + f] == '.') board[(r + 1) * 8 + f] = 'p';
      if (kind == 3 && r + 2 <= 6 && board[(r + 2) * 8 + f] == '.') board[(r + 2) * 8 + f] = 'p';
    }
    place('K', 0, 7);
    place('k', 0, 7);
    const char pieces[] = "NBRQnbrqBBbb";
    int extra = rnd(3);
    for (int i = 0; i < extra; ++i) place(pieces[rnd(12)], 0, 7);
  } else {
    place('K', 0, 7);
    place('k', 0, 7);
    const char pieces[] = "PNBRQpnbrqBbNnPp";
    int extra = 1 + rnd(3);
    for (int i = 0; i < extra; ++i) {
      char p = pieces[rnd(16)];
      if (p == 'P' || p == 'p') place(p, 1, 6);
      else place(p, 0, 7);
    }
  }
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      char c = board[r * 8 + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  fen += rnd(2) ? " w - - 0 1" : " b - - 0 1";
  return fen;
}

}  // namespace escaque::testing_positions
