#include "eval.h"

#include <algorithm>
#include <cstdlib>

#include "../rules/dead_position.h"

namespace escaque {

namespace {

constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 1, 1, 2, 4, 0};
constexpr int PHASE_MAX = 24;
constexpr int ALL_PIECES = 6;  // index into attackedBy for "any piece"
constexpr int SCALE_NORMAL = 64;

// Pawn-structure masks, built once.
struct PawnMasks {
  Bitboard forwardFile[COLOR_NB][64];      // squares ahead on the same file
  Bitboard attackSpan[COLOR_NB][64];       // squares ahead on the adjacent files
  Bitboard passedSpan[COLOR_NB][64];       // forwardFile | attackSpan
  Bitboard adjacentFiles[8];
  PawnMasks() {
    for (int f = 0; f < 8; ++f)
      adjacentFiles[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
    for (int c = 0; c < 2; ++c)
      for (int s = 0; s < 64; ++s) {
        int f = s & 7, r = s >> 3;
        Bitboard ahead = 0;
        for (int rr = 0; rr < 8; ++rr)
          if (c == WHITE ? rr > r : rr < r) ahead |= rank_bb(rr);
        forwardFile[c][s] = ahead & file_bb(f);
        attackSpan[c][s] = ahead & adjacentFiles[f];
        passedSpan[c][s] = forwardFile[c][s] | attackSpan[c][s];
      }
  }
};
const PawnMasks& masks() {
  static const PawnMasks m;
  return m;
}

int edge_distance(int x) { return x < 4 ? x : 7 - x; }

int non_pawn_material(const Position& pos, Color c, const EvalWeights& w) {
  int v = 0;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) v += pos.count(c, pt) * w.pieceValue[pt].mg;
  return v;
}

class Evaluator {
 public:
  Evaluator(const Position& pos, const EvalWeights& w) : pos_(pos), w_(w), m_(masks()) {}

  Value run() {
    init(WHITE);
    init(BLACK);
    S score = material_and_placement(WHITE) - material_and_placement(BLACK);
    score += pawns(WHITE) - pawns(BLACK);
    score += pieces(WHITE) - pieces(BLACK);
    score += king_safety(WHITE) - king_safety(BLACK);
    score += threats(WHITE) - threats(BLACK);
    score += passed_pawns(WHITE) - passed_pawns(BLACK);
    score += mop_up(WHITE) - mop_up(BLACK);

    int phase = game_phase(pos_);
    int scale = endgame_scale(score.eg > 0 ? WHITE : BLACK);
    // The scale applies to the whole value: drawish material usually leaves a
    // few pieces on the board, so the middlegame part still has some weight.
    int v = (score.mg * phase + score.eg * (PHASE_MAX - phase)) / PHASE_MAX * scale / SCALE_NORMAL;
    Color us = pos_.side_to_move();
    Value stm = (us == WHITE ? v : -v) + (w_.tempo.mg * phase + w_.tempo.eg * (PHASE_MAX - phase)) / PHASE_MAX;
    // A side that cannot checkmate at all can at best draw.
    if (stm > 0 && !can_win(us)) stm = 0;
    if (stm < 0 && !can_win(~us)) stm = 0;
    return std::clamp(stm, -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
  }

 private:
  void init(Color c) {
    Color them = ~c;
    Bitboard pawnAtt = pawn_attacks_bb_for(c, pos_.pieces(c, PAWN));
    Bitboard kingAtt = king_attacks(pos_.king_square(c));
    for (auto& b : attackedBy_[c]) b = 0;
    attackedBy_[c][PAWN] = pawnAtt;
    attackedBy_[c][KING] = kingAtt;
    attackedBy_[c][ALL_PIECES] = pawnAtt | kingAtt;
    attackedBy2_[c] = pawnAtt & kingAtt;
    Square ksq = pos_.king_square(c);
    Bitboard zone = kingAtt | square_bb(ksq);
    zone |= c == WHITE ? shift<8>(zone) : shift<-8>(zone);
    kingZone_[c] = zone;
    kingAttackUnits_[c] = 0;
    kingAttackers_[c] = 0;
    pinned_[c] = pos_.pinned(c);
    // Mobility counts squares not held by own pawns or king and not attacked by enemy pawns.
    (void)them;
  }

  static Bitboard pawn_attacks_bb_for(Color c, Bitboard pawns) {
    return c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  }

  void add_attacks(Color c, PieceType pt, Bitboard b) {
    attackedBy2_[c] |= attackedBy_[c][ALL_PIECES] & b;
    attackedBy_[c][ALL_PIECES] |= b;
    attackedBy_[c][pt] |= b;
  }

  S material_and_placement(Color c) const {
    S s;
    for (Bitboard b = pos_.pieces(c); b;) {
      Square sq = pop_lsb(b);
      PieceType pt = type_of(pos_.piece_on(sq));
      s += w_.pieceValue[pt] + w_.psqt[pt][relative_square(c, sq)];
    }
    return s;
  }

  S pawns(Color c) {
    Color them = ~c;
    S s;
    Bitboard own = pos_.pieces(c, PAWN), theirs = pos_.pieces(them, PAWN);
    passed_[c] = 0;
    for (Bitboard b = own; b;) {
      Square sq = pop_lsb(b);
      int f = file_of(sq), r = relative_rank(c, rank_of(sq));
      Square stop = Square(sq + pawn_push(c));
      Bitboard adjacent = m_.adjacentFiles[f];
      bool isolated = !(own & adjacent);
      bool doubled = m_.forwardFile[c][sq] & own;
      Bitboard supporters = pawn_attacks(them, sq) & own;
      Bitboard phalanx = own & adjacent & rank_bb(rank_of(sq));
      if (!(m_.passedSpan[c][sq] & theirs) && !doubled) passed_[c] |= square_bb(sq);
      if (isolated) s += w_.isolatedPawn;
      if (doubled) s += w_.doubledPawn;
      if (supporters | phalanx) s += w_.connectedPawn[r];
      // Backward: every own pawn on the adjacent files is ahead of it, and the
      // square in front is controlled by an enemy pawn, so it cannot advance safely.
      else if (!isolated && !(own & adjacent & ~m_.attackSpan[c][sq]) &&
               (pawn_attacks(c, stop) & theirs))
        s += w_.backwardPawn;
    }
    return s;
  }

  S pieces(Color c) {
    Color them = ~c;
    S s;
    const Bitboard occupied = pos_.pieces();
    const Bitboard mobilityArea = ~(pos_.pieces(c, PAWN, KING) | attackedBy_[them][PAWN]);
    const Square ksq = pos_.king_square(c);
    const Bitboard theirPawns = pos_.pieces(them, PAWN), ownPawns = pos_.pieces(c, PAWN);
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
      for (Bitboard b = pos_.pieces(c, pt); b;) {
        Square sq = pop_lsb(b);
        Bitboard att = attacks_bb(pt, sq, occupied);
        if (pinned_[c] & square_bb(sq)) att &= line_bb(ksq, sq);
        add_attacks(c, pt, att);
        int mob = popcount(att & mobilityArea);
        switch (pt) {
          case KNIGHT: s += w_.knightMobility[mob]; break;
          case BISHOP: s += w_.bishopMobility[mob]; break;
          case ROOK: s += w_.rookMobility[mob]; break;
          default: s += w_.queenMobility[mob]; break;
        }
        if (att & kingZone_[them]) {
          ++kingAttackers_[them];
          kingAttackUnits_[them] += w_.kingAttackWeight[pt] + w_.kingZoneAttack * popcount(att & kingZone_[them]);
        }
        int r = relative_rank(c, rank_of(sq));
        if (pt == KNIGHT || pt == BISHOP) {
          bool outpost = r >= 3 && r <= 5 && (attackedBy_[c][PAWN] & square_bb(sq)) &&
                         !(m_.attackSpan[c][sq] & theirPawns);
          if (outpost) s += pt == KNIGHT ? w_.knightOutpost : w_.bishopOutpost;
          Bitboard inFront = c == WHITE ? shift<8>(square_bb(sq)) : shift<-8>(square_bb(sq));
          if (pos_.pieces(PAWN) & inFront) s += w_.minorBehindPawn;
        } else if (pt == ROOK) {
          Bitboard file = file_bb(file_of(sq));
          if (!(file & (ownPawns | theirPawns))) s += w_.rookOpenFile;
          else if (!(file & ownPawns)) s += w_.rookSemiOpenFile;
        }
      }
    }
    if (pos_.count(c, BISHOP) >= 2) s += w_.bishopPair;
    return s;
  }

  // Penalty for the king of colour c (so a positive return is good for c).
  S king_safety(Color c) const {
    Color them = ~c;
    S s;
    const Square ksq = pos_.king_square(c);
    const Bitboard occupied = pos_.pieces();
    int units = kingAttackUnits_[c];

    // Pawn shelter, only while the king is still near its home rank.
    if (relative_rank(c, rank_of(ksq)) <= 1) {
      int kf = std::clamp(file_of(ksq), 1, 6);
      for (int f = kf - 1; f <= kf + 1; ++f) {
        Bitboard shield = pos_.pieces(c, PAWN) & file_bb(f) & (m_.forwardFile[c][ksq] | m_.attackSpan[c][ksq]);
        if (!(pos_.pieces(c, PAWN) & file_bb(f))) s += w_.kingOpenFile;
        if (!shield) {
          units += w_.weakShelterUnits;
          continue;
        }
        Square nearest = c == WHITE ? lsb(shield) : msb(shield);
        int dist = std::abs(rank_of(nearest) - rank_of(ksq));
        if (dist >= 1 && dist <= 3) s += w_.shieldPawn[dist - 1];
        else units += w_.weakShelterUnits;
      }
    }

    // Squares from which an enemy piece would give check without being captured.
    Bitboard safe = ~attackedBy_[c][ALL_PIECES] & ~pos_.pieces(them);
    Bitboard bishopLines = bishop_attacks(ksq, occupied), rookLines = rook_attacks(ksq, occupied);
    units += w_.safeCheck[KNIGHT] * popcount(knight_attacks(ksq) & attackedBy_[them][KNIGHT] & safe);
    units += w_.safeCheck[BISHOP] * popcount(bishopLines & attackedBy_[them][BISHOP] & safe);
    units += w_.safeCheck[ROOK] * popcount(rookLines & attackedBy_[them][ROOK] & safe);
    units += w_.safeCheck[QUEEN] * popcount((bishopLines | rookLines) & attackedBy_[them][QUEEN] & safe);

    bool dangerous = kingAttackers_[c] >= 2 || (kingAttackers_[c] >= 1 && pos_.pieces(them, QUEEN));
    if (dangerous && units > 0) {
      int mg = std::min(units * units * w_.kingDangerQuadratic / 16, w_.kingDangerMax);
      s -= S(mg, units * w_.kingDangerLinearEg / 16);
    }
    return s;
  }

  // Bonus for colour c attacking the opponent's pieces.
  S threats(Color c) const {
    Color them = ~c;
    S s;
    Bitboard targets = pos_.pieces(them) & ~pos_.pieces(them, PAWN, KING);
    s += w_.threatByPawn * popcount(attackedBy_[c][PAWN] & targets);
    for (Bitboard b = targets & (attackedBy_[c][KNIGHT] | attackedBy_[c][BISHOP]); b;)
      s += w_.threatByMinor[type_of(pos_.piece_on(pop_lsb(b)))];
    for (Bitboard b = targets & attackedBy_[c][ROOK]; b;)
      s += w_.threatByRook[type_of(pos_.piece_on(pop_lsb(b)))];
    s += w_.hangingPiece * popcount(targets & attackedBy_[c][ALL_PIECES] & ~attackedBy_[them][ALL_PIECES]);
    return s;
  }

  S passed_pawns(Color c) const {
    Color them = ~c;
    S s;
    for (Bitboard b = passed_[c]; b;) {
      Square sq = pop_lsb(b);
      int r = relative_rank(c, rank_of(sq));
      Square stop = Square(sq + pawn_push(c));
      s += w_.passedPawn[r];
      if (pos_.pieces() & square_bb(stop)) s += w_.passedBlocked[r];
      if (r >= 3) {
        int weight = r - 2;
        int theirs = std::min(square_distance(pos_.king_square(them), stop), 5);
        int ours = std::min(square_distance(pos_.king_square(c), stop), 5);
        s += S(0, (theirs * w_.passedKingTheirs - ours * w_.passedKingOurs) * weight);
        if (!(m_.forwardFile[c][sq] & pos_.pieces())) s += w_.passedUnopposedPath * weight;
      }
    }
    return s;
  }

  // Drive a lone king to the edge and bring the attacking king closer, so
  // that simple mates (KQK, KRK, ...) are found at modest depth.
  S mop_up(Color c) const {
    Color them = ~c;
    if (pos_.pieces(them) != pos_.pieces(them, KING) || pos_.pieces(c, PAWN) || !can_win(c)) return {};
    Square loser = pos_.king_square(them);
    int fromCentre = (3 - edge_distance(file_of(loser))) + (3 - edge_distance(rank_of(loser)));
    int close = 7 - square_distance(loser, pos_.king_square(c));
    return S(0, w_.mopUpEdge * fromCentre + w_.mopUpKings * close);
  }

  // Cheap material test first; the full dead-position analysis only when few
  // pieces remain, where it is decisive and fast.
  bool can_win(Color c) const {
    if (pos_.pieces(c, PAWN) || pos_.pieces(c, ROOK, QUEEN)) return true;
    int minors = popcount(pos_.pieces(c, KNIGHT, BISHOP));
    if (minors == 0) return false;
    if (minors == 1) {
      // A lone minor can only mate with the help of enemy pieces blocking their own king.
      if (pos_.pieces(~c) == pos_.pieces(~c, KING)) return false;
    }
    // The static analysis only: no helpmate search inside the search tree (microseconds).
    if (popcount(pos_.pieces()) <= 5) return can_checkmate_static(pos_, c);
    return true;
  }

  // Endgame scale (out of 64) for the side that is ahead.
  int endgame_scale(Color strong) const {
    Color weak = ~strong;
    int npmStrong = non_pawn_material(pos_, strong, w_), npmWeak = non_pawn_material(pos_, weak, w_);
    if (!pos_.pieces(strong, PAWN)) {
      // Two knights cannot force mate against a bare king.
      if (pos_.pieces(strong) == (pos_.pieces(strong, KING) | pos_.pieces(strong, KNIGHT)) &&
          pos_.count(strong, KNIGHT) == 2 && pos_.pieces(weak) == pos_.pieces(weak, KING))
        return 2;
      // Without pawns an extra minor piece is rarely enough to win.
      if (npmStrong - npmWeak <= w_.pieceValue[BISHOP].mg)
        return npmStrong < w_.pieceValue[ROOK].mg ? 4 : 16;
    }
    // Opposite-coloured bishops and nothing else.
    if (npmStrong == w_.pieceValue[BISHOP].mg && npmWeak == w_.pieceValue[BISHOP].mg) {
      Bitboard bishops = pos_.pieces(BISHOP);
      if ((bishops & LIGHT_SQUARES_BB) && (bishops & DARK_SQUARES_BB))
        return popcount(pos_.pieces(strong, PAWN)) - popcount(pos_.pieces(weak, PAWN)) <= 1 ? 24 : 40;
    }
    return SCALE_NORMAL;
  }

  const Position& pos_;
  const EvalWeights& w_;
  const PawnMasks& m_;
  Bitboard attackedBy_[COLOR_NB][7];
  Bitboard attackedBy2_[COLOR_NB];
  Bitboard kingZone_[COLOR_NB];
  Bitboard pinned_[COLOR_NB];
  Bitboard passed_[COLOR_NB];
  int kingAttackUnits_[COLOR_NB];  // units of danger for the king of this colour
  int kingAttackers_[COLOR_NB];    // enemy pieces attacking this colour's king zone
};

}  // namespace

int game_phase(const Position& pos) {
  int phase = 0;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(pt));
  return std::min(phase, PHASE_MAX);
}

Value evaluate(const Position& pos, const EvalWeights& weights) { return Evaluator(pos, weights).run(); }

}  // namespace escaque
