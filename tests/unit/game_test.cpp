// The Game layer: history, undo/redo, and every end-of-game rule of the FIDE
// Laws of Chess (2023). Positions and move sequences are constructed for each
// rule; docs/rules.md explains the rules these tests pin down.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "../support/positions.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "rules/game.h"

namespace escaque {
namespace {

using test::from_fen;

Game game_from(const std::string& fen) { return Game(from_fen(fen)); }

Move move_in(const Game& g, const std::string& uci) {
  UciMoveResult r = parse_uci_move(g.position(), uci);
  EXPECT_EQ(r.error, UciMoveError::None) << uci << ": " << r.message;
  return r.move;
}

testing::AssertionResult play_line(Game& g, std::initializer_list<const char*> line) {
  for (const char* uci : line) {
    UciMoveResult r = parse_uci_move(g.position(), uci);
    if (r.error != UciMoveError::None)
      return testing::AssertionFailure() << uci << " at ply " << g.ply() << ": " << r.message;
    if (GameError e = g.play(r.move))
      return testing::AssertionFailure() << uci << " at ply " << g.ply() << ": " << e.message;
  }
  return testing::AssertionSuccess();
}

// Board, side to move, castling and en passant: the FEN fields FIDE's "same
// position" is about. Position writes the e.p. square only when a capture is
// legal, so this is an independent oracle for repetition counts.
std::string fide_fields(const Position& p) {
  std::string fen = to_fen(p);
  std::size_t cut = fen.size();
  for (int spaces = 0; spaces < 4; ++spaces) cut = fen.find(' ', spaces ? cut + 1 : 0);
  return fen.substr(0, cut);
}

// Everything a failed operation must leave untouched.
struct Snapshot {
  explicit Snapshot(const Game& g)
      : fen(to_fen(g.position())), ply(g.ply()), redo(g.redo_count()), outcome(g.outcome()),
        offer(g.draw_offer()), reps(g.repetition_count()) {}
  bool operator==(const Snapshot& o) const {
    return fen == o.fen && ply == o.ply && redo == o.redo && outcome == o.outcome && offer == o.offer &&
           reps == o.reps;
  }
  std::string fen;
  int ply, redo;
  Outcome outcome;
  std::optional<Color> offer;
  int reps;
};

const char* const KNIGHT_CYCLE[] = {"g1f3", "g8f6", "f3g1", "f6g8"};

void knight_cycle(Game& g) {
  for (const char* m : KNIGHT_CYCLE) ASSERT_TRUE(play_line(g, {m}));
}

// ------------------------------------------------------------------ basics

TEST(Game, StartsInProgressFromTheStandardPosition) {
  Game g;
  EXPECT_EQ(to_fen(g.position()), START_FEN);
  EXPECT_EQ(g.ply(), 0);
  EXPECT_FALSE(g.is_over());
  EXPECT_STREQ(g.outcome().result, "*");
  EXPECT_EQ(g.outcome().reason, OutcomeReason::None);
  EXPECT_STREQ(pgn_termination(g.outcome().reason), "unterminated");
  EXPECT_EQ(g.repetition_count(), 1);
  EXPECT_FALSE(g.can_claim_threefold());
  EXPECT_FALSE(g.can_claim_fifty_moves());
  EXPECT_FALSE(g.draw_offer());
}

TEST(Game, HistoryRecordsMovesUndoDataAndKeys) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "c7c5", "g1f3"}));
  ASSERT_EQ(g.history().size(), 3u);
  EXPECT_EQ(g.history()[0].move, Move(SQ_E2, SQ_E4));
  EXPECT_EQ(g.history()[0].undo.key, g.start_position().key());
  EXPECT_EQ(g.history()[2].key, g.position().key());
  EXPECT_EQ(g.history()[1].undo.key, g.history()[0].key);
  for (const PlyRecord& r : g.history()) EXPECT_EQ(r.repetitions, 1);
}

TEST(Game, IsACopyableValue) {
  Game a;
  ASSERT_TRUE(play_line(a, {"e2e4", "e7e5"}));
  Game b = a;
  ASSERT_TRUE(play_line(b, {"g1f3"}));
  EXPECT_EQ(a.ply(), 2);
  EXPECT_EQ(b.ply(), 3);
  EXPECT_EQ(to_fen(a.position()), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  ASSERT_FALSE(a.undo());
  ASSERT_FALSE(a.resign(WHITE));
  EXPECT_EQ(b.ply(), 3);
  EXPECT_FALSE(b.is_over());
  EXPECT_EQ(b.redo_count(), 0);
}

TEST(Game, Chess960StartPositions) {
  std::optional<Game> standard = Game::chess960(518);
  ASSERT_TRUE(standard);
  EXPECT_TRUE(standard->position().is_chess960());
  EXPECT_EQ(fide_fields(standard->position()), fide_fields(Game().position()));
  std::optional<Game> g = Game::chess960(0);  // BBQNNRKR
  ASSERT_TRUE(g);
  EXPECT_EQ(to_fen(g->position()), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_FALSE(Game::chess960(960));
  EXPECT_FALSE(Game::chess960(-1));
  // Knights out and back twice: the start position for the third time.
  for (int cycle = 0; cycle < 2; ++cycle) ASSERT_TRUE(play_line(*g, {"d1c3", "d8c6", "c3d1", "c6d8"}));
  EXPECT_EQ(g->repetition_count(), 3);
  EXPECT_TRUE(g->can_claim_threefold());
}

// ------------------------------------------------------------------ illegal input

TEST(Game, IllegalMovesLeaveTheGameUnchanged) {
  // 1.e4 e5 2.Qh5 Nc6 3.Bc4, Black to move; 3...Nf6 was played and taken back.
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"}));
  ASSERT_FALSE(g.undo());
  ASSERT_FALSE(g.offer_draw(WHITE));  // state that must survive too
  const Snapshot before(g);
  ASSERT_EQ(g.redo_count(), 1);

  struct Case {
    Move move;
    const char* mentions;
  };
  const Case cases[] = {
      {Move(SQ_E5, SQ_E4), "e5e4 is not a legal move"},                // blocked pawn
      {Move(SQ_E3, SQ_E4), "no piece on e3"},                          // empty square
      {Move(SQ_H5, SQ_F7), "White's, and Black is to move"},           // opponent's piece
      {Move::none(), "does not move anything"},                        // no move at all
      {Move::null(), "does not move anything"},
      {Move(SQ_E8, SQ_D7), "black king cannot make this move"},        // onto an own piece
      {Move::make(SQ_E8, SQ_H8, CASTLING), "black king cannot make"},  // castling through pieces
      {Move(SQ_G8, SQ_G6), "black knight cannot make"},                // not a knight move
      {Move(SQ_F7, SQ_F6), "leave the king in check"},                 // pinned by Qh5
      {Move::make(SQ_A7, SQ_A8, PROMOTION, QUEEN), "black pawn cannot make"},
  };
  for (const Case& c : cases) {
    GameError e = g.play(c.move);
    EXPECT_EQ(e.kind, GameErrorKind::IllegalMove) << c.mentions;
    EXPECT_NE(e.message.find(c.mentions), std::string::npos) << e.message;
    EXPECT_TRUE(Snapshot(g) == before) << c.mentions;
  }
  EXPECT_FALSE(g.claim_grounds_with_move(Move(SQ_F7, SQ_F6)));
  EXPECT_TRUE(Snapshot(g) == before);
  ASSERT_FALSE(g.redo());  // and the game goes on normally
  EXPECT_EQ(g.ply(), 6);
}

TEST(Game, IllegalMoveInCheckSaysSo) {
  // 1.e4 f5 2.Qh5+: Black must answer the check.
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "f7f5", "d1h5"}));
  const Snapshot before(g);
  GameError e = g.play(Move(SQ_A7, SQ_A6));
  EXPECT_EQ(e.kind, GameErrorKind::IllegalMove);
  EXPECT_NE(e.message.find("in check"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find(to_fen(g.position())), std::string::npos) << e.message;
  EXPECT_TRUE(Snapshot(g) == before);
  EXPECT_FALSE(g.play(Move(SQ_G7, SQ_G6)));
}

// ------------------------------------------------------------------ threefold repetition

TEST(Game, ThreefoldByKnightShuffle) {
  Game g;
  knight_cycle(g);
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_FALSE(g.can_claim_threefold());

  // An early claim is refused, stands as White's draw offer (Art. 9.1.2.3).
  ClaimResult early = g.claim_draw();
  EXPECT_FALSE(early.error);
  EXPECT_FALSE(early.granted);
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.draw_offer(), WHITE);
  EXPECT_NE(early.explanation.find("2 times"), std::string::npos) << early.explanation;

  ASSERT_TRUE(play_line(g, {"g1f3"}));
  EXPECT_EQ(g.draw_offer(), WHITE);  // White's own move does not withdraw it
  EXPECT_EQ(g.repetition_count(), 2);  // the position after 1.Nf3, again
  ASSERT_TRUE(play_line(g, {"g8f6"}));
  EXPECT_FALSE(g.draw_offer());  // Black moved instead of accepting: rejected
  ASSERT_TRUE(play_line(g, {"f3g1", "f6g8"}));
  EXPECT_EQ(g.repetition_count(), 3);
  EXPECT_TRUE(g.can_claim_threefold());
  EXPECT_FALSE(g.is_over());  // a claim is needed

  ClaimResult claim = g.claim_draw();
  EXPECT_FALSE(claim.error);
  EXPECT_TRUE(claim.granted);
  EXPECT_EQ(claim.grounds, OutcomeReason::ThreefoldRepetition);
  EXPECT_TRUE(g.is_over());
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_EQ(g.outcome().reason, OutcomeReason::ThreefoldRepetition);
  EXPECT_EQ(g.outcome().by, WHITE);
  EXPECT_FALSE(g.outcome().winner);
  EXPECT_STREQ(pgn_termination(g.outcome().reason), "normal");
  EXPECT_EQ(describe(g.outcome()), "Draw by threefold repetition, claimed by White (FIDE Art. 9.2)");

  const Snapshot after(g);
  EXPECT_EQ(g.play(move_in(g, "g1f3")).kind, GameErrorKind::GameOver);
  EXPECT_EQ(g.claim_draw().error.kind, GameErrorKind::GameOver);
  EXPECT_EQ(g.resign(BLACK).kind, GameErrorKind::GameOver);
  EXPECT_TRUE(Snapshot(g) == after);
}

TEST(Game, RepetitionNeedsTheSamePositionNotTheSameMoves) {
  Game g;
  knight_cycle(g);
  ASSERT_TRUE(play_line(g, {"g1h3", "g8h6", "h3g1", "h6g8"}));
  EXPECT_EQ(g.repetition_count(), 3);
  // Transposition: 1.Nf3 Nc6 2.Nc3 ... and 1.Nc3 Nc6 2.Nf3 reach the same position.
  Game t;
  ASSERT_TRUE(play_line(t, {"g1f3", "b8c6", "b1c3", "g8f6", "c3b1", "f6g8", "f3g1", "c6b8"}));
  EXPECT_EQ(t.repetition_count(), 2);
}

TEST(Game, LostCastlingRightsBreakRepetition) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5"}));
  const Position withRights = g.position();
  ASSERT_TRUE(play_line(g, {"e1e2", "e8e7", "e2e1", "e7e8"}));
  // Every piece is back where it was after 1...e5, but neither king may castle any more.
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      EXPECT_EQ(g.position().pieces(c, PieceType(pt)), withRights.pieces(c, PieceType(pt)));
  EXPECT_EQ(g.position().castling_rights(), NO_CASTLING);
  EXPECT_EQ(g.repetition_count(), 1);
  ASSERT_TRUE(play_line(g, {"e1e2", "e8e7", "e2e1", "e7e8"}));
  EXPECT_EQ(g.repetition_count(), 2);
  ASSERT_TRUE(play_line(g, {"e1e2", "e8e7", "e2e1", "e7e8"}));
  EXPECT_EQ(g.repetition_count(), 3);  // counted from the first position without rights
  EXPECT_TRUE(g.can_claim_threefold());
}

TEST(Game, RookLeavingAndReturningLosesOneRightAndBreaksRepetition) {
  Game g = game_from("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(play_line(g, {"h1g1", "a8b8", "g1h1", "b8a8"}));
  EXPECT_EQ(g.position().castling_rights(), WHITE_OOO | BLACK_OO);
  EXPECT_EQ(g.repetition_count(), 1);
  ASSERT_TRUE(play_line(g, {"h1g1", "a8b8", "g1h1", "b8a8"}));
  EXPECT_EQ(g.repetition_count(), 2);
  // After 1.Rg1 Black still had the queen-side right; after 3.Rg1 and 5.Rg1 not.
  ASSERT_TRUE(play_line(g, {"h1g1"}));
  EXPECT_EQ(g.repetition_count(), 2);
}

TEST(Game, EnPassantOnlyOnPaperDoesNotMakeThePositionDifferent) {
  // After ...d7-d5 the white e5 pawn is pinned on the e-file by the rook on
  // e8, so exd6 e.p. is illegal: the position is the same as later ones
  // with the same pieces and no e.p. square (Art. 9.2.3).
  Game g = game_from("4r1k1/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1");
  ASSERT_TRUE(play_line(g, {"d7d5"}));
  EXPECT_EQ(g.position().en_passant_square(), SQ_NONE);
  EXPECT_EQ(g.repetition_count(), 1);
  ASSERT_TRUE(play_line(g, {"b1c3", "g8h8", "c3b1", "h8g8"}));
  EXPECT_EQ(g.repetition_count(), 2);
  ASSERT_TRUE(play_line(g, {"b1c3", "g8h8", "c3b1", "h8g8"}));
  EXPECT_EQ(g.repetition_count(), 3);
  EXPECT_TRUE(g.can_claim_threefold());
}

TEST(Game, PossibleEnPassantMakesThePositionDifferent) {
  // The same, but with the rook on a8: exd6 e.p. is legal right after ...d5,
  // so that position differs from the later ones (Art. 9.2.3.1).
  Game g = game_from("r5k1/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1");
  ASSERT_TRUE(play_line(g, {"d7d5"}));
  EXPECT_EQ(g.position().en_passant_square(), SQ_D6);
  ASSERT_TRUE(play_line(g, {"b1c3", "g8h8", "c3b1", "h8g8"}));
  EXPECT_EQ(g.repetition_count(), 1);
  ASSERT_TRUE(play_line(g, {"b1c3", "g8h8", "c3b1", "h8g8"}));
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_FALSE(g.can_claim_threefold());
  ASSERT_TRUE(play_line(g, {"b1c3", "g8h8", "c3b1", "h8g8"}));
  EXPECT_EQ(g.repetition_count(), 3);
}

TEST(Game, SetUpPositionCountsAsTheFirstOccurrence) {
  // Half-move clock 60 from the FEN: nothing before the set-up is known, and
  // the scan must not run past the start of this Game.
  Game g = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 60 70");
  ASSERT_TRUE(play_line(g, {"a1a2", "e8d8", "a2a1", "d8e8"}));
  EXPECT_EQ(g.repetition_count(), 2);
  ASSERT_TRUE(play_line(g, {"a1a2", "e8d8", "a2a1", "d8e8"}));
  EXPECT_EQ(g.repetition_count(), 3);
}

TEST(Game, SamePositionComparesExactlyTheFideFields) {
  const Position base = from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
  ASSERT_EQ(base.en_passant_square(), SQ_D6);
  EXPECT_TRUE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 30")));
  EXPECT_TRUE(same_position_for_repetition(from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 1"),
                                           from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 7 30")));
  EXPECT_FALSE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 1")));
  EXPECT_FALSE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Qkq d6 0 1")));
  EXPECT_FALSE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R b KQkq - 0 1")));
  EXPECT_FALSE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R2QK2R w KQkq d6 0 1")));
  EXPECT_FALSE(same_position_for_repetition(base, from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2N w Qkq d6 0 1")));
}

// ------------------------------------------------------------------ fivefold repetition

TEST(Game, FivefoldRepetitionEndsTheGameAutomatically) {
  Game g;
  for (int cycle = 0; cycle < 3; ++cycle) knight_cycle(g);
  EXPECT_EQ(g.repetition_count(), 4);
  ASSERT_TRUE(play_line(g, {"g1f3", "g8f6", "f3g1"}));
  EXPECT_EQ(g.repetition_count(), 4);  // the position after 2.Ng1, at plies 3, 7, 11, 15
  EXPECT_FALSE(g.is_over());
  ASSERT_TRUE(play_line(g, {"f6g8"}));
  EXPECT_EQ(g.ply(), 16);
  EXPECT_EQ(g.repetition_count(), 5);
  EXPECT_TRUE(g.is_over());
  EXPECT_EQ(g.outcome().reason, OutcomeReason::FivefoldRepetition);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_FALSE(g.outcome().by);
  EXPECT_EQ(describe(g.outcome()), "Draw by fivefold repetition (FIDE Art. 9.6.1)");
  EXPECT_EQ(g.play(move_in(g, "g1f3")).kind, GameErrorKind::GameOver);
  EXPECT_FALSE(g.can_claim_threefold());
}

// ------------------------------------------------------------------ 50-move rule (claimed)

TEST(Game, FiftyMoveClaimAtExactlyOneHundredHalfMoves) {
  Game g = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 98 80");
  ASSERT_TRUE(play_line(g, {"a1a2"}));
  EXPECT_EQ(g.position().rule50(), 99);
  EXPECT_FALSE(g.can_claim_fifty_moves());
  ClaimResult early = g.claim_draw();
  EXPECT_FALSE(early.granted);
  EXPECT_FALSE(g.is_over());
  EXPECT_NE(early.explanation.find("99 half-moves"), std::string::npos) << early.explanation;
  EXPECT_EQ(g.draw_offer(), BLACK);

  ASSERT_TRUE(play_line(g, {"e6e5"}));
  EXPECT_EQ(g.position().rule50(), 100);
  EXPECT_EQ(g.draw_offer(), BLACK);  // Black's offer survives Black's own move
  EXPECT_TRUE(g.can_claim_fifty_moves());
  EXPECT_FALSE(g.is_over());
  ClaimResult claim = g.claim_draw();
  EXPECT_TRUE(claim.granted);
  EXPECT_EQ(claim.grounds, OutcomeReason::FiftyMoves);
  EXPECT_EQ(g.outcome().reason, OutcomeReason::FiftyMoves);
  EXPECT_EQ(g.outcome().by, WHITE);
  EXPECT_FALSE(g.draw_offer());
  EXPECT_EQ(describe(g.outcome()), "Draw by the 50-move rule, claimed by White (FIDE Art. 9.3)");
}

TEST(Game, CaptureOrPawnMoveRestartsTheFiftyMoveCount) {
  Game g = game_from("8/8/4k3/8/8/3K4/7P/R7 w - - 99 80");
  EXPECT_FALSE(g.can_claim_fifty_moves());
  ASSERT_TRUE(play_line(g, {"h2h3"}));
  EXPECT_EQ(g.position().rule50(), 0);
}

// ------------------------------------------------------------------ claims with an intended move

TEST(Game, FiftyMoveClaimWithIntendedMoveGranted) {
  Game g = game_from("8/8/4k3/8/8/3K4/7P/R7 w - - 99 80");
  const Position before = g.position();
  const Move intended = move_in(g, "a1a2");
  EXPECT_EQ(g.claim_grounds_with_move(intended), OutcomeReason::FiftyMoves);
  EXPECT_FALSE(g.claim_grounds_with_move(move_in(g, "h2h3")));  // a pawn move does not complete 50
  ClaimResult r = g.claim_draw_with_move(intended);
  EXPECT_FALSE(r.error);
  EXPECT_TRUE(r.granted);
  EXPECT_EQ(r.grounds, OutcomeReason::FiftyMoves);
  EXPECT_FALSE(r.intendedMovePlayed);
  EXPECT_EQ(g.ply(), 0);  // written, not made
  EXPECT_TRUE(g.position() == before);
  EXPECT_EQ(g.claimed_move(), intended);
  EXPECT_EQ(g.outcome().reason, OutcomeReason::FiftyMoves);
  EXPECT_EQ(g.outcome().by, WHITE);
}

TEST(Game, FiftyMoveClaimWithIntendedMoveRefusedThenTheMoveIsMade) {
  Game g = game_from("8/8/4k3/8/8/3K4/7P/R7 w - - 98 80");
  ClaimResult r = g.claim_draw_with_move(move_in(g, "a1a2"));
  EXPECT_FALSE(r.error);
  EXPECT_FALSE(r.granted);
  EXPECT_TRUE(r.intendedMovePlayed);
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(g.history().back().move, Move(SQ_A1, SQ_A2));
  EXPECT_EQ(g.position().rule50(), 99);
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.draw_offer(), WHITE);  // the claim counts as an offer (Art. 9.1.2.3)
  EXPECT_NE(r.explanation.find("9.5.3"), std::string::npos) << r.explanation;
  // Black may accept that offer.
  EXPECT_FALSE(g.accept_draw(BLACK));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Agreement);
}

TEST(Game, FiftyMoveClaimWithAPawnMoveIsRefusedAndThePawnMoves) {
  Game g = game_from("8/8/4k3/8/8/3K4/7P/R7 w - - 99 80");
  ClaimResult r = g.claim_draw_with_move(move_in(g, "h2h4"));
  EXPECT_FALSE(r.granted);
  EXPECT_TRUE(r.intendedMovePlayed);
  EXPECT_EQ(g.position().rule50(), 0);
  EXPECT_EQ(g.position().piece_on(SQ_H4), make_piece(WHITE, PAWN));
}

TEST(Game, ThreefoldClaimWithIntendedMoveGranted) {
  Game g;
  knight_cycle(g);
  ASSERT_TRUE(play_line(g, {"g1f3", "g8f6", "f3g1"}));
  const Move intended = move_in(g, "f6g8");  // would bring the start position for the third time
  EXPECT_EQ(g.claim_grounds_with_move(intended), OutcomeReason::ThreefoldRepetition);
  EXPECT_FALSE(g.claim_grounds_with_move(move_in(g, "f6h5")));
  EXPECT_FALSE(g.can_claim_threefold());  // not yet: the current position occurred twice
  ClaimResult r = g.claim_draw_with_move(intended);
  EXPECT_TRUE(r.granted);
  EXPECT_EQ(r.grounds, OutcomeReason::ThreefoldRepetition);
  EXPECT_EQ(g.ply(), 7);
  EXPECT_EQ(g.claimed_move(), intended);
  EXPECT_EQ(g.outcome().by, BLACK);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
}

TEST(Game, ThreefoldClaimWithIntendedMoveRefusedThenTheMoveIsMade) {
  Game g;
  ASSERT_TRUE(play_line(g, {"g1f3", "g8f6", "f3g1"}));
  ClaimResult r = g.claim_draw_with_move(move_in(g, "f6g8"));  // only the second occurrence
  EXPECT_FALSE(r.error);
  EXPECT_FALSE(r.granted);
  EXPECT_TRUE(r.intendedMovePlayed);
  EXPECT_EQ(g.ply(), 4);
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_EQ(g.draw_offer(), BLACK);
  EXPECT_NE(r.explanation.find("would have occurred 2 times"), std::string::npos) << r.explanation;
  ASSERT_TRUE(play_line(g, {"g1f3"}));  // White moves instead of accepting
  EXPECT_FALSE(g.draw_offer());
}

TEST(Game, ClaimWithAMoveIsGrantedWhenTheBoardAlreadyQualifies) {
  Game g;
  knight_cycle(g);
  knight_cycle(g);
  ASSERT_TRUE(g.can_claim_threefold());
  ClaimResult r = g.claim_draw_with_move(move_in(g, "e2e4"));
  EXPECT_TRUE(r.granted);
  EXPECT_EQ(r.grounds, OutcomeReason::ThreefoldRepetition);
  EXPECT_EQ(g.ply(), 8);
  EXPECT_EQ(g.claimed_move(), Move::none());
}

TEST(Game, ClaimWithAnIllegalMoveIsNotAClaim) {
  Game g;
  knight_cycle(g);
  const Snapshot before(g);
  ClaimResult r = g.claim_draw_with_move(Move(SQ_E2, SQ_E5));
  EXPECT_EQ(r.error.kind, GameErrorKind::IllegalMove);
  EXPECT_FALSE(r.granted);
  EXPECT_FALSE(r.intendedMovePlayed);
  EXPECT_TRUE(Snapshot(g) == before);
  EXPECT_FALSE(g.draw_offer());
}

TEST(Game, RefusedClaimKeepsAnOfferAlreadyStanding) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5"}));
  ASSERT_FALSE(g.offer_draw(BLACK));  // Black offers; White to move
  ClaimResult r = g.claim_draw();     // White claims wrongly instead of answering
  EXPECT_FALSE(r.granted);
  EXPECT_EQ(g.draw_offer(), BLACK);   // Black's offer still stands for White to accept
  EXPECT_FALSE(g.accept_draw(WHITE));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Agreement);
}

// ------------------------------------------------------------------ 75-move rule (automatic)

TEST(Game, SeventyFiveMoveRuleEndsTheGameAtOneHundredFiftyHalfMoves) {
  Game g = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 148 100");
  ASSERT_TRUE(play_line(g, {"a1a2"}));
  EXPECT_EQ(g.position().rule50(), 149);
  EXPECT_FALSE(g.is_over());
  EXPECT_TRUE(g.can_claim_fifty_moves());
  ASSERT_TRUE(play_line(g, {"e6e5"}));
  EXPECT_TRUE(g.is_over());
  EXPECT_EQ(g.outcome().reason, OutcomeReason::SeventyFiveMoves);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_NE(std::string(rule_description(g.outcome().reason)).find("9.6.2"), std::string::npos);
  EXPECT_FALSE(g.can_claim_fifty_moves());
}

TEST(Game, CheckmateOnTheMoveCompletingSeventyFiveMovesStands) {
  Game mate = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
  ASSERT_TRUE(play_line(mate, {"a1a8"}));
  EXPECT_EQ(mate.position().rule50(), 150);
  EXPECT_EQ(mate.outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(mate.outcome().winner, WHITE);
  EXPECT_STREQ(mate.outcome().result, "1-0");

  Game quiet = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
  ASSERT_TRUE(play_line(quiet, {"a1a7"}));
  EXPECT_EQ(quiet.outcome().reason, OutcomeReason::SeventyFiveMoves);
}

TEST(Game, SetUpPositionPastSeventyFiveMovesIsAlreadyOver) {
  EXPECT_EQ(game_from("8/8/4k3/8/8/3K4/8/R7 w - - 150 100").outcome().reason, OutcomeReason::SeventyFiveMoves);
  EXPECT_EQ(game_from("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 120").outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(game_from("8/8/4k3/8/8/3K4/8/R7 w - - 149 100").outcome().reason, OutcomeReason::None);
}

// ------------------------------------------------------------------ mate, stalemate, dead position

TEST(Game, FoolsMate) {
  Game g;
  ASSERT_TRUE(play_line(g, {"f2f3", "e7e5", "g2g4"}));
  EXPECT_FALSE(g.is_over());
  ASSERT_TRUE(play_line(g, {"d8h4"}));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(g.outcome().winner, BLACK);
  EXPECT_STREQ(g.outcome().result, "0-1");
  EXPECT_FALSE(g.outcome().by);
  EXPECT_STREQ(pgn_termination(g.outcome().reason), "normal");
  EXPECT_EQ(describe(g.outcome()), "Black wins by checkmate (FIDE Art. 5.1.1)");
  EXPECT_EQ(g.flag(WHITE).kind, GameErrorKind::GameOver);  // Art. 6.9: the mate stands
}

TEST(Game, BackRankMate) {
  Game g = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30");
  ASSERT_TRUE(play_line(g, {"a1a8"}));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(g.outcome().winner, WHITE);
  EXPECT_STREQ(g.outcome().result, "1-0");
}

TEST(Game, Stalemate) {
  Game g = game_from("k7/8/1K6/8/8/8/2Q5/8 w - - 0 60");
  ASSERT_TRUE(play_line(g, {"c2c7"}));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Stalemate);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_FALSE(g.outcome().winner);
  EXPECT_EQ(describe(g.outcome()), "Draw by stalemate (FIDE Art. 5.2.1)");
  EXPECT_EQ(game_from("k7/2Q5/1K6/8/8/8/8/8 b - - 0 60").outcome().reason, OutcomeReason::Stalemate);
}

TEST(Game, DeadPositionAfterTheLastPieceIsCaptured) {
  // K v K+R is alive (the rook can mate); after Kxd2 only kings remain.
  Game g = game_from("8/8/8/8/4k3/8/3r4/3K4 w - - 0 50");
  EXPECT_FALSE(g.is_over());
  ASSERT_TRUE(play_line(g, {"d1d2"}));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::DeadPosition);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_NE(std::string(rule_description(OutcomeReason::DeadPosition)).find("5.2.2"), std::string::npos);
  EXPECT_EQ(g.offer_draw(WHITE).kind, GameErrorKind::GameOver);
}

// ------------------------------------------------------------------ flag fall

TEST(Game, FlagFallLoses) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5"}));
  EXPECT_FALSE(g.flag(WHITE));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Timeout);
  EXPECT_EQ(g.outcome().winner, BLACK);
  EXPECT_EQ(g.outcome().by, WHITE);
  EXPECT_STREQ(g.outcome().result, "0-1");
  EXPECT_STREQ(pgn_termination(g.outcome().reason), "time forfeit");
  EXPECT_EQ(describe(g.outcome()), "Black wins on time: White's flag fell (FIDE Art. 6.9)");
  // Both flags down: the first one reported decides; the second is refused.
  GameError second = g.flag(BLACK);
  EXPECT_EQ(second.kind, GameErrorKind::GameOver);
  EXPECT_NE(second.message.find("flag"), std::string::npos) << second.message;
  EXPECT_EQ(g.outcome().winner, BLACK);
}

TEST(Game, FlagFallAgainstALoneKingIsADraw) {
  Game g = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 0 40");
  EXPECT_FALSE(g.flag(WHITE));  // Black has only the king: cannot checkmate
  EXPECT_EQ(g.outcome().reason, OutcomeReason::TimeoutVsInsufficientMaterial);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_EQ(g.outcome().by, WHITE);
  EXPECT_STREQ(pgn_termination(g.outcome().reason), "time forfeit");
  EXPECT_EQ(describe(g.outcome()),
            "Draw: White's flag fell, but Black cannot checkmate by any series of legal moves (FIDE Art. 6.9)");

  Game other = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 0 40");
  EXPECT_FALSE(other.flag(BLACK));  // White has a rook
  EXPECT_EQ(other.outcome().reason, OutcomeReason::Timeout);
  EXPECT_STREQ(other.outcome().result, "1-0");
}

TEST(Game, FlagFallAgainstAKnightStillLoses) {
  // K+N can mate K+R with the rook's help (a helpmate suffices, Art. 6.9):
  // black king h8, rook g8, white king h6, Nf7#. (K+N can never mate K+Q: the queen
  // next to its king always takes or blocks; see DeadPosition tests.)
  Game g = game_from("8/8/4k3/8/1r6/8/3N4/6K1 w - - 0 40");
  EXPECT_FALSE(g.flag(BLACK));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Timeout);
  EXPECT_EQ(g.outcome().winner, WHITE);
  EXPECT_STREQ(g.outcome().result, "1-0");
}

// ------------------------------------------------------------------ resignation

TEST(Game, Resignation) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4"}));
  EXPECT_FALSE(g.resign(WHITE));  // on the opponent's turn: allowed
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Resignation);
  EXPECT_EQ(g.outcome().winner, BLACK);
  EXPECT_EQ(g.outcome().by, WHITE);
  EXPECT_STREQ(g.outcome().result, "0-1");
  EXPECT_EQ(describe(g.outcome()), "Black wins: White resigned (FIDE Art. 5.1.2)");
  EXPECT_EQ(g.resign(BLACK).kind, GameErrorKind::GameOver);
}

TEST(Game, ResignationAgainstALoneKingIsADraw) {
  // Art. 5.1.2 (2023): the opponent cannot checkmate, so the result is a draw.
  Game g = game_from("8/8/4k3/8/8/3K4/8/R7 b - - 0 40");
  EXPECT_FALSE(g.resign(WHITE));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::ResignationVsInsufficientMaterial);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  Game h = game_from("8/8/4k3/8/8/3K4/8/R7 b - - 0 40");
  EXPECT_FALSE(h.resign(BLACK));
  EXPECT_STREQ(h.outcome().result, "1-0");
}

// ------------------------------------------------------------------ draw offers and agreement

TEST(Game, AgreementNeedsAStandingOfferFromTheOpponent) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5"}));
  EXPECT_EQ(g.accept_draw(WHITE).kind, GameErrorKind::NoDrawOffer);
  EXPECT_EQ(g.decline_draw(BLACK).kind, GameErrorKind::NoDrawOffer);

  ASSERT_TRUE(play_line(g, {"g1f3"}));
  EXPECT_FALSE(g.offer_draw(WHITE));  // after moving, before Black's turn (Art. 9.1.2.1)
  EXPECT_EQ(g.draw_offer(), WHITE);
  EXPECT_EQ(g.accept_draw(WHITE).kind, GameErrorKind::OwnDrawOffer);
  EXPECT_EQ(g.decline_draw(WHITE).kind, GameErrorKind::OwnDrawOffer);
  EXPECT_EQ(g.offer_draw(WHITE).kind, GameErrorKind::DrawOfferStands);
  EXPECT_EQ(g.offer_draw(BLACK).kind, GameErrorKind::DrawOfferStands);
  EXPECT_FALSE(g.is_over());

  EXPECT_FALSE(g.decline_draw(BLACK));
  EXPECT_FALSE(g.draw_offer());
  EXPECT_EQ(g.accept_draw(BLACK).kind, GameErrorKind::NoDrawOffer);

  EXPECT_FALSE(g.offer_draw(WHITE));  // a new offer
  EXPECT_FALSE(g.accept_draw(BLACK));
  EXPECT_TRUE(g.is_over());
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Agreement);
  EXPECT_EQ(g.outcome().by, BLACK);
  EXPECT_STREQ(g.outcome().result, "1/2-1/2");
  EXPECT_EQ(describe(g.outcome()), "Draw by agreement: Black accepted White's offer (FIDE Art. 5.2.3 and 9.1)");
  EXPECT_FALSE(g.draw_offer());
  EXPECT_EQ(g.offer_draw(WHITE).kind, GameErrorKind::GameOver);
  EXPECT_EQ(g.accept_draw(WHITE).kind, GameErrorKind::GameOver);
}

TEST(Game, AnOfferLapsesWhenTheOpponentMoves) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5", "g1f3"}));
  ASSERT_FALSE(g.offer_draw(WHITE));
  ASSERT_TRUE(play_line(g, {"b8c6"}));
  EXPECT_FALSE(g.draw_offer());
  EXPECT_EQ(g.accept_draw(BLACK).kind, GameErrorKind::NoDrawOffer);
}

TEST(Game, AnOfferBeforeMovingStandsThroughTheOfferersOwnMove) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5", "g1f3"}));
  ASSERT_FALSE(g.offer_draw(BLACK));  // Black offers on Black's own turn: still valid
  ASSERT_TRUE(play_line(g, {"b8c6"}));
  EXPECT_EQ(g.draw_offer(), BLACK);
  EXPECT_FALSE(g.accept_draw(WHITE));
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Agreement);
  EXPECT_EQ(g.outcome().by, WHITE);
}

TEST(Game, NoAgreementBeforeBothPlayersHaveMoved) {
  Game g;
  ASSERT_FALSE(g.offer_draw(WHITE));
  EXPECT_EQ(g.accept_draw(BLACK).kind, GameErrorKind::AgreementTooEarly);
  ASSERT_TRUE(play_line(g, {"e2e4"}));
  EXPECT_EQ(g.draw_offer(), WHITE);
  GameError e = g.accept_draw(BLACK);
  EXPECT_EQ(e.kind, GameErrorKind::AgreementTooEarly);
  EXPECT_NE(e.message.find("5.2.3"), std::string::npos) << e.message;
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.draw_offer(), WHITE);
  ASSERT_FALSE(g.decline_draw(BLACK));
  ASSERT_FALSE(g.offer_draw(BLACK));  // before Black's first move: stands until White answers
  ASSERT_TRUE(play_line(g, {"e7e5"}));
  EXPECT_FALSE(g.accept_draw(WHITE));  // now both have moved
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Agreement);
  // A set-up position from a game in progress: the moves before it count.
  Game later = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 0 40");
  ASSERT_FALSE(later.offer_draw(WHITE));
  EXPECT_FALSE(later.accept_draw(BLACK));
}

// ------------------------------------------------------------------ undo, redo, navigation

TEST(Game, UndoRedoAndNavigation) {
  Game g;
  EXPECT_EQ(g.undo().kind, GameErrorKind::NothingToUndo);
  EXPECT_EQ(g.redo().kind, GameErrorKind::NothingToRedo);

  std::vector<std::string> fens = {to_fen(g.position())};
  for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) {
    ASSERT_TRUE(play_line(g, {m}));
    fens.push_back(to_fen(g.position()));
  }
  for (int k = 0; k <= 5; ++k) {
    std::optional<Position> p = g.position_at(k);
    ASSERT_TRUE(p) << k;
    EXPECT_EQ(to_fen(*p), fens[k]) << k;
  }
  EXPECT_FALSE(g.position_at(6));
  EXPECT_FALSE(g.position_at(-1));
  EXPECT_EQ(to_fen(g.position()), fens[5]);  // navigation left the game alone
  EXPECT_EQ(g.ply(), 5);

  ASSERT_FALSE(g.undo());
  ASSERT_FALSE(g.undo());
  ASSERT_FALSE(g.undo());
  EXPECT_EQ(to_fen(g.position()), fens[2]);
  EXPECT_EQ(g.redo_count(), 3);
  ASSERT_FALSE(g.redo());
  EXPECT_EQ(to_fen(g.position()), fens[3]);
  EXPECT_EQ(g.redo_count(), 2);
  // Playing the move that was undone keeps the rest of the line.
  ASSERT_TRUE(play_line(g, {"b8c6"}));
  EXPECT_EQ(g.redo_count(), 1);
  ASSERT_FALSE(g.redo());
  EXPECT_EQ(to_fen(g.position()), fens[5]);
  EXPECT_EQ(g.redo_count(), 0);

  // A different move clears the redo list.
  ASSERT_FALSE(g.undo());
  ASSERT_FALSE(g.undo());
  ASSERT_TRUE(play_line(g, {"f8c5"}));
  EXPECT_EQ(g.redo_count(), 0);
  EXPECT_EQ(g.redo().kind, GameErrorKind::NothingToRedo);

  // Undo everything: back to the start, consistent position.
  while (g.ply() > 0) ASSERT_FALSE(g.undo());
  EXPECT_EQ(to_fen(g.position()), START_FEN);
  EXPECT_TRUE(g.position() == g.start_position());
  EXPECT_TRUE(g.position().is_consistent());
}

TEST(Game, UndoReopensAGameEndedOnTheBoard) {
  Game g;
  ASSERT_TRUE(play_line(g, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  ASSERT_TRUE(g.is_over());
  ASSERT_FALSE(g.undo());
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.ply(), 3);
  ASSERT_FALSE(g.redo());
  EXPECT_EQ(g.outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(g.redo().kind, GameErrorKind::NothingToRedo);
}

TEST(Game, UndoClearsResignationAgreementTimeoutAndClaims) {
  Game g;
  ASSERT_TRUE(play_line(g, {"e2e4", "e7e5"}));
  ASSERT_FALSE(g.resign(BLACK));
  EXPECT_EQ(g.redo().kind, GameErrorKind::NothingToRedo);
  ASSERT_FALSE(g.undo());  // takes back 1...e5 and the resignation with it
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(g.redo_count(), 1);
  ASSERT_FALSE(g.flag(BLACK));
  EXPECT_EQ(g.redo().kind, GameErrorKind::GameOver);  // the game must be reopened first
  ASSERT_FALSE(g.undo());
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.ply(), 0);

  // A granted claim with intended move: undo takes back the last move played.
  Game h;
  knight_cycle(h);
  ASSERT_TRUE(play_line(h, {"g1f3", "g8f6", "f3g1"}));
  ASSERT_TRUE(h.claim_draw_with_move(move_in(h, "f6g8")).granted);
  ASSERT_FALSE(h.undo());
  EXPECT_FALSE(h.is_over());
  EXPECT_EQ(h.ply(), 6);
  EXPECT_EQ(h.claimed_move(), Move::none());

  // An offer standing when a move is taken back is withdrawn with it.
  Game k;
  ASSERT_TRUE(play_line(k, {"e2e4", "e7e5", "g1f3"}));
  ASSERT_FALSE(k.offer_draw(WHITE));
  ASSERT_FALSE(k.undo());
  EXPECT_FALSE(k.draw_offer());
}

TEST(Game, UndoAndRedoKeepRepetitionCountsRight) {
  Game g;
  for (int cycle = 0; cycle < 4; ++cycle) knight_cycle(g);
  ASSERT_EQ(g.outcome().reason, OutcomeReason::FivefoldRepetition);
  ASSERT_FALSE(g.undo());
  EXPECT_FALSE(g.is_over());
  EXPECT_EQ(g.repetition_count(), 4);
  ASSERT_FALSE(g.undo());
  EXPECT_EQ(g.repetition_count(), 4);
  ASSERT_FALSE(g.redo());
  ASSERT_FALSE(g.redo());
  EXPECT_EQ(g.repetition_count(), 5);
  EXPECT_EQ(g.outcome().reason, OutcomeReason::FivefoldRepetition);
}

// ------------------------------------------------------------------ outcome names

TEST(Outcome, NamesTerminationsAndArticles) {
  struct Row {
    OutcomeReason reason;
    const char* name;
    const char* termination;
    const char* article;
  };
  const Row rows[] = {
      {OutcomeReason::None, "none", "unterminated", ""},
      {OutcomeReason::Checkmate, "checkmate", "normal", "5.1.1"},
      {OutcomeReason::Stalemate, "stalemate", "normal", "5.2.1"},
      {OutcomeReason::DeadPosition, "dead-position", "normal", "5.2.2"},
      {OutcomeReason::FivefoldRepetition, "fivefold-repetition", "normal", "9.6.1"},
      {OutcomeReason::SeventyFiveMoves, "seventy-five-moves", "normal", "9.6.2"},
      {OutcomeReason::ThreefoldRepetition, "threefold-repetition", "normal", "9.2"},
      {OutcomeReason::FiftyMoves, "fifty-moves", "normal", "9.3"},
      {OutcomeReason::Agreement, "agreement", "normal", "5.2.3"},
      {OutcomeReason::Resignation, "resignation", "normal", "5.1.2"},
      {OutcomeReason::ResignationVsInsufficientMaterial, "resignation-vs-insufficient-material", "normal",
       "5.1.2"},
      {OutcomeReason::Timeout, "timeout", "time forfeit", "6.9"},
      {OutcomeReason::TimeoutVsInsufficientMaterial, "timeout-vs-insufficient-material", "time forfeit", "6.9"},
  };
  for (const Row& r : rows) {
    EXPECT_STREQ(reason_name(r.reason), r.name);
    EXPECT_STREQ(pgn_termination(r.reason), r.termination) << r.name;
    EXPECT_NE(std::string(rule_description(r.reason)).find(r.article), std::string::npos) << r.name;
  }
  EXPECT_STREQ(Outcome::win(WHITE, OutcomeReason::Checkmate).result, "1-0");
  EXPECT_STREQ(Outcome::win(BLACK, OutcomeReason::Timeout).result, "0-1");
  EXPECT_STREQ(Outcome::draw(OutcomeReason::Stalemate).result, "1/2-1/2");
  EXPECT_TRUE(Outcome::draw(OutcomeReason::Stalemate).is_draw());
  EXPECT_FALSE(Outcome::ongoing().is_draw());
}

// ------------------------------------------------------------------ random games against an oracle

// Random games in sparse positions (where repetitions are common) checked ply
// by ply against a brute-force oracle: occurrences counted by comparing the
// FEN fields of every earlier position, and the automatic endings decided
// from scratch.
TEST(Game, RandomGamesAgreeWithABruteForceOracle) {
  const char* starts[] = {
      "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "4k3/2n5/8/8/8/8/5N2/4K3 w - - 0 1",
      "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      "1n2k3/8/8/8/8/8/8/1N2K2R w K - 90 50",
  };
  std::uint64_t seed = 0x9E3779B97F4A7C15ull;
  auto next = [&seed] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  int repetitionsSeen = 0, fivefolds = 0, seventyFives = 0, total = 0;
  for (int game = 0; game < 400; ++game) {
    Game g = game_from(starts[game % 5]);
    std::vector<std::string> seen = {fide_fields(g.position())};
    while (!g.is_over() && g.ply() < 400) {
      MoveList moves = legal_moves(g.position());
      ASSERT_GT(moves.size, 0);
      // Prefer quiet piece moves, and often move back the piece moved two
      // plies ago, so that positions repeat.
      Move m = moves.moves[next() % moves.size];
      for (int tries = 0; tries < 4 && (g.position().is_capture(m) ||
                                        type_of(g.position().moved_piece(m)) == PAWN); ++tries)
        m = moves.moves[next() % moves.size];
      if (g.ply() >= 2 && next() % 3 != 0) {
        Move mine = g.history()[g.ply() - 2].move;
        if (mine.kind() == NORMAL && moves.contains(Move(mine.to(), mine.from()))) m = Move(mine.to(), mine.from());
      }
      ASSERT_FALSE(g.play(m));
      seen.push_back(fide_fields(g.position()));
      int expected = 0;
      for (const std::string& s : seen) expected += s == seen.back();
      ASSERT_EQ(g.repetition_count(), expected) << "game " << game << " ply " << g.ply();
      repetitionsSeen += expected >= 3;
      ++total;

      const Position& p = g.position();
      OutcomeReason want = OutcomeReason::None;
      if (count_legal_moves(p) == 0) want = p.in_check() ? OutcomeReason::Checkmate : OutcomeReason::Stalemate;
      else if (p.pieces() == p.pieces(KING)) want = OutcomeReason::DeadPosition;
      else if (expected >= 5) want = OutcomeReason::FivefoldRepetition;
      else if (p.rule50() >= 150) want = OutcomeReason::SeventyFiveMoves;
      if (want != OutcomeReason::DeadPosition && g.outcome().reason == OutcomeReason::DeadPosition) {
        // The dead-position analysis may prove more than "lone kings"; accept it.
        break;
      }
      ASSERT_EQ(g.outcome().reason, want) << "game " << game << " ply " << g.ply() << " " << to_fen(p);
      ASSERT_EQ(g.can_claim_threefold(), !g.is_over() && expected >= 3);
      ASSERT_EQ(g.can_claim_fifty_moves(), !g.is_over() && p.rule50() >= 100);
    }
    fivefolds += g.outcome().reason == OutcomeReason::FivefoldRepetition;
    seventyFives += g.outcome().reason == OutcomeReason::SeventyFiveMoves;
    // Taking every move back restores the start, and each position_at agrees.
    const int n = g.ply();
    for (int k = 0; k <= n; k += 7) ASSERT_EQ(fide_fields(*g.position_at(k)), seen[k]);
    while (g.ply() > 0) ASSERT_FALSE(g.undo());
    ASSERT_TRUE(g.position() == g.start_position());
    ASSERT_EQ(g.redo_count(), n);
  }
  std::printf("random games: %d plies, %d threefold positions, %d fivefold, %d 75-move\n", total, repetitionsSeen, fivefolds, seventyFives);
  // The oracle must actually have been exercised on the interesting cases.
  EXPECT_GT(repetitionsSeen, 1000);
  EXPECT_GT(fivefolds, 100);
  EXPECT_GT(seventyFives, 10);
  EXPECT_GT(total, 10000);
}

}  // namespace
}  // namespace escaque
