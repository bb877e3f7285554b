// Position: make/unmake, Zobrist keys, castling rights bookkeeping and the
// consistency of the derived state, over seeded random games checked node by
// node against the reference board.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "../support/node_checks.h"
#include "../support/perft_data.h"
#include "../support/positions.h"
#include "../support/prng.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

using test::from_fen;

Move uci(const Position& pos, const std::string& text) {
  UciMoveResult r = parse_uci_move(pos, text);
  EXPECT_EQ(r.error, UciMoveError::None) << text << ": " << r.message;
  return r.move;
}

using test::play;

// Sanitizer builds set ESCAQUE_PERFT_MAX_NODES; the exhaustive loops shrink with it.
bool reduced_budget() {
  return test::perft_node_cap() != 0;
}

// Moves that exercise rare code: castling, e.p., promotions, double pushes.
bool is_special(const Position& pos, Move m) {
  if (m.kind() != NORMAL) return true;
  return type_of(pos.moved_piece(m)) == PAWN && (int(m.to()) ^ int(m.from())) == 16;
}

// One seeded random game: every node and every child checked against the
// reference; then the game is unwound with undo_move and every earlier
// position must come back exactly, key included.
struct GameStats {
  std::uint64_t nodes = 0;
  std::uint64_t played[4] = {0, 0, 0, 0};  // by MoveKind >> 14: normal, promotion, e.p., castling
  std::string summary() const {
    return std::to_string(nodes) + " nodes; moves played: " + std::to_string(played[1]) + " promotions, " +
           std::to_string(played[2]) + " e.p., " + std::to_string(played[3]) + " castlings";
  }
};

std::string random_game(Position pos, test::SplitMix64& rng, int maxPlies, GameStats& stats) {
  ref::Board board = ref::board_from_position(pos);
  std::vector<Position> history;
  std::vector<Move> moves;
  std::vector<UndoInfo> undos;
  for (int ply = 0; ply < maxPlies; ++ply) {
    ++stats.nodes;
    if (std::string s = test::check_node(pos, board); !s.empty())
      return "ply " + std::to_string(ply) + ": " + s;
    MoveList legal = legal_moves(pos);
    if (legal.size == 0) break;
    // A quarter of the time prefer a rare kind of move, so that the games
    // reach castling, e.p. and promotions far more often than uniform play.
    MoveList special;
    for (Move m : legal)
      if (is_special(pos, m)) special.add(m);
    const MoveList& pool = special.size && rng.below(4) == 0 ? special : legal;
    Move m = pool.moves[rng.below(pool.size)];
    ++stats.played[m.kind() >> 14];
    history.push_back(pos);
    moves.push_back(m);
    undos.emplace_back();
    pos.do_move(m, undos.back());
    board = ref::make(board, m);
  }
  for (size_t i = moves.size(); i-- > 0;) {
    pos.undo_move(moves[i], undos[i]);
    if (!(pos == history[i]) || pos.key() != history[i].key())
      return "unwinding: undo of ply " + std::to_string(i) + " (" + ref::describe_move(moves[i]) +
             ") does not restore " + to_fen(history[i]);
  }
  return {};
}

TEST(Position, RandomGamesFromTheStartAgreeWithTheReference) {
  const int games = reduced_budget() ? 12 : 150;
  GameStats stats;
  for (int g = 0; g < games; ++g) {
    test::SplitMix64 rng(1000 + g);
    Position pos;
    pos.set_startpos();
    ASSERT_EQ(random_game(pos, rng, 250, stats), "") << "seed " << 1000 + g;
  }
  std::cout << "[ random games ] " << games << " games, " << stats.summary() << "\n";
}

TEST(Position, RandomChess960GamesAgreeWithTheReference) {
  const int games = reduced_budget() ? 12 : 150;
  GameStats stats;
  test::SplitMix64 pick(960);
  for (int g = 0; g < games; ++g) {
    int index = int(pick.below(960));
    test::SplitMix64 rng(5000 + g);
    Position pos;
    ASSERT_TRUE(set_chess960_start(pos, index));
    ASSERT_EQ(random_game(pos, rng, 250, stats), "") << "index " << index << " seed " << 5000 + g;
  }
  std::cout << "[ random 960 games ] " << games << " games, " << stats.summary() << "\n";
}

TEST(Position, RandomGamesFromTheDataFilePositions) {
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  ASSERT_FALSE(cases.empty()) << error;
  GameStats stats;
  const int gamesPerPosition = reduced_budget() ? 1 : 3;
  for (const auto& c : cases) {
    Position start = from_fen(c.fen, c.chess960);
    for (int g = 0; g < gamesPerPosition; ++g) {
      test::SplitMix64 rng(std::uint64_t(c.line) * 7919 + g);
      ASSERT_EQ(random_game(start, rng, reduced_budget() ? 30 : 80, stats), "") << "line " << c.line;
    }
  }
  std::cout << "[ random games from data ] " << stats.summary() << "\n";
}

TEST(Position, CastlingRightsLostWhenARookIsCapturedOnItsSquare) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
  play(pos, {"g2h1"});
  EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
  EXPECT_EQ(to_fen(pos), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
  EXPECT_TRUE(pos == from_fen(to_fen(pos)));

  // A rook capturing a rook: both sides lose that wing.
  pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(pos, {"a1a8"});
  EXPECT_EQ(pos.castling_rights(), WHITE_OO | BLACK_OO);
  EXPECT_EQ(to_fen(pos), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  EXPECT_EQ(pos.key(), pos.compute_key());

  // Chess960, Shredder letters: the rooks on b1/b8 capture each other.
  pos = from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true);
  play(pos, {"b1b8"});
  EXPECT_EQ(to_fen(pos, true), "1R2k1r1/8/8/8/8/8/8/4K1R1 b Gg - 0 1");
  EXPECT_TRUE(pos == from_fen(to_fen(pos, true), true));
}

TEST(Position, CastlingRightsLostWhenKingOrRookMoves) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(pos, {"h1h2", "a8b8", "h2h1", "b8a8"});
  EXPECT_EQ(to_fen(pos), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3") << "moving back does not restore a right";
  play(pos, {"e1d1", "e8f8", "d1e1", "f8e8"});
  EXPECT_EQ(pos.castling_rights(), NO_CASTLING);
  EXPECT_EQ(pos, from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 8 5"));
  EXPECT_NE(pos.key(), from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 8 5").key());
}

TEST(Position, CastlingMovesKingAndRookInBothModes) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(pos, {"e1g1", "e8c8"});
  EXPECT_EQ(to_fen(pos), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  // 960, king on b1 and rook on a1 castling long: the king moves right to c1.
  pos = from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1", true);
  play(pos, {"b1a1"});
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  // The king stays on g1, only the rook moves.
  pos = from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1", true);
  UndoInfo undo;
  Move oo = uci(pos, "g1h1");
  EXPECT_EQ(oo.kind(), CASTLING);
  Position before = pos;
  pos.do_move(oo, undo);
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  pos.undo_move(oo, undo);
  EXPECT_TRUE(pos == before);
  // King and rook swap squares.
  pos = from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", true);
  play(pos, {"f1g1"});
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Position, KeysFollowFideSamePosition) {
  Position start;
  start.set_startpos();
  Position pos = start;
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(pos.key(), start.key()) << "same pieces, side, rights: same key";
  EXPECT_FALSE(pos == start) << "the clocks differ";

  // Losing castling rights changes the key even when the pieces come back.
  play(pos, {"e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"});
  EXPECT_NE(pos.key(), from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1").key());
  EXPECT_EQ(pos.key(), from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1").key());

  // 1.e4: no black pawn can capture, so the e.p. square is not part of the position.
  pos = start;
  play(pos, {"e2e4"});
  EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
  // 1.e4 d5 2.e5 f5: exf6 is possible, so f6 is part of the position.
  play(pos, {"d7d5", "e4e5", "f7f5"});
  EXPECT_EQ(pos.en_passant_square(), SQ_F6);
  Position withoutEp = from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  EXPECT_NE(pos.key(), withoutEp.key());
  EXPECT_EQ(pos.key(), from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").key());
  // The right to capture e.p. lasts one move only.
  play(pos, {"g1f3", "g8f6"});
  EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
}

TEST(Position, NullMoveRoundTrip) {
  Position pos = from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const Position before = pos;
  UndoInfo undo;
  pos.do_null_move(undo);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_TRUE(pos.is_consistent());
  pos.undo_null_move(undo);
  EXPECT_TRUE(pos == before);
  EXPECT_EQ(pos.key(), before.key());
}

// is_consistent must be able to say no, or it proves nothing elsewhere.
TEST(Position, IsConsistentDetectsBrokenStates) {
  Position good;
  good.set_startpos();
  ASSERT_TRUE(good.is_consistent());

  Position staleKey = good;
  staleKey.put_piece(make_piece(WHITE, KNIGHT), SQ_E4);  // no finish_setup: the key is stale
  EXPECT_FALSE(staleKey.is_consistent());

  Position twoOnOneSquare = good;
  twoOnOneSquare.put_piece(make_piece(BLACK, QUEEN), SQ_E2);  // a white pawn is still there too
  twoOnOneSquare.finish_setup();
  EXPECT_FALSE(twoOnOneSquare.is_consistent());

  Position missingRook;
  missingRook.put_piece(make_piece(WHITE, KING), SQ_E1);
  missingRook.put_piece(make_piece(BLACK, KING), SQ_E8);
  missingRook.add_castling_right(WHITE, SQ_H1);  // no rook on h1
  missingRook.finish_setup();
  EXPECT_FALSE(missingRook.is_consistent());

  Position opponentInCheck;
  opponentInCheck.put_piece(make_piece(WHITE, KING), SQ_E1);
  opponentInCheck.put_piece(make_piece(BLACK, KING), SQ_E8);
  opponentInCheck.put_piece(make_piece(WHITE, ROOK), SQ_E4);  // checks e8 with white to move
  opponentInCheck.finish_setup();
  EXPECT_FALSE(opponentInCheck.is_consistent());

  Position twoBlackKings;
  twoBlackKings.put_piece(make_piece(WHITE, KING), SQ_E1);
  twoBlackKings.put_piece(make_piece(BLACK, KING), SQ_E8);
  twoBlackKings.put_piece(make_piece(BLACK, KING), SQ_A8);
  twoBlackKings.finish_setup();
  EXPECT_FALSE(twoBlackKings.is_consistent());
}

TEST(Position, ClocksAdvanceAndReset) {
  Position pos = from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 10 30");
  play(pos, {"a1a2"});
  EXPECT_EQ(pos.rule50(), 11);
  EXPECT_EQ(pos.fullmove_number(), 30);
  play(pos, {"e8d8"});
  EXPECT_EQ(pos.rule50(), 12);
  EXPECT_EQ(pos.fullmove_number(), 31);
  play(pos, {"e2e3"});
  EXPECT_EQ(pos.rule50(), 0) << "a pawn move resets the clock";
  play(pos, {"d8e8", "a2a8"});
  EXPECT_EQ(pos.rule50(), 2) << "a check is not a reset";
}

}  // namespace
}  // namespace escaque
