// Static proofs of unwinnability: material rules, then the mating-square test
// on top of the reach analysis (dead_reach.h). See docs/dead-positions.md.
//
// The mating-square test. A mate by `winner` puts the loser's king on some
// square k of its region, in check from some unit of the winner standing on
// x, with every square next to k closed: by a fixed unit (a wall; the
// winner's fixed units next to the loser's king region are defended for
// ever), by an attack of the winner, by a unit of the loser standing on it,
// or by the winner's king (which must then stand next to it but not next to
// k). The checker's own square must be covered by another unit or the king,
// and cannot hold a loser's unit. Each loser's unit can close one square
// only, which makes "can the flight squares be closed" a matching problem.
// Moreover, when the check can only be single and nothing of the winner's
// could pin, a loser's unit standing next to its king must not be able to
// capture the checker or step in between (a queen next to its cornered king
// always can: king and knight or bishop never mate king and queen).
// If no (checker, x, k) passes, no mate is possible.
#include "dead_static.h"

#include "../core/bitboard.h"
#include "dead_reach.h"

namespace escaque::dead {

namespace {

constexpr Bitboard ALL_SQUARES = ~Bitboard(0);

class MateSquareTest {
 public:
  MateSquareTest(const Position& pos, Color winner, const Reach& r)
      : pos_(pos), r_(r), winner_(winner), loser_(~winner) {
    closedAlways_ = r.fixed[loser_] | r.fixed[winner_] | r.fixedPawnAttacks[winner_];
    loserCount_ = r.unitCount[loser_];
    loserOccUnion_ = 0;
    for (int j = 0; j < loserCount_; ++j) {
      const MobileUnit& u = r.units[loser_][j];
      loserOcc_[j] = u.region | (u.promotes ? r.promoRegion[loser_] : 0);
      loserOccUnion_ |= loserOcc_[j];
    }
    loserKing_ = pos.king_square(loser_);
  }

  // True if some mate by the winner is conceivable.
  bool any_mate() const {
    const Reach& r = r_;
    const Bitboard loserRegion = r.kingRegion[loser_];
    // Squares where even the loosest test (all attacks together) allows a mate.
    Bitboard candidates = 0;
    Bitboard checkable = r.attacks[winner_] & ~r.fixedPawnAttacks[winner_];
    for (int i = 0; i < r.unitCount[winner_]; ++i) checkable |= r.units[winner_][i].attacks;
    checkable |= r.promoAttacks[winner_];
    // A fixed pawn gives no check (it would have been check already), except
    // that the loser's king may stand in one right now.
    checkable |= r.fixedPawnAttacks[winner_] & square_bb(loserKing_);
    for (Bitboard ks = checkable & loserRegion; ks;) {
      Square k = pop_lsb(ks);
      if (closable(k, SQ_NONE, r.attacks[winner_], ALL_SQUARES)) candidates |= square_bb(k);
    }
    if (!candidates) return false;
    // Promoted pieces, or a check by a fixed pawn now: keep the loose test.
    if (candidates & (r.promoAttacks[winner_] | (r.fixedPawnAttacks[winner_] & square_bb(loserKing_))))
      return true;
    if (r.unitCount[winner_] > 6) return true;
    // Place each checking unit exactly.
    for (int i = 0; i < r.unitCount[winner_]; ++i) {
      const MobileUnit& u = r.units[winner_][i];
      Bitboard othersMobile = r.promoAttacks[winner_];
      Bitboard othersOcc = r.promoRegion[winner_];
      bool otherDiagonal = r.promoRegion[winner_] != 0, otherOrthogonal = otherDiagonal;
      for (int j = 0; j < r.unitCount[winner_]; ++j) {
        if (j == i) continue;
        othersMobile |= r.units[winner_][j].attacks;
        othersOcc |= r.units[winner_][j].region;
        PieceType t = r.units[winner_][j].type;
        otherDiagonal |= t == BISHOP || t == QUEEN;
        otherOrthogonal |= t == ROOK || t == QUEEN;
      }
      const Bitboard others = othersMobile | r.fixedPawnAttacks[winner_];
      Bitboard xs = u.region & ~(u.type == PAWN ? last_rank() : 0);
      while (xs) {
        Square x = pop_lsb(xs);
        // (Within the unit's attacks: a piece that never moves attacks less than from an open board.)
        Bitboard hits = (u.type == PAWN ? pawn_attacks(winner_, x) : attacks_bb(u.type, x, r.walls)) & u.attacks;
        for (Bitboard ks = hits & candidates; ks;) {
          Square k = pop_lsb(ks);
          // The loser's units' parries count only for a single check, and not
          // on lines through the king another slider of the winner could pin on.
          const bool single = !(othersMobile & square_bb(k)) || !second_checker_possible(i, k, x);
          const Bitboard pinnable = (otherDiagonal ? bishop_attacks(k, 0) : 0) |
                                    (otherOrthogonal ? rook_attacks(k, 0) : 0);
          if (closable(k, x, hits | others, single ? othersOcc : ALL_SQUARES, pinnable)) return true;
        }
      }
    }
    return false;
  }

 private:
  Bitboard last_rank() const { return winner_ == WHITE ? RANK_8_BB : RANK_1_BB; }

  // Could a unit of the winner other than unit i check k together with the
  // checker on x? A double check is a direct check plus a discovered one, so
  // one of the two must be a slider the other can unmask. Two bishops cannot:
  // a bishop leaving one diagonal through k moves along a line parallel to the
  // other one; nor two rooks, likewise; knights and pawns unmask nothing and
  // cannot be unmasked. Nor can a unit that could only check from the
  // checker's own ray. (Castling can unmask with the king: then anything goes.)
  bool second_checker_possible(int i, Square k, Square x) const {
    const Reach& r = r_;
    if (r.promoRegion[winner_] && (r.promoRegion[winner_] & (attacks_bb(QUEEN, k, r.walls) | knight_attacks(k))))
      return true;
    const bool castling = pos_.castling_rights() & (winner_ == WHITE ? 3 : 12);
    const PieceType ti = r.units[winner_][i].type;
    auto slider = [](PieceType t) { return t == BISHOP || t == ROOK || t == QUEEN; };
    // The half-line from k through x: a second piece there is behind or in
    // front of the checker, never checking at the same time.
    Bitboard checkRay = 0;
    if (line_bb(k, x)) {
      const int df = (file_of(x) > file_of(k)) - (file_of(x) < file_of(k));
      const int dr = (rank_of(x) > rank_of(k)) - (rank_of(x) < rank_of(k));
      for (int f = file_of(k) + df, rk = rank_of(k) + dr; f >= 0 && f < 8 && rk >= 0 && rk < 8; f += df, rk += dr)
        checkRay |= square_bb(make_square(f, rk));
    }
    for (int j = 0; j < r.unitCount[winner_]; ++j) {
      if (j == i) continue;
      const MobileUnit& u = r.units[winner_][j];
      const PieceType tj = u.type;
      const bool pairCan = castling || ((slider(ti) || slider(tj)) && !(ti == BISHOP && tj == BISHOP) &&
                                        !(ti == ROOK && tj == ROOK));
      if (!pairCan) continue;
      Bitboard origins = u.type == PAWN ? pawn_attacks(loser_, k) : attacks_bb(u.type, k, r.walls);
      if (u.region & origins & ~checkRay) return true;
    }
    return false;
  }

  // Can every square around k be closed, the winner's units covering `cover`
  // and the checker standing on x (SQ_NONE: unknown)? `winnerOthers`: where
  // the winner's other units may stand when the loser's units' parries of the
  // check are to be ruled out, ALL_SQUARES when they are not.
  bool closable(Square k, Square x, Bitboard cover, Bitboard winnerOthers, Bitboard pinnable = 0) const {
    const Bitboard near = king_attacks(k);
    const Bitboard xb = x == SQ_NONE ? 0 : square_bb(x);
    const Bitboard open = near & ~closedAlways_ & ~cover;
    const Bitboard kingSquares = r_.kingRegion[winner_] & ~near & ~square_bb(k) & ~xb;
    if (!kingSquares) return false;
    // Where each loser's unit may stand when mated: nowhere it would surely
    // parry the check (next to the checker or to a square in between).
    Bitboard allowed[MAX_MOBILE_UNITS];
    for (int j = 0; j < loserCount_; ++j) {
      allowed[j] = loserOcc_[j];
      if (winnerOthers != ALL_SQUARES) allowed[j] &= ~(sure_parry_squares(j, k, x) & ~pinnable);
    }
    // The winner's king either touches some open square or none.
    const Bitboard touching = kingSquares & king_spread(open);
    const bool exact = winnerOthers != ALL_SQUARES;
    auto closes = [&](Bitboard need, Bitboard kingAt) {
      if (!fits(need, xb, allowed)) return false;
      if (!exact || !need) return true;
      // Who may block a loser's line at the moment of mate: walls, the
      // winner's king and other units, the loser's king, and the loser's
      // units placed on the other flight squares or anywhere else they go.
      const Bitboard base = r_.walls | kingAt | winnerOthers | square_bb(k) | r_.promoRegion[loser_];
      Placement p{need, base, pinnable, k, x, allowed, {}};
      return place_blockers(p, need, 0);
    };
    if ((kingSquares & ~touching) && closes(open, kingSquares & ~touching)) return true;
    for (Bitboard ws = touching; ws;) {
      Square w = pop_lsb(ws);
      if (closes(open & ~king_attacks(w), square_bb(w))) return true;
    }
    return false;
  }

  // Assigning the loser's units to the flight squares one by one, so that
  // whether a unit could parry the check is judged with the others in place.
  struct Placement {
    Bitboard need, base, pinnable;
    Square k, x;
    const Bitboard* allowed;
    int unitOn[64];
  };
  bool place_blockers(Placement& p, Bitboard left, unsigned used) const {
    if (--placementBudget_ < 0) return true;  // too many combinations: do not claim anything
    if (!left) return placement_holds(p, used);
    const Square f = lsb(left);
    for (int j = 0; j < loserCount_; ++j) {
      if ((used >> j) & 1 || !(p.allowed[j] & square_bb(f))) continue;
      // Interchangeable units (same kind, same squares) need trying once.
      bool twin = false;
      for (int o = 0; o < j && !twin; ++o)
        twin = !((used >> o) & 1) && r_.units[loser_][o].type == r_.units[loser_][j].type &&
               p.allowed[o] == p.allowed[j] && r_.units[loser_][o].promotes == r_.units[loser_][j].promotes;
      if (twin) continue;
      p.unitOn[f] = j;
      if (place_blockers(p, left & (left - 1), used | (1u << j))) return true;
    }
    return false;
  }
  bool placement_holds(const Placement& p, unsigned used) const {
    Bitboard occupied = p.base | p.need;
    for (int j = 0; j < loserCount_; ++j)
      if (!((used >> j) & 1)) occupied |= p.allowed[j];
    for (Bitboard fs = p.need & ~p.pinnable; fs;) {
      Square f = pop_lsb(fs);
      if (parrying_squares(p.unitOn[f], square_bb(f), p.k, p.x, occupied & ~square_bb(f))) return false;
    }
    return true;
  }

  // Squares from which loser's unit j could parry the check on k from x
  // whatever else stands where: next to the checker or to a square in
  // between, along a line it moves on (or a knight's jump, a pawn's capture
  // or push away).
  Bitboard sure_parry_squares(int j, Square k, Square x) const {
    const MobileUnit& u = r_.units[loser_][j];
    if (u.promotes) return 0;  // might have become a piece that cannot
    const Bitboard targets = between_bb(k, x);  // the checker and any square between
    const Bitboard xb = square_bb(x);
    switch (u.type) {
      case PAWN: {
        Bitboard pushFrom = loser_ == WHITE ? (targets & ~xb) >> 8 : (targets & ~xb) << 8;
        return pawn_attacks(winner_, x) | pushFrom;
      }
      case KNIGHT: {
        Bitboard b = 0;
        for (Bitboard t = targets; t;) b |= knight_attacks(pop_lsb(t));
        return b;
      }
      case BISHOP: return shift<9>(targets) | shift<7>(targets) | shift<-7>(targets) | shift<-9>(targets);
      case ROOK: return shift<8>(targets) | shift<-8>(targets) | shift<1>(targets) | shift<-1>(targets);
      default: return king_spread(targets);
    }
  }

  // The squares among `flights` from which loser's unit j could for sure
  // capture the checker on x or step between it and the king on k.
  // `blocking`: squares that might hold something, so a line through them is not sure.
  Bitboard parrying_squares(int j, Bitboard flights, Square k, Square x, Bitboard blocking) const {
    const MobileUnit& u = r_.units[loser_][j];
    if (u.promotes) return 0;  // might have become a piece that cannot
    const Bitboard targets = between_bb(k, x);  // the checker and any square between
    Bitboard result = 0;
    for (Bitboard fs = flights & loserOcc_[j]; fs;) {
      Square f = pop_lsb(fs);
      bool parries = false;
      if (u.type == PAWN) {
        Bitboard push = loser_ == WHITE ? square_bb(f) << 8 : square_bb(f) >> 8;
        parries = (pawn_attacks(loser_, f) & square_bb(x)) || (push & targets & ~square_bb(x));
      } else if (u.type == KNIGHT) {
        parries = knight_attacks(f) & targets;
      } else {
        for (Bitboard ts = attacks_bb(u.type, f, 0) & targets; ts && !parries;) {
          Square t = pop_lsb(ts);
          parries = !(between_bb(f, t) & ~square_bb(t) & blocking);
        }
      }
      if (parries) result |= square_bb(f);
    }
    return result;
  }

  // Can the loser's units close `need`, one unit a square, unit j only on
  // allowed[j] (the checker's square cannot be closed by them)?
  bool fits(Bitboard need, Bitboard checkerSquare, const Bitboard* allowed) const {
    if (!need) return true;
    if (need & checkerSquare) return false;
    if ((need & ~loserOccUnion_) || popcount(need) > loserCount_) return false;
    int squares[8], m = 0;
    for (Bitboard b = need; b;) squares[m++] = pop_lsb(b);
    int owner[MAX_MOBILE_UNITS];
    for (int j = 0; j < loserCount_; ++j) owner[j] = -1;
    for (int a = 0; a < m; ++a) {
      unsigned visited = 0;
      if (!augment(a, squares, owner, visited, allowed)) return false;
    }
    return true;
  }

  // Kuhn's augmenting path for square index a.
  bool augment(int a, const int* squares, int* owner, unsigned& visited, const Bitboard* allowed) const {
    for (int j = 0; j < loserCount_; ++j) {
      if ((visited >> j) & 1 || !(allowed[j] & square_bb(Square(squares[a])))) continue;
      visited |= 1u << j;
      if (owner[j] < 0 || augment(owner[j], squares, owner, visited, allowed)) {
        owner[j] = a;
        return true;
      }
    }
    return false;
  }

  const Position& pos_;
  const Reach& r_;
  Color winner_, loser_;
  Square loserKing_;
  Bitboard closedAlways_;
  mutable int placementBudget_ = 4000;  // for the whole test: past it, mates are assumed possible
  Bitboard loserOcc_[MAX_MOBILE_UNITS];
  Bitboard loserOccUnion_;
  int loserCount_;
};

}  // namespace

bool material_cannot_mate(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Bitboard own = pos.pieces(winner);
  if (own == pos.pieces(winner, KING)) return true;
  if (pos.pieces(winner, PAWN) | pos.pieces(winner, ROOK) | pos.pieces(winner, QUEEN)) return false;
  const Bitboard knights = pos.pieces(winner, KNIGHT);
  const Bitboard bishops = pos.pieces(winner, BISHOP);
  const Bitboard loserUnits = pos.pieces(loser) & ~pos.pieces(loser, KING);
  // A knight alone needs the loser's own units to close flight squares.
  if (!bishops && !more_than_one(knights)) return loserUnits == 0;
  // Bishops of one colour never cover a square of the other colour, and the
  // winner's king can cover at most part of the flights of the other colour
  // around any square (see the docs): one must hold a loser's unit, and only
  // pawns, knights, rooks, queens or bishops of that other colour could.
  if (!knights) {
    const Bitboard colour = (bishops & LIGHT_SQUARES_BB) ? LIGHT_SQUARES_BB : DARK_SQUARES_BB;
    if (bishops & ~colour) return false;
    const Bitboard loserBishops = pos.pieces(loser, BISHOP);
    return !(loserUnits & ~loserBishops) && !(loserBishops & ~colour);
  }
  return false;
}

bool statically_unwinnable(const Position& pos, Color winner) {
  if (material_cannot_mate(pos, winner)) return true;
  Reach reach;
  compute_reach(pos, winner, reach);
  return !MateSquareTest(pos, winner, reach).any_mate();
}

}  // namespace escaque::dead
