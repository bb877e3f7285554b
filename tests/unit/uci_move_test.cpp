// UCI long algebraic moves: output in both castling conventions, input in
// both forms where unambiguous, promotions, and every error kind.
#include <gtest/gtest.h>

#include <string>

#include "../support/perft_data.h"
#include "../support/positions.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

using test::from_fen;

const char* CASTLE_BOTH = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

TEST(UciMove, StandardCastlingIsWrittenAsTheKingsTwoSquareMove) {
  Position pos = from_fen(CASTLE_BOTH);
  EXPECT_EQ(move_to_uci(pos, Move::make(SQ_E1, SQ_H1, CASTLING)), "e1g1");
  EXPECT_EQ(move_to_uci(pos, Move::make(SQ_E1, SQ_A1, CASTLING)), "e1c1");
  Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  EXPECT_EQ(move_to_uci(black, Move::make(SQ_E8, SQ_H8, CASTLING)), "e8g8");
  EXPECT_EQ(move_to_uci(black, Move::make(SQ_E8, SQ_A8, CASTLING)), "e8c8");
}

TEST(UciMove, Chess960CastlingIsWrittenAsKingTakesRook) {
  Position pos = from_fen(CASTLE_BOTH, true);
  EXPECT_EQ(move_to_uci(pos, Move::make(SQ_E1, SQ_H1, CASTLING)), "e1h1");
  EXPECT_EQ(move_to_uci(pos, Move::make(SQ_E1, SQ_A1, CASTLING)), "e1a1");
  // King already on g1: only king-takes-rook can name the move.
  Position stays = from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1", true);
  EXPECT_EQ(move_to_uci(stays, Move::make(SQ_G1, SQ_H1, CASTLING)), "g1h1");
}

TEST(UciMove, StandardModeAcceptsBothCastlingForms) {
  Position pos = from_fen(CASTLE_BOTH);
  for (auto [text, rook] : {std::pair{"e1g1", SQ_H1}, {"e1h1", SQ_H1}, {"e1c1", SQ_A1}, {"e1a1", SQ_A1}}) {
    UciMoveResult r = parse_uci_move(pos, text);
    ASSERT_EQ(r.error, UciMoveError::None) << text << ": " << r.message;
    EXPECT_EQ(r.move, Move::make(SQ_E1, rook, CASTLING)) << text;
  }
  // A rook move to the king's castling square is still a rook move.
  UciMoveResult rook = parse_uci_move(pos, "a1c1");
  ASSERT_EQ(rook.error, UciMoveError::None);
  EXPECT_EQ(rook.move, Move(SQ_A1, SQ_C1));
}

TEST(UciMove, Chess960ModeAcceptsOnlyKingTakesRook) {
  Position pos = from_fen(CASTLE_BOTH, true);
  UciMoveResult r = parse_uci_move(pos, "e1h1");
  ASSERT_EQ(r.error, UciMoveError::None) << r.message;
  EXPECT_EQ(r.move.kind(), CASTLING);
  // e1g1 would be a two-square king move, which does not exist in Chess960 notation.
  UciMoveResult g1 = parse_uci_move(pos, "e1g1");
  EXPECT_EQ(g1.error, UciMoveError::Illegal) << g1.message;
  EXPECT_NE(g1.message.find("e1g1"), std::string::npos);
  // King and rook adjacent: f1g1 is castling, there is no other move onto g1.
  Position adjacent = from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", true);
  UciMoveResult fg = parse_uci_move(adjacent, "f1g1");
  ASSERT_EQ(fg.error, UciMoveError::None) << fg.message;
  EXPECT_EQ(fg.move, Move::make(SQ_F1, SQ_G1, CASTLING));
  // King b1, rook a1 castling long: the king moves one square right, b1c1
  // is an ordinary king move, b1a1 the castling.
  Position longOne = from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1", true);
  EXPECT_EQ(parse_uci_move(longOne, "b1c1").move, Move(SQ_B1, SQ_C1));
  EXPECT_EQ(parse_uci_move(longOne, "b1a1").move, Move::make(SQ_B1, SQ_A1, CASTLING));
}

TEST(UciMove, IllegalCastlingIsRefusedInBothForms) {
  Position pos = from_fen("2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");  // c1 attacked: no O-O-O
  for (const char* text : {"e1c1", "e1a1"}) {
    UciMoveResult r = parse_uci_move(pos, text);
    EXPECT_EQ(r.error, UciMoveError::Illegal) << text;
    EXPECT_EQ(r.move, Move::none()) << text;
  }
  Position start;
  start.set_startpos();
  EXPECT_EQ(parse_uci_move(start, "e1g1").error, UciMoveError::Illegal) << "path blocked";
}

TEST(UciMove, Promotions) {
  Position pos = from_fen("2r5/1P1k4/8/8/8/8/8/7K w - - 0 1");
  const std::pair<const char*, PieceType> cases[] = {{"b7b8q", QUEEN},  {"b7b8r", ROOK},   {"b7b8b", BISHOP},
                                                     {"b7b8n", KNIGHT}, {"b7c8n", KNIGHT}, {"b7c8q", QUEEN}};
  for (auto [text, piece] : cases) {
    UciMoveResult r = parse_uci_move(pos, text);
    ASSERT_EQ(r.error, UciMoveError::None) << text << ": " << r.message;
    EXPECT_EQ(r.move.kind(), PROMOTION);
    EXPECT_EQ(r.move.promotion(), piece);
    EXPECT_EQ(move_to_uci(pos, r.move), text);
  }
  UciMoveResult missing = parse_uci_move(pos, "b7b8");
  EXPECT_EQ(missing.error, UciMoveError::Syntax);
  EXPECT_NE(missing.message.find("needs a promotion piece"), std::string::npos) << missing.message;
  for (const char* text : {"b7b8k", "b7b8p", "b7b8x", "b7b81"}) {
    UciMoveResult r = parse_uci_move(pos, text);
    EXPECT_EQ(r.error, UciMoveError::Syntax) << text;
    EXPECT_NE(r.message.find("promotion letter"), std::string::npos) << r.message;
  }
  // A promotion letter on a move that does not promote.
  EXPECT_EQ(parse_uci_move(pos, "h1h2q").error, UciMoveError::Illegal);
  // Black promotes towards rank 1.
  Position black = from_fen("7k/8/8/8/8/8/1p6/R1N1K3 b - - 0 1");
  UciMoveResult capture = parse_uci_move(black, "b2a1r");
  ASSERT_EQ(capture.error, UciMoveError::None) << capture.message;
  EXPECT_EQ(capture.move, Move::make(SQ_B2, SQ_A1, PROMOTION, ROOK));
}

TEST(UciMove, EnPassant) {
  Position pos = from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  UciMoveResult r = parse_uci_move(pos, "e5f6");
  ASSERT_EQ(r.error, UciMoveError::None) << r.message;
  EXPECT_EQ(r.move.kind(), EN_PASSANT);
  EXPECT_EQ(move_to_uci(pos, r.move), "e5f6");
  EXPECT_EQ(parse_uci_move(pos, "e5d6").error, UciMoveError::Illegal) << "d6 e.p. expired";
}

TEST(UciMove, ErrorsAreTypedAndNameTheInput) {
  Position start;
  start.set_startpos();
  struct Case {
    std::string text;
    UciMoveError error;
    const char* reason;
  };
  const Case cases[] = {
      {"", UciMoveError::Syntax, "not a UCI move"},
      {"e2", UciMoveError::Syntax, "not a UCI move"},
      {"e2e4e5", UciMoveError::Syntax, "not a UCI move"},
      {"e2-e4", UciMoveError::Syntax, "squares are a1..h8"},
      {"i2i4", UciMoveError::Syntax, "squares are a1..h8"},
      {"e0e4", UciMoveError::Syntax, "squares are a1..h8"},
      {"E2E4", UciMoveError::Syntax, "squares are a1..h8"},
      {"0000", UciMoveError::Syntax, "squares are a1..h8"},
      {std::string("e2\0e4", 5), UciMoveError::Syntax, "squares are a1..h8"},
      {"e3e4", UciMoveError::NoPiece, "no white piece on e3"},
      {"e7e5", UciMoveError::NoPiece, "no white piece on e7"},
      {"e2e5", UciMoveError::Illegal, "not a legal move"},
      {"e1e2", UciMoveError::Illegal, "not a legal move"},
      {"g1g3", UciMoveError::Illegal, "not a legal move"},
      {"e2e4q", UciMoveError::Illegal, "not a legal move"},
  };
  for (const Case& c : cases) {
    UciMoveResult r = parse_uci_move(start, c.text);
    EXPECT_EQ(int(r.error), int(c.error)) << "'" << c.text << "': " << r.message;
    EXPECT_NE(r.message.find(c.reason), std::string::npos) << "'" << c.text << "': " << r.message;
    EXPECT_EQ(r.move, Move::none());
  }
  // A pinned piece may not leave its line.
  Position pinned = from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
  EXPECT_EQ(parse_uci_move(pinned, "e2d3").error, UciMoveError::Illegal);
  EXPECT_EQ(move_to_uci(start, Move::none()), "0000");
}

// match_uci is parse_uci_move's matcher, on a list the caller keeps: the same move for every form
// parse_uci_move takes, none for everything it refuses, and no allocation to find out.
TEST(UciMove, MatchUciOnAKeptListAnswersAsParseUciMove) {
  const Position standard = from_fen(CASTLE_BOTH);
  const Position chess960 = from_fen(CASTLE_BOTH, true);
  const Position promoting = from_fen("2r5/1P1k4/8/8/8/8/8/7K w - - 0 1");
  Position start;
  start.set_startpos();
  const std::pair<const Position*, const char*> cases[] = {
      {&standard, "e1g1"}, {&standard, "e1h1"}, {&standard, "e1c1"}, {&standard, "e1a1"}, {&standard, "a1c1"},
      {&chess960, "e1h1"}, {&chess960, "e1g1"}, {&chess960, "e1a1"}, {&chess960, "e1c1"},
      {&promoting, "b7b8q"}, {&promoting, "b7c8N"}, {&promoting, "b7b8Q"}, {&promoting, "b7b8"}, {&promoting, "b7b8k"},
      {&start, "e2e4"}, {&start, "g1f3"}, {&start, "e2e5"}, {&start, "e3e4"}, {&start, "E2E4"}, {&start, "e2e4q"},
      {&start, ""}, {&start, "e2e4e5"}, {&start, "0000"}, {&start, "i2i4"}};
  for (const auto& [pos, text] : cases) {
    const UciMoveResult r = parse_uci_move(*pos, text);
    EXPECT_EQ(match_uci(*pos, legal_moves(*pos), text), r.move) << text;
  }
  // The promotion letter in either case, as some GUIs write it.
  EXPECT_EQ(parse_uci_move(promoting, "b7b8Q").move, Move::make(SQ_B7, SQ_B8, PROMOTION, QUEEN));
  EXPECT_EQ(parse_uci_move(promoting, "b7c8N").move, Move::make(SQ_B7, SQ_C8, PROMOTION, KNIGHT));
  // Only the list given is searched: a move missing from it is not found.
  EXPECT_EQ(match_uci(start, MoveList{}, "e2e4"), Move::none());
}

// Every legal move of every data position, in its own mode's notation, parses back to itself.
TEST(UciMove, EveryLegalMoveOfTheDataFileRoundTrips) {
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  ASSERT_FALSE(cases.empty()) << error;
  int moves = 0;
  for (const auto& c : cases) {
    Position pos = from_fen(c.fen, c.chess960);
    for (Move m : legal_moves(pos)) {
      std::string text = move_to_uci(pos, m);
      UciMoveResult r = parse_uci_move(pos, text);
      EXPECT_EQ(r.error, UciMoveError::None) << text << " in " << c.fen << ": " << r.message;
      EXPECT_EQ(r.move, m) << text << " in " << c.fen;
      EXPECT_EQ(match_uci(pos, legal_moves(pos), text), m) << text << " in " << c.fen;
      ++moves;
    }
  }
  EXPECT_GT(moves, 1000);
}

}  // namespace
}  // namespace escaque
