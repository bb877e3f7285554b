// Repetition of a position (FIDE Art. 9.2.3): when two positions are the same, and how often a position
// occurs in a line of moves. One implementation for the Game (threefold and fivefold repetition, claims
// with an intended move) and for the package's Position with its move stack (repetitionCount()).
#pragma once

#include <algorithm>

#include "../core/position.h"

namespace escaque {

// FIDE's "same position" (Art. 9.2.3), compared field by field: same player to
// move, same pieces on the same squares, same castling rights, same en passant
// possibility (Position keeps the e.p. square only when a capture is legal).
// Used to confirm every key match, so a hash collision can never count as a
// repetition. Both positions must come from the same game (Chess960 castling
// rooks are not compared: they are fixed for a whole game).
bool same_position_for_repetition(const Position& a, const Position& b);

// How often `target`, the position at ply `targetPly` of a line of moves, occurs in the line, itself
// included. The line: `now`, its position at ply n (targetPly is n, or n + 1 for the position an
// intended move would reach), keyAt(j), the key of the position at ply j (0 <= j < targetPly), and
// takeBack(p, j), which takes move j (the one from ply j to ply j + 1) back on p.
//
// Only positions since the last capture or pawn move can be the same (those moves cannot be undone),
// and only every other ply has the same player to move. Keys are compared first; a match is then
// confirmed field by field on the real position, rebuilt by taking moves back on a copy of `now`. That
// walk costs O(rule50) too and only happens when some key matched. Always inlined: as a call, the
// package's Position random games ran 1.5 % slower (bench/ab-builds.mjs; docs/benchmarks.md, session 26).
template <class KeyAt, class TakeBack>
[[gnu::always_inline]] inline int count_occurrences(const Position& now, int n, const Position& target, int targetPly, KeyAt keyAt,
                      TakeBack takeBack) {
  const int first = std::max(0, targetPly - target.rule50());
  const Key key = target.key();
  int earliest = -1;
  for (int j = targetPly - 2; j >= first; j -= 2)
    if (keyAt(j) == key) earliest = j;
  if (earliest < 0) return 1;

  int count = 1;
  Position p = now;  // the position at ply j as j walks down from n
  for (int j = n; j >= earliest; --j) {
    if (j < targetPly && (targetPly - j) % 2 == 0 && keyAt(j) == key && same_position_for_repetition(p, target))
      ++count;
    if (j > earliest) takeBack(p, j - 1);
  }
  return count;
}

}  // namespace escaque
