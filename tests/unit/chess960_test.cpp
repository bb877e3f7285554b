// Chess960 start positions: all 960 of them, Scharnagl's numbering checked
// against an independent inverse, and perft of a few against Stockfish.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "../support/node_checks.h"
#include "../support/perft_data.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"

namespace escaque {
namespace {

// Scharnagl's number of a back rank, computed from the rank (the core goes
// the other way): light-squared bishop file b/d/f/h = 0..3, plus 4 x the
// dark-squared bishop file a/c/e/g = 0..3, plus 16 x the queen's place among
// the six squares the bishops leave, plus 96 x the knights' pattern among the
// five squares left (NN---, N-N--, N--N-, N---N, -NN--, -N-N-, -N--N, --NN-, --N-N, ---NN).
int scharnagl_number(const std::string& rank) {
  int light = -1, dark = -1;
  for (int f = 0; f < 8; ++f)
    if (rank[f] == 'B') (f % 2 ? light : dark) = f / 2;
  std::string rest;
  for (char c : rank)
    if (c != 'B') rest += c;
  int queen = int(rest.find('Q'));
  std::string noQueen;
  for (char c : rest)
    if (c != 'Q') noQueen += c;
  int k1 = int(noQueen.find('N')), k2 = int(noQueen.find('N', k1 + 1));
  int pattern = 0;
  for (int a = 0; a < 5; ++a)
    for (int b = a + 1; b < 5; ++b, ++pattern)
      if (a == k1 && b == k2) return light + 4 * dark + 16 * queen + 96 * pattern;
  return -1;
}

TEST(Chess960, PublishedNumbers) {
  EXPECT_EQ(chess960_back_rank(518), "RNBQKBNR");
  EXPECT_EQ(chess960_back_rank(0), "BBQNNRKR");
  EXPECT_EQ(chess960_back_rank(1), "BQNBNRKR");
  EXPECT_EQ(chess960_back_rank(4), "QBBNNRKR");
  EXPECT_EQ(chess960_back_rank(959), "RKRNNQBB");
}

TEST(Chess960, OutOfRangeIndicesAreRejected) {
  for (int bad : {-1, 960, 1000, -960}) {
    EXPECT_EQ(chess960_back_rank(bad), "") << bad;
    Position pos;
    pos.set_startpos();
    const Position before = pos;
    EXPECT_FALSE(set_chess960_start(pos, bad)) << bad;
    EXPECT_TRUE(pos == before) << "position must be unchanged";
  }
  for (const char* bad : {"", "RNBQKBN", "RNBQKBNRR", "RRKBBNNQ" /* king outside the rooks */,
                          "BNBRKRQN" /* bishops on one colour */, "rnbqkbnr", "RNBQKBNQ"})
    EXPECT_EQ(chess960_index(bad), -1) << bad;
}

TEST(Chess960, All960StartPositions) {
  std::set<std::string> ranks;
  for (int i = 0; i < 960; ++i) {
    SCOPED_TRACE("index " + std::to_string(i));
    std::string rank = chess960_back_rank(i);
    ASSERT_EQ(rank.size(), 8u);
    ranks.insert(rank);
    std::multiset<char> pieces(rank.begin(), rank.end());
    EXPECT_EQ(pieces, (std::multiset<char>{'R', 'R', 'N', 'N', 'B', 'B', 'Q', 'K'}));
    size_t b1 = rank.find('B'), b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << "bishops on opposite colours: " << rank;
    size_t r1 = rank.find('R'), r2 = rank.rfind('R'), k = rank.find('K');
    EXPECT_TRUE(r1 < k && k < r2) << "king between the rooks: " << rank;
    EXPECT_EQ(chess960_index(rank), i);
    EXPECT_EQ(scharnagl_number(rank), i) << rank;

    Position pos;
    ASSERT_TRUE(set_chess960_start(pos, i));
    EXPECT_TRUE(pos.is_chess960());
    EXPECT_TRUE(pos.is_consistent());
    EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
    EXPECT_EQ(pos.castling_rook_square(castling_index(WHITE, false)), make_square(int(r1), 0));
    EXPECT_EQ(pos.castling_rook_square(castling_index(WHITE, true)), make_square(int(r2), 0));
    EXPECT_EQ(pos.castling_rook_square(castling_index(BLACK, false)), make_square(int(r1), 7));
    EXPECT_EQ(pos.castling_rook_square(castling_index(BLACK, true)), make_square(int(r2), 7));
    std::string lower;
    for (char c : rank) lower += char(c - 'A' + 'a');
    std::string fen = lower + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1";
    EXPECT_EQ(to_fen(pos), fen);
    Position parsed;
    ASSERT_FALSE(parse_fen(fen, parsed, FenOptions{true, true}));
    EXPECT_TRUE(parsed == pos);
    // Moves and children agree with the reference board.
    EXPECT_EQ(test::check_node(pos, ref::board_from_position(pos)), "");
  }
  EXPECT_EQ(ranks.size(), 960u) << "all distinct";
}

TEST(Chess960, StandardStartInChess960Mode) {
  Position pos, standard;
  ASSERT_TRUE(set_chess960_start(pos, 518));
  standard.set_startpos();
  EXPECT_EQ(to_fen(pos), to_fen(standard));
  EXPECT_EQ(pos.key(), standard.key());
  EXPECT_EQ(perft(pos, 4), 197281u);
}

struct StartCase {
  int index;
  std::uint64_t perft[4];
};

// Counts from Stockfish 15.1 (UCI_Chess960 true, go perft 1..4) for the FEN
// of each start position.
const StartCase STOCKFISH_COUNTS[] = {
    {0, {20, 400, 9006, 201143}},   {301, {19, 361, 7712, 163856}}, {600, {20, 400, 8976, 200493}},
    {777, {19, 361, 7718, 164507}}, {959, {20, 400, 9006, 201143}},
};

TEST(Chess960, PerftOfSomeStartPositionsMatchesStockfish) {
  for (const StartCase& c : STOCKFISH_COUNTS) {
    Position pos;
    ASSERT_TRUE(set_chess960_start(pos, c.index));
    for (int d = 1; d <= 4; ++d)
      EXPECT_EQ(perft(pos, d), c.perft[d - 1]) << "index " << c.index << " depth " << d;
    // The reference board agrees to depth 3 on its own.
    EXPECT_EQ(ref::perft(ref::board_from_position(pos), 3), c.perft[2]) << "index " << c.index;
  }
}

// Castling from every start position once the path is cleared: both wings
// for both colours, whatever the king and rook files.
TEST(Chess960, CastlingFromEveryStartPositionWithAnEmptyBackRank) {
  for (int i = 0; i < 960; ++i) {
    std::string rank = chess960_back_rank(i);
    // Keep only king and rooks, written as FEN writes a rank (runs of empty squares as one digit).
    auto fen_rank = [&rank](bool black) {
      std::string out;
      int empty = 0;
      for (char c : rank) {
        if (c != 'K' && c != 'R') {
          ++empty;
          continue;
        }
        if (empty) out += char('0' + empty);
        empty = 0;
        out += black ? char(c - 'A' + 'a') : c;
      }
      if (empty) out += char('0' + empty);
      return out;
    };
    std::string fen = fen_rank(true) + "/pppppppp/8/8/8/8/PPPPPPPP/" + fen_rank(false) + " w KQkq - 0 1";
    Position pos;
    ASSERT_FALSE(parse_fen(fen, pos, FenOptions{true, true})) << fen;
    int castlings = 0, refCastlings = 0;
    for (Move m : legal_moves(pos)) castlings += m.kind() == CASTLING;
    for (Move m : ref::legal_moves(ref::board_from_position(pos))) refCastlings += m.kind() == CASTLING;
    EXPECT_EQ(castlings, refCastlings) << fen;
    // A wing is blocked exactly when the other rook stands where the king or
    // the castling rook must pass or land (Stockfish agrees, e.g. 1RKR4: only
    // O-O, since O-O-O needs d1 for the b1 rook; 5RKR: only O-O-O; RK1R4: only O-O).
    const int k = int(rank.find('K')), qr = int(rank.find('R')), kr = int(rank.rfind('R'));
    auto within = [](int x, int a, int b) { return x >= std::min(a, b) && x <= std::max(a, b); };
    int expected = 0;
    expected += !(within(qr, k, 6) || within(qr, kr, 5));  // O-O: king to g, rook to f; other rook qr
    expected += !(within(kr, k, 2) || within(kr, qr, 3));  // O-O-O: king to c, rook to d; other rook kr
    EXPECT_EQ(castlings, expected) << fen;
    EXPECT_GE(castlings, 1) << "every start position can castle on at least one wing";
    // Every node one ply deep against the reference (a sample of 60 under the sanitizers).
    if (test::perft_node_cap() == 0 || i % 16 == 0) {
      std::uint64_t nodes = 0;
      EXPECT_EQ(test::check_tree(pos, ref::board_from_position(pos), 1, nodes), "") << fen;
    }
  }
}

}  // namespace
}  // namespace escaque
