// Over-approximating what every unit on the board can ever do, for the
// static unwinnability proofs (dead_static.cpp). See docs/dead-positions.md.
//
// Each pawn, piece and king gets a "fate" that holds for the whole rest of the
// game, whatever the moves:
//   Fixed       never moves and is never captured (a locked pawn, a bishop
//               walled in by its own locked pawns, a king with no square to go);
//   Persistent  (pawns) never captures, is never captured, never promotes: it
//               may only push along its file;
//   FileBound   (pawns) never captures, so never leaves its file, but may be
//               captured or promote;
//   Free        anything else.
// A pawn that never leaves its file can never pass a Fixed or Persistent pawn
// ahead of it on that file, which bounds its cone.
// Fixed units are walls; from the walls follow regions (squares a unit may
// ever stand on) and attack sets for everything else. The fates are a guess
// checked against those regions; the greatest self-consistent guess is found
// by starting from "everything Fixed" and demoting contradicted units until
// stable (the conditions are monotone). A consistent guess is an invariant of
// every legal continuation, by induction on moves.
//
// Two more parts of the guess describe only the positions in which `winner`
// could still mate, leaving out lines that have already ended: the shuttle
// rule (a side whose only moves are king steps in a tiny region is stalemated
// the moment the enemy king comes too close, so the enemy king stays away) and
// mate stops (a loser's pawn stepping next to the winner's immobile king,
// where nothing can take it, mates the winner: such pawns count as blocked).
#pragma once

#include "../core/position.h"

namespace escaque::dead {

constexpr int MAX_MOBILE_UNITS = 16;

// A non-king unit that is not Fixed.
struct MobileUnit {
  PieceType type;      // PAWN for a pawn, even when it may promote
  Square square;       // where it stands now
  Bitboard region;     // squares it may ever stand on (a pawn's cone; promotions apart)
  Bitboard attacks;    // squares it may ever attack (promotions apart)
  bool promotes;       // a pawn whose cone reaches the last rank
};

struct Reach {
  Bitboard walls = 0;                        // Fixed units of both colours, kings included
  Bitboard fixed[COLOR_NB] = {};             // Fixed units of each colour
  Bitboard fixedPawnAttacks[COLOR_NB] = {};  // attacked for ever by Fixed pawns
  Bitboard defended[COLOR_NB] = {};          // defended for ever by Fixed units
  Bitboard kingRegion[COLOR_NB] = {};        // squares the king may ever stand on
  Bitboard shuttleZone[COLOR_NB] = {};       // squares the king never enters (the shuttle rule)
  Bitboard occ[COLOR_NB] = {};               // squares non-king units may ever stand on
  Bitboard attacks[COLOR_NB] = {};           // squares non-king units may ever attack
  Bitboard promoRegion[COLOR_NB] = {};       // squares promoted pieces may ever stand on
  Bitboard promoAttacks[COLOR_NB] = {};      // ... and attack
  MobileUnit units[COLOR_NB][MAX_MOBILE_UNITS];
  int unitCount[COLOR_NB] = {};
};

// Needs exactly one king per side. Proves facts about every position in which
// `winner` might have mated (some rules, like the shuttle rule, depend on it).
void compute_reach(const Position& pos, Color winner, Reach& reach);

// Bitboard helpers shared with the mate-square test.
Bitboard king_spread(Bitboard b);  // b and every square next to it

}  // namespace escaque::dead
