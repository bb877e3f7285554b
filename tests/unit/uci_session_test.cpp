// UciSession: the protocol commands, and bad input answered with a specific
// "info string". A refused "position" leaves no position (issue 17: never
// search a stale one); other refused commands leave the state as it was.
// (`go perft` output is tested in perft_test.cpp.)
#include <gtest/gtest.h>

#include <string>

#include "core/fen.h"
#include "uci/uci_session.h"

#include "../support/uci_lines.h"

namespace escaque {
namespace {

using test::run;

// The FEN the session reports with the `d` command.
std::string fen_of(UciSession& s) {
  std::string out = run(s, "d");
  size_t at = out.find("Fen: ");
  if (at == std::string::npos) return "(no Fen line in: " + out + ")";
  return out.substr(at + 5, out.find('\n', at) - at - 5);
}

TEST(UciSession, Handshake) {
  UciSession s;
  std::string out = run(s, "uci");
  EXPECT_EQ(out.rfind("id name ", 0), 0u) << out;
  EXPECT_NE(out.find("\nid author "), std::string::npos) << out;
  EXPECT_NE(out.find("option name UCI_Chess960 type check default false\n"), std::string::npos) << out;
  EXPECT_GE(out.size(), 6u);
  EXPECT_EQ(out.substr(out.size() - 6), "uciok\n") << "uciok comes last";
  EXPECT_EQ(run(s, "isready"), "readyok\n");
}

TEST(UciSession, BlanksAndLineEndsAreTolerated) {
  UciSession s;
  EXPECT_EQ(run(s, ""), "");
  EXPECT_EQ(run(s, "   \t "), "");
  EXPECT_EQ(run(s, "  isready  "), "readyok\n");
  EXPECT_EQ(run(s, "isready\r"), "readyok\n") << "CRLF line ends from Windows GUIs";
  EXPECT_EQ(run(s, "\tisready"), "readyok\n");
}

TEST(UciSession, QuitEndsTheSessionAndNothingElseDoes) {
  UciSession s;
  std::string out;
  for (const char* cmd :
       {"uci", "isready", "ucinewgame", "position startpos", "d", "stop", "ponderhit", "bogus", ""})
    EXPECT_TRUE(s.handle(cmd, out)) << cmd;
  EXPECT_FALSE(s.handle("quit", out));
}

TEST(UciSession, PositionStartposWithMoves) {
  UciSession s;
  EXPECT_EQ(run(s, "position startpos moves e2e4 e7e5 g1f3"), "");
  EXPECT_EQ(fen_of(s), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  // Both castling forms in standard mode.
  EXPECT_EQ(run(s, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"), "");
  EXPECT_EQ(fen_of(s), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
  EXPECT_EQ(run(s, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"), "");
  EXPECT_EQ(fen_of(s), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
  // "moves" with an empty list is fine.
  EXPECT_EQ(run(s, "position startpos moves"), "");
  EXPECT_EQ(fen_of(s), START_FEN);
}

TEST(UciSession, PositionFenWithMoves) {
  UciSession s;
  EXPECT_EQ(run(s, "position fen rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 moves e5f6"),
            "");
  EXPECT_EQ(fen_of(s), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  // Four-field FEN, extra blanks.
  EXPECT_EQ(run(s, "position   fen  8/8/8/8/8/8/8/K6k  b  -  -  moves h1g2"), "");
  EXPECT_EQ(fen_of(s), "8/8/8/8/8/8/6k1/K7 w - - 1 2");
}

TEST(UciSession, BadPositionCommandsLeaveNoStalePosition) {
  UciSession s;
  struct Case {
    const char* cmd;
    const char* reason;
  };
  const Case cases[] = {
      {"position", "expected 'startpos' or 'fen <FEN>'"},
      {"position foo", "got 'foo'"},
      {"position fen", "FEN is empty"},
      {"position fen 8/8/8 w - - 0 1", "found 3 ranks"},
      {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "'x' is not 'w' or 'b'"},
      {"position startpos moves e2e4 e7e5 e1e3", "'e1e3' is not a legal move"},
      {"position startpos moves e2e4 e2e4", "no black piece on e2"},
      {"position startpos moves e2e4 zzzz", "'zzzz' is not a UCI move"},
      {"position startpos moves e2e4 e7e5 e1h1", "not a legal move"},
  };
  for (const Case& c : cases) {
    run(s, "position startpos moves d2d4");
    ASSERT_EQ(fen_of(s), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    std::string out = run(s, c.cmd);
    EXPECT_EQ(out.rfind("info string ", 0), 0u) << c.cmd << " -> " << out;
    EXPECT_NE(out.find(c.reason), std::string::npos) << c.cmd << " -> " << out;
    EXPECT_NE(out.find("no position now"), std::string::npos) << c.cmd << " -> " << out;
    // Nothing searches, shows or counts the old position now.
    EXPECT_EQ(run(s, "go depth 1"), "info string go: no position is set (the last one given was refused); not searching\n")
        << c.cmd;
    EXPECT_EQ(run(s, "go perft 1"), "info string go perft: no position is set (the last one given was refused)\n");
    EXPECT_EQ(run(s, "d"), "info string d: no position is set (the last one given was refused)\n");
    EXPECT_EQ(run(s, "go depth 2 searchmoves e7e5").find("bestmove"), std::string::npos);
    // Options and isready still work; a valid position (or ucinewgame) brings one back.
    EXPECT_EQ(run(s, "isready"), "readyok\n");
    EXPECT_EQ(run(s, "setoption name Hash value 2"), "");
  }
  run(s, "ucinewgame");
  EXPECT_EQ(fen_of(s), START_FEN);
  EXPECT_NE(run(s, "go depth 1").find("bestmove "), std::string::npos);
}

TEST(UciSession, RefusedPositionInAsyncModeNeverSearchesTheOldOne) {
  UciSession s;
  std::string lines;
  ASSERT_TRUE(s.enable_async([&](std::string_view t) { lines.append(t); }));
  run(s, "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  run(s, "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - e9 0 1");
  EXPECT_NE(run(s, "go depth 3").find("no position is set"), std::string::npos);
  s.wait_for_search();
  EXPECT_EQ(lines, "") << "nothing was searched";
}

// Contradictions with one playable reading are normalised and said so; the position is set.
TEST(UciSession, PlayableContradictionsAreNormalisedAndNamed) {
  UciSession s;
  // An en passant square with a non-zero halfmove clock (Stockfish accepts it): the capture is
  // possible, so a pawn has just moved and the clock is 0.
  std::string out = run(s, "position fen rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 5 3");
  EXPECT_EQ(out, "info string position: halfmove clock 5 contradicts the en passant square f6 (a pawn has just "
                 "moved); using 0\n");
  EXPECT_EQ(fen_of(s), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  EXPECT_NE(run(s, "go perft 1").find("e5f6: 1"), std::string::npos) << "the en passant capture is kept";
  // An en passant square no pawn can take, with a non-zero clock: the square is dropped, and said so.
  out = run(s, "position fen rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 7 2");
  EXPECT_EQ(out, "info string position: en passant square e6 ignored: no white pawn can capture there, and the "
                 "halfmove clock 7 says no pawn has just moved\n");
  EXPECT_EQ(fen_of(s), "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 2");
  // With a zero clock that is standard FEN (written after every double step): accepted silently.
  EXPECT_EQ(run(s, "position fen rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2"), "");
  // An en passant square no pawn could just have passed: dropped, with the parser's reason.
  out = run(s, "position fen 4k3/8/8/8/8/8/8/4K3 w - e6 0 1 moves e1e2");
  EXPECT_NE(out.find("info string position: en passant square e6 ignored: en passant on e6 needs a black pawn on e5"),
            std::string::npos)
      << out;
  EXPECT_EQ(fen_of(s), "4k3/8/8/8/8/8/4K3/8 b - - 1 1") << "and the moves are played after it";
  out = run(s, "position fen 4k3/8/8/8/8/8/8/4K3 w - e3 0 1");
  EXPECT_NE(out.find("must be on rank 6"), std::string::npos) << out;
  EXPECT_NE(run(s, "go depth 2").find("bestmove "), std::string::npos);
  // What no reading makes playable is still refused.
  out = run(s, "position fen 4k3/8/8/8/8/8/8/4KK2 w - - 0 1");
  EXPECT_NE(out.find("kings"), std::string::npos) << out;
  EXPECT_NE(run(s, "go depth 1").find("no position is set"), std::string::npos);
}

// The message counts words of the whole command, not moves: the third move
// of "position startpos moves e2e4 e7e5 e1e3" is reported as "move 4", and
// after a FEN as "move 8".
// Disabled until src/uci/uci_session.cpp (engine branch) is changed.
TEST(UciSession, FailingMoveIsNumberedWithinTheMoveList) {
  UciSession s;
  std::string out = run(s, "position startpos moves e2e4 e7e5 e1e3");
  EXPECT_NE(out.find("move 3 of the list"), std::string::npos) << out;
  out = run(s, "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e3");
  EXPECT_NE(out.find("move 1 of the list"), std::string::npos) << out;
}

TEST(UciSession, Chess960Option) {
  UciSession s;
  const char* fen960 = "4k3/8/8/8/8/8/8/RK6 w A - 0 1";
  // Standard mode refuses a Chess960 castling field...
  std::string out = run(s, std::string("position fen ") + fen960);
  EXPECT_NE(out.find("Chess960"), std::string::npos) << out;
  // ...which Chess960 mode accepts, with king-takes-rook castling moves.
  EXPECT_EQ(run(s, "setoption name UCI_Chess960 value true"), "");
  EXPECT_EQ(run(s, std::string("position fen ") + fen960 + " moves b1a1"), "");
  EXPECT_EQ(fen_of(s), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  EXPECT_EQ(run(s, std::string("position fen ") + fen960 + " moves b1c1"), "");
  EXPECT_EQ(fen_of(s), "4k3/8/8/8/8/8/8/R1K5 b - - 1 1") << "b1c1 is the king's ordinary step";
  // The standard start position in Chess960 mode castles king-takes-rook only.
  out = run(s, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
  EXPECT_NE(out.find("'e1g1' is not a legal move"), std::string::npos) << out;
  EXPECT_EQ(run(s, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"), "");
  EXPECT_EQ(fen_of(s), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
  // Back to standard: the Chess960 FEN is refused again.
  EXPECT_EQ(run(s, "setoption name UCI_Chess960 value false"), "");
  out = run(s, std::string("position fen ") + fen960);
  EXPECT_NE(out.find("Chess960"), std::string::npos) << out;
}

TEST(UciSession, UnknownCommandsAndOptionsAreNamed) {
  UciSession s;
  EXPECT_EQ(run(s, "xyzzy 1 2"), "info string unknown command 'xyzzy'\n");
  EXPECT_EQ(run(s, "setoption name Hashh value 16"), "info string unknown option 'Hashh'\n");
  EXPECT_EQ(run(s, "setoption name Multi Word value 3"), "info string unknown option 'Multi Word'\n");
  // A malformed go is named and refused rather than searched.
  EXPECT_EQ(run(s, "go depth x"), "info string go: 'depth' needs an integer, got 'x'; not searching\n");
}

TEST(UciSession, NewGameResetsThePosition) {
  UciSession s;
  run(s, "position startpos moves e2e4");
  run(s, "ucinewgame");
  EXPECT_EQ(fen_of(s), START_FEN);
}

TEST(UciSession, DisplayShowsBoardKeyAndCheckers) {
  UciSession s;
  run(s, "position fen 4k3/8/8/8/1b6/6N1/8/1R2K2r w - - 0 1");
  std::string out = run(s, "d");
  EXPECT_NE(out.find(" | r | 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Checkers: h1 b4\n"), std::string::npos) << out;  // in square order
  size_t key = out.find("Key: ");
  ASSERT_NE(key, std::string::npos);
  EXPECT_EQ(out.find_first_not_of("0123456789ABCDEF", key + 5), key + 21) << "16 hex digits: " << out;
}

// Switching UCI_Chess960 off while a Chess960 position is loaded makes that
// position "standard" with non-standard castling: castling long from b1
// would then be written b1c1, the same text as the king's ordinary step to
// c1, and `go perft` prints "b1c1" twice. The option should apply from the
// next `position`/`ucinewgame` on (or the position be re-read).
// Disabled until src/uci/uci_session.cpp (engine branch) is changed.
TEST(UciSession, SwitchingChess960OffKeepsMoveNamesUnique) {
  UciSession s;
  run(s, "setoption name UCI_Chess960 value true");
  run(s, "position fen 4k3/8/8/8/8/8/8/RK6 w A - 0 1");
  run(s, "setoption name UCI_Chess960 value false");
  std::string out = run(s, "go perft 1");
  EXPECT_EQ(out.find("b1c1"), out.rfind("b1c1")) << out;
}

// A command passed with its '\n' (as some front ends hand over raw lines)
// is not recognised: split_words treats ' ', '\t' and '\r' as blanks, not '\n'.
// Disabled until src/uci/uci_session.cpp (engine branch) is changed.
TEST(UciSession, TrailingNewlineIsTolerated) {
  UciSession s;
  EXPECT_EQ(run(s, "isready\n"), "readyok\n");
  EXPECT_EQ(run(s, "isready\r\n"), "readyok\n");
}

}  // namespace
}  // namespace escaque
