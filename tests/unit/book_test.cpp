// The opening book (src/engine/book.cpp) and the UCI option OwnBook: every typed line replays legally
// to its end, transpositions meet, the weighted choice covers every book move and follows the
// weights, nothing is offered out of book or in Chess960, and a session plays book moves only
// when asked to.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "core/fen.h"
#include "engine/book.h"
#include "notation/san.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

#include "../support/positions.h"
#include "../support/uci_lines.h"

namespace escaque {
namespace {

using test::from_fen;

Position start() { return from_fen(START_FEN); }

Position after(std::initializer_list<const char*> sans) {
  Position pos = start();
  for (const char* san : sans) {
    SanResult r = parse_san(pos, san);
    EXPECT_TRUE(r.ok()) << san << ": " << r.message;
    if (!r.ok()) break;
    UndoInfo undo;
    pos.do_move(r.move, undo);
  }
  return pos;
}

std::string uci_of(const Position& pos, Move m) { return move_to_uci(pos, m); }

TEST(Book, EveryLineReplaysLegally) {
  ASSERT_GE(book_line_count(), 50);
  for (int i = 0; i < book_line_count(); ++i) {
    std::string_view line = book_line(i);
    Position pos = start();
    int plies = 0;
    std::size_t at = 0;
    while (at < line.size()) {
      std::size_t end = line.find(' ', at);
      if (end == std::string_view::npos) end = line.size();
      const std::string token(line.substr(at, end - at));
      at = end + 1;
      UciMoveResult r = parse_uci_move(pos, token);
      ASSERT_EQ(r.error, UciMoveError::None) << "line " << i << " (" << line << "), ply " << plies + 1 << " '"
                                             << token << "': " << r.message;
      // Written as the engine writes it (castling e1g1, promotions lower case).
      EXPECT_EQ(move_to_uci(pos, r.move), token) << "line " << i << " ply " << plies + 1;
      // Each position along a line is in the book, with the line's move among its moves.
      BookMove moves[32];
      const int n = book_moves(pos, moves, 32);
      bool found = false;
      for (int k = 0; k < std::min(n, 32); ++k) found |= moves[k].move == r.move;
      EXPECT_TRUE(found) << "line " << i << " ply " << plies + 1 << " " << token << " missing from the table";
      UndoInfo undo;
      pos.do_move(r.move, undo);
      ++plies;
    }
    EXPECT_GE(plies, 6) << line;
  }
  EXPECT_GT(book_position_count(), 300);
}

TEST(Book, StartPositionOffersTheMainFirstMovesMostPlayedFirst) {
  Position pos = start();
  BookMove moves[16];
  const int n = book_moves(pos, moves, 16);
  std::set<std::string> ucis;
  for (int i = 0; i < n; ++i) ucis.insert(uci_of(pos, moves[i].move));
  EXPECT_EQ(ucis, (std::set<std::string>{"e2e4", "d2d4", "c2c4", "g1f3"}));
  for (int i = 1; i < n; ++i) EXPECT_GE(moves[i - 1].weight, moves[i].weight);
  EXPECT_EQ(uci_of(pos, moves[0].move), "e2e4");
}

TEST(Book, TranspositionsMeet) {
  // 1.Nf3 Nf6 2.c4 g6 3.Nc3 Bg7 4.e4 d6 5.d4 O-O reaches the King's Indian of 1.d4 Nf6 2.c4 g6 ...
  // 5.Nf3 O-O: the position after 5.d4 must offer the classical line's 6.Be2.
  Position pos = after({"Nf3", "Nf6", "c4", "g6", "Nc3", "Bg7", "e4", "d6", "d4", "O-O"});
  BookMove moves[8];
  const int n = book_moves(pos, moves, 8);
  ASSERT_GE(n, 1);
  bool be2 = false;
  for (int i = 0; i < n; ++i) be2 |= uci_of(pos, moves[i].move) == "f1e2";
  EXPECT_TRUE(be2);
}

TEST(Book, WeightedChoiceCoversEveryMoveInProportion) {
  Position pos = start();
  BookMove moves[16];
  const int n = book_moves(pos, moves, 16);
  int total = 0;
  for (int i = 0; i < n; ++i) total += moves[i].weight;
  std::map<std::string, int> seen;
  // Every ticket value once: each move is chosen exactly `weight` times.
  for (int r = 0; r < total; ++r) ++seen[uci_of(pos, pick_book_move(pos, std::uint64_t(r)))];
  for (int i = 0; i < n; ++i) EXPECT_EQ(seen[uci_of(pos, moves[i].move)], moves[i].weight);
}

TEST(Book, NothingOutOfBookOrInChess960) {
  BookMove moves[4];
  Position middlegame = from_fen(test::KIWIPETE);
  EXPECT_EQ(book_moves(middlegame, moves, 4), 0);
  EXPECT_FALSE(pick_book_move(middlegame, 12345).is_ok());
  // 1.e4 a5 is not a line of the book.
  EXPECT_FALSE(pick_book_move(after({"e4", "a5"}), 7).is_ok());
  // The standard start position loaded as a Chess960 position (index 518) is not looked up.
  Position chess960 = from_fen(START_FEN, true);
  EXPECT_EQ(book_moves(chess960, moves, 4), 0);
}

using test::run;

TEST(Book, OwnBookOffByDefaultOnPlaysBookMovesWithoutSearching) {
  UciSession s;
  EXPECT_NE(run(s, "uci").find("option name OwnBook type check default false\n"), std::string::npos);
  run(s, "position startpos");
  std::string searched = run(s, "go depth 2");
  EXPECT_NE(searched.find("info depth 1"), std::string::npos) << searched;

  run(s, "setoption name OwnBook value true");
  run(s, "position startpos moves e2e4 c7c5 g1f3");
  std::string book = run(s, "go wtime 60000 btime 60000");
  EXPECT_EQ(book.find("info depth"), std::string::npos) << "no search in book: " << book;
  ASSERT_NE(book.find("info string book move "), std::string::npos) << book;
  const std::string move = book.substr(book.find("bestmove ") + 9, 4);
  EXPECT_TRUE(move == "d7d6" || move == "b8c6" || move == "e7e6") << book;

  // Analysis requests always search.
  EXPECT_NE(run(s, "go depth 2 searchmoves d7d6").find("info depth 1"), std::string::npos);
  // Out of book the engine searches as usual.
  run(s, "position startpos moves g2g4 e7e5 f2f3");
  std::string mate = run(s, "go depth 2");
  EXPECT_NE(mate.find("bestmove d8h4"), std::string::npos) << mate;

  EXPECT_NE(run(s, "setoption name OwnBook value maybe").find("invalid value 'maybe'"), std::string::npos);
}

TEST(Book, AFixedStrengthSeedRepeatsTheChoiceAndSeedsVaryIt) {
  std::set<std::string> firsts;
  for (int seed = 1; seed <= 40; ++seed) {
    std::string moves[2];
    for (std::string& m : moves) {
      UciSession s;
      run(s, "setoption name OwnBook value true");
      run(s, "setoption name Strength Seed value " + std::to_string(seed));
      run(s, "position startpos");
      const std::string out = run(s, "go movetime 50");
      m = out.substr(out.find("bestmove ") + 9, 4);
    }
    EXPECT_EQ(moves[0], moves[1]) << "seed " << seed;
    firsts.insert(moves[0]);
  }
  EXPECT_GE(firsts.size(), 3u) << "40 seeds should open with at least three different first moves";
}

}  // namespace
}  // namespace escaque
