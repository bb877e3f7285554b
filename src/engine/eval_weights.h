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

// Calls f(name, data, count, pairs) for every field: `count` ints at `data`
// (pairs: the ints are (mg, eg) pairs of S values). Tuners use it to see every
// weight as a flat list of integers and to print them back as code.
template <class F>
void for_each_weight(EvalWeights& w, F&& f) {
  f("pieceValue", &w.pieceValue[0].mg, 2 * PIECE_TYPE_NB, true);
  f("psqt", &w.psqt[0][0].mg, 2 * PIECE_TYPE_NB * 64, true);
  f("knightMobility", &w.knightMobility[0].mg, 2 * 9, true);
  f("bishopMobility", &w.bishopMobility[0].mg, 2 * 14, true);
  f("rookMobility", &w.rookMobility[0].mg, 2 * 15, true);
  f("queenMobility", &w.queenMobility[0].mg, 2 * 28, true);
  f("isolatedPawn", &w.isolatedPawn.mg, 2, true);
  f("doubledPawn", &w.doubledPawn.mg, 2, true);
  f("backwardPawn", &w.backwardPawn.mg, 2, true);
  f("connectedPawn", &w.connectedPawn[0].mg, 2 * 8, true);
  f("passedPawn", &w.passedPawn[0].mg, 2 * 8, true);
  f("passedBlocked", &w.passedBlocked[0].mg, 2 * 8, true);
  f("passedKingTheirs", &w.passedKingTheirs, 1, false);
  f("passedKingOurs", &w.passedKingOurs, 1, false);
  f("passedUnopposedPath", &w.passedUnopposedPath.mg, 2, true);
  f("bishopPair", &w.bishopPair.mg, 2, true);
  f("rookOpenFile", &w.rookOpenFile.mg, 2, true);
  f("rookSemiOpenFile", &w.rookSemiOpenFile.mg, 2, true);
  f("knightOutpost", &w.knightOutpost.mg, 2, true);
  f("bishopOutpost", &w.bishopOutpost.mg, 2, true);
  f("minorBehindPawn", &w.minorBehindPawn.mg, 2, true);
  f("threatByPawn", &w.threatByPawn.mg, 2, true);
  f("threatByMinor", &w.threatByMinor[0].mg, 2 * PIECE_TYPE_NB, true);
  f("threatByRook", &w.threatByRook[0].mg, 2 * PIECE_TYPE_NB, true);
  f("hangingPiece", &w.hangingPiece.mg, 2, true);
  f("kingAttackWeight", &w.kingAttackWeight[0], PIECE_TYPE_NB, false);
  f("kingZoneAttack", &w.kingZoneAttack, 1, false);
  f("safeCheck", &w.safeCheck[0], PIECE_TYPE_NB, false);
  f("weakShelterUnits", &w.weakShelterUnits, 1, false);
  f("kingDangerQuadratic", &w.kingDangerQuadratic, 1, false);
  f("kingDangerLinearEg", &w.kingDangerLinearEg, 1, false);
  f("kingDangerMax", &w.kingDangerMax, 1, false);
  f("shieldPawn", &w.shieldPawn[0].mg, 2 * 3, true);
  f("kingOpenFile", &w.kingOpenFile.mg, 2, true);
  f("mopUpEdge", &w.mopUpEdge, 1, false);
  f("mopUpKings", &w.mopUpKings, 1, false);
  f("tempo", &w.tempo.mg, 2, true);
}

// The weights the engine plays with: the hand-set ones with the tuned values
// of eval_weights_tuned.inc applied over them.
const EvalWeights& default_weights();
// A fresh copy of them (for tuners).
EvalWeights make_default_weights();
// The hand-set weights alone (what the tuner starts from and is compared with).
EvalWeights make_hand_set_weights();

}  // namespace escaque
