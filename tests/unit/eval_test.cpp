// Evaluation: colour symmetry over many positions, and the sign and size of
// the score in positions whose verdict is not in doubt.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "../support/perft_data.h"
#include "../support/positions.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "engine/eval.h"

using namespace escaque;

namespace {

using test::from_fen;

// The same position with the board turned upside down and the colours swapped.
Position mirror(const Position& pos) {
  Position m;
  for (int s = 0; s < 64; ++s) {
    Piece p = pos.piece_on(Square(s));
    if (p != NO_PIECE) m.put_piece(make_piece(~color_of(p), type_of(p)), flip_rank(Square(s)));
  }
  m.set_side_to_move(~pos.side_to_move());
  m.set_chess960(pos.is_chess960());
  for (int idx = 0; idx < 4; ++idx)
    if (pos.castling_rights() & (1 << idx)) {
      Color c = Color(idx / 2);
      m.add_castling_right(~c, flip_rank(pos.castling_rook_square(idx)));
    }
  if (pos.en_passant_square() != SQ_NONE) m.set_en_passant_candidate(flip_rank(pos.en_passant_square()));
  m.set_clocks(pos.rule50(), pos.fullmove_number());
  m.finish_setup();
  return m;
}

// Every position of the perft data set, plus positions from random games.
std::vector<Position> many_positions() {
  std::vector<Position> out;
  std::string error;
  const auto cases = test::load_perft_file(test::perft_file_path(), error);
  EXPECT_EQ(error, "");
  EXPECT_FALSE(cases.empty());
  for (const auto& c : cases) {
    Position pos;
    FenOptions opts;
    opts.chess960 = c.chess960;
    if (!parse_fen(c.fen, pos, opts)) out.push_back(pos);
  }
  std::mt19937 rng(12345);
  for (int game = 0; game < 60; ++game) {
    Position pos;
    pos.set_startpos();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.size == 0) break;
      UndoInfo undo;
      pos.do_move(moves.moves[rng() % moves.size], undo);
      if (ply % 3 == 0) out.push_back(pos);
    }
  }
  return out;
}

}  // namespace

TEST(Eval, MirrorHelperProducesAConsistentMirror) {
  Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  Position m = mirror(pos);
  EXPECT_TRUE(m.is_consistent());
  EXPECT_EQ(to_fen(m), "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
  EXPECT_EQ(mirror(m), pos);
}

TEST(Eval, SymmetricUnderColourFlipOnManyPositions) {
  std::vector<Position> positions = many_positions();
  ASSERT_GT(positions.size(), 2000u);
  int nonZero = 0;
  for (const Position& pos : positions) {
    Position m = mirror(pos);
    ASSERT_TRUE(m.is_consistent()) << to_fen(pos);
    Value a = evaluate(pos), b = evaluate(m);
    ASSERT_EQ(a, b) << to_fen(pos) << "  vs mirror  " << to_fen(m);
    nonZero += a != 0;
  }
  // The test means something only if the evaluation actually varies.
  EXPECT_GT(nonZero, int(positions.size()) * 3 / 4);
}

TEST(Eval, StartPositionIsNearlyBalanced) {
  Position pos;
  pos.set_startpos();
  Value v = evaluate(pos);
  EXPECT_GT(v, 0);  // the side to move has the tempo
  EXPECT_LT(v, 40);
}

TEST(Eval, ExtraMaterialDominates) {
  // White is a queen up; seen from White (to move) and from Black (to move).
  EXPECT_GT(evaluate(from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")), 700);
  EXPECT_LT(evaluate(from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")), -700);
  // A knight up.
  EXPECT_GT(evaluate(from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")), 200);
}

TEST(Eval, SideThatCannotMateNeverScoresAboveZero) {
  // K+N v K, K+B v K: dead draws.
  EXPECT_EQ(evaluate(from_fen("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1")), 0);
  EXPECT_EQ(evaluate(from_fen("8/8/8/4k3/8/8/3B4/4K3 b - - 0 1")), 0);
  // K+N v K+P: the knight side has more material but can mate only with the
  // opponent's help; its score stays near zero (the tempo bonus at most).
  Value v = evaluate(from_fen("8/8/8/4k3/8/5p2/3N4/4K3 w - - 0 1"));
  EXPECT_LT(v, 30);
  // A lone king never scores above zero for itself, whatever the material of the other side.
  EXPECT_LE(evaluate(from_fen("8/8/8/4k3/8/8/PPPP4/4K3 b - - 0 1")), 0);
}

TEST(Eval, DrawishMaterialIsScaledDown) {
  // R v B without pawns: a rook's worth ahead on paper, a draw in practice.
  Value rookVsBishop = evaluate(from_fen("8/8/3bk3/8/8/3RK3/8/8 w - - 0 1"));
  EXPECT_GT(rookVsBishop, 0);
  EXPECT_LT(rookVsBishop, 80);
  // Two knights cannot force mate against a bare king.
  EXPECT_LT(evaluate(from_fen("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1")), 40);
  // R v K is a win and must stay large.
  EXPECT_GT(evaluate(from_fen("8/8/4k3/8/8/3RK3/8/8 w - - 0 1")), 400);
  // Opposite-coloured bishops with one extra pawn: much less than a pawn and bishop ending would be.
  // (White's bishop is on c3, a dark square; b7 is light, a7 dark.)
  Value ocb = evaluate(from_fen("8/1b3k2/8/8/2P5/1PB5/5K2/8 w - - 0 1"));
  Value sameColour = evaluate(from_fen("8/b4k2/8/8/2P5/1PB5/5K2/8 w - - 0 1"));
  EXPECT_GT(ocb, 0);
  EXPECT_LT(ocb, sameColour);
}

TEST(Eval, PassedPawnsGainValueAsTheyAdvance) {
  Value rank4 = evaluate(from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"));
  Value rank6 = evaluate(from_fen("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1"));
  Value rank7 = evaluate(from_fen("7k/4P3/8/8/8/8/8/4K3 w - - 0 1"));
  EXPECT_LT(rank4, rank6);
  EXPECT_LT(rank6, rank7);
  // A passed pawn is worth more than the same pawn blocked by an enemy pawn in front.
  Value passed = evaluate(from_fen("4k3/p7/8/8/3P4/8/8/4K3 w - - 0 1"));
  Value blocked = evaluate(from_fen("4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 1"));
  EXPECT_GT(passed, blocked);
}

TEST(Eval, PawnStructureWeaknessesCost) {
  // Same material; White has doubled, isolated pawns in the second position.
  Value healthy = evaluate(from_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"));
  Value broken = evaluate(from_fen("4k3/pppp4/8/8/8/2P5/P1P1P3/4K3 w - - 0 1"));
  EXPECT_GT(healthy, broken);
}

TEST(Eval, BishopPairAndOpenFileRooksAreRewarded) {
  Value pair = evaluate(from_fen("4k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1"));
  Value knightAndBishop = evaluate(from_fen("4k3/pppp4/8/8/8/8/PPPP4/2B1KN2 w - - 0 1"));
  EXPECT_GT(pair, knightAndBishop);
  Value openFile = evaluate(from_fen("4k3/ppp5/8/8/8/8/PPP5/3RK3 w - - 0 1"));
  Value closedFile = evaluate(from_fen("4k3/ppp5/8/8/8/8/PPP5/R3K3 w - - 0 1"));
  EXPECT_GT(openFile, closedFile);
}

TEST(Eval, WeakenedKingSideIsPenalised) {
  // Same material; Black's king side pawns are either unmoved or advanced (g6, h6).
  // The shelter terms are checked with the hand-set weights: the tuned ones
  // (eval_weights_tuned.inc) weigh the lost shelter against the pawns' advance
  // and find the two about even (-2 cp), which says nothing about the terms.
  const EvalWeights hand = make_hand_set_weights();
  Value sheltered = evaluate(from_fen("r2q1rk1/pp3ppp/2pp4/8/8/5N2/PPP2PPP/R2Q1RK1 w - - 0 1"), hand);
  Value weakened = evaluate(from_fen("r2q1rk1/pp3p2/2pp2pp/8/8/5N2/PPP2PPP/R2Q1RK1 w - - 0 1"), hand);
  EXPECT_GT(weakened, sheltered + 10);
  // White's queen and knight brought close to that king: more danger still,
  // with either set of weights.
  for (const EvalWeights& w : {hand, default_weights()}) {
    Value open = evaluate(from_fen("r2q1rk1/pp3p2/2pp2pp/8/8/5N2/PPP2PPP/R2Q1RK1 w - - 0 1"), w);
    Value attacked = evaluate(from_fen("r2q1rk1/pp3p2/2pp2pp/8/6NQ/8/PPP2PPP/R4RK1 w - - 0 1"), w);
    EXPECT_GT(attacked, open + 50);
  }
}

TEST(Eval, StaysWithinEvalBounds) {
  for (const Position& pos : many_positions()) {
    Value v = evaluate(pos);
    ASSERT_LT(std::abs(v), VALUE_EVAL_MAX + 1) << to_fen(pos);
  }
}
