// move_to_san_body: the SAN without its check/mate suffix, for callers that know check and mate
// themselves (the Position binding's sanAndPlay). Over every legal move of random playouts
// (standard chess and Chess960, mates, promotions, castling, disambiguations), body + the suffix
// found by playing the move must be exactly move_to_san, in every language.
#include <gtest/gtest.h>

#include <string>

#include "../support/positions.h"
#include "../support/prng.h"
#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/san.h"

namespace escaque {
namespace {

using Rng = test::SplitMix64;

// The suffix as the caller computes it: play the move, then check and the replies.
std::string suffix_after(const Position& pos, Move m) {
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  if (!after.in_check()) return "";
  MoveList replies;
  generate_moves(after, replies);
  return replies.size == 0 ? "#" : "+";
}

// Checks every legal move of pos; counts what it saw.
struct Seen {
  int moves = 0, mates = 0, checks = 0, promotions = 0, castles = 0, disambiguated = 0;
};
void check_all(const Position& pos, Seen& seen) {
  MoveList legal;
  generate_moves(pos, legal);
  for (Move m : legal) {
    for (Language lang : {Language::English, Language::Spanish, Language::German, Language::Figurine}) {
      const std::string body = move_to_san_body(pos, m, legal, lang);
      const std::string suffix = suffix_after(pos, m);
      ASSERT_EQ(body + suffix, move_to_san(pos, m, lang)) << to_fen(pos);
      ASSERT_TRUE(body.empty() || (body.back() != '+' && body.back() != '#')) << body;
    }
    const std::string san = move_to_san(pos, m);
    ++seen.moves;
    seen.mates += san.back() == '#';
    seen.checks += san.back() == '+';
    seen.promotions += m.kind() == PROMOTION;
    seen.castles += m.kind() == CASTLING;
    const PieceType pt = type_of(pos.moved_piece(m));
    if (pt != PAWN && pt != KING && m.kind() != CASTLING) {
      // A body longer than piece letter + [x] + square names the origin.
      const std::size_t plain = 3 + (pos.is_capture(m) ? 1 : 0);
      seen.disambiguated += move_to_san_body(pos, m, legal).size() > plain;
    }
  }
}

TEST(SanBody, BodyPlusSuffixIsSanOverRandomPlayouts) {
  Seen seen;
  Rng rng(20261122);
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      test::KIWIPETE,
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
      "1k6/8/8/8/8/8/8/N3KN1N w - - 0 1",
  };
  // Checks every position of a random game of at most `plies` plies from `pos`.
  auto playout = [&](Position pos, int plies) {
    for (int ply = 0; ply < plies; ++ply) {
      check_all(pos, seen);
      MoveList legal;
      generate_moves(pos, legal);
      if (legal.size == 0) break;
      UndoInfo undo;
      pos.do_move(legal.moves[rng.below(std::uint64_t(legal.size))], undo);
    }
  };
  for (const char* fen : starts)
    for (int game = 0; game < 6; ++game) playout(test::from_fen(fen), 120);
  for (int index : {0, 518, 959}) {
    Position pos;
    set_chess960_start(pos, index);
    playout(pos, 80);
  }
  EXPECT_GT(seen.moves, 50000);
  EXPECT_GT(seen.mates, 0);
  EXPECT_GT(seen.checks, 100);
  EXPECT_GT(seen.promotions, 100);
  EXPECT_GT(seen.castles, 10);
  EXPECT_GT(seen.disambiguated, 10);
}

TEST(SanBody, HandPicked) {
  const Position rooks = test::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  MoveList legal;
  generate_moves(rooks, legal);
  EXPECT_EQ(move_to_san_body(rooks, Move(SQ_A1, SQ_D1), legal), "Rad1");
  EXPECT_EQ(move_to_san_body(rooks, Move(SQ_H1, SQ_H8), legal), "Rh8");  // the SAN is "Rh8+"
  EXPECT_EQ(move_to_san(rooks, Move(SQ_H1, SQ_H8)), "Rh8+");
  const Position mate = test::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  MoveList replies;
  generate_moves(mate, replies);
  EXPECT_EQ(move_to_san_body(mate, Move(SQ_D8, SQ_H4), replies), "Qh4");
  EXPECT_EQ(move_to_san(mate, Move(SQ_D8, SQ_H4)), "Qh4#");
  EXPECT_EQ(move_to_san_body(mate, Move::none(), replies), "--");
}

}  // namespace
}  // namespace escaque
