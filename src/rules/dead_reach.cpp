#include "dead_reach.h"

#include <initializer_list>

#include "../core/bitboard.h"

namespace escaque::dead {

namespace {

constexpr Bitboard FILE_B_BB = FILE_A_BB << 1;
constexpr Bitboard FILE_G_BB = FILE_A_BB << 6;

Bitboard knight_spread(Bitboard b) {
  Bitboard l1 = (b >> 1) & ~FILE_H_BB, l2 = (b >> 2) & ~(FILE_G_BB | FILE_H_BB);
  Bitboard r1 = (b << 1) & ~FILE_A_BB, r2 = (b << 2) & ~(FILE_A_BB | FILE_B_BB);
  Bitboard h1 = l1 | r1, h2 = l2 | r2;
  return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
}

// Everything reachable from gen by repeated steps of `step` through pro
// (Kogge-Stone occluded fill). `enterable` drops the squares a step would
// reach only by wrapping around the board edge.
template <int Step>
Bitboard ray_fill(Bitboard gen, Bitboard pro) {
  constexpr Bitboard enterable = (Step == 1 || Step == 9 || Step == -7)   ? ~FILE_A_BB
                                 : (Step == -1 || Step == 7 || Step == -9) ? ~FILE_H_BB
                                                                           : ~Bitboard(0);
  auto sh = [](Bitboard b, int n) { return n > 0 ? b << n : b >> -n; };
  pro &= enterable;
  gen |= pro & sh(gen, Step);
  pro &= sh(pro, Step);
  gen |= pro & sh(gen, 2 * Step);
  pro &= sh(pro, 2 * Step);
  gen |= pro & sh(gen, 4 * Step);
  return gen;
}

// The moves of a piece kind, as a combination of move patterns.
struct Shape {
  bool diagonal, orthogonal, knight;
};
Shape shape_of(PieceType pt) {
  switch (pt) {
    case KNIGHT: return {false, false, true};
    case BISHOP: return {true, false, false};
    case ROOK: return {false, true, false};
    default: return {true, true, false};  // queen
  }
}
constexpr Shape ANY_PIECE = {true, true, true};  // whatever a pawn may promote to

// Closure of start under the shape's moves through the squares in pro.
Bitboard region_of(Shape s, Bitboard start, Bitboard pro) {
  Bitboard r = start;
  for (;;) {
    Bitboard n = r;
    if (s.diagonal)
      n |= ray_fill<9>(r, pro) | ray_fill<7>(r, pro) | ray_fill<-7>(r, pro) | ray_fill<-9>(r, pro);
    if (s.orthogonal)
      n |= ray_fill<8>(r, pro) | ray_fill<-8>(r, pro) | ray_fill<1>(r, pro) | ray_fill<-1>(r, pro);
    if (s.knight) n |= knight_spread(r) & pro;
    if (n == r) return r;
    r = n;
  }
}
// Squares attacked from a closed region: the first blocker on any ray is one
// step beyond the region, so one step in each direction is enough.
Bitboard attacks_of(Shape s, Bitboard region) {
  Bitboard a = 0;
  if (s.diagonal) a |= shift<9>(region) | shift<7>(region) | shift<-7>(region) | shift<-9>(region);
  if (s.orthogonal) a |= shift<8>(region) | shift<-8>(region) | shift<1>(region) | shift<-1>(region);
  if (s.knight) a |= knight_spread(region);
  return a;
}

Bitboard flood_king(Square from, Bitboard pro) {
  Bitboard r = square_bb(from);
  for (;;) {
    Bitboard n = r | (king_spread(r) & pro);
    if (n == r) return r;
    r = n;
  }
}

Bitboard pawn_attacks_of(Color c, Bitboard b) {
  return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}
Bitboard push_of(Color c, Bitboard b) { return c == WHITE ? shift<8>(b) : shift<-8>(b); }
Bitboard home_rank(Color c) { return c == WHITE ? rank_bb(1) : rank_bb(6); }
Bitboard last_rank(Color c) { return c == WHITE ? RANK_8_BB : RANK_1_BB; }

// From strongest to weakest; see dead_reach.h. FILEBOUND pawns never capture
// (so never leave their file) but may be captured or promote.
enum Fate : std::uint8_t { FIXED, PERSISTENT, FILEBOUND, FREE };

// Cone of a free pawn: pushes through anything but walls, captures wherever
// an enemy unit may ever stand; never onto a stop square (see mate stops).
Bitboard free_cone(Color c, Square s, Bitboard walls, Bitboard enemyOcc, Bitboard stops) {
  Bitboard cone = square_bb(s);
  const Bitboard last = last_rank(c);
  for (;;) {
    Bitboard movers = cone & ~last;
    Bitboard single = push_of(c, movers) & ~walls & ~stops;
    Bitboard dbl = push_of(c, push_of(c, movers & home_rank(c)) & ~walls) & ~walls & ~stops;
    Bitboard caps = pawn_attacks_of(c, movers) & enemyOcc & ~stops;
    Bitboard next = cone | single | dbl | caps;
    if (next == cone) return cone;
    cone = next;
  }
}

class ReachBuilder {
 public:
  ReachBuilder(const Position& pos, Color winner, Reach& r) : pos_(pos), r_(r), winner_(winner) {}

  void run() {
    initial_fates();
    for (int guard = 0; guard < 200; ++guard) {
      compute();
      if (!demote_violators()) return;
    }
    // Not reached (each round demotes at least one of at most 32 units twice),
    // but if it were, the last computation would not be self-consistent:
    // make everything Free, which is always consistent.
    set_fate(pos_.pieces(), FREE);
    victims_ = 0;
    stops_ = knightStops_ = 0;
    compute();
  }

 private:
  void initial_fates() {
    init_mate_stops();
    fates_[FIXED] = pos_.pieces();
    fates_[PERSISTENT] = fates_[FILEBOUND] = 0;
    // Units that can move right now are not fixed: settling them here saves
    // rounds of the fixpoint (which would find the same).
    const Bitboard occupied = pos_.pieces();
    for (Color c : {WHITE, BLACK}) {
      const Bitboard own = pos_.pieces(c);
      const Bitboard enemyPawnAttacks = pawn_attacks_of(~c, pos_.pieces(~c, PAWN));
      const Bitboard pawns = pos_.pieces(c, PAWN);
      set_fate(pawns & ~push_of(~c, occupied | stops_for(c)), PERSISTENT);
      const Square k = pos_.king_square(c);
      if (king_attacks(k) & ~occupied & ~enemyPawnAttacks) set_fate(square_bb(k), FREE);
      for (Bitboard b = own & ~pos_.pieces(PAWN, KING); b;) {
        Square s = pop_lsb(b);
        const PieceType pt = type_of(pos_.piece_on(s));
        if (attacks_bb(pt, s, occupied) & ~own & ~knight_stops_for(c, pt)) set_fate(square_bb(s), FREE);
      }
    }
    // A pending en passant capture moves a "blocked" pawn sideways.
    if (pos_.en_passant_square() != SQ_NONE) {
      const Color us = pos_.side_to_move();
      const Square ep = pos_.en_passant_square();
      set_fate(square_bb(Square(ep - pawn_push(us))) | (pawn_attacks(~us, ep) & pos_.pieces(us, PAWN)), FREE);
    }
    // Castling moves king and rook in ways the fixed-unit test ignores.
    for (Color c : {WHITE, BLACK})
      if (pos_.castling_rights() & (c == WHITE ? 3 : 12))
        set_fate(pos_.pieces(c, KING) | pos_.pieces(c, ROOK), FREE);
  }

  Fate fate(Square s) const {
    const Bitboard b = square_bb(s);
    return (fates_[FIXED] & b) ? FIXED : (fates_[PERSISTENT] & b) ? PERSISTENT : (fates_[FILEBOUND] & b) ? FILEBOUND : FREE;
  }
  void set_fate(Bitboard units, Fate f) {
    for (Bitboard& b : fates_) b &= ~units;
    if (f != FREE) fates_[f] |= units;
  }
  Bitboard free_units() const { return pos_.pieces() & ~(fates_[FIXED] | fates_[PERSISTENT] | fates_[FILEBOUND]); }

  void compute() {
    Reach& r = r_;
    r.walls = fates_[FIXED];
    const Bitboard pawns = pos_.pieces(PAWN);
    const Bitboard pro = ~r.walls;
    for (Color c : {WHITE, BLACK}) {
      r.fixed[c] = r.walls & pos_.pieces(c);
      r.fixedPawnAttacks[c] = pawn_attacks_of(c, r.fixed[c] & pawns);
    }
    for (Color c : {WHITE, BLACK}) {
      const Square k = pos_.king_square(c);
      r.kingRegion[c] = (r.walls & square_bb(k)) ? square_bb(k) : flood_king(k, pro & ~r.fixedPawnAttacks[~c]);
    }
    // A king shuttling alone between two squares keeps the enemy king away
    // (see shuttle_zone): the enemy king's region is flooded again without it.
    for (Color c : {WHITE, BLACK}) r.shuttleZone[~c] = shuttle_zone(c);
    for (Color c : {WHITE, BLACK}) {
      if (r.shuttleZone[~c])
        r.kingRegion[~c] = flood_king(pos_.king_square(~c), pro & ~r.fixedPawnAttacks[c] & ~r.shuttleZone[~c]);
    }
    for (Color c : {WHITE, BLACK}) {
      // Fixed pieces attack only their own fixed neighbours (else they could
      // move), and a unit next to a king can never be taken by the other king.
      Bitboard def = r.fixedPawnAttacks[c];
      for (Bitboard b = r.fixed[c] & ~pawns; b;) {
        Square s = pop_lsb(b);
        def |= attacks_bb(type_of(pos_.piece_on(s)), s, r.walls);
      }
      r.defended[c] = def;
      r.unitCount[c] = 0;
      for (Bitboard b = pos_.pieces(c) & ~pos_.pieces(PAWN, KING) & ~r.walls; b;) {
        Square s = pop_lsb(b);
        PieceType pt = type_of(pos_.piece_on(s));
        Shape shape = shape_of(pt);
        if (victims_ & square_bb(s)) {  // never moves (see frozen_victim)
          add_unit(c, {pt, s, square_bb(s), attacks_bb(pt, s, r.walls | frozen_cluster(c, s)), false});
          continue;
        }
        Bitboard region = region_of(shape, square_bb(s), pro & ~knight_stops_for(c, pt));
        add_unit(c, {pt, s, region, attacks_of(shape, region), false});
      }
      file_cones(c);
    }
    // Free pawns: a first, generous pass lets them capture anywhere; the
    // second pass only where the first says an enemy unit could stand.
    const int fixedUnits[COLOR_NB] = {r.unitCount[WHITE], r.unitCount[BLACK]};
    Bitboard enemyOcc[COLOR_NB] = {~Bitboard(0), ~Bitboard(0)};
    for (int pass = 0; pass < 2; ++pass) {
      for (Color c : {WHITE, BLACK}) {
        r.unitCount[c] = fixedUnits[c];
        for (Bitboard b = pos_.pieces(c, PAWN) & free_units(); b;) {
          Square s = pop_lsb(b);
          Bitboard cone = free_cone(c, s, r.walls, enemyOcc[c], stops_for(c));
          add_unit(c, {PAWN, s, cone, pawn_attacks_of(c, cone & ~last_rank(c)), bool(cone & last_rank(c))});
        }
        summarise(c);
      }
      enemyOcc[WHITE] = r.occ[BLACK];
      enemyOcc[BLACK] = r.occ[WHITE];
    }
  }

  // The shuttle rule. Suppose (under the current guess) every unit of side s
  // but its king is Fixed, and s's king may only ever stand on the few
  // squares of its region R. Then s's only moves are king steps inside R.
  // Call q a trap square if, wherever in R s's king stands (p, not next to q),
  // every square of R next to p is also next to q: an enemy king arriving on
  // q leaves s without a legal move, and the game is over at once. So the
  // enemy king stays off the trap squares in every position but those final
  // ones (it starts off them), which is what the reach needs; returned as the
  // zone for the enemy king (0: the rule does not apply). With R = {a, b} the
  // trap squares are those next to a or b: a king shuttling alone between two
  // squares keeps the other king away.
  //  - For mates by s this is sound as it stands: a position where s mates
  //    has the enemy to move, so its king is not on a trap square.
  //  - For mates by the enemy, only if the king's step onto a trap square can
  //    never uncover a check (else that final position could be a mate).
  Bitboard shuttle_zone(Color s) const {
    const Reach& r = r_;
    const Color e = ~s;
    const Square ks = pos_.king_square(s);
    if (r.walls & square_bb(ks)) return 0;
    if ((pos_.pieces(s) & ~pos_.pieces(s, KING)) & ~fates_[FIXED]) return 0;
    const Bitboard region = r.kingRegion[s];
    if (popcount(region) > 6 || !(region & square_bb(ks))) return 0;
    if (pos_.castling_rights() & (s == WHITE ? 3 : 12)) return 0;
    Bitboard zone = 0;
    // (A trap square may hold a unit of s: the enemy king would step there by taking it.)
    for (Bitboard qs = king_spread(region); qs;) {
      const Square q = pop_lsb(qs);
      bool trap = true;
      for (Bitboard ps = region & ~king_spread(square_bb(q)); ps && trap;) {
        const Square p = pop_lsb(ps);
        trap = !(king_attacks(p) & region & ~king_spread(square_bb(q)));
      }
      if (trap) zone |= square_bb(q);
    }
    if (!zone || (zone & square_bb(pos_.king_square(e)))) return 0;
    if (e == winner_ && discovery_possible(s, region, zone)) return 0;
    return zone;
  }

  // Could the enemy king's step onto a trap square q uncover a check on s's
  // king on p (q not next to p)? Only by leaving a line from p beyond which an
  // enemy slider (or a promoted piece) could stand. Lines end at walls.
  bool discovery_possible(Color s, Bitboard region, Bitboard zone) const {
    const Color e = ~s;
    const Bitboard pawnsMayPromote = pos_.pieces(e, PAWN) & ~fates_[FIXED] & ~fates_[PERSISTENT];
    const bool diagonal = pos_.pieces(e, BISHOP) | pos_.pieces(e, QUEEN) | pawnsMayPromote;
    const bool orthogonal = pos_.pieces(e, ROOK) | pos_.pieces(e, QUEEN) | pawnsMayPromote;
    constexpr int DF[8] = {1, 1, 0, -1, -1, -1, 0, 1}, DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    for (Bitboard ps = region; ps;) {
      const Square p = pop_lsb(ps);
      const Bitboard entries = zone & ~king_spread(square_bb(p));
      const Bitboard from = king_spread(entries) & ~zone;
      for (int d = 0; d < 8; ++d) {
        if (!((d % 2) ? diagonal : orthogonal)) continue;
        for (int f = file_of(p) + DF[d], rk = rank_of(p) + DR[d]; f >= 0 && f < 8 && rk >= 0 && rk < 8;
             f += DF[d], rk += DR[d]) {
          const Square sq = make_square(f, rk);
          if (r_.walls & square_bb(sq)) break;
          const int nf = f + DF[d], nr = rk + DR[d];
          const bool beyond = nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && !(r_.walls & square_bb(make_square(nf, nr)));
          if ((from & square_bb(sq)) && beyond) return true;
        }
      }
    }
    return false;
  }

  // Mate stops. When the winner's king can never move (Fixed), a loser's pawn
  // stepping onto a square m from which it attacks that king, where the king
  // cannot take it (m defended for ever by the loser's Fixed units) and no
  // other unit of the winner could ever take it either (a pawn's check cannot
  // be blocked), mates the winner: the game ends there, without a mate by the
  // winner. So for this analysis no loser's pawn ever stands on m in a position
  // that matters, and m stops its cone (a pawn behind m counts as blocked).
  // Squares a double step may reach are left out (en passant could take the
  // pawn), as is the last rank. The stops are a guess checked with the rest.
  void init_mate_stops() {
    const Color loser = ~winner_;
    const Bitboard doubleStepRank = loser == WHITE ? rank_bb(3) : rank_bb(4);
    stops_ = pawn_attacks(winner_, pos_.king_square(winner_)) & ~doubleStepRank & ~last_rank(loser);
    stops_ &= ~pos_.pieces(loser, PAWN);  // a pawn there gives check now: not this analysis' case
    knightStops_ = knight_attacks(pos_.king_square(winner_)) & ~pos_.pieces(loser, KNIGHT);
  }
  // The same for the loser's knights: a knight's check can neither be blocked
  // nor, from a knight's distance, answered by the king taking it; so a knight
  // stepping onto a square from which it attacks the winner's Fixed king, a
  // square no unit of the winner may ever attack, mates. Such squares are
  // left out of the loser's knights' regions (and a knight whose other moves
  // are blocked by its own fixed units stays where it is). A knight that
  // might come from a promotion is not restricted (promotions are described
  // loosely anyway).
  // A Fixed knight of the loser held in place by the stops is a wall and a
  // defender in the reach; the moment it steps onto a stop it is neither.
  // The step still mates only if the winner's king stays without a square
  // then: every loser's unit next to that king must be defended by Fixed
  // units other than that knight, and the knight must not stand next to the
  // king itself (its square would become free). Else no knight stop is kept.
  bool knights_may_leave(Bitboard stops) const {
    const Reach& r = r_;
    const Color loser = ~winner_;
    const Bitboard kingNear = king_attacks(pos_.king_square(winner_));
    for (Bitboard ns = r.fixed[loser] & pos_.pieces(loser, KNIGHT); ns;) {
      const Square n = pop_lsb(ns);
      if (!(knight_attacks(n) & stops)) continue;  // never steps onto a stop
      if (kingNear & square_bb(n)) return false;
      Bitboard defended = r.fixedPawnAttacks[loser];
      for (Bitboard ps = r.fixed[loser] & ~pos_.pieces(PAWN) & ~square_bb(n); ps;) {
        const Square p = pop_lsb(ps);
        defended |= attacks_bb(type_of(pos_.piece_on(p)), p, r.walls);
      }
      if (kingNear & r.fixed[loser] & ~defended) return false;
    }
    return true;
  }
  Bitboard knight_stops_for(Color c, PieceType pt) const { return c != winner_ && pt == KNIGHT ? knightStops_ : 0; }
  Bitboard stops_for(Color c) const { return c == winner_ ? 0 : stops_; }
  // Drops the stops the current reach contradicts; true if any was dropped.
  bool validate_mate_stops() {
    if (!stops_ && !knightStops_) return false;
    const Reach& r = r_;
    const Color loser = ~winner_;
    Bitboard keep = stops_ & r.defended[loser] & ~r.attacks[winner_] & ~r.promoAttacks[winner_];
    Bitboard keepKnight = knightStops_ & ~r.attacks[winner_] & ~r.promoAttacks[winner_];
    if (!(r.walls & square_bb(pos_.king_square(winner_)))) keep = keepKnight = 0;
    if (keepKnight && !knights_may_leave(keepKnight)) keepKnight = 0;
    if (keep == stops_ && keepKnight == knightStops_) return false;
    stops_ = keep;
    knightStops_ = keepKnight;
    return true;
  }

  void add_unit(Color c, const MobileUnit& u) {
    if (r_.unitCount[c] < MAX_MOBILE_UNITS) r_.units[c][r_.unitCount[c]++] = u;
  }

  // Cones of pawns that never leave their file: straight pushes only, never
  // past a wall nor past the next pawn ahead on the file that never leaves it
  // nor disappears (Fixed or Persistent). Pawns are taken from the most
  // advanced back, so an own pawn ahead already has its cone.
  void file_cones(Color c) {
    Reach& r = r_;
    const int up = pawn_push(c);
    const Bitboard bounding = fates_[FIXED] | fates_[PERSISTENT];  // never leave the file nor vanish
    const Bitboard enemyBounds = pos_.pieces(~c, PAWN) & bounding;
    Bitboard topOfCone[8] = {};  // per file: furthest square of the last own bounding pawn seen
    for (Bitboard b = pos_.pieces(c, PAWN) & ~free_units(); b;) {
      // Most advanced first.
      Square s = c == WHITE ? msb(b) : lsb(b);
      b ^= square_bb(s);
      const int f = file_of(s);
      const Fate fs = fate(s);
      Bitboard cone = square_bb(s);
      if (fs != FIXED) {
        for (int t = s + up; t >= 0 && t < 64; t += up) {
          Bitboard tb = square_bb(Square(t));
          if ((r.walls | enemyBounds | topOfCone[f] | stops_for(c)) & tb) break;
          cone |= tb;
        }
      }
      if (fs <= PERSISTENT) topOfCone[f] = c == WHITE ? square_bb(msb(cone)) : square_bb(lsb(cone));
      if (fs != FIXED)
        add_unit(c, {PAWN, s, cone, pawn_attacks_of(c, cone & ~last_rank(c)), bool(cone & last_rank(c))});
    }
  }

  void summarise(Color c) {
    Reach& r = r_;
    Bitboard occ = r.fixed[c] & ~pos_.pieces(KING), att = r.fixedPawnAttacks[c], promo = 0;
    for (int i = 0; i < r.unitCount[c]; ++i) {
      const MobileUnit& u = r.units[c][i];
      occ |= u.region;
      att |= u.attacks;
      if (u.promotes) promo |= u.region & last_rank(c);
    }
    r.promoRegion[c] = promo ? region_of(ANY_PIECE, promo, ~r.walls) : 0;
    r.promoAttacks[c] = attacks_of(ANY_PIECE, r.promoRegion[c]);
    r.occ[c] = occ | r.promoRegion[c];
    r.attacks[c] = att | r.promoAttacks[c];
  }

  // Units whose fate the computed reach contradicts get the next weaker fate.
  bool demote_violators() {
    const Reach& r = r_;
    bool any = validate_mate_stops();
    for (Color c : {WHITE, BLACK}) {
      const Color e = ~c;
      // The enemy king takes only on squares it may step to (never into a shuttle zone).
      const Bitboard kingTouch = king_spread(r.kingRegion[e]) & ~r.shuttleZone[e];
      // May a unit standing on the squares sq be captured by the enemy?
      auto capturable = [&](Bitboard sq) {
        return (sq & r.attacks[e]) || (sq & kingTouch & ~r.defended[c]);
      };
      for (Bitboard b = pos_.pieces(c) & ~free_units(); b;) {
        Square s = pop_lsb(b);
        const Fate fs = fate(s);
        const Bitboard sb = square_bb(s);
        const PieceType pt = type_of(pos_.piece_on(s));
        bool ok;
        if (pt == KING) {
          ok = !(king_attacks(s) & ~r.walls & ~r.fixedPawnAttacks[e]);
        } else if (pt != PAWN) {
          ok = !(attacks_bb(pt, s, r.walls) & ~r.fixed[c] & ~knight_stops_for(c, pt)) && !capturable(sb);
        } else if (fs == FIXED) {
          ok = (push_of(c, sb) & (r.walls | stops_for(c))) && !(pawn_attacks(c, s) & r.occ[e]) && !capturable(sb);
        } else {
          Bitboard cone = cone_of(c, s);
          bool neverCaptures = !(pawn_attacks_of(c, cone & ~last_rank(c)) & r.occ[e]);
          ok = neverCaptures && (fs == FILEBOUND || (!(cone & last_rank(c)) && !capturable(cone)));
          if (!ok && fs == PERSISTENT && neverCaptures) {
            set_fate(sb, FILEBOUND);
            any = true;
            continue;
          }
        }
        if (!ok) {
          set_fate(sb, (pt == PAWN && fs == FIXED) ? PERSISTENT : FREE);
          if (pt != PAWN && pt != KING && frozen_victim(c, s, capturable)) victims_ |= sb;
          any = true;
        }
      }
      for (Bitboard b = victims_ & pos_.pieces(c); b;) {
        const Square s = pop_lsb(b);
        if (!frozen_victim(c, s, capturable)) {
          victims_ &= ~square_bb(s);
          any = true;
        }
      }
    }
    return any;
  }

  // A piece boxed in by its own pieces that are boxed in the same way (a
  // rook in the corner behind its king and a bishop: Ra1, Ka2, Bb1 with the
  // a3, b2 squares attacked for ever by fixed pawns) never moves: none of that
  // cluster can move before one of them leaves the board. If this piece is
  // the only one of the cluster that can ever be captured, it is the first
  // to go, so it never moves: its region is its own square, yet it is no wall
  // (it may vanish, and then the others get out). The cluster: the piece and,
  // repeatedly, every own piece or king its members' moves run into. Each
  // member's every move must end on a wall or a member (a king's also on a
  // square attacked for ever by a fixed enemy pawn); pawns are never members
  // (they would have to be fixed: walls). Monotone like the rest: weaker
  // fates only open squares and add attacks.
  template <class Capturable>
  bool frozen_victim(Color c, Square victim, const Capturable& capturable) const {
    const Bitboard cluster = frozen_cluster(c, victim);
    if (!cluster) return false;
    for (Bitboard others = cluster & ~square_bb(victim) & ~pos_.pieces(KING); others;)
      if (capturable(square_bb(pop_lsb(others)))) return false;
    return true;
  }
  // The cluster of a piece as above (its members stand where they stand as
  // long as the piece does, so its attacks stop at them), 0 if there is none.
  Bitboard frozen_cluster(Color c, Square victim) const {
    const Reach& r = r_;
    if (pos_.castling_rights() & (c == WHITE ? 3 : 12)) return 0;
    const Bitboard ownPieces = pos_.pieces(c) & ~pos_.pieces(c, PAWN) & ~r.walls;
    const Bitboard blockers = r.walls | ownPieces;
    Bitboard cluster = square_bb(victim), todo = cluster;
    while (todo) {
      const Square m = pop_lsb(todo);
      const PieceType pt = type_of(pos_.piece_on(m));
      const Bitboard moves = pt == KING ? king_attacks(m) & ~r.fixedPawnAttacks[~c] : attacks_bb(pt, m, blockers);
      const Bitboard open = moves & ~r.walls;
      if (open & ~ownPieces) return 0;  // an empty square, an enemy unit, an own pawn that may move
      todo |= open & ~cluster;
      cluster |= open;
    }
    return cluster;
  }

  Bitboard cone_of(Color c, Square s) const {
    for (int i = 0; i < r_.unitCount[c]; ++i)
      if (r_.units[c][i].square == s) return r_.units[c][i].region;
    return ~Bitboard(0);  // not recorded (too many units): assume the worst
  }

  const Position& pos_;
  Reach& r_;
  Color winner_;
  Bitboard stops_ = 0;  // mate stops for the loser's pawns (see init_mate_stops)
  Bitboard knightStops_ = 0;  // ... and for the loser's knights
  Bitboard victims_ = 0;  // pieces that never move but may be captured (see frozen_victim)
  Bitboard fates_[FREE];  // units of each fate but FREE (the rest)
};

}  // namespace

Bitboard king_spread(Bitboard b) {
  Bitboard row = b | shift<1>(b) | shift<-1>(b);
  return row | shift<8>(row) | shift<-8>(row);
}

void compute_reach(const Position& pos, Color winner, Reach& reach) { ReachBuilder(pos, winner, reach).run(); }

}  // namespace escaque::dead
