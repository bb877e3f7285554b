// Every number the evaluation uses, in one struct.
//
// Keeping the weights out of the code means a tuner (Texel's method: fit the
// evaluation to game results with a logistic curve) can change any of them
// and call evaluate() with its own copy; the engine uses default_weights().
// Values are in centipawns, as (middlegame, endgame) pairs where tapered.
// Tables are indexed from White's point of view (a1 = 0); Black reads them
// through relative_square().
#pragma once

#include "../core/types.h"
#include "score.h"

namespace escaque {

struct EvalWeights {
  // ---- material and placement ----
  S pieceValue[PIECE_TYPE_NB];  // king entry unused
  S psqt[PIECE_TYPE_NB][64];

  // ---- mobility: indexed by the number of reachable squares in the mobility area ----
  S knightMobility[9];
  S bishopMobility[14];
  S rookMobility[15];
  S queenMobility[28];

  // ---- pawn structure ----
  S isolatedPawn;
  S doubledPawn;       // for each pawn with an own pawn in front of it on the same file
  S backwardPawn;
  S connectedPawn[8];  // by relative rank: pawn defended by a pawn or beside one (phalanx)
  S passedPawn[8];     // by relative rank
  S passedBlocked[8];  // added when the square in front of a passer is occupied
  int passedKingTheirs;  // endgame bonus per square of distance of the defending king (times rank weight)
  int passedKingOurs;    // endgame penalty per square of distance of the own king (times rank weight)
  S passedUnopposedPath;  // no piece at all on the way to the promotion square

  // ---- pieces ----
  S bishopPair;
  S rookOpenFile;
  S rookSemiOpenFile;
  S knightOutpost;
  S bishopOutpost;
  S minorBehindPawn;

  // ---- threats ----
  S threatByPawn;       // per enemy non-pawn piece attacked by a pawn
  S threatByMinor[PIECE_TYPE_NB];  // by attacked piece type
  S threatByRook[PIECE_TYPE_NB];
  S hangingPiece;       // enemy non-pawn piece attacked and not defended at all

  // ---- king safety ----
  int kingAttackWeight[PIECE_TYPE_NB];  // attack units per attacking piece type
  int kingZoneAttack;         // units per attacked square of the king zone
  int safeCheck[PIECE_TYPE_NB];  // units per square a piece could give a safe check from
  int weakShelterUnits;       // units per missing shield pawn
  int kingDangerQuadratic;    // middlegame penalty = units^2 * this / 16
  int kingDangerLinearEg;     // endgame penalty = units * this / 16
  int kingDangerMax;          // cap of the middlegame penalty
  S shieldPawn[3];            // own pawn in front of the king on relative rank 2, 3, 4
  S kingOpenFile;             // king on or next to a file without own pawns

  // ---- endgames ----
  int mopUpEdge;      // lone king: per step of its distance from the centre
  int mopUpKings;     // lone king: per step the attacking king is closer
  S tempo;
};

// The hand-set weights the engine plays with.
const EvalWeights& default_weights();
// A fresh copy of them (for tuners).
EvalWeights make_default_weights();

}  // namespace escaque
