// PGN games as Games with their results (import_pgn_game), historical games played on after an
// automatic draw (Game::play_on), glyph runs read like python-chess, null moves in variations, and
// the reader's support for streams: headers-only reading, game start points, resume points.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/fen.h"
#include "notation/pgn.h"

namespace escaque {
namespace {

PgnGame one(const std::string& text) {
  PgnReadResult r = read_pgn(text);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.errors[0].message);
  EXPECT_EQ(r.games.size(), 1u);
  return r.games.empty() ? PgnGame() : r.games[0];
}

std::vector<std::string> warning_kinds(const PgnImport& r) {
  std::vector<std::string> k;
  for (const PgnWarning& w : r.warnings) k.push_back(w.kind);
  return k;
}

const std::string DANCE = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 ";

TEST(PgnGlyphs, RunsReadLikePythonChess) {
  PgnGame g = one("1. e4!!? e5 !!!? 2. Nf3?!? ?? Nc6 3. d4‼? *");
  EXPECT_EQ(g.moves[0].nags, (std::vector<std::uint8_t>{3, 2}));
  EXPECT_EQ(g.moves[1].nags, (std::vector<std::uint8_t>{3, 5}));
  EXPECT_EQ(g.moves[2].nags, (std::vector<std::uint8_t>{6, 2, 4}));
  EXPECT_EQ(g.moves[4].nags, (std::vector<std::uint8_t>{3, 2}));
  // Written back as $n, read back the same.
  PgnWriteResult w = write_pgn(g);
  ASSERT_TRUE(w.ok());
  EXPECT_NE(w.text.find("1. e4 $3 $2 e5 $3 $5 2. Nf3 $6 $2 $4"), std::string::npos) << w.text;
  EXPECT_EQ(one(w.text).moves, g.moves);
}

TEST(PgnNullMoves, InVariationsBothSpellings) {
  PgnGame g = one("1. e4 e5 (1... -- 2. d4 Z0 3. c4) (1... Z0 2. Nf3) 2. Nf3 *");
  const auto& v = g.moves[1].variations;
  ASSERT_EQ(v.size(), 2u);
  EXPECT_TRUE(v[0][0].is_null());
  EXPECT_TRUE(v[0][2].is_null());
  EXPECT_TRUE(v[1][0].is_null());
  PgnWriteResult w = write_pgn(g);
  ASSERT_TRUE(w.ok());
  EXPECT_NE(w.text.find("(1... -- 2. d4 -- 3. c4)"), std::string::npos) << w.text;
  // A null move stays refused where the side to move is in check, with its place.
  PgnReadResult bad = read_pgn("1. e4 f5 2. Qh5+ (2. d4) g6 (2... -- 3. d4) *");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.errors[0].kind, PgnErrorKind::BadNullMove);
  EXPECT_EQ(bad.errors[0].column, 35);
}

TEST(GamePlayOn, AfterAnAutomaticDrawTheDrawStaysAndSaysWhere) {
  PgnImport r = import_pgn_game(one("[Result \"1-0\"]\n" + DANCE + "9. e4 e5 1-0"));
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.game.ply(), 18);
  EXPECT_EQ(r.game.ended_at_ply(), 16);
  EXPECT_EQ(r.game.outcome().reason, OutcomeReason::FivefoldRepetition);
  EXPECT_EQ(warning_kinds(r), (std::vector<std::string>{"played-on", "result-contradicted"}));
  EXPECT_NE(r.warnings[0].message.find("at ply 16; the 2 moves played after it are kept"), std::string::npos)
      << r.warnings[0].message;
  // play() still refuses; undo walks back to the draw, then before it.
  Game& g = r.game;
  EXPECT_TRUE(g.play(g.history()[0].move));
  EXPECT_FALSE(g.undo());
  EXPECT_EQ(g.ended_at_ply(), 16);
  EXPECT_TRUE(g.is_over());
  EXPECT_FALSE(g.undo());
  EXPECT_EQ(g.ply(), 16);
  EXPECT_EQ(g.ended_at_ply(), -1);
  EXPECT_TRUE(g.is_over());
  EXPECT_FALSE(g.undo());
  EXPECT_FALSE(g.is_over());
}

TEST(GamePlayOn, SeventyFiveMovesAndDeadPositions) {
  // K+B v K is dead at once: the players went on and agreed a draw.
  PgnImport dead = import_pgn_game(one("[FEN \"1b2k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n1. Rh2 Bxh2?? (1... Bc7) "
                                       "2. Kf2 Bd6 3. Kf3 1/2-1/2"));
  ASSERT_TRUE(dead.ok()) << dead.error;
  EXPECT_EQ(dead.game.outcome().reason, OutcomeReason::DeadPosition);
  EXPECT_EQ(dead.game.ended_at_ply(), 2);
  EXPECT_EQ(warning_kinds(dead), std::vector<std::string>{"played-on"});
  // 75 moves: a rook shuffle from a half-move clock of 148.
  PgnImport seventyFive = import_pgn_game(one("[FEN \"4k2r/8/8/8/8/8/R7/4K3 w - - 148 90\"]\n"
                                              "90. Ra3 Rh7 91. Ra4 Rh6 92. Ra5 *"));
  ASSERT_TRUE(seventyFive.ok()) << seventyFive.error;
  EXPECT_EQ(seventyFive.game.outcome().reason, OutcomeReason::SeventyFiveMoves);
  EXPECT_EQ(seventyFive.game.ended_at_ply(), 2);
  EXPECT_EQ(warning_kinds(seventyFive), (std::vector<std::string>{"played-on", "result-contradicted"}));
  // Nothing to play on after mate: that move is not legal, and says so.
  PgnReplay mate = pgn_to_game(one("1. f3 e5 2. g4 Qh4# *"));
  EXPECT_TRUE(mate.ok());
  EXPECT_FALSE(read_pgn("1. f3 e5 2. g4 Qh4# 3. e4 *").ok());
}

TEST(PgnImportResult, FileResultsBecomeEndings) {
  const std::string moves = "1. e4 e5 2. Nf3 Nc6 ";
  PgnImport resigned = import_pgn_game(one("[Result \"1-0\"]\n" + moves + "1-0"));
  EXPECT_EQ(resigned.game.outcome().reason, OutcomeReason::Resignation);
  EXPECT_EQ(resigned.game.outcome().by, BLACK);
  EXPECT_TRUE(resigned.warnings.empty());
  EXPECT_EQ(resigned.termination, "");

  PgnImport flagged = import_pgn_game(one("[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n" + moves + "0-1"));
  EXPECT_EQ(flagged.game.outcome().reason, OutcomeReason::Timeout);
  EXPECT_EQ(flagged.game.outcome().by, WHITE);
  EXPECT_EQ(flagged.termination, "Time forfeit");

  PgnImport agreed = import_pgn_game(one(moves + "1/2-1/2"));
  EXPECT_EQ(agreed.game.outcome().reason, OutcomeReason::Agreement);

  PgnImport adjudicated = import_pgn_game(one("[Termination \"adjudication\"]\n" + moves + "1-0"));
  EXPECT_EQ(adjudicated.game.outcome().result, std::string("1-0"));
  EXPECT_EQ(adjudicated.termination, "adjudication");

  // The marker is "*" but the tag knows: the tag.
  PgnImport tagOnly = import_pgn_game(one("[Result \"0-1\"]\n" + moves + "*"));
  EXPECT_EQ(tagOnly.game.outcome().result, std::string("0-1"));

  // Threefold on the board and a draw in the file: a granted claim.
  PgnImport claimed = import_pgn_game(one("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"));
  EXPECT_EQ(claimed.game.outcome().reason, OutcomeReason::ThreefoldRepetition);

  PgnImport ongoing = import_pgn_game(one("[Result \"*\"]\n" + moves + "*"));
  EXPECT_FALSE(ongoing.game.is_over());
  EXPECT_TRUE(ongoing.warnings.empty());
}

TEST(PgnImportResult, TheBoardWinsWithAWarning) {
  PgnImport mate = import_pgn_game(one("[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0"));
  EXPECT_EQ(mate.game.outcome().result, std::string("0-1"));
  ASSERT_EQ(warning_kinds(mate), std::vector<std::string>{"result-contradicted"});
  EXPECT_EQ(mate.warnings[0].message,
            "the file gives the result 1-0, but the moves decide it: Black wins by checkmate (FIDE Art. 5.1.1)");
  // White resigns, but Black has a bare king: a draw (Art. 5.1.2).
  PgnImport bare = import_pgn_game(one("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n1. Ra2 Kd7 0-1"));
  EXPECT_EQ(bare.game.outcome().reason, OutcomeReason::ResignationVsInsufficientMaterial);
  EXPECT_EQ(warning_kinds(bare), std::vector<std::string>{"result-contradicted"});
  // A draw before each side moved cannot be an agreement: said, and the game goes on.
  PgnImport early = import_pgn_game(one("1. e4 1/2-1/2"));
  EXPECT_FALSE(early.game.is_over());
  EXPECT_FALSE(early.game.draw_offer());
  EXPECT_EQ(warning_kinds(early), std::vector<std::string>{"result-not-applied"});
}

TEST(PgnStreamSupport, HeadersOnlySkipsMovetextButNotComments) {
  const std::string text =
      "[Event \"a\"]\n[White \"x\"]\n\n1. e4 {a [bracket] in a comment} e5 ; [not a tag\n"
      "2. Nf3 garbage!! 1-0\n\n[Event \"b\"]\n\n1. d4 *\n[Event \"c\"]\n";
  PgnReadOptions o;
  o.headersOnly = true;
  PgnReadResult r = read_pgn(text, o);
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  ASSERT_EQ(r.games.size(), 3u);
  EXPECT_EQ(*r.games[0].tag("White"), "x");
  EXPECT_TRUE(r.games[0].moves.empty());
  EXPECT_EQ(*r.games[2].tag("Event"), "c");
  // Tag errors are still found, with their place.
  o.skipBadGames = true;
  PgnReadResult bad = read_pgn("[Event \"a\"]\n1. e4 *\n[Event b]\n1. d4 *\n[Event \"c\"]\n", o);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].line, 3);
  EXPECT_EQ(bad.errors[0].column, 8);
  EXPECT_EQ(bad.games.size(), 2u);
}

TEST(PgnStreamSupport, StartAndResumePointsCutTheInputAnywhereBetweenGames) {
  const std::string text = "[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"]\n1. d4 Nf3 *\n\n"
                           "[Event \"c\"]\n\n1. c4 {é} e5 2. Qz9 e4\n";
  PgnReadOptions o;
  o.skipBadGames = true;
  PgnReader reader(text, o);
  PgnGame g;
  PgnError e;
  ASSERT_EQ(reader.next(g, e), PgnReader::Status::Game);
  EXPECT_EQ(reader.game_start().offset, 0u);
  PgnReader::Point p = reader.resume_point();
  EXPECT_EQ(p.offset, text.find(" [Event \"b\""));
  EXPECT_EQ(p.line, 3);
  EXPECT_EQ(p.column, 13);
  EXPECT_FALSE(reader.reached_end());
  // Reading the rest from that point gives the same errors, lines and columns as reading it whole.
  PgnReadOptions rest = o;
  rest.firstLine = p.line;
  rest.firstColumn = p.column;
  PgnReadResult tail = read_pgn(std::string_view(text).substr(p.offset), rest);
  PgnReadResult whole = read_pgn(text, o);
  ASSERT_EQ(tail.errors.size(), 2u);
  ASSERT_EQ(whole.errors.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(tail.errors[i].line, whole.errors[i].line);
    EXPECT_EQ(tail.errors[i].column, whole.errors[i].column);
    EXPECT_EQ(tail.errors[i].message, whole.errors[i].message);
  }
  EXPECT_EQ(whole.errors[0].line, 4);
  EXPECT_EQ(whole.errors[0].column, 7);
  EXPECT_EQ(whole.errors[1].line, 8);
  EXPECT_EQ(whole.errors[1].column, 17);
  // The last game runs into the end of the text.
  ASSERT_EQ(reader.next(g, e), PgnReader::Status::Error);
  ASSERT_EQ(reader.next(g, e), PgnReader::Status::Error);
  EXPECT_EQ(reader.game_start().line, 6);
  EXPECT_TRUE(reader.reached_end());
  EXPECT_EQ(reader.next(g, e), PgnReader::Status::End);

  // Many games on one line: columns stay exact (and cheap) when a token is read again.
  const std::string good = "[Event \"x\"] 1. e4 e5 * ", bad = "[Event \"y\"] 1. e4 Ke7 * ";
  std::string line;
  for (int i = 0; i < 300; ++i) line += i == 200 ? bad : good;
  PgnReadResult many = read_pgn(line, o);
  ASSERT_EQ(many.errors.size(), 1u);
  EXPECT_EQ(many.games.size(), 299u);
  EXPECT_EQ(many.errors[0].line, 1);
  EXPECT_EQ(many.errors[0].column, int(200 * good.size() + bad.find("Ke7") + 1));
  EXPECT_EQ(many.errors[0].game, 200);

  // A tag value cut by the end of the text may go on in what follows: the end was reached.
  PgnReader cut("[Event \"a\"]\n1. e4 *\n[Event \"The Big", o);
  ASSERT_EQ(cut.next(g, e), PgnReader::Status::Game);
  EXPECT_FALSE(cut.reached_end());
  ASSERT_EQ(cut.next(g, e), PgnReader::Status::Error);
  EXPECT_TRUE(cut.reached_end());
}

}  // namespace
}  // namespace escaque
