#include "eval_weights.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>

namespace escaque {

namespace {

// Copies a table indexed by piece type (pawn .. king) into the weights.
template <typename T>
void by_type(T (&dst)[PIECE_TYPE_NB], const std::array<T, PIECE_TYPE_NB>& values) {
  std::copy(values.begin(), values.end(), dst);
}

// Distance from the board's edge, 0 (a/h, 1/8) .. 3 (d/e, 4/5).
constexpr int edge_distance(int x) { return x < 4 ? x : 7 - x; }

// Piece-square tables are built from a few placement ideas rather than typed
// square by square: centralisation for knights, bishops, queens and the
// endgame king; advancement and the centre files for pawns; the castled
// corners for the middlegame king; the seventh rank for rooks. A tuner may
// then refine every square independently.
void fill_psqt(EvalWeights& w) {
  static constexpr int pawnRankMg[8] = {0, 0, 0, 4, 12, 22, 38, 0};
  static constexpr int pawnRankEg[8] = {0, 4, 0, 6, 16, 32, 56, 0};
  static constexpr int pawnFileMg[8] = {-4, -2, 3, 10, 10, 3, -2, -4};
  static constexpr int kingRank0Mg[8] = {18, 28, 8, -6, -6, 8, 28, 18};
  static constexpr int kingRank1Mg[8] = {4, 4, -10, -18, -18, -10, 4, 4};
  for (int s = 0; s < 64; ++s) {
    int f = s & 7, r = s >> 3;
    int cf = edge_distance(f), cr = edge_distance(r);
    int centre = cf + cr;  // 0 in a corner, 6 on d4/e4/d5/e5

    int pmg = 0, peg = 0;
    if (r >= 1 && r <= 6) {
      pmg = pawnRankMg[r] + (r >= 2 && r <= 4 ? pawnFileMg[f] : 0);
      // Unmoved centre pawns block the development of the bishops.
      if (r == 1 && (f == 3 || f == 4)) pmg -= 6;
      peg = pawnRankEg[r];
    }
    w.psqt[PAWN][s] = {pmg, peg};

    w.psqt[KNIGHT][s] = {7 * centre - 22 + (r >= 3 && r <= 5 ? 4 : 0) - (r == 0 ? 6 : 0), 6 * centre - 18};
    bool longDiagonal = f == r || f + r == 7;
    w.psqt[BISHOP][s] = {3 * centre - 9 + (longDiagonal ? 6 : 0) - (r == 0 ? 6 : 0), 3 * centre - 9};
    w.psqt[ROOK][s] = {(r == 6 ? 14 : 0) + (f == 3 || f == 4 ? 4 : 0) - (f == 0 || f == 7 ? 3 : 0),
                       r == 6 ? 12 : 0};
    w.psqt[QUEEN][s] = {2 * std::min(centre, 4) - 5 - (r >= 5 ? 0 : 0), 4 * centre - 12};

    int kmg = r == 0 ? kingRank0Mg[f] : r == 1 ? kingRank1Mg[f] : -26 - 12 * (r - 2);
    int keg = 9 * centre - 26 + (r == 0 ? -4 : 0);
    w.psqt[KING][s] = {kmg, keg};
  }
}

template <int N>
void fill_mobility(S (&table)[N], int mgLow, int mgHigh, int egLow, int egHigh) {
  // Concave curve: the first free squares matter most. Value(n) rises from
  // low at n = 0 to high at n = N-1 along 1 - (1 - x)^2.
  for (int n = 0; n < N; ++n) {
    int x = 1000 * n / (N - 1);
    int curve = 1000 - (1000 - x) * (1000 - x) / 1000;  // 0..1000
    table[n] = {mgLow + (mgHigh - mgLow) * curve / 1000, egLow + (egHigh - egLow) * curve / 1000};
  }
}

// Copies a list of ints over a weight field (an S, an int, or arrays of them);
// used by the tuner's generated code in eval_weights_tuned.inc.
template <class Field>
void set(Field& field, std::initializer_list<int> values) {
  static_assert(sizeof(Field) % sizeof(int) == 0);
  if (values.size() * sizeof(int) != sizeof(Field)) return;  // stale file: keep the hand-set value
  std::memcpy(static_cast<void*>(&field), values.begin(), sizeof(Field));
}

// Tuned values replacing the hand-set ones (empty when nothing has been tuned).
void apply_tuned_weights([[maybe_unused]] EvalWeights& w) {
#include "eval_weights_tuned.inc"
}

}  // namespace

EvalWeights make_hand_set_weights() {
  EvalWeights w{};
  // Tables by piece type: pawn, knight, bishop, rook, queen, king.
  by_type(w.pieceValue, {{{82, 104}, {335, 320}, {350, 338}, {470, 560}, {980, 1040}, {0, 0}}});
  fill_psqt(w);

  fill_mobility(w.knightMobility, -32, 20, -40, 20);
  fill_mobility(w.bishopMobility, -30, 36, -44, 40);
  fill_mobility(w.rookMobility, -24, 26, -44, 50);
  fill_mobility(w.queenMobility, -18, 30, -40, 56);

  w.isolatedPawn = {-9, -12};
  w.doubledPawn = {-8, -22};
  w.backwardPawn = {-7, -9};
  constexpr int connMg[8] = {0, 3, 6, 9, 16, 30, 48, 0};
  constexpr int passMg[8] = {0, 0, 4, 10, 22, 40, 64, 0};
  constexpr int passEg[8] = {0, 8, 12, 24, 44, 76, 120, 0};
  for (int r = 0; r < 8; ++r) {
    w.connectedPawn[r] = {connMg[r], connMg[r] * 3 / 4};
    w.passedPawn[r] = {passMg[r], passEg[r]};
    w.passedBlocked[r] = {-passMg[r] / 3, -passEg[r] / 3};
  }
  w.passedKingTheirs = 5;
  w.passedKingOurs = 2;
  w.passedUnopposedPath = {4, 16};

  w.bishopPair = {28, 52};
  w.rookOpenFile = {26, 10};
  w.rookSemiOpenFile = {12, 6};
  w.knightOutpost = {22, 12};
  w.bishopOutpost = {10, 4};
  w.minorBehindPawn = {8, 2};

  w.threatByPawn = {48, 40};
  by_type(w.threatByMinor, {{{0, 0}, {6, 12}, {6, 12}, {38, 40}, {44, 40}, {0, 0}}});
  by_type(w.threatByRook, {{{0, 0}, {8, 14}, {8, 14}, {0, 0}, {36, 36}, {0, 0}}});
  w.hangingPiece = {16, 10};

  w.kingAttackWeight[KNIGHT] = 2;
  w.kingAttackWeight[BISHOP] = 2;
  w.kingAttackWeight[ROOK] = 3;
  w.kingAttackWeight[QUEEN] = 5;
  w.kingZoneAttack = 1;
  w.safeCheck[KNIGHT] = 4;
  w.safeCheck[BISHOP] = 3;
  w.safeCheck[ROOK] = 5;
  w.safeCheck[QUEEN] = 4;
  w.weakShelterUnits = 1;
  w.kingDangerQuadratic = 22;
  w.kingDangerLinearEg = 40;
  w.kingDangerMax = 900;
  w.shieldPawn[0] = {20, 0};
  w.shieldPawn[1] = {10, 0};
  w.shieldPawn[2] = {2, 0};
  w.kingOpenFile = {-14, 0};

  w.mopUpEdge = 20;
  w.mopUpKings = 8;
  w.tempo = {16, 6};
  return w;
}

EvalWeights make_default_weights() {
  EvalWeights w = make_hand_set_weights();
  apply_tuned_weights(w);
  return w;
}

const EvalWeights& default_weights() {
  static const EvalWeights weights = make_default_weights();
  return weights;
}

}  // namespace escaque
