// The legal move generator against two oracles: Stockfish's move lists and
// perft counts for hand-made edge cases (typed in here), and the independent
// slow reference board (tests/support) on every node of many trees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/node_checks.h"
#include "../support/perft_data.h"
#include "../support/positions.h"
#include "../support/reference_board.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

struct EdgeCase {
  const char* name;
  const char* fen;
  bool chess960;
  const char* moves;  // Stockfish 15.1's legal moves (UCI, sorted; 960 castling as king-takes-rook)
  std::uint64_t perft[3];
};

// Every list and count below was produced by /usr/games/stockfish (15.1) with
// `go perft`, in Chess960 mode for the 960 cases.
// clang-format off
const EdgeCase EDGE_CASES[] = {
    {"en passant gives discovered check along the rank", "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2", false,
     "a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5b5 a5c5 a5d5 e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6",
     {17, 94, 1690}},
    {"en passant would expose the king along the rank", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false,
     "a5a4 a5a6 a5b6 b5b6",
     {4, 68, 317}},
    {"en passant pinned along the rank, black", "4K3/8/8/8/kpP4R/8/8/8 b - c3 0 1", false,
     "a4a3 a4a5 a4b3 b4b3",
     {4, 68, 317}},
    {"one of two en passant captures diagonally pinned", "7k/8/K7/1PpP4/2b5/8/8/8 w - c6 0 2", false,
     "a6a5 a6a7 a6b6 a6b7 d5c6 d5d6",
     {6, 66, 421}},
    {"en passant is the only evasion", "5r1k/8/2p5/2ppP3/4K3/r7/8/8 w - d6 0 2", false,
     "e5d6",
     {1, 31, 86}},
    {"queenside castling while b1 is attacked", "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 "
     "h1h4 h1h5 h1h6 h1h7 h1h8",
     {26, 583, 14252}},
    {"queenside castling through an attacked square", "2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 "
     "h1h5 h1h6 h1h7 h1h8",
     {25, 560, 13592}},
    {"kingside castling into an attacked square", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 "
     "h1h5 h1h6 h1h7 h1h8",
     {25, 320, 8103}},
    {"no castling out of check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "e1d1 e1d2 e1f1 e1f2",
     {4, 60, 1435}},
    {"black castles, white rook attacks f8", "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1", false,
     "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b8 a8c8 a8d8 e8c8 e8d7 e8d8 e8e7 h8f8 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 "
     "h8h6 h8h7",
     {23, 271, 6617}},
    {"promotions with capture and check", "2r5/1P1k4/8/8/8/8/8/7K w - - 0 1", false,
     "b7b8b b7b8n b7b8q b7b8r b7c8b b7c8n b7c8q b7c8r h1g1 h1g2 h1h2",
     {11, 146, 1621}},
    {"black promotes with capture", "7k/8/8/8/8/8/1p6/R1N1K3 b - - 0 1", false,
     "b2a1b b2a1n b2a1q b2a1r b2b1b b2b1n b2b1q b2b1r b2c1b b2c1n b2c1q b2c1r h8g7 h8g8 h8h7",
     {15, 171, 1879}},
    {"pinned pawn promotes by capturing its pinner", "7b/6P1/4k3/8/8/8/8/K7 w - - 0 1", false,
     "a1a2 a1b1 a1b2 g7h8b g7h8n g7h8q g7h8r",
     {7, 54, 687}},
    {"pinned pawn captures its pinner", "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", false,
     "d2c3 e1d1 e1e2 e1f1 e1f2",
     {5, 65, 504}},
    {"pinned rook slides along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", false,
     "e1d1 e1d2 e1f1 e1f2 e2e3 e2e4 e2e5 e2e6 e2e7",
     {9, 65, 759}},
    {"double check: only the king moves", "4k3/8/8/8/1b6/6N1/8/1R2K2r w - - 0 1", false,
     "e1e2 e1f2",
     {2, 54, 1001}},
    {"checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false,
     "",
     {0, 0, 0}},
    {"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false,
     "",
     {0, 0, 0}},
    {"960: king and rook adjacent, they swap", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", true,
     "f1e1 f1e2 f1f2 f1g1 f1g2 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1",
     {13, 58, 1033}},
    {"960: the rook stands on the king's destination", "4k3/8/8/8/8/8/8/1K4R1 w G - 0 1", true,
     "b1a1 b1a2 b1b2 b1c1 b1c2 b1g1 g1c1 g1d1 g1e1 g1f1 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1",
     {18, 78, 1428}},
    {"960: the king does not move (g1, rook h1)", "4k3/8/8/8/8/8/8/6KR w H - 0 1", true,
     "g1f1 g1f2 g1g2 g1h1 g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
     {12, 53, 948}},
    {"960: the king does not move (c1, rook a1)", "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", true,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 c1a1 c1b1 c1b2 c1c2 c1d1 c1d2",
     {14, 63, 1125}},
    {"960: the other rook blocks the king's path", "4k3/8/8/8/8/8/8/3K2RR w H - 0 1", true,
     "d1c1 d1c2 d1d2 d1e1 d1e2 g1e1 g1f1 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
     {21, 92, 2554}},
    {"960: the other rook stands on the rook's destination", "4k3/8/8/8/8/8/8/RK1R4 w A - 0 1", true,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1f1 "
     "d1g1 d1h1",
     {23, 72, 1865}},
    {"960: castling rook shields the king from a rook (king stays)", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", true,
     "b1a1 c1b2 c1c2 c1d1 c1d2",
     {5, 57, 821}},
    {"960: castling rook shields the king's destination", "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", true,
     "b1a1 b1c1 d1c1 d1c2 d1d2 d1e1 d1e2",
     {7, 84, 1190}},
    {"960: a knight behind the castling rook does not matter", "4k3/8/8/8/8/8/8/nRK5 w B - 0 1", true,
     "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 c1b1 c1b2 c1d1 c1d2",
     {12, 73, 1098}},
    {"960: black castles both ways, rooks b8 and g8",
     "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBgb - 0 1", true,
     "a7a5 a7a6 b7b5 b7b6 b8a8 b8c8 b8d8 c7c5 c7c6 d7d5 d7d6 e7e5 e7e6 e8b8 e8d8 e8f8 e8g8 f7f5 f7f6 g7g5 g7g6 "
     "g8f8 g8h8 h7h5 h7h6",
     {25, 625, 15131}},
    {"960: king b1 castles long with rook a1", "4k3/8/8/8/8/8/8/RK6 w A - 0 1", true,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a1 b1a2 b1b2 b1c1 b1c2",
     {12, 53, 945}},
};
// clang-format on

using test::from_fen;

std::set<std::string> split_words(const std::string& s) {
  std::set<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.insert(w);
  return words;
}

std::set<std::string> uci_moves(const Position& pos) {
  std::set<std::string> out;
  for (Move m : legal_moves(pos)) out.insert(move_to_uci(pos, m));
  return out;
}

// Names the case in test output instead of dumping its bytes.
void PrintTo(const EdgeCase& c, std::ostream* os) {
  *os << c.name << " [" << c.fen << "]";
}

class EdgeCaseTest : public ::testing::TestWithParam<EdgeCase> {};

TEST_P(EdgeCaseTest, MovesMatchStockfish) {
  const EdgeCase& c = GetParam();
  Position pos = from_fen(c.fen, c.chess960);
  EXPECT_EQ(uci_moves(pos), split_words(c.moves)) << c.name;
}

TEST_P(EdgeCaseTest, PerftMatchesStockfish) {
  const EdgeCase& c = GetParam();
  Position pos = from_fen(c.fen, c.chess960);
  for (int d = 1; d <= 3; ++d) EXPECT_EQ(perft(pos, d), c.perft[d - 1]) << c.name << " depth " << d;
}

TEST_P(EdgeCaseTest, EveryNodeAgreesWithTheReference) {
  const EdgeCase& c = GetParam();
  Position pos = from_fen(c.fen, c.chess960);
  auto board = ref::board_from_fen(c.fen, c.chess960);
  ASSERT_TRUE(board.has_value());
  std::uint64_t nodes = 0;
  EXPECT_EQ(test::check_tree(pos, *board, 2, nodes), "") << c.name;
  EXPECT_EQ(ref::perft(*board, 3), c.perft[2]) << "the reference itself disagrees with Stockfish: " << c.name;
}

INSTANTIATE_TEST_SUITE_P(Stockfish, EdgeCaseTest, ::testing::ValuesIn(EDGE_CASES),
                         [](const ::testing::TestParamInfo<EdgeCase>& info) {
                           std::string n = "case" + std::to_string(info.index) + "_";
                           for (const char* p = info.param.name; *p; ++p)
                             n += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
                           return n;
                         });

Move find_uci(const Position& pos, const std::string& uci) {
  UciMoveResult r = parse_uci_move(pos, uci);
  EXPECT_EQ(r.error, UciMoveError::None) << uci << ": " << r.message;
  return r.move;
}

TEST(MoveGen, PromotionsAndUnderpromotionsGiveTheRightChecks) {
  Position pos = from_fen("2r5/1P1k4/8/8/8/8/8/7K w - - 0 1", false);
  // Black king d7: a knight on b8 attacks it, a queen on b8 does not; on c8
  // the queen and bishop do (diagonal), the rook and knight do not.
  const std::pair<const char*, bool> expected[] = {
      {"b7b8n", true}, {"b7b8q", false}, {"b7b8r", false}, {"b7b8b", false},
      {"b7c8q", true}, {"b7c8b", true},  {"b7c8r", false}, {"b7c8n", false},
  };
  for (auto [uci, check] : expected) {
    Move m = find_uci(pos, uci);
    EXPECT_EQ(m.kind(), PROMOTION) << uci;
    EXPECT_EQ(pos.gives_check(m), check) << uci;
    Position child = pos;
    UndoInfo undo;
    child.do_move(m, undo);
    EXPECT_EQ(child.in_check(), check) << uci;
    EXPECT_EQ(type_of(child.piece_on(m.to())), m.promotion()) << uci;
    EXPECT_EQ(child.rule50(), 0) << uci;
  }
  // Captures list all eight promotions (pushes included); quiets none of them.
  MoveList caps = legal_moves<GEN_CAPTURES>(pos);
  EXPECT_EQ(caps.size, 8);
  for (Move m : legal_moves<GEN_QUIETS>(pos)) EXPECT_NE(m.kind(), PROMOTION);
}

TEST(MoveGen, EnPassantDiscoveredCheck) {
  Position pos = from_fen("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2", false);
  EXPECT_EQ(pos.en_passant_square(), SQ_D6);
  Move ep = find_uci(pos, "e5d6");
  EXPECT_EQ(ep.kind(), EN_PASSANT);
  EXPECT_TRUE(pos.is_capture(ep));
  EXPECT_TRUE(pos.gives_check(ep)) << "removing both pawns opens the fifth rank to the rook";
  UndoInfo undo;
  Position before = pos;
  pos.do_move(ep, undo);
  EXPECT_EQ(pos.checkers(), square_bb(SQ_A5));
  EXPECT_TRUE(pos.empty(SQ_D5));
  EXPECT_TRUE(pos.empty(SQ_E5));
  pos.undo_move(ep, undo);
  EXPECT_TRUE(pos == before);
}

TEST(MoveGen, EnPassantSquareKeptOnlyWhenACaptureIsLegal) {
  // Horizontal pin: the square exists on paper only.
  Position pinned = from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false);
  EXPECT_EQ(pinned.en_passant_square(), SQ_NONE);
  EXPECT_EQ(to_fen(pinned), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1");
  Position noEp = from_fen("8/8/8/KPp4r/8/8/8/4k3 w - - 0 1", false);
  EXPECT_EQ(pinned.key(), noEp.key()) << "FIDE: the same position, so the same key";
  EXPECT_TRUE(pinned == noEp);

  // No pawn to capture with at all.
  Position nobody = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false);
  EXPECT_EQ(nobody.en_passant_square(), SQ_NONE);
  EXPECT_EQ(to_fen(nobody), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

  // One of two capturers is pinned: the square stays, only the free pawn captures.
  Position half = from_fen("7k/8/K7/1PpP4/2b5/8/8/8 w - c6 0 2", false);
  EXPECT_EQ(half.en_passant_square(), SQ_C6);
  Position halfNoEp = from_fen("7k/8/K7/1PpP4/2b5/8/8/8 w - - 0 2", false);
  EXPECT_NE(half.key(), halfNoEp.key()) << "a legal e.p. capture makes it a different position";
  int epMoves = 0;
  for (Move m : legal_moves(half))
    if (m.kind() == EN_PASSANT) {
      ++epMoves;
      EXPECT_EQ(m.from(), SQ_D5);
    }
  EXPECT_EQ(epMoves, 1);

  // After a double push in play, the same rule: kept only when capturable.
  Position game = from_fen("4k3/8/8/8/1p6/8/P1P5/4K3 w - - 0 1", false);
  UndoInfo undo;
  Move a2a4 = find_uci(game, "a2a4");
  game.do_move(a2a4, undo);
  EXPECT_EQ(game.en_passant_square(), SQ_A3);
  game.undo_move(a2a4, undo);
  Move c2c4 = find_uci(game, "c2c4");
  game.do_move(c2c4, undo);
  EXPECT_EQ(game.en_passant_square(), SQ_C3);
  game.undo_move(c2c4, undo);
  // A lone double push with no enemy pawn beside it leaves no e.p. square.
  Position lone = from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false);
  Move e2e4 = find_uci(lone, "e2e4");
  lone.do_move(e2e4, undo);
  EXPECT_EQ(lone.en_passant_square(), SQ_NONE);
  EXPECT_EQ(to_fen(lone), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

TEST(MoveGen, EnPassantAsTheOnlyEvasion) {
  Position pos = from_fen("5r1k/8/2p5/2ppP3/4K3/r7/8/8 w - d6 0 2", false);
  ASSERT_TRUE(pos.in_check());
  EXPECT_EQ(pos.checkers(), square_bb(SQ_D5));
  MoveList moves = legal_moves(pos);
  ASSERT_EQ(moves.size, 1);
  EXPECT_EQ(moves.moves[0], Move::make(SQ_E5, SQ_D6, EN_PASSANT));
  EXPECT_EQ(count_legal_moves<GEN_CAPTURES>(pos), 1);
  EXPECT_EQ(count_legal_moves<GEN_QUIETS>(pos), 0);
}

TEST(MoveGen, MaximumMoveCountFits) {
  // The known record position with 218 legal moves.
  Position pos = from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", false);
  EXPECT_EQ(count_legal_moves(pos), 218);
  EXPECT_EQ(legal_moves(pos).size, 218);
}

// Every position of the perft data file, a few plies deep, node by node
// against the reference. Depth is chosen per position to keep the run short.
TEST(MoveGen, ReferenceAgreesOnTheDataFileTrees) {
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  ASSERT_FALSE(cases.empty()) << error;
  const std::uint64_t budget = std::getenv("ESCAQUE_PERFT_MAX_NODES") ? 300 : 1500;
  std::uint64_t totalNodes = 0;
  for (const auto& c : cases) {
    Position pos = from_fen(c.fen, c.chess960);
    auto board = ref::board_from_fen(c.fen, c.chess960);
    ASSERT_TRUE(board.has_value()) << "line " << c.line;
    int depth = 0;  // nodes of the tree down to depth d+1 stay near the budget
    while (depth < int(c.counts.size()) && c.counts[depth] <= budget) ++depth;
    std::uint64_t nodes = 0;
    EXPECT_EQ(test::check_tree(pos, *board, depth, nodes), "") << "line " << c.line;
    totalNodes += nodes;
  }
  std::cout << "[ reference ] " << totalNodes << " nodes checked with all their children\n";
}

}  // namespace
}  // namespace escaque
