// Dead positions and "can this side still mate": hand-made positions whose
// answers follow from chess facts (argued in the comments, and for the small
// ones confirmed by enumerating every reachable position), plus a
// differential check of every "cannot" against an exhaustive reference search.
#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "../support/positions.h"
#include "../tools/random_positions.h"
#include "../tools/reference_helpmate.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "rules/dead_cache.h"
#include "rules/dead_position.h"

using namespace escaque;

namespace {

// Kings on different squares, not touching.
bool distance_ok(Square a, Square b) { return a != b && !(king_attacks(a) & square_bb(b)); }

using test::from_fen;

struct Case {
  const char* fen;
  bool whiteCan, blackCan;
  const char* why;
};

void expect_case(const Case& c) {
  SCOPED_TRACE(std::string(c.fen) + " -- " + c.why);
  Position pos = from_fen(c.fen);
  EXPECT_EQ(can_checkmate(pos, WHITE), c.whiteCan);
  EXPECT_EQ(can_checkmate(pos, BLACK), c.blackCan);
  EXPECT_EQ(is_dead_position(pos), !c.whiteCan && !c.blackCan);
}

// A generous budget, for positions without pawns too.
MateLimits searching_without_pawns_too() {
  MateLimits limits;
  limits.maxNodes = limits.maxNodesWithoutPawns = 200000;
  return limits;
}

// A "can" that the analysis proves by finding a helpmate (not merely failing
// to prove the opposite).
void expect_helpmate_found(const char* fen, Color side) {
  SCOPED_TRACE(fen);
  MateAnalysis a = analyse_checkmate(from_fen(fen), side, searching_without_pawns_too());
  EXPECT_EQ(a.verdict, MateVerdict::Can);
  EXPECT_EQ(a.reason, MateReason::HelpmateFound);
  EXPECT_GT(a.helpmatePlies, 0);
}

// A "cannot" confirmed by visiting every position reachable from pos.
void expect_no_reachable_mate(const char* fen, Color side) {
  SCOPED_TRACE(fen);
  EXPECT_EQ(reference::reachable_mate(from_fen(fen), side, 400000), reference::Reachable::NoMate);
}

}  // namespace

TEST(DeadPosition, MaterialThatCanNeverMate) {
  const Case cases[] = {
      {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", false, false, "lone kings"},
      {"8/8/4k3/8/8/3KB3/8/8 b - - 0 1", false, false, "K+B v K"},
      {"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", false, false, "K+N v K"},
      {"8/6b1/4k3/8/8/3KB3/8/8 b - - 0 1", false, false, "K+B v K+B, bishops on the same colour"},
      {"4k3/2b1b3/8/8/8/8/1B1B1B2/4K3 w - - 0 1", false, false,
       "three dark bishops v two dark bishops: nothing can ever stand on a light square"},
  };
  for (const Case& c : cases) expect_case(c);
  for (Color side : {WHITE, BLACK}) expect_no_reachable_mate("8/8/4k3/8/8/3KB3/8/8 b - - 0 1", side);
}

TEST(DeadPosition, MinorPieceAgainstMaterialThatCanBlock) {
  const Case cases[] = {
      {"8/5b2/4k3/8/8/3KB3/8/8 w - - 0 1", true, true,
       "K+B v K+B, opposite colours: the other bishop can stand on a flight square"},
      {"8/3n4/4k3/8/8/3KB3/8/8 w - - 0 1", true, true, "K+B v K+N: Ka8 Nb8, Kb6 Bb7 is mate"},
      {"8/8/4k3/8/2p5/3KB3/8/8 w - - 0 1", true, true, "K+B v K+P: the pawn can block, or promote"},
      {"8/3r4/4k3/8/8/3KN3/8/8 w - - 0 1", true, true, "K+N v K+R: Kh8 Rg8, Kg6 Nf7 is mate"},
      // The queen (or rook) next to its cornered king can always take the
      // checking minor piece or step between: a lone queen or rook never
      // lets a lone knight or bishop mate. (One flight square must hold a
      // loser's unit; from any of them a queen reaches the checker or the
      // square between.)
      {"8/3q4/4k3/8/8/3KN3/8/8 w - - 0 1", false, true, "K+N v K+Q: the knight never mates"},
      {"8/3q4/4k3/8/8/3KB3/8/8 w - - 0 1", false, true, "K+B v K+Q: the bishop never mates"},
      {"8/3r4/4k3/8/8/3KB3/8/8 w - - 0 1", false, true, "K+B v K+R: the bishop never mates"},
      // Bishops of one colour check along diagonals, so the squares of the
      // other colour around the king are its orthogonal neighbours; a rook on
      // any of them is next to the first square of the checking diagonal. Two
      // bishops never give double check (one would have to leave a diagonal
      // through the king along a line parallel to the other one).
      {"r3k2r/8/8/8/8/8/3B4/2B1K3 w - - 0 1", false, true, "two dark bishops v two rooks"},
      // With bishops of both colours the rook can be kept away from the check.
      {"r3k3/8/8/8/8/8/3BB3/4K3 w - - 0 1", true, true, "bishops of both colours v a rook"},
  };
  for (const Case& c : cases) expect_case(c);
}

namespace {

// Counts the checkmates of black, black to move, over every placement of the
// two kings and the given extra pieces (the black king in one eighth of the
// board: without pawns the board's symmetries give the rest). Zero means the
// material can never mate, whatever the history: an independent check of the
// claims above.
long count_all_checkmates(std::initializer_list<Piece> extra) {
  const std::vector<Piece> pieces(extra);
  const Square octant[] = {SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_B2, SQ_C2, SQ_D2, SQ_C3, SQ_D3, SQ_D4};
  long mates = 0;
  Square placed[8];
  auto place = [&](auto&& self, std::size_t i, Bitboard used) -> void {
    if (i == pieces.size()) {
      Position pos;
      pos.put_piece(make_piece(WHITE, KING), placed[0]);
      pos.put_piece(make_piece(BLACK, KING), placed[1]);
      for (std::size_t j = 0; j < pieces.size(); ++j) pos.put_piece(pieces[j], placed[j + 2]);
      pos.set_side_to_move(BLACK);
      pos.finish_setup();
      if (pos.in_check() && !pos.attacked_by(BLACK, pos.king_square(WHITE), pos.pieces()) && !has_legal_move(pos))
        ++mates;
      return;
    }
    for (int s = 0; s < 64; ++s) {
      if (used & square_bb(Square(s))) continue;
      placed[i + 2] = Square(s);
      self(self, i + 1, used | square_bb(Square(s)));
    }
  };
  for (Square bk : octant)
    for (int wk = 0; wk < 64; ++wk) {
      if (distance_ok(Square(wk), bk)) {
        placed[0] = Square(wk);
        placed[1] = bk;
        place(place, 0, square_bb(bk) | square_bb(Square(wk)));
      }
    }
  return mates;
}

}  // namespace

TEST(DeadPosition, NoCheckmateExistsAtAll) {
  EXPECT_EQ(count_all_checkmates({make_piece(WHITE, KNIGHT), make_piece(BLACK, QUEEN)}), 0);
  EXPECT_EQ(count_all_checkmates({make_piece(WHITE, BISHOP), make_piece(BLACK, QUEEN)}), 0);
  EXPECT_EQ(count_all_checkmates({make_piece(WHITE, BISHOP), make_piece(BLACK, ROOK)}), 0);
  // ... while with a knight or a rook to block, or a pawn, mates exist.
  EXPECT_GT(count_all_checkmates({make_piece(WHITE, KNIGHT), make_piece(BLACK, ROOK)}), 0);
  EXPECT_GT(count_all_checkmates({make_piece(WHITE, BISHOP), make_piece(BLACK, KNIGHT)}), 0);
}

TEST(DeadPosition, HelpmatesAreFoundNotJustAssumed) {
  expect_helpmate_found("4k3/8/8/8/8/8/8/2NKN3 w - - 0 1", WHITE);  // K+N+N v K mates with help
  expect_helpmate_found("8/8/4k3/8/8/2BKN3/8/8 w - - 0 1", WHITE);  // K+B+N v K
  expect_helpmate_found("8/5b2/4k3/8/8/3KB3/8/8 w - - 0 1", WHITE);  // opposite bishops
  expect_helpmate_found("8/3n4/4k3/8/8/3KB3/8/8 w - - 0 1", WHITE);  // K+B v K+N
  expect_helpmate_found("8/3q4/4k3/8/8/3KN3/8/8 w - - 0 1", BLACK);  // the queen side, of course
  // Kings on opposite corners: any mate takes many moves.
  expect_helpmate_found("7k/8/8/8/8/8/8/KBN5 w - - 0 1", WHITE);
  MateAnalysis far = analyse_checkmate(from_fen("7k/8/8/8/8/8/8/KBN5 w - - 0 1"), WHITE, searching_without_pawns_too());
  EXPECT_GE(far.helpmatePlies, 20);
}

TEST(DeadPosition, WithoutPawnsTheSearchStaysShort) {
  // King and knight against king and knight: helpmates exist (the search
  // meets one for each side after 65 000 to 85 000 positions here, see
  // below), far more than the 2 000 positions searched without pawns: by default the answer is
  // "unknown" (so "can"), never "cannot", after at most that many positions.
  const char* knights = "k7/8/8/8/8/8/8/5NnK w - - 0 1";
  Position far = from_fen(knights);
  MateAnalysis a = analyse_checkmate(far, WHITE);
  EXPECT_EQ(a.verdict, MateVerdict::Unknown);
  EXPECT_LE(a.nodes, MateLimits{}.maxNodesWithoutPawns + 1);
  EXPECT_TRUE(can_checkmate(far, WHITE));
  EXPECT_FALSE(is_dead_position(far));
  expect_helpmate_found(knights, WHITE);
  expect_helpmate_found(knights, BLACK);
  // Forced lines without pawns are still followed to the end: Black's only
  // move takes the queen, and then king and bishop against a king is no mate.
  const char* forcedFen = "1B6/8/8/8/8/8/6Q1/4K2k b - - 0 1";
  Position forced = from_fen(forcedFen);
  EXPECT_EQ(analyse_checkmate(forced, WHITE).reason, MateReason::Search);
  EXPECT_TRUE(is_dead_position(forced));
  expect_no_reachable_mate(forcedFen, WHITE);
}

TEST(DeadPosition, AKnightStepThatWouldMateCountsAsBlocked) {
  // White's king on c5 has no square: b6 and d6 are attacked by c7, c4 by b5
  // and d5, b5 and d5 are defended by c6, and c6 by both knights. Each knight
  // can only step to squares from which it checks c5 (a6, d7; b7, e6: f7 and
  // c6 are its own locked pawns), and nothing of White's can ever take it
  // there (the bishop is dark-squared and locked below the chain; those four
  // squares are light): with the other knight still defending c6 the step
  // mates White on the spot. So in every game White might still win both
  // knights stay, c6 stays defended, and White's king stays in its cage; the
  // bishop and the locked pawns never reach Black's king: White can never
  // mate, which the static analysis proves.
  const char* caged = "1n1n2k1/2p2p2/2p2Pp1/1pKp1pP1/1P1P1P2/8/8/4B3 w - - 0 1";
  // With one knight only, its step away (a check) leaves c6 undefended and
  // White's king takes it: no mate, the cage opens, and White can mate. The
  // rule must see that the knight is the only defender (an earlier draft of
  // it did not, and the reference search below caught it).
  const char* oneKnight = "1n4k1/2p5/2p5/1pKp1p1p/1P1P1P1P/8/8/4B3 w - - 0 1";
  const Case cases[] = {
      {caged, false, true, "Black mates with a knight step; White never"},
      {oneKnight, true, true, "the only defender of c6 steps away with check"},
      // A light-squared bishop that can take on a6 or d7 (and b5, and more).
      {"1n1n2k1/2p2p2/2p2Pp1/1pKp1pP1/1P1P1P2/8/4B3/4B3 w - - 0 1", true, true, "a bishop covering the knights' squares"},
  };
  for (const Case& c : cases) expect_case(c);
  EXPECT_FALSE(can_checkmate_static(from_fen(caged), WHITE));
  EXPECT_EQ(analyse_checkmate(from_fen(caged), WHITE).reason, MateReason::Blockade);
  expect_no_reachable_mate(caged, WHITE);
  for (Color side : {WHITE, BLACK}) {
    expect_helpmate_found(oneKnight, side);
    expect_helpmate_found("1n1n2k1/2p2p2/2p2Pp1/1pKp1pP1/1P1P1P2/8/4B3/4B3 w - - 0 1", side);
  }
  expect_helpmate_found(caged, BLACK);
}

TEST(DeadPosition, APieceBoxedByItsOwnFrozenPiecesNeverMoves) {
  // White's rook a1, king a2 and bishop b1 box each other in: the king's
  // other squares (a3, b2) are attacked by the locked pawns b4 and c3, the
  // bishop is stuck behind c2 and the king. None of them can move until one
  // leaves the board, and only the rook can ever be taken (Black's bishop is
  // dark-squared like a1; a2 and b1 are light). So the rook never moves: the
  // first to go, it never gets out along the a-file or the first rank. After
  // ...Bxa1 Kxa1 White's king and bishop get out, but only behind the locked
  // chain (e3, g3, b2, d2 attacked for ever). White's light bishop above the
  // chain can never check alone with Black's pieces unable to block; Black's
  // dark bishop never checks White's king on a2 and alone cannot mate it
  // elsewhere. Dead, and proven statically (without the rule the rook's
  // "region" would be the whole board and everything would come loose).
  const char* dead = "8/8/4k1B1/8/1p1p1p1p/1PpP1P1P/K1P5/RB2b3 b - - 0 1";
  const Case cases[] = {
      {dead, false, false, "rook, king and bishop boxed; the rook is the first and only victim"},
      // Near misses. A black knight instead of the bishop reaches c1 and
      // mates the boxed king (1...Ne2 2.B moves Nc1#); it can also take the
      // light pawns, which opens the wall for White.
      {"8/8/4k1B1/8/1p1p1p1p/1PpP1P1P/K1P5/RB4n1 b - - 0 1", true, true, "a knight checks from c1"},
      // A second, light-squared black bishop can take b1 as well as the
      // other takes a1: two possible victims, the rook is not sure to go
      // first, and indeed the box breaks open both ways.
      {"8/8/4k1B1/8/1p1p1p1p/1PpP1P1P/K1P5/RB2bb2 b - - 0 1", true, true, "two pieces of the box can be taken"},
  };
  for (const Case& c : cases) expect_case(c);
  for (Color side : {WHITE, BLACK}) {
    EXPECT_FALSE(can_checkmate_static(from_fen(dead), side));
    expect_no_reachable_mate(dead, side);
  }
  for (Color side : {WHITE, BLACK}) {
    expect_helpmate_found("8/8/4k1B1/8/1p1p1p1p/1PpP1P1P/K1P5/RB4n1 b - - 0 1", side);
    expect_helpmate_found("8/8/4k1B1/8/1p1p1p1p/1PpP1P1P/K1P5/RB2bb2 b - - 0 1", side);
  }
}

TEST(DeadPosition, OnlyOneSideCanMate) {
  const Case cases[] = {
      {"8/8/4k3/8/8/Q2K4/8/8 w - - 0 1", true, false, "K+Q v K"},
      {"8/8/4k3/8/8/3KN3/8/8 b - - 0 1", false, false, "K+N v K"},
      {"4k3/8/8/8/8/8/8/2NKN3 b - - 0 1", true, false, "K+N+N v K: the lone king never"},
  };
  for (const Case& c : cases) expect_case(c);
}

TEST(DeadPosition, LockedPawnWalls) {
  const Case cases[] = {
      // b4, d4, f4, h4 are attacked by black pawns and b5, d5, f5, h5 by white
      // ones: the kings stay on their own side and no pawn can ever move.
      {"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", false, false, "a locked wall, kings only"},
      // The bishops cannot cross: the rank 3 dark squares and the rank 4 light
      // squares are all held by pawns of their own side.
      {"4b3/5k2/8/8/p1p1p1p1/P1P1P1P1/8/2B1K3 w - - 0 1", false, false,
       "a locked wall, each bishop shut in behind its own pawns"},
      // A light-squared white bishop gets through b3 or d3 and takes a pawn.
      {"4b3/5k2/8/8/p1p1p1p1/P1P1P1P1/8/3BK3 w - - 0 1", true, true, "the bishop breaks the wall"},
      // An extra pawn on h2 can go to h4, where g5 can take it: the wall opens.
      {"4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1", true, true, "a breakable spot"},
  };
  for (const Case& c : cases) expect_case(c);
  for (Color side : {WHITE, BLACK}) {
    expect_no_reachable_mate("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", side);
    expect_no_reachable_mate("4b3/5k2/8/8/p1p1p1p1/P1P1P1P1/8/2B1K3 w - - 0 1", side);
  }
}

TEST(DeadPosition, ShuttlingKingKeepsTheOtherKingAway) {
  // Black's pawns a4, b7, c6 and White's a3, b6, c4, c5 are locked (none can
  // ever capture: White's bishop is dark-squared, the pawns it could reach
  // stand on light squares or are defended). Black's king can only step
  // between a6 and a5 (a7 and b5 are attacked by b6 and c4, b4 by a3), and
  // that is Black's only move. So White's king can never come next to a5 or
  // a6: the moment it steps next to the square Black's king is not on, Black
  // has no move (stalemate). Yet a mate would need exactly that: Bb4+ against
  // Ka5 with White's king on a7 covering a6.
  const char* dead = "8/1p6/kPp5/2P5/p1P5/P3B3/8/6K1 w - - 0 1";
  const Case cases[] = {
      {dead, false, false, "the shuttle: White's king may never approach"},
      {"8/1p6/kPp5/2P5/p1P5/P3B3/K7/8 b - - 0 1", false, false, "the same with White's king closer"},
      // Near misses. A spare black pawn move lets White's king arrive while
      // Black still has something to play: Ka7 and Bb4 mate.
      {"8/1p5p/kPp5/2P5/p1P5/P3B3/8/6K1 w - - 0 1", true, true, "Black has tempo moves to spare"},
      // A knight gives the checks the bishop cannot (and can take b7).
      {"8/1p6/kPp5/2P5/p1P5/P3B3/8/6KN w - - 0 1", true, true, "a knight joins in"},
  };
  for (const Case& c : cases) expect_case(c);
  for (Color side : {WHITE, BLACK}) {
    EXPECT_EQ(analyse_checkmate(from_fen(dead), side).reason, MateReason::Blockade);
    expect_no_reachable_mate(dead, side);
  }
  expect_helpmate_found("8/1p5p/kPp5/2P5/p1P5/P3B3/8/6K1 w - - 0 1", WHITE);
  expect_helpmate_found("8/1p6/kPp5/2P5/p1P5/P3B3/8/6KN w - - 0 1", WHITE);
}

TEST(DeadPosition, APawnStepThatWouldMateCountsAsBlocked) {
  // White's king on c1 can never move: b1 and d1 are attacked by c2, b2 and
  // d2 by c3, and c2 is defended by b3 and d3. Black's b3 (or d3) stepping
  // forward gives a check nobody can parry (b2 and d2 are defended by c3, and
  // nothing of White's can ever reach them): mate, the game is over. So, for
  // White's chances, those pawns may be treated as blocked, the black pawns
  // never promote, and the rest is a locked wall with a lone light-squared
  // bishop above it against Black's king: White can never mate. Without the
  // rule, b3-b2-b1 "promotes" and the static analysis proves nothing.
  const char* boxed = "4k3/5B2/8/p1p1p1p1/P1P1P1P1/1ppp4/2p5/2K5 b - - 0 1";
  const Case cases[] = {
      {boxed, false, true, "Black mates with b2 or d2; White never"},
      // Near misses: without c3, b2 and d2 are open to White's king and the
      // pawn steps are no mates; a rook on g1 can take on d2 (and much else).
      {"4k3/5B2/8/p1p1p1p1/P1P1P1P1/1p1p4/2p5/2K5 b - - 0 1", true, true, "no c3: the box has holes"},
      {"4k3/5B2/8/p1p1p1p1/P1P1P1P1/1ppp4/2p5/2K3R1 b - - 0 1", true, true, "a rook that can take on d2"},
  };
  for (const Case& c : cases) expect_case(c);
  EXPECT_FALSE(can_checkmate_static(from_fen(boxed), WHITE));
  EXPECT_EQ(analyse_checkmate(from_fen(boxed), WHITE).reason, MateReason::Blockade);
  expect_no_reachable_mate(boxed, WHITE);
  expect_helpmate_found(boxed, BLACK);
  expect_helpmate_found("4k3/5B2/8/p1p1p1p1/P1P1P1P1/1p1p4/2p5/2K5 b - - 0 1", WHITE);
  expect_helpmate_found("4k3/5B2/8/p1p1p1p1/P1P1P1P1/1ppp4/2p5/2K3R1 b - - 0 1", WHITE);
}

TEST(DeadPosition, ForcedLinesAreFollowed) {
  // White's only legal move is Kxh2 (g1 and g2 touch the black king), after
  // which king and bishop cannot mate a lone king: dead now, although black
  // still has a bishop and a pawn.
  Position pos = from_fen("2b5/8/8/8/8/8/5k1p/7K w - - 0 1");
  EXPECT_TRUE(is_dead_position(pos));
  EXPECT_EQ(analyse_checkmate(pos, BLACK).reason, MateReason::Search);
  expect_no_reachable_mate("2b5/8/8/8/8/8/5k1p/7K w - - 0 1", BLACK);
}

TEST(DeadPosition, GameAlreadyOver) {
  Position stalemate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(is_dead_position(stalemate));
  EXPECT_EQ(analyse_checkmate(stalemate, WHITE).reason, MateReason::GameOver);

  Position mate = from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(can_checkmate(mate, WHITE));
  EXPECT_FALSE(can_checkmate(mate, BLACK));
  EXPECT_FALSE(is_dead_position(mate));
  EXPECT_EQ(analyse_checkmate(mate, WHITE).reason, MateReason::AlreadyMate);
}

TEST(DeadPosition, PositionsTheAnalysisCannotJudgeNeverReachIt) {
  // A missing king, or the side not to move in check, cannot arise in a game;
  // the parser refuses both even without validation, so the analysis (which
  // needs both kings and a legal side to move) is never asked about them.
  Position pos;
  FenOptions lax;
  lax.validate = false;
  EXPECT_EQ(parse_fen("8/8/8/8/8/8/3Q4/4K3 w - - 0 1", pos, lax).kind, FenErrorKind::KingCount);
  EXPECT_EQ(parse_fen("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", pos, lax).kind, FenErrorKind::OpponentInCheck);
}

TEST(DeadPosition, NodeLimitGivesUnknownNeverCannot) {
  // With a budget of one node nothing beyond the static layer is tried.
  MateLimits tiny;
  tiny.maxNodes = 1;
  MateAnalysis a = analyse_checkmate(from_fen("4k3/8/8/8/8/8/8/2NKN3 w - - 0 1"), WHITE, tiny);
  EXPECT_EQ(a.verdict, MateVerdict::Unknown);
  EXPECT_EQ(a.reason, MateReason::Limit);
}

TEST(DeadPosition, StaticOnlyVariantIsSoundAndWeaker) {
  // Proven without search: material, and a locked wall.
  EXPECT_FALSE(can_checkmate_static(from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1"), WHITE));
  EXPECT_FALSE(can_checkmate_static(from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"), BLACK));
  EXPECT_FALSE(can_checkmate_static(from_fen("8/3q4/4k3/8/8/3KN3/8/8 w - - 0 1"), WHITE));
  // The forced capture needs the search: the static variant stays on the safe side.
  Position forced = from_fen("2b5/8/8/8/8/8/5k1p/7K w - - 0 1");
  EXPECT_TRUE(can_checkmate_static(forced, BLACK));
  EXPECT_FALSE(can_checkmate(forced, BLACK));
  EXPECT_TRUE(can_checkmate_static(from_fen("4k3/8/8/8/8/8/8/2NKN3 w - - 0 1"), WHITE));
}

TEST(DeadPosition, InsufficientMaterialStaysNarrow) {
  EXPECT_TRUE(is_insufficient_material(from_fen("8/8/4k3/8/8/3KB3/8/8 b - - 0 1")));
  EXPECT_FALSE(is_insufficient_material(from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1")));
  EXPECT_FALSE(is_insufficient_material(from_fen("8/3q4/4k3/8/8/3KN3/8/8 w - - 0 1")));
}

// Soundness, differentially: every "cannot" on random positions is checked
// against the reference search (the whole reachable set when small, else
// every line of up to 5 plies). dead_bench --verify runs the same at scale.
TEST(DeadPosition, EveryCannotSurvivesTheReferenceSearch) {
  std::mt19937_64 rng(20240611);
  int positions = 0, checked = 0;
  while (positions < 160) {
    std::string fen = testing_positions::random_fen(rng, positions % 2 == 1);
    Position pos;
    if (parse_fen(fen, pos)) continue;
    ++positions;
    for (Color side : {WHITE, BLACK}) {
      if (can_checkmate(pos, side) || pos.pieces(side) == pos.pieces(side, KING)) continue;
      ++checked;
      SCOPED_TRACE(fen + (side == WHITE ? " (white)" : " (black)"));
      reference::Reachable all = reference::reachable_mate(pos, side, 20000);
      EXPECT_NE(all, reference::Reachable::Mate);
      if (all == reference::Reachable::TooLarge) {
        EXPECT_FALSE(reference::helpmate_within(pos, side, 5));
      }
    }
  }
  EXPECT_GT(checked, 20);  // the check must actually exercise the analysis
}

// The positions a game analyses: the start, then every position after a
// capture or a pawn move of seeded random games. is_dead_position (the quick
// helpmate attempt first, then the cache) must agree with the two per-side
// analyses, which neither uses, on every one of them, and a second call must
// give the same answer as the first whatever came in between.
TEST(DeadPosition, QuickAttemptAndCacheAgreeWithTheFullAnalysis) {
  std::mt19937_64 rng(7);
  std::vector<Position> seen;
  std::vector<bool> verdicts;
  int dead = 0;
  for (int game = 0; game < 8; ++game) {
    Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.size == 0) break;
      UndoInfo undo;
      pos.do_move(moves.moves[rng() % std::uint64_t(moves.size)], undo);
      if (pos.rule50() != 0) continue;
      SCOPED_TRACE(to_fen(pos));
      const bool d = is_dead_position(pos);
      const bool bothCannot = analyse_checkmate(pos, WHITE).verdict == MateVerdict::Cannot &&
                              analyse_checkmate(pos, BLACK).verdict == MateVerdict::Cannot;
      EXPECT_EQ(d, bothCannot);
      seen.push_back(pos);
      verdicts.push_back(d);
      dead += d;
      if (d) break;
    }
  }
  EXPECT_GT(dead, 0);  // random games do reach dead positions (bare kings, lone minors)
  for (std::size_t i = seen.size(); i-- > 0;) EXPECT_EQ(is_dead_position(seen[i]), verdicts[i]);
}

// The cache is keyed by the whole position the analysis sees: the same board
// with the other side to move, or with a castling right, is another entry.
TEST(DeadPosition, CacheTellsApartSideToMoveAndRights) {
  // Locked pawns, kings apart: dead with either side to move.
  Position locked = from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(is_dead_position(locked));
  EXPECT_TRUE(is_dead_position(locked));
  // Mate in one for White with White to move; with Black to move Black can
  // still step out, but White can mate either way: alive both times, and the
  // dead verdict above is not handed out for a different position.
  EXPECT_FALSE(is_dead_position(from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")));
  EXPECT_FALSE(is_dead_position(from_fen("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1")));
  // King and knight against king: dead; the same with a white pawn: alive.
  EXPECT_TRUE(is_dead_position(from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1")));
  EXPECT_FALSE(is_dead_position(from_fen("8/8/4k3/8/8/3KN3/3P4/8 w - - 0 1")));
  EXPECT_TRUE(is_dead_position(from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1")));
}

// Positions whose keys share a set of the cache: the two latest both stay (a page cycling through a
// few FENs, or new Chess() between the positions of a game being played, used to evict each other on
// every call), and a third replaces the one of the two used least recently.
TEST(DeadPosition, CacheKeepsTwoPositionsOfASetAndReplacesTheLeastRecentlyUsed) {
  std::mt19937_64 rng(11);
  std::vector<Position> sameSet;
  Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const std::size_t target = std::size_t(pos.key()) % dead::CACHE_SETS;
  sameSet.push_back(pos);
  while (sameSet.size() < 3) {
    MoveList moves = legal_moves(pos);
    if (moves.size == 0) pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    else {
      UndoInfo undo;
      pos.do_move(moves.moves[rng() % std::uint64_t(moves.size)], undo);
    }
    if (std::size_t(pos.key()) % dead::CACHE_SETS != target) continue;
    bool fresh = true;
    for (const Position& p : sameSet) fresh = fresh && p.key() != pos.key();
    if (fresh) sameSet.push_back(pos);
  }
  const Position& a = sameSet[0];
  const Position& b = sameSet[1];
  const Position& c = sameSet[2];
  bool dead = true;
  const bool deadA = is_dead_position(a);
  const bool deadB = is_dead_position(b);
  ASSERT_TRUE(dead::cached_verdict(a, dead));
  EXPECT_EQ(dead, deadA);
  ASSERT_TRUE(dead::cached_verdict(b, dead));
  EXPECT_EQ(dead, deadB);
  // a was used last (the lookup above); c replaces b.
  ASSERT_TRUE(dead::cached_verdict(a, dead));
  const bool deadC = is_dead_position(c);
  EXPECT_TRUE(dead::cached_verdict(a, dead));
  EXPECT_FALSE(dead::cached_verdict(b, dead));
  ASSERT_TRUE(dead::cached_verdict(c, dead));
  EXPECT_EQ(dead, deadC);
  // And a verdict from the cache is the analysis's: b analysed again gives what it gave.
  EXPECT_EQ(is_dead_position(b), deadB);
}
