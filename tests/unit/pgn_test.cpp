// PGN reading and writing.
//
//  - round trips on hand-written files (tests/data/pgn/): nested variations, comments everywhere,
//    NAGs, command comments, escapes, Chess960 with X-FEN and Shredder-FEN, set-up positions with
//    Black to move, and exports shaped like lichess, chess.com and ChessBase ones;
//  - lenient input mapped onto the standard reading of the same games;
//  - 200 random games (seeded) built in code, written, read back and compared move by move;
//  - every error kind with its exact line, column and message, and skip-mode recovery;
//  - garbage (random bytes, mutated files, 100,000 nested '(', megabyte comments) never crashes;
//  - Game conversions (outcome, claims, Result/Termination tags, [%clk]);
//  - reading speed, printed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../support/prng.h"
#include "../support/utf8.h"
#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/pgn.h"
#include "notation/san.h"

namespace escaque {
namespace {

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(ESCAQUE_TEST_DATA) + "/pgn/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

using Rng = test::SplitMix64;

PgnReadResult read_ok(const std::string& text, PgnReadOptions options = {}) {
  PgnReadResult r = read_pgn(text, options);
  EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors[0].message);
  return r;
}

std::string write_ok(const std::vector<PgnGame>& games, PgnWriteOptions options = {}) {
  PgnWriteResult w = write_pgn(std::span<const PgnGame>(games), options);
  EXPECT_TRUE(w.ok()) << w.error;
  return w.text;
}
std::string write_ok(const PgnGame& game, PgnWriteOptions options = {}) {
  PgnWriteResult w = write_pgn(game, options);
  EXPECT_TRUE(w.ok()) << w.error;
  return w.text;
}

// The tree without the moves' SAN as written (which the writer regenerates).
void strip_san(PgnLine& line) {
  for (MoveNode& n : line) {
    n.san.clear();
    for (PgnLine& v : n.variations) strip_san(v);
  }
}
PgnGame without_san(PgnGame g) {
  strip_san(g.moves);
  return g;
}

// SAN of the mainline, space separated.
std::string mainline_san(const PgnGame& g) {
  Position pos = g.start;
  std::string s;
  for (const MoveNode& n : g.moves) {
    if (!s.empty()) s += ' ';
    s += move_to_san(pos, n.move);
    UndoInfo u;
    if (n.is_null()) pos.do_null_move(u);
    else pos.do_move(n.move, u);
  }
  return s;
}

int max_depth(const PgnLine& line) {
  int d = 0;
  for (const MoveNode& n : line)
    for (const PgnLine& v : n.variations) d = std::max(d, 1 + max_depth(v));
  return d;
}

int count_nodes(const PgnLine& line) {
  int c = 0;
  for (const MoveNode& n : line) {
    ++c;
    for (const PgnLine& v : n.variations) c += count_nodes(v);
  }
  return c;
}

using test::valid_utf8;

int characters(const std::string& s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) out.push_back(l);
  return out;
}

// Read, write, read: the same tree (SAN as written aside) and the same bytes on a second write.
void expect_round_trip(const std::string& text, PgnReadOptions options = {}) {
  PgnReadResult first = read_ok(text, options);
  std::string written = write_ok(first.games);
  PgnReadResult second = read_ok(written);
  ASSERT_EQ(first.games.size(), second.games.size());
  for (size_t i = 0; i < first.games.size(); ++i) {
    PgnGame a = without_san(first.games[i]), b = without_san(second.games[i]);
    // The writer adds the Seven Tag Roster tags a file may lack, and a result token.
    for (const PgnTag& t : b.tags)
      if (!a.tag(t.name)) a.tags.push_back(t);
    std::stable_sort(a.tags.begin(), a.tags.end(), [&](const PgnTag& x, const PgnTag& y) {
      auto rank = [&](const PgnTag& t) {
        for (size_t k = 0; k < b.tags.size(); ++k)
          if (b.tags[k].name == t.name) return k;
        return b.tags.size();
      };
      return rank(x) < rank(y);
    });
    if (a.result.empty()) a.result = b.result;
    EXPECT_EQ(a, b) << "game " << i;
    EXPECT_EQ(a.start.is_chess960(), b.start.is_chess960());
  }
  EXPECT_EQ(write_ok(second.games), written);
}

// ---------------------------------------------------------------- data files

TEST(PgnFiles, CanonicalFilesAreWrittenBackByteForByte) {
  for (const char* name : {"annotated.pgn", "chess960.pgn", "setup_black.pgn"}) {
    SCOPED_TRACE(name);
    std::string text = data_file(name);
    PgnReadResult r = read_ok(text);
    EXPECT_EQ(write_ok(r.games), text);
    PgnReadResult again = read_ok(write_ok(r.games));
    ASSERT_EQ(again.games.size(), r.games.size());
    for (size_t i = 0; i < r.games.size(); ++i) EXPECT_EQ(again.games[i], r.games[i]);  // SAN as written too
  }
}

TEST(PgnFiles, EveryFileRoundTrips) {
  for (const char* name : {"annotated.pgn", "chess960.pgn", "setup_black.pgn", "lichess.pgn", "chesscom.pgn",
                           "chessbase.pgn", "tolerant.pgn"}) {
    SCOPED_TRACE(name);
    expect_round_trip(data_file(name));
  }
}

TEST(PgnFiles, AnnotatedGameTree) {
  PgnReadResult r = read_ok(data_file("annotated.pgn"));
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  ASSERT_EQ(g.tags.size(), 9u);
  EXPECT_EQ(g.tags[0].name, "Event");
  EXPECT_EQ(g.tags[7].name, "Annotator");
  EXPECT_EQ(g.tags[7].value, "escaque \"tests\" \\ team");  // escapes resolved
  EXPECT_EQ(g.tags[8].name, "ECO");
  EXPECT_EQ(g.result, "1-0");
  ASSERT_EQ(g.comments.size(), 1u);
  EXPECT_EQ(g.comments[0].substr(0, 47), "A short game with every kind of annotation: nes");
  EXPECT_EQ(g.comments[0].find('\n'), std::string::npos);  // line breaks became spaces
  EXPECT_EQ(mainline_san(g),
            "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O "
            "Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#");
  ASSERT_EQ(g.moves.size(), 33u);
  EXPECT_EQ(g.moves[3].commentsAfter, std::vector<std::string>{"The Philidor Defence."});
  EXPECT_EQ(g.moves[5].nags, std::vector<std::uint8_t>{2});
  EXPECT_EQ(g.moves[5].commentsAfter, std::vector<std::string>{"Already dubious."});
  EXPECT_EQ(g.moves[18].nags, std::vector<std::uint8_t>{3});  // 10. Nxb5 $3
  // 3... exd4 4. Nxd4 (4. Qxd4 Nc6 (4... Nf6 5. e5 (5. Nc3 Be7) 5... dxe5) 5. Bb5) 4... Nf6
  ASSERT_EQ(g.moves[5].variations.size(), 1u);
  const PgnLine& v1 = g.moves[5].variations[0];
  ASSERT_EQ(v1.size(), 3u);
  EXPECT_EQ(v1[2].commentsAfter, std::vector<std::string>{"is the main line."});
  const PgnLine& v2 = v1[1].variations.at(0);  // 4. Qxd4 ...
  const PgnLine& v3 = v2[1].variations.at(0);  // 4... Nf6 ...
  const PgnLine& v4 = v3[1].variations.at(0);  // 5. Nc3 Be7
  EXPECT_EQ(v4.size(), 2u);
  EXPECT_EQ(max_depth(g.moves), 4);
  EXPECT_EQ(v4[1].san, "Be7");
  // Command comments stay in the text and can be looked up.
  EXPECT_EQ(find_command(g.moves[12], "cal").value_or(""), "Gb3b7,Gb3f7");
  EXPECT_EQ(find_command(g.moves[32], "clk").value_or(""), "0:00:05");
  EXPECT_EQ(g.moves[32].commentsAfter[0], "[%clk 0:00:05] Mate with the last two pieces.");
  EXPECT_FALSE(find_command(g.moves[32], "eval"));

  PgnReplay replay = pgn_to_game(g);
  EXPECT_TRUE(replay.ok()) << replay.error;
  EXPECT_EQ(replay.game.outcome().reason, OutcomeReason::Checkmate);
  EXPECT_EQ(replay.game.outcome().result, std::string("1-0"));
}

TEST(PgnFiles, Chess960CastlingWithXFenAndShredderFen) {
  PgnReadResult r = read_ok(data_file("chess960.pgn"));
  ASSERT_EQ(r.games.size(), 3u);
  for (const PgnGame& g : r.games) EXPECT_TRUE(g.start.is_chess960());
  // Game 1, X-FEN KQkq: white castles queenside (king d1 -> c1, rook c1 -> d1), black kingside.
  const PgnGame& g1 = r.games[0];
  EXPECT_EQ(g1.moves[8].move.kind(), CASTLING);
  EXPECT_EQ(g1.moves[8].move.from(), SQ_D1);
  EXPECT_EQ(g1.moves[8].move.to(), SQ_C1);  // king takes own rook
  EXPECT_EQ(g1.moves[13].move.kind(), CASTLING);
  EXPECT_EQ(g1.moves[13].move.to(), SQ_F8);
  // Game 2, Shredder-FEN CAca with Variant "Fischerandom": O-O from b1 with the c1 rook.
  const PgnGame& g2 = r.games[1];
  EXPECT_EQ(*g2.tag("FEN"), "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1");
  EXPECT_EQ(g2.moves[18].move, Move::make(SQ_B1, SQ_C1, CASTLING));
  EXPECT_EQ(g2.result, "*");
  // Game 3, X-FEN naming an inner rook ("B"): O-O-O uses b1, and the a1 rook stays.
  const PgnGame& g3 = r.games[2];
  EXPECT_EQ(g3.moves[0].move, Move::make(SQ_E1, SQ_B1, CASTLING));
  PgnReplay replay = pgn_to_game(g3);
  ASSERT_TRUE(replay.ok()) << replay.error;
  EXPECT_EQ(to_fen(replay.game.position_at(1).value()), "r3k2r/8/8/8/8/8/8/R1KR3R b kq - 1 1");
  // Without the Variant tag a Shredder-FEN still means Chess960.
  std::string noVariant = "[FEN \"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1\"]\n1. d4 *";
  EXPECT_TRUE(read_ok(noVariant).games.at(0).start.is_chess960());
}

TEST(PgnFiles, SetUpWithBlackToMoveAndThreefold) {
  PgnReadResult r = read_ok(data_file("setup_black.pgn"));
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.start.side_to_move(), BLACK);
  EXPECT_EQ(g.start.fullmove_number(), 23);
  EXPECT_EQ(g.moves.size(), 22u);
  std::string text = write_ok(g);
  EXPECT_NE(text.find("\n23... Rb2 24. Rd7 Kf6"), std::string::npos);
  PgnReplay replay = pgn_to_game(g);
  ASSERT_TRUE(replay.ok()) << replay.error;
  EXPECT_FALSE(replay.game.is_over());
  EXPECT_EQ(replay.game.repetition_count(), 3);
  EXPECT_TRUE(replay.game.can_claim_threefold());
  EXPECT_EQ(replay.game.ply(), 22);
}

TEST(PgnFiles, LichessExport) {
  PgnReadResult r = read_ok(data_file("lichess.pgn"));
  ASSERT_EQ(r.games.size(), 3u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.size(), 18u);
  EXPECT_FALSE(g.tag("Round"));
  EXPECT_EQ(g.moves.size(), 33u);
  // Every move carries a clock and an evaluation.
  for (size_t i = 0; i < g.moves.size(); ++i) {
    SCOPED_TRACE(i);
    auto clk = find_command(g.moves[i], "clk");
    auto eval = find_command(g.moves[i], "eval");
    ASSERT_TRUE(clk && eval);
    EXPECT_TRUE(parse_clock(*clk));
    EXPECT_TRUE(parse_eval(*eval));
  }
  EXPECT_EQ(parse_clock(*find_command(g.moves[3], "clk")), 181000);
  EXPECT_EQ(parse_eval(*find_command(g.moves[0], "eval")), (PgnEval{false, 36}));
  EXPECT_EQ(parse_eval(*find_command(g.moves[31], "eval")), (PgnEval{true, 3}));
  // 9. a3?! with the analysis comment and the better line.
  EXPECT_EQ(g.moves[16].san, "a3");
  EXPECT_EQ(g.moves[16].nags, std::vector<std::uint8_t>{6});
  EXPECT_EQ(g.moves[16].commentsAfter,
            (std::vector<std::string>{"[%eval -0.21] [%clk 0:02:40]", "Inaccuracy. O-O-O was best."}));
  ASSERT_EQ(g.moves[16].variations.size(), 1u);
  EXPECT_EQ(g.moves[16].variations[0][0].move.kind(), CASTLING);
  EXPECT_EQ(g.moves[29].nags, std::vector<std::uint8_t>{4});  // 15... Nb6??

  const PgnGame& mate = r.games[1];
  EXPECT_EQ(parse_clock(*find_command(mate.moves[2], "clk")), 59200);
  EXPECT_EQ(parse_eval(*find_command(mate.moves[5], "eval")), (PgnEval{true, 1}));
  PgnReplay replay = pgn_to_game(mate);
  ASSERT_TRUE(replay.ok());
  EXPECT_EQ(replay.game.outcome().reason, OutcomeReason::Checkmate);

  const PgnGame& fromPosition = r.games[2];  // Variant "From Position" is standard chess
  EXPECT_FALSE(fromPosition.start.is_chess960());
  EXPECT_EQ(fromPosition.start.side_to_move(), BLACK);
  EXPECT_EQ(find_command(fromPosition.moves[1], "emt").value_or(""), "0:00:11");
  EXPECT_EQ(parse_eval(*find_command(fromPosition.moves[2], "eval")), (PgnEval{true, -12}));
}

TEST(PgnFiles, ChessComExportWithCrlf) {
  std::string text = data_file("chesscom.pgn");
  ASSERT_NE(text.find("\r\n"), std::string::npos);
  PgnReadResult r = read_ok(text);
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.size(), 21u);
  EXPECT_EQ(*g.tag("Termination"), "Game drawn by repetition");
  EXPECT_EQ(g.moves.size(), 26u);
  for (const MoveNode& n : g.moves) {
    ASSERT_TRUE(find_command(n, "clk") && find_command(n, "timestamp"));
    EXPECT_TRUE(parse_clock(*find_command(n, "clk")));
  }
  EXPECT_EQ(g.moves[0].commentsAfter[0].find('\r'), std::string::npos);
  PgnReplay replay = pgn_to_game(g);
  ASSERT_TRUE(replay.ok());
  EXPECT_EQ(to_fen(replay.game.position()), *g.tag("CurrentPosition"));
  EXPECT_TRUE(replay.game.can_claim_threefold());
  // The writer's output uses LF only.
  EXPECT_EQ(write_ok(g).find('\r'), std::string::npos);
}

TEST(PgnFiles, ChessBaseExportWithBomAndLongComments) {
  std::string text = data_file("chessbase.pgn");
  ASSERT_EQ(text.substr(0, 3), "\xEF\xBB\xBF");
  PgnReadResult r = read_ok(text);
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags[0].name, "Event");  // the BOM is not part of the first tag
  EXPECT_EQ(g.tags.size(), 22u);
  EXPECT_EQ(g.comments.size(), 1u);
  EXPECT_EQ(parse_commands(g.comments[0]).at(0).name, "evp");
  EXPECT_GT(g.moves[3].commentsAfter.at(0).size(), 300u);
  EXPECT_EQ(g.moves[7].nags, std::vector<std::uint8_t>{4});
  auto commands = parse_commands(g.moves[7].commentsAfter.at(0));
  ASSERT_EQ(commands.size(), 2u);
  EXPECT_EQ(commands[0].name, "csl");
  EXPECT_EQ(commands[0].value, "Rf7,Re5");
  EXPECT_EQ(commands[1].value, "Rf3e5,Rc4f7");
  // (4... Nf6 $14 {was necessary, and after} 5. h3 ...): comment after a move inside a variation.
  const PgnLine& v = g.moves[7].variations.at(0);
  EXPECT_EQ(v[0].nags, std::vector<std::uint8_t>{14});
  EXPECT_EQ(v[0].commentsAfter, std::vector<std::string>{"was necessary, and after"});
  PgnReplay replay = pgn_to_game(g);
  ASSERT_TRUE(replay.ok());
  EXPECT_EQ(replay.game.outcome().reason, OutcomeReason::Checkmate);
  // The rewritten file has no BOM and no line longer than 80 characters.
  std::string written = write_ok(g);
  EXPECT_EQ(written[0], '[');
  for (const std::string& l : lines_of(written)) EXPECT_LE(l.size(), 80u) << l;
}

// ---------------------------------------------------------------- lenient input

TEST(PgnLenient, TolerantFileReadsAsTheStandardGames) {
  PgnReadResult r = read_ok(data_file("tolerant.pgn"));
  ASSERT_EQ(r.games.size(), 3u);
  // No tag section, '%' lines, "1.e4", o-o and 0-0, no result.
  const PgnGame& a = r.games[0];
  EXPECT_TRUE(a.tags.empty());
  EXPECT_EQ(a.result, "");
  EXPECT_EQ(mainline_san(a), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7");
  EXPECT_EQ(a.moves[8].san, "o-o");
  EXPECT_EQ(a.moves[15].san, "0-0");
  // Blanks inside the tag, "1...", e.p., missing and superfluous '+', long algebraic, glyphs, null moves.
  const PgnGame& b = r.games[1];
  EXPECT_EQ(*b.tag("Event"), "Sloppy   scoresheet");
  EXPECT_EQ(*b.tag("Black"), "Hasty, B.");
  EXPECT_EQ(mainline_san(b),
            "e4 d5 e5 f5 exf6 Nxf6 Bb5+ c6 Bd3 Bg4 f3 Bh5 g4 Bf7 Ne2 e5 O-O Bd6 Nbc3 O-O Kh1 -- Kg2 -- Kh1");
  EXPECT_EQ(b.moves[4].san, "exf6 e.p.");
  EXPECT_EQ(b.moves[4].move.kind(), EN_PASSANT);
  EXPECT_EQ(b.moves[8].san, "Bd3+");
  EXPECT_EQ(b.moves[14].san, "Ng1-e2");
  EXPECT_EQ(b.moves[19].nags, std::vector<std::uint8_t>{4});
  EXPECT_TRUE(b.moves[21].is_null());
  EXPECT_EQ(b.moves[21].san, "--");
  EXPECT_TRUE(b.moves[23].is_null());
  EXPECT_EQ(b.moves[23].san, "Z0");
  EXPECT_EQ(b.result, "1-0");
  // Two tags on one line, tabs, a ';' comment inside a variation, Unicode glyphs, "½-½".
  const PgnGame& c = r.games[2];
  EXPECT_EQ(c.tags.size(), 2u);
  EXPECT_EQ(c.result, "1/2-1/2");
  EXPECT_EQ(c.moves[5].commentsAfter, std::vector<std::string>{"Nimzo-Indian"});
  const PgnLine& qgd = c.moves[5].variations.at(0);
  EXPECT_EQ(qgd[0].commentsAfter, std::vector<std::string>{"Queen's Gambit Declined"});
  EXPECT_EQ(qgd[2].commentsAfter, std::vector<std::string>{"the exchange variation"});
  EXPECT_EQ(c.moves[15].nags, std::vector<std::uint8_t>{3});  // Nbd7‼
  EXPECT_EQ(c.moves[17].nags, std::vector<std::uint8_t>{5});  // b6 ⁉
}

TEST(PgnLenient, MoveNumbersDotsAndSpacing) {
  const std::string standard = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";
  const std::string expected = mainline_san(read_ok(standard).games.at(0));
  for (const char* text : {
           "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *",
           "1.e4 1...e5 2.Nf3 2...Nc6 3.Bb5 3...a6 *",
           "1. e4 1. ... e5 2. Nf3 ... Nc6 3. Bb5 ... a6 *",
           "1 e4 e5 2 Nf3 Nc6 3 Bb5 a6 *",
           "  1.   e4\t\te5\n\n\n2. Nf3\r\nNc6 3. Bb5\ra6\n*",
           "e4 e5 Nf3 Nc6 Bb5 a6 *",
           "1. e4+ e5# 2. Nf3 Nc6++ 3. Bb5+ a6 *",
           "1. e4 e5 2. Ng1f3 Nb8c6 3. Bf1-b5 a7-a6 *",
           "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 *",
           "1. e4 + e5 2. Nf3 # Nc6 3. Bb5 a6 *",
           "1.e4 1\u2026e5 2.Nf3 2\u2026 Nc6 3.Bb5 \u2026 a6 *",
           "1.e4 e5. 2.Nf3 Nc6. 3.Bb5 a6. *",
       }) {
    SCOPED_TRACE(text);
    PgnReadResult r = read_ok(text);
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_EQ(mainline_san(r.games[0]), expected);
    EXPECT_EQ(r.games[0].result, "*");
  }
}

TEST(PgnLenient, CommentsOutsideGamesAndOldDrawMarks) {
  PgnReadResult r = read_ok("{Downloaded on Monday}\n\n[Event \"x\"]\n\n{Opening comment} 1. e4 1/2\n\n"
                            "1. d4 \u00BD-\u00BD\n{a comment after the last game}\n");
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(r.games[0].comments, (std::vector<std::string>{"Downloaded on Monday", "Opening comment"}));
  EXPECT_EQ(r.games[0].result, "1/2-1/2");
  EXPECT_EQ(r.games[1].result, "1/2-1/2");
  EXPECT_TRUE(r.games[1].comments.empty());
  // A game may consist of a comment and a result only.
  PgnReadResult only = read_ok("{Game abandoned} *");
  ASSERT_EQ(only.games.size(), 1u);
  EXPECT_EQ(only.games[0].comments, std::vector<std::string>{"Game abandoned"});
  EXPECT_EQ(lines_of(write_ok(only.games[0])).back(), "{Game abandoned} *");
}

TEST(PgnLenient, GlyphsAndPositionalSymbols) {
  PgnReadResult r = read_ok("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 += Nf6 +- 5. O-O -+ Be7 = 6. Re1 +/- "
                            "b5 -/+ 7. Bb3 +/= d6 =/+ 8. c3 =+ O-O \u221E 9. h3 $0 $255 *");
  ASSERT_EQ(r.games.size(), 1u);
  const PgnLine& m = r.games[0].moves;
  std::vector<std::vector<std::uint8_t>> expected = {{1}, {2}, {3}, {4}, {5}, {6}, {14}, {18}, {19}, {10}, {16},
                                                     {17}, {14}, {15}, {15}, {13}, {0, 255}};
  ASSERT_EQ(m.size(), expected.size());
  for (size_t i = 0; i < m.size(); ++i) EXPECT_EQ(m[i].nags, expected[i]) << i;
  // Writing with glyphs gives them back where they exist; $n otherwise.
  PgnWriteOptions glyphs;
  glyphs.nagGlyphs = true;
  std::string text = write_ok(r.games[0], glyphs);
  EXPECT_NE(text.find("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 $18"), std::string::npos) << text;
  EXPECT_NE(text.find("9. h3 $0 $255 *"), std::string::npos);
  EXPECT_EQ(read_ok(text).games[0].moves[5].nags, std::vector<std::uint8_t>{6});
}

TEST(PgnLenient, LocalizedScoresheets) {
  const std::string english = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
                              "9. h3 Qd7 10. d4 Rb8 11. dxe5 dxe5 12. Qxd7 Bxd7 13. Nxe5 Bxh3 14. gxh3 *";
  const std::string expected = mainline_san(read_ok(english).games.at(0));
  struct Case {
    Language lang;
    const char* text;
  };
  for (const Case& c : {
           Case{Language::Spanish, "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. c3 "
                                   "O-O 9. h3 Dd7 10. d4 Tb8 11. dxe5 dxe5 12. Dxd7 Axd7 13. Cxe5 Axh3 14. gxh3 *"},
           Case{Language::German, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 "
                                  "O-O 9. h3 Dd7 10. d4 Tb8 11. dxe5 dxe5 12. Dxd7 Lxd7 13. Sxe5 Lxh3 14. gxh3 *"},
           Case{Language::Figurine,
                "1. e4 e5 2. \u2658f3 \u265Ec6 3. \u2657b5 a6 4. \u2657a4 \u265Ef6 5. O-O \u265De7 6. \u2656e1 b5 "
                "7. \u2657b3 d6 8. c3 O-O 9. h3 \u265Bd7 10. d4 \u265Cb8 11. dxe5 dxe5 12. \u2655xd7 \u265Dxd7 "
                "13. \u2658xe5 \u265Dxh3 14. gxh3 *"},
       }) {
    SCOPED_TRACE(language_name(c.lang));
    PgnReadOptions options;
    options.language = c.lang;
    PgnReadResult r = read_ok(c.text, options);
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_EQ(mainline_san(r.games[0]), expected);
    // Localized export, read back in the same language: the same tree.
    PgnWriteOptions out;
    out.language = c.lang;
    std::string localized = write_ok(r.games[0], out);
    PgnReadResult back = read_ok(localized, options);
    EXPECT_EQ(without_san(back.games.at(0)).moves, without_san(r.games[0]).moves);
  }
  // Spanish letters read as English are errors that say so.
  PgnReadResult wrong = read_pgn("1. e4 e5 2. Cf3 *");
  ASSERT_EQ(wrong.errors.size(), 1u);
  EXPECT_EQ(wrong.errors[0].kind, PgnErrorKind::BadMove);
  EXPECT_EQ(wrong.errors[0].column, 13);
}

TEST(PgnLenient, TagValuesAndEscapes) {
  PgnReadResult r = read_ok(
      "[Event \"Say \\\"hi\\\" \\\\ bye\"]\n"
      "[Site \"The \"Big\" Open\"]\n"   // unescaped quotes inside: kept
      "[Round \"back\\slash\"]\n"       // a lone backslash is kept
      "[Annotator \"\"]\n"
      "[X_1 \"ünïcødé ♞\"]\n"
      "[Black \"x\"][White \"y\"]\n"
      "*");
  const PgnGame& g = r.games.at(0);
  EXPECT_EQ(*g.tag("Event"), "Say \"hi\" \\ bye");
  EXPECT_EQ(*g.tag("Site"), "The \"Big\" Open");
  EXPECT_EQ(*g.tag("Round"), "back\\slash");
  EXPECT_EQ(*g.tag("Annotator"), "");
  EXPECT_EQ(*g.tag("X_1"), "ünïcødé ♞");
  EXPECT_EQ(g.tags[5].name, "Black");
  EXPECT_EQ(g.tags[6].name, "White");
  std::string text = write_ok(g);
  EXPECT_NE(text.find("[Event \"Say \\\"hi\\\" \\\\ bye\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Site \"The \\\"Big\\\" Open\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Round \"back\\\\slash\"]\n"), std::string::npos);
  EXPECT_EQ(read_ok(text).games.at(0).tags.size(), 9u);
  expect_round_trip(text);
}

// ---------------------------------------------------------------- writer

TEST(PgnWriter, EmptyGameHasTheSevenTagRoster) {
  PgnGame g;
  EXPECT_EQ(write_ok(g),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
            "[Result \"*\"]\n\n*\n");
}

TEST(PgnWriter, RosterFirstThenTheOtherTagsInOrder) {
  PgnGame g;
  g.tags = {{"WhiteElo", "2000"}, {"White", "W"}, {"Opening", "x"}, {"Result", "1-0"}, {"Event", "E"}};
  g.result = "1-0";
  EXPECT_EQ(write_ok(g),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n"
            "[Result \"1-0\"]\n[WhiteElo \"2000\"]\n[Opening \"x\"]\n\n1-0\n");
  // The Result tag follows the termination marker when the tag is missing, and the reverse.
  PgnGame onlyMarker;
  onlyMarker.result = "0-1";
  EXPECT_NE(write_ok(onlyMarker).find("[Result \"0-1\"]\n\n0-1\n"), std::string::npos);
  PgnGame onlyTag;
  onlyTag.tags = {{"Result", "1/2-1/2"}};
  EXPECT_NE(write_ok(onlyTag).find("[Result \"1/2-1/2\"]\n\n1/2-1/2\n"), std::string::npos);
}

TEST(PgnWriter, MoveNumbersAfterCommentsAndVariations) {
  PgnReadResult r = read_ok("1. e4 {c} 1... e5 $1 2. Nf3 (2. Nc3) 2... Nc6 (2... d6 {x} 3. d4) 3. Bb5 *");
  EXPECT_EQ(lines_of(write_ok(r.games[0])).back(),
            "1. e4 {c} 1... e5 $1 2. Nf3 (2. Nc3) 2... Nc6 (2... d6 {x} 3. d4) 3. Bb5 *");
  // A comment after the variations comments on the next move (it is written before it).
  PgnReadResult before = read_ok("1. e4 e5 (1... c5) {Now} 2. Nf3 *");
  const PgnGame& g = before.games[0];
  EXPECT_TRUE(g.moves[1].commentsAfter.empty());
  EXPECT_EQ(g.moves[2].commentsBefore, std::vector<std::string>{"Now"});
  EXPECT_EQ(lines_of(write_ok(g)).back(), "1. e4 e5 (1... c5) {Now} 2. Nf3 *");
  PgnReadResult start = read_ok("1. e4 ({Or} 1. d4 {closed}) ({Also} 1. c4) 1... e5 *");
  EXPECT_EQ(start.games[0].moves[0].variations[0][0].commentsBefore, std::vector<std::string>{"Or"});
  EXPECT_EQ(lines_of(write_ok(start.games[0])).back(), "1. e4 ({Or} 1. d4 {closed}) ({Also} 1. c4) 1... e5 *");
}

TEST(PgnWriter, WrapsAtEightyColumnsWithoutSplittingTokens) {
  // 60 moves of a knight dance: long enough to wrap many times.
  std::string text;
  const char* dance[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int i = 0; i < 60; ++i) {
    if (i % 2 == 0) text += std::to_string(i / 2 + 1) + ". ";
    text += std::string(dance[i % 4]) + " ";
  }
  text += "*";
  PgnGame g = read_ok(text).games.at(0);
  std::string written = write_ok(g);
  auto lines = lines_of(written);
  size_t movetextLines = 0;
  for (size_t i = 8; i < lines.size(); ++i, ++movetextLines) {
    EXPECT_LE(lines[i].size(), 80u) << lines[i];
    EXPECT_GT(lines[i].size(), 70u - (i + 1 == lines.size() ? 70u : 0u)) << "greedy filling: " << lines[i];
    EXPECT_NE(lines[i].front(), ' ');
    EXPECT_NE(lines[i].back(), ' ');
  }
  EXPECT_EQ(movetextLines, 5u);
  // Width 0: the movetext on one line; another width: respected.
  PgnWriteOptions oneLine;
  oneLine.lineWidth = 0;
  EXPECT_EQ(lines_of(write_ok(g, oneLine)).size(), 9u);
  PgnWriteOptions narrow;
  narrow.lineWidth = 20;
  for (const std::string& l : lines_of(write_ok(g, narrow)))
    if (l.empty() || l[0] != '[') {
      EXPECT_LE(l.size(), 20u);
    }
  EXPECT_EQ(without_san(read_ok(write_ok(g, narrow)).games[0]).moves, without_san(g).moves);
}

TEST(PgnWriter, LongCommentsWrapAtSpacesAndKeepTheirText) {
  Rng rng{12345};
  PgnGame g = read_ok("1. e4 e5 *").games.at(0);
  std::string big;
  while (big.size() < 1'000'000) {
    if (!big.empty()) big += rng.chance(5) ? "  " : " ";  // double spaces must survive wrapping
    int len = 1 + rng.below_int(rng.chance(2) ? 120 : 9);        // a few words longer than a line
    for (int k = 0; k < len; ++k) big += char('a' + rng.below_int(26));
    if (rng.chance(3)) big += " %pct";  // a line may never start with '%'
  }
  g.moves[0].commentsAfter = {big};
  g.moves[1].commentsAfter = {"%starts with percent", "has } a brace", ""};
  std::string text = write_ok(g);
  for (const std::string& l : lines_of(text)) {
    ASSERT_FALSE(!l.empty() && l[0] == '%');
    // Longer lines only for a word that alone is longer, or a word starting with '%' kept back.
    if (l.size() > 80 && l[0] != '[') {
      size_t space = l.rfind(' ');
      EXPECT_TRUE(space == std::string::npos || l[space + 1] == '%') << l;
    }
  }
  EXPECT_NE(text.find("{%starts with percent} ;has } a brace\n{} *"), std::string::npos);
  PgnGame back = read_ok(text).games.at(0);
  EXPECT_EQ(back.moves[0].commentsAfter, g.moves[0].commentsAfter);
  EXPECT_EQ(back.moves[1].commentsAfter, g.moves[1].commentsAfter);
  EXPECT_EQ(write_ok(back), text);
}

TEST(PgnWriter, OptionsLeaveThingsOut) {
  PgnGame g = read_ok(data_file("annotated.pgn")).games.at(0);
  PgnWriteOptions bare;
  bare.comments = bare.variations = bare.nags = false;
  std::string text = write_ok(g, bare);
  EXPECT_EQ(text.find('{'), std::string::npos);
  EXPECT_EQ(text.find('('), std::string::npos);
  EXPECT_EQ(text.find('$'), std::string::npos);
  PgnGame back = read_ok(text).games.at(0);
  EXPECT_EQ(mainline_san(back), mainline_san(g));
  EXPECT_EQ(count_nodes(back.moves), 33);
}

TEST(PgnWriter, RefusesTreesThatAreNotChess) {
  PgnGame g = read_ok("1. e4 e5 *").games.at(0);
  g.moves[1].move = Move(SQ_E7, SQ_E4);
  PgnWriteResult w = write_pgn(g);
  EXPECT_FALSE(w.ok());
  EXPECT_TRUE(w.text.empty());
  EXPECT_EQ(w.error, "move 1...: e7e4 is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  PgnGame v = read_ok("1. e4 e5 (1... c5 2. Nf3) *").games.at(0);
  v.moves[1].variations[0][1].move = Move(SQ_G1, SQ_G3);
  EXPECT_EQ(write_pgn(v).error.substr(0, 44), "move 2. (in a variation 1 level deep): g1g3 ");
  PgnGame badTag;
  badTag.tags = {{"Bad Name", "x"}};
  EXPECT_FALSE(write_pgn(badTag).ok());
  PgnGame nullInCheck = read_ok("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ *").games.at(0);
  nullInCheck.moves.push_back(MoveNode{});
  nullInCheck.moves.back().move = Move::null();
  EXPECT_EQ(write_pgn(nullInCheck).error, "move 3...: a null move cannot be made in check");
  // Several games: the error names the game.
  std::vector<PgnGame> games = {read_ok("1. d4 *").games[0], g};
  EXPECT_EQ(write_pgn(std::span<const PgnGame>(games)).error.substr(0, 8), "game 2: ");
}

// ---------------------------------------------------------------- random games

// A random game tree: random legal moves from the standard start, a Chess960 start or a
// position reached by a random playout (often with Black to move), with NAGs, comments
// (plain, with commands, with '}' or double spaces) and variations up to three deep.
struct RandomGameMaker {
  Rng rng;

  Move random_move(const Position& pos) {
    MoveList list = legal_moves(pos);
    return list.size ? list.moves[rng.below_int(list.size)] : Move::none();
  }

  std::string random_comment() {
    static const char* words[] = {"good", "bad", "the", "knight", "{brace", "is", "strong", "\"quoted\"", "e4!",
                                  "(not", "a", "variation)", "50%", "ñandú", "$1", "\\"};
    std::string s;
    int n = 1 + rng.below_int(12);
    for (int k = 0; k < n; ++k) {
      if (k) s += rng.chance(5) ? "  " : " ";
      s += words[rng.below_int(16)];
    }
    if (rng.chance(30)) s += " [%clk " + format_clock(std::int64_t(rng.below_int(7'200'000))) + "]";
    if (rng.chance(20)) s = "[%eval " + std::to_string(rng.below_int(900) - 450) + "] " + s;
    if (rng.chance(5)) s += " closing } brace";
    return s;
  }

  PgnLine random_line(Position pos, int plies, int depth) {
    PgnLine line;
    for (int i = 0; i < plies; ++i) {
      Move m = random_move(pos);
      if (m == Move::none()) break;
      MoveNode node;
      node.move = m;
      if (rng.chance(10)) node.nags.push_back(std::uint8_t(rng.below_int(256)));
      if (rng.chance(5)) node.nags.push_back(std::uint8_t(1 + rng.below_int(6)));
      if (rng.chance(15)) node.commentsAfter.push_back(random_comment());
      if (rng.chance(3)) node.commentsAfter.push_back(random_comment());
      if (depth < 3 && rng.chance(8)) {
        int count = 1 + rng.below_int(2);
        for (int k = 0; k < count; ++k) {
          PgnLine v = random_line(pos, 1 + rng.below_int(8), depth + 1);
          if (rng.chance(30)) v[0].commentsBefore.push_back(random_comment());
          node.variations.push_back(std::move(v));
        }
      }
      // Comments before a move exist only after variations (elsewhere they would be read back
      // as the previous move's comments).
      if (!line.empty() && !line.back().variations.empty() && rng.chance(40))
        node.commentsBefore.push_back(random_comment());
      UndoInfo u;
      pos.do_move(m, u);
      line.push_back(std::move(node));
    }
    return line;
  }

  PgnGame make(int index) {
    PgnGame g;
    static const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    std::string result = results[rng.below_int(4)];
    g.tags = {{"Event", "Random " + std::to_string(index)},
              {"Site", "escaque \"test\" \\ suite"},
              {"Date", "2024.01." + std::to_string(10 + rng.below_int(20))},
              {"Round", std::to_string(index)},
              {"White", "Engine A"},
              {"Black", "Engine B"},
              {"Result", result}};
    int kind = rng.below_int(4);
    if (kind == 1) {
      set_chess960_start(g.start, rng.below_int(960));
      g.tags.push_back({"Variant", "Chess960"});
      g.tags.push_back({"SetUp", "1"});
      g.tags.push_back({"FEN", to_fen(g.start, rng.chance(50))});
    } else if (kind == 2) {
      Position p;
      p.set_startpos();
      int plies = 1 + rng.below_int(30);
      for (int i = 0; i < plies; ++i) {
        Move m = random_move(p);
        if (m == Move::none()) break;
        UndoInfo u;
        p.do_move(m, u);
      }
      std::string fen = to_fen(p);
      parse_fen(fen, g.start);
      g.tags.push_back({"SetUp", "1"});
      g.tags.push_back({"FEN", fen});
    }
    if (rng.chance(50)) g.tags.push_back({"WhiteElo", std::to_string(1000 + rng.below_int(1800))});
    if (rng.chance(20)) g.comments.push_back(random_comment());
    g.moves = random_line(g.start, rng.below_int(140), 0);
    g.result = result;
    return g;
  }
};

std::string two_hundred_games_text(std::vector<PgnGame>* games = nullptr) {
  RandomGameMaker maker{Rng{0x5EEDULL}};
  std::vector<PgnGame> made;
  for (int i = 0; i < 200; ++i) made.push_back(maker.make(i));
  std::string text = write_ok(made);
  if (games) *games = std::move(made);
  return text;
}

TEST(PgnRandom, TwoHundredGamesWrittenAndReadBack) {
  std::vector<PgnGame> made;
  std::string text = two_hundred_games_text(&made);
  PgnReadResult r = read_ok(text);
  ASSERT_EQ(r.games.size(), 200u);
  int moves = 0, nodes = 0;
  for (size_t i = 0; i < made.size(); ++i) {
    SCOPED_TRACE(i);
    const PgnGame& a = made[i];
    PgnGame b = without_san(r.games[i]);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t k = 0; k < a.moves.size(); ++k) ASSERT_EQ(a.moves[k].move, b.moves[k].move) << "ply " << k;
    // Texts are normalized by the reader exactly as the writer wrote them, except the
    // generator's double spaces and '}', which survive; so the whole tree matches.
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.start.is_chess960(), b.start.is_chess960());
    moves += int(a.moves.size());
    nodes += count_nodes(a.moves);
  }
  EXPECT_GT(moves, 10000);
  EXPECT_GT(nodes, moves);
  EXPECT_EQ(write_ok(r.games), text);
  // Lines are at most 80 characters, except those holding a ';' comment (which cannot wrap).
  for (const std::string& l : lines_of(text))
    if (!l.empty() && l[0] != '[' && l.find(';') == std::string::npos) {
      EXPECT_LE(characters(l), 80) << l;
    }
}

TEST(PgnRandom, ReadingSpeed) {
  std::string text = two_hundred_games_text();
  int games = 0, rounds = 0;
  auto start = std::chrono::steady_clock::now();
  double seconds = 0;
  while (seconds < 0.5 || rounds < 3) {
    games += int(read_pgn(text).games.size());
    ++rounds;
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  // A mainline-only file (typical of databases): the same games with nothing but moves.
  PgnReadResult r = read_ok(text);
  PgnWriteOptions bare;
  bare.comments = bare.variations = bare.nags = false;
  std::string plain = write_ok(r.games, bare);
  int plainGames = 0, plainRounds = 0;
  auto plainStart = std::chrono::steady_clock::now();
  double plainSeconds = 0;
  while (plainSeconds < 0.5 || plainRounds < 3) {
    plainGames += int(read_pgn(plain).games.size());
    ++plainRounds;
    plainSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - plainStart).count();
  }
  auto writeStart = std::chrono::steady_clock::now();
  std::string again = write_ok(r.games);
  double writeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - writeStart).count();
  std::cout << "[ speed    ] 200 annotated games, " << text.size() / 1024 << " KiB: " << int(games / seconds)
            << " games/s, " << (text.size() * rounds / seconds / 1e6) << " MB/s read; "
            << (text.size() / writeSeconds / 1e6) << " MB/s written\n"
            << "[ speed    ] same games without annotations, " << plain.size() / 1024
            << " KiB: " << int(plainGames / plainSeconds) << " games/s, "
            << (plain.size() * plainRounds / plainSeconds / 1e6) << " MB/s read\n";
  EXPECT_EQ(games, 200 * rounds);
  EXPECT_EQ(again, text);
}

// ---------------------------------------------------------------- errors

struct PgnErrorCase {
  std::string text;
  PgnErrorKind kind;
  int line, column;
  std::string message;  // without the "line L, column C: " prefix
};

TEST(PgnErrors, EachErrorWithItsExactPlace) {
  const std::string tags = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n"
                           "[Black \"b\"]\n[Result \"*\"]\n\n";
  const std::vector<PgnErrorCase> cases = {
      {tags + "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 b5 5. Bb3 Nf6\n6. O-O Nf6 *", PgnErrorKind::BadMove, 11, 8,
       "illegal move 'Nf6': no black knight can move to f6"},
      {"1. e4 Nf6 2. Nf3 Nf6 *", PgnErrorKind::BadMove, 1, 18, "illegal move 'Nf6': no black knight can move to f6"},
      {"1. e4 e5 2. Nc3 Nc6 3. Ne2 *", PgnErrorKind::BadMove, 1, 24, "ambiguous move 'Ne2': Nge2 or Nce2"},
      {"1. e4 e5 2. Ke2 Ke7 3. Kf3 Kf6 4. Kf4 *", PgnErrorKind::BadMove, 1, 35,
       "illegal move 'Kf4': the white king would be in check on f4"},
      {"1. e4 e5 2. Nz3 *", PgnErrorKind::BadMove, 1, 13, "'Nz3' is not a move: unexpected 'z' at character 2"},
      {"1. e4 e5 2. O-O *", PgnErrorKind::BadMove, 1, 13,
       "illegal move 'O-O': there are pieces between the white king and rook"},
      {"1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *", PgnErrorKind::BadNullMove, 1, 30,
       "null move '--' while the side to move is in check"},
      {"1. e4 {a comment\nthat never\nends", PgnErrorKind::UnterminatedComment, 1, 7,
       "unterminated comment: this '{' has no '}' before the end of the input"},
      {"[Event \"x\"]\n[Site \"never closed]\n\n1. e4 *", PgnErrorKind::UnterminatedString, 2, 7,
       "unterminated string: this '\"' has no closing '\"' on its line"},
      {"1. e4 e5 ) 2. Nf3 *", PgnErrorKind::UnbalancedParenthesis, 1, 10, "unbalanced ')': no variation is open"},
      {"1. e4 e5\n(1... c5 2. Nf3\n(2. Nc3", PgnErrorKind::UnclosedVariation, 3, 1,
       "unclosed variation: '(' is never closed before the end of the input"},
      {"1. e4 e5 (1... c5 2. Nf3\n\n[Event \"next\"]\n1. d4 *", PgnErrorKind::UnclosedVariation, 1, 10,
       "unclosed variation: '(' is never closed before the next game's tags"},
      {"(1. d4) 1. e4 *", PgnErrorKind::VariationWithoutMove, 1, 1,
       "variation before any move: '(' must follow the move it is an alternative to"},
      {"1. e4 (1. d4 1-0) e5 *", PgnErrorKind::ResultInVariation, 1, 14,
       "game termination marker '1-0' inside a variation (opened at line 1, column 7)"},
      {"1. e4 $256 *", PgnErrorKind::BadAnnotation, 1, 7,
       "bad annotation '$256': a NAG is '$' followed by a number from 0 to 255"},
      {"1. e4 $ *", PgnErrorKind::BadAnnotation, 1, 7,
       "bad annotation '$': a NAG is '$' followed by a number from 0 to 255"},
      {"1. e4 " + std::string(33, '!') + " *", PgnErrorKind::BadAnnotation, 1, 7,
       "unknown annotation glyph '" + std::string(33, '!') +
           "': the glyphs are !, ?, !!, ??, !? and ?!, alone or up to 32 written together"},
      {"1. e4" + std::string(17, '?') + " *", PgnErrorKind::BadAnnotation, 1, 4,
       "unknown annotation glyph '" + std::string(17, '?') +
           "' after 'e4': the glyphs are !, ?, !!, ??, !? and ?!, alone or up to 16 written together"},
      {"$1 1. e4 *", PgnErrorKind::BadAnnotation, 1, 1, "annotation '$1' does not follow a move"},
      {"1. e4 < e5 *", PgnErrorKind::UnexpectedCharacter, 1, 7,
       "unexpected character '<': reserved by the PGN standard"},
      {"1. e4 } e5 *", PgnErrorKind::UnexpectedCharacter, 1, 7,
       "unexpected character '}': '}' without an opening '{'"},
      {"1. e4 \"str\" e5 *", PgnErrorKind::UnexpectedCharacter, 1, 7,
       "unexpected string \"str\" in the movetext"},
      {"1. e4 ] e5 *", PgnErrorKind::UnexpectedCharacter, 1, 7, "unexpected ']' in the movetext: no tag is open"},
      {"1. e4 \x01 e5 *", PgnErrorKind::UnexpectedCharacter, 1, 7, "unexpected character '\\x01'"},
      {"[Event \"x\"\n[Site \"y\"]\n*", PgnErrorKind::BadTag, 2, 1,
       "tag Event is not closed: expected ']', found '['"},
      {"[Event x]\n*", PgnErrorKind::BadTag, 1, 8, "tag Event has no value: expected a quoted string, found 'x'"},
      {"[\"x\"]\n*", PgnErrorKind::BadTag, 1, 2, "expected a tag name after '[', found 'x'"},
      {"[Event \"x\"", PgnErrorKind::BadTag, 1, 11, "tag Event is not closed: expected ']', found the end of the input"},
      {"[Variant \"Crazyhouse\"]\n1. e4 *", PgnErrorKind::UnsupportedVariant, 1, 11,
       "unsupported variant 'Crazyhouse': escaque reads standard chess and Chess960"},
      {"[SetUp \"1\"]\n1. e4 *", PgnErrorKind::BadFen, 1, 9, "SetUp \"1\" needs a FEN tag with the start position"},
      // Line counting through CRLF, CR, multi-line comments and UTF-8 (columns count characters).
      {"\xEF\xBB\xBF" "1. e4 e5\r\n2. Nf3 {a comment\r\nover two lines} Nc6\r3. Bb5 {ñ♞} Nz9 *",
       PgnErrorKind::BadMove, 4, 13, "'Nz9' is not a move: unexpected 'z' at character 2"},
      // The bishop on f8 sees b4 once the black king has left e7 and d6.
      {"% escape line with ( and {\n1. e4 e5\n%another\n2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 Kc6 5. Kb4 *",
       PgnErrorKind::BadMove, 4, 37, "illegal move 'Kb4': the white king would be in check on b4"},
  };
  for (const PgnErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    PgnReadResult r = read_pgn(c.text);
    ASSERT_EQ(r.errors.size(), 1u);
    const PgnError& e = r.errors[0];
    EXPECT_EQ(e.kind, c.kind) << pgn_error_name(e.kind);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    EXPECT_EQ(e.message,
              "line " + std::to_string(c.line) + ", column " + std::to_string(c.column) + ": " + c.message);
    EXPECT_EQ(e.game, 0);
  }
}

TEST(PgnErrors, BadFenPointsIntoTheTag) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
  PgnReadResult r = read_pgn("[Event \"x\"]\n[FEN \"" + fen + "\"]\n1. e4 *");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, PgnErrorKind::BadFen);
  EXPECT_EQ(r.errors[0].line, 2);
  EXPECT_EQ(r.errors[0].column, 7 + int(fen.find('X')));
  EXPECT_EQ(r.errors[0].message.substr(0, 30), "line 2, column 49: bad FEN tag");
  // Semantic checks are optional.
  // A pawn on rank 1 fails only the plausibility checks (one king per side is always required).
  const std::string pawnOnFirstRank = "[FEN \"4k3/8/8/8/8/8/8/P2K4 w - - 0 1\"]\n*";
  EXPECT_EQ(read_pgn(pawnOnFirstRank).errors.at(0).kind, PgnErrorKind::BadFen);
  PgnReadOptions lax;
  lax.validateFen = false;
  EXPECT_TRUE(read_pgn(pawnOnFirstRank, lax).ok());
}

TEST(PgnErrors, StrictModeStopsAndKeepsTheGamesBefore) {
  std::string text = "1. e4 e5 1-0\n\n1. d4 Nz6 0-1\n\n1. c4 *\n";
  PgnReadResult strict = read_pgn(text);
  EXPECT_EQ(strict.games.size(), 1u);
  ASSERT_EQ(strict.errors.size(), 1u);
  EXPECT_EQ(strict.errors[0].game, 1);
  EXPECT_EQ(strict.errors[0].line, 3);
  PgnReadOptions skip;
  skip.skipBadGames = true;
  PgnReadResult lenient = read_pgn(text, skip);
  ASSERT_EQ(lenient.games.size(), 2u);
  EXPECT_EQ(mainline_san(lenient.games[1]), "c4");
  ASSERT_EQ(lenient.errors.size(), 1u);
  EXPECT_EQ(lenient.errors[0].game, 1);
}

TEST(PgnErrors, SkipModeRecoversFromEveryKindOfError) {
  const std::string text =
      "[Event \"0 good\"]\n\n1. e4 e5 1-0\n\n"
      "[Event \"1 illegal move\"]\n\n1. e4 e5 2. Ke3 {comment (with) parens} 2... d5 1-0\n\n"
      "[Event \"2 good\"]\n\n1. d4 d5 (1... Nf6 2. c4) 2. c4 1/2-1/2\n\n"
      "[Event \"3 unterminated string\n[Site \"?\"]\n\n1. e4 *\n\n"
      "[Event \"4 good\"]\n\n1. c4 *\n\n"
      "[Event \"5 unclosed variation\"]\n\n1. e4 (1. d4 d5\n\n"
      "[Event \"6 good\"]\n\n1. Nf3 *\n\n"
      "[Event \"7 bad FEN\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n"
      "[Event \"8 good\"]\n\n1. g3 *\n\n"
      "[Event \"9 unterminated comment\"]\n\n1. e4 {no end\n[%clk 0:01:00] text\n\n"
      "[Event \"10 good\"]\n\n1. b3 *\n\n"
      "1. e4 e5 2. Nf3 (2. f4 *\n"  // 11: result in a variation, no tags
      "1. h3 *\n";                  // 12 good, no tags
  PgnReadOptions skip;
  skip.skipBadGames = true;
  PgnReadResult r = read_pgn(text, skip);
  std::vector<std::string> firstMoves;
  for (const PgnGame& g : r.games) firstMoves.push_back(mainline_san(g).substr(0, 2));
  EXPECT_EQ(firstMoves, (std::vector<std::string>{"e4", "d4", "c4", "Nf", "g3", "b3", "h3"}));
  std::vector<int> badGames;
  std::vector<PgnErrorKind> kinds;
  for (const PgnError& e : r.errors) {
    badGames.push_back(e.game);
    kinds.push_back(e.kind);
  }
  EXPECT_EQ(badGames, (std::vector<int>{1, 3, 5, 7, 9, 11}));
  EXPECT_EQ(kinds, (std::vector<PgnErrorKind>{PgnErrorKind::BadMove, PgnErrorKind::UnterminatedString,
                                              PgnErrorKind::UnclosedVariation, PgnErrorKind::BadFen,
                                              PgnErrorKind::UnterminatedComment, PgnErrorKind::ResultInVariation}));
  EXPECT_EQ(r.errors[0].line, 7);
  EXPECT_EQ(r.errors[1].line, 13);
  EXPECT_EQ(r.errors[4].line, 41);
  EXPECT_EQ(*r.games[5].tag("Event"), "10 good");
}

TEST(PgnErrors, NestingIsLimitedWithoutRecursion) {
  // 100,000 nested variations: refused at level 257, with no deep recursion anywhere.
  std::string deep = "1. e4 ";
  for (int i = 0; i < 100000; ++i) deep += "(1. e4 ";
  PgnReadResult r = read_pgn(deep);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].kind, PgnErrorKind::NestingTooDeep);
  EXPECT_EQ(r.errors[0].column, 7 + 7 * 256);
  EXPECT_EQ(r.errors[0].message, "line 1, column 1799: variations nested more than 256 levels deep");
  // Exactly 256 levels are fine, and round trip.
  std::string ok = "1. e4 ";
  for (int i = 0; i < 256; ++i) ok += "(1. e4 ";
  ok += std::string(256, ')') + " *";
  PgnReadResult fine = read_ok(ok);
  ASSERT_EQ(fine.games.size(), 1u);
  EXPECT_EQ(max_depth(fine.games[0].moves), 256);
  expect_round_trip(ok);
  // A higher limit may be asked for, up to PGN_MAX_NESTING.
  PgnReadOptions deeper;
  deeper.maxNesting = 1'000'000;
  PgnReadResult capped = read_pgn(deep, deeper);
  EXPECT_EQ(capped.errors.at(0).column, 7 + 7 * PGN_MAX_NESTING);
  // A million '(' after a move: the second one has nothing to be an alternative to.
  PgnReadResult parens = read_pgn("1. e4 " + std::string(1'000'000, '('));
  EXPECT_EQ(parens.errors.at(0).kind, PgnErrorKind::VariationWithoutMove);
  EXPECT_EQ(parens.errors.at(0).column, 8);
}

TEST(PgnErrors, GarbageNeverCrashes) {
  Rng rng{987654321};
  PgnReadOptions skip;
  skip.skipBadGames = true;
  const std::string alphabet = "[]{}()\";%$!?.*-+=/#01 23456789\n\r\tabcdefghNBRQKOoxZ\\";
  for (int iter = 0; iter < 400; ++iter) {
    std::string text(size_t(rng.below_int(3000)), '\0');
    for (char& c : text) c = iter % 2 ? char(rng.below_int(256)) : alphabet[rng.below_int(int(alphabet.size()))];
    for (bool skipping : {false, true}) {
      PgnReadResult r = read_pgn(text, skipping ? skip : PgnReadOptions{});
      if (!skipping) {
        EXPECT_LE(r.errors.size(), 1u);
      }
      int lines = 1;
      for (char c : text) lines += c == '\n' || c == '\r';
      for (const PgnError& e : r.errors) {
        EXPECT_GE(e.line, 1);
        EXPECT_LE(e.line, lines);
        EXPECT_GE(e.column, 1);
        EXPECT_EQ(e.message.substr(0, 5), "line ");
        EXPECT_TRUE(valid_utf8(e.message)) << e.message;
      }
      // Whatever was read is a valid tree: it can be written and read back the same.
      PgnWriteResult w = write_pgn(std::span<const PgnGame>(r.games));
      ASSERT_TRUE(w.ok()) << w.error;
      PgnReadResult back = read_pgn(w.text);
      ASSERT_TRUE(back.ok()) << back.errors[0].message << "\n" << w.text;
      EXPECT_EQ(write_pgn(std::span<const PgnGame>(back.games)).text, w.text);
    }
  }
}

TEST(PgnErrors, MutatedFilesNeverCrash) {
  Rng rng{42};
  const std::string original = data_file("annotated.pgn") + "\n" + data_file("chess960.pgn") + "\n" +
                               data_file("lichess.pgn");
  PgnReadOptions skip;
  skip.skipBadGames = true;
  const char replacements[] = "(){}[]\"$;%\n 0Oo-+?!";
  for (int iter = 0; iter < 300; ++iter) {
    std::string text = original;
    int edits = 1 + rng.below_int(6);
    for (int k = 0; k < edits; ++k) {
      size_t at = size_t(rng.below_int(int(text.size())));
      switch (rng.below_int(3)) {
        case 0: text[at] = replacements[rng.below_int(int(sizeof replacements) - 1)]; break;
        case 1: text.erase(at, size_t(1 + rng.below_int(5))); break;
        default: text.insert(at, 1, replacements[rng.below_int(int(sizeof replacements) - 1)]); break;
      }
    }
    PgnReadResult r = read_pgn(text, skip);
    EXPECT_LE(r.games.size() + r.errors.size(), 40u);
    PgnWriteResult w = write_pgn(std::span<const PgnGame>(r.games));
    ASSERT_TRUE(w.ok()) << w.error;
    PgnReadResult back = read_pgn(w.text);
    ASSERT_TRUE(back.ok()) << back.errors[0].message;
    EXPECT_EQ(write_pgn(std::span<const PgnGame>(back.games)).text, w.text);
  }
}

TEST(PgnErrors, StreamingReaderMatchesReadPgn) {
  std::string text = data_file("lichess.pgn") + "\n1. e4 Nz6 *\n" + data_file("chess960.pgn");
  PgnReadOptions skip;
  skip.skipBadGames = true;
  PgnReader reader(text, skip);
  PgnGame game;
  PgnError error;
  std::vector<PgnReader::Status> statuses;
  for (PgnReader::Status s; (s = reader.next(game, error)) != PgnReader::Status::End;) statuses.push_back(s);
  using S = PgnReader::Status;
  EXPECT_EQ(statuses, (std::vector<S>{S::Game, S::Game, S::Game, S::Error, S::Game, S::Game, S::Game}));
  EXPECT_EQ(reader.games_seen(), 7);
  EXPECT_EQ(reader.next(game, error), S::End);
  PgnReader strict(text);
  int games = 0;
  for (PgnReader::Status s; (s = strict.next(game, error)) != S::End;) games += s == S::Game;
  EXPECT_EQ(games, 3);
  EXPECT_EQ(error.game, 3);
  EXPECT_EQ(strict.next(game, error), S::End);
  EXPECT_TRUE(read_pgn("").games.empty());
  EXPECT_TRUE(read_pgn("\xEF\xBB\xBF  \n% only an escape line\n\t").games.empty());
}

// ---------------------------------------------------------------- commands

TEST(PgnCommands, ParseFindAndSet) {
  auto cmds = parse_commands("[%clk 0:01:23.4] text [%eval #-3] [%emt 0:00:02][%bad-name x] [%  x] [%cal Ga1a2,Rb1b2]"
                             " [%empty] [%unclosed 1");
  ASSERT_EQ(cmds.size(), 5u);
  EXPECT_EQ(cmds[0].name, "clk");
  EXPECT_EQ(cmds[0].value, "0:01:23.4");
  EXPECT_EQ(cmds[1].name, "eval");
  EXPECT_EQ(cmds[1].value, "#-3");
  EXPECT_EQ(cmds[2].value, "0:00:02");
  EXPECT_EQ(cmds[3].name, "cal");
  EXPECT_EQ(cmds[4].name, "empty");
  EXPECT_EQ(cmds[4].value, "");

  std::string c = "Good move. [%clk 0:03:00]";
  set_command(c, "clk", "0:02:59.5");
  EXPECT_EQ(c, "Good move. [%clk 0:02:59.5]");
  set_command(c, "eval", "0.25");
  EXPECT_EQ(c, "Good move. [%clk 0:02:59.5] [%eval 0.25]");
  std::string empty;
  set_command(empty, "clk", "1:00:00");
  EXPECT_EQ(empty, "[%clk 1:00:00]");

  MoveNode n;
  n.commentsAfter = {"plain", "[%eval 1.5] and [%clk 0:00:09]"};
  EXPECT_EQ(find_command(n, "clk").value_or(""), "0:00:09");
  EXPECT_FALSE(find_command(n, "emt"));
}

TEST(PgnCommands, ClockAndEvalValues) {
  EXPECT_EQ(parse_clock("0:01:23.4"), 83400);
  EXPECT_EQ(parse_clock("1:00:00"), 3600000);
  EXPECT_EQ(parse_clock("12:34"), 754000);
  EXPECT_EQ(parse_clock("59"), 59000);
  EXPECT_EQ(parse_clock("0:00:00.125"), 125);
  EXPECT_EQ(parse_clock(" 0:03:00 "), 180000);
  for (const char* bad : {"", "1:60:00", "0:1:00", "a:00:00", "1:2:3:4", "0:00:0x", "0:00:00.", "-1:00:00"})
    EXPECT_FALSE(parse_clock(bad)) << bad;
  EXPECT_EQ(format_clock(83400), "0:01:23.4");
  EXPECT_EQ(format_clock(180000), "0:03:00");
  EXPECT_EQ(format_clock(3723050), "1:02:03");
  EXPECT_EQ(format_clock(36000000), "10:00:00");
  for (std::int64_t ms : {0LL, 100LL, 59900LL, 3599900LL, 7200000LL}) EXPECT_EQ(parse_clock(format_clock(ms)), ms);

  EXPECT_EQ(parse_eval("0.35"), (PgnEval{false, 35}));
  EXPECT_EQ(parse_eval("-1.2"), (PgnEval{false, -120}));
  EXPECT_EQ(parse_eval("+3"), (PgnEval{false, 300}));
  EXPECT_EQ(parse_eval("0.125"), (PgnEval{false, 13}));
  EXPECT_EQ(parse_eval("#-3"), (PgnEval{true, -3}));
  EXPECT_EQ(parse_eval("#7"), (PgnEval{true, 7}));
  EXPECT_EQ(parse_eval("0.17,22"), (PgnEval{false, 17}));
  for (const char* bad : {"", "#", "#1.5", "abc", "1.", ".5", "--1"}) EXPECT_FALSE(parse_eval(bad)) << bad;
}

// ---------------------------------------------------------------- Game conversions

TEST(PgnGameConversion, GameToPgnWithOutcomeAndClocks) {
  Game game;
  std::vector<std::int64_t> clocks;
  for (const char* uci : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}) {
    Move m = Move::none();
    for (Move x : legal_moves(game.position()))
      if (square_name(x.from()) + square_name(x.to()) == uci) m = x;
    ASSERT_FALSE(game.play(m));
    clocks.push_back(300000 - std::int64_t(clocks.size()) * 1500);
  }
  ASSERT_EQ(game.outcome().reason, OutcomeReason::Checkmate);
  std::vector<PgnTag> tags = {{"White", "Me"}, {"Result", "0-1"}, {"Event", "Casual"}};
  PgnFromGame p = pgn_from_game(game, tags, clocks);
  ASSERT_TRUE(p.ok()) << p.error;
  std::string text = write_ok(p.pgn);
  EXPECT_EQ(text,
            "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Me\"]\n[Black \"?\"]\n"
            "[Result \"1-0\"]\n[Termination \"normal\"]\n\n"
            "1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:04:58.5]} 2. Qh5 {[%clk 0:04:57]} 2...\n"
            "Nc6 {[%clk 0:04:55.5]} 3. Bc4 {[%clk 0:04:54]} 3... Nf6 {[%clk 0:04:52.5]} 4.\n"
            "Qxf7# {[%clk 0:04:51]} 1-0\n");
  // Back to a Game: the same moves and outcome.
  PgnReplay replay = pgn_to_game(read_ok(text).games.at(0));
  ASSERT_TRUE(replay.ok());
  ASSERT_EQ(replay.game.ply(), game.ply());
  for (int i = 0; i < game.ply(); ++i) EXPECT_EQ(replay.game.history()[i].move, game.history()[i].move);
  EXPECT_EQ(replay.game.outcome(), game.outcome());

  EXPECT_FALSE(pgn_from_game(game, {}, std::vector<std::int64_t>(8, 1000)).ok());
  EXPECT_EQ(pgn_from_game(game, {}, std::vector<std::int64_t>{-5}).error, "clock time 1 is negative (-5 ms)");
}

TEST(PgnGameConversion, TerminationTagsFromTheOutcome) {
  Game resigned;
  ASSERT_FALSE(resigned.play(parse_san(resigned.position(), "e4").move));
  ASSERT_FALSE(resigned.resign(BLACK));
  PgnFromGame r = pgn_from_game(resigned);
  EXPECT_EQ(*r.pgn.tag("Result"), "1-0");
  EXPECT_EQ(*r.pgn.tag("Termination"), "normal");
  EXPECT_EQ(r.pgn.result, "1-0");

  Game flagged;
  ASSERT_FALSE(flagged.flag(WHITE));
  EXPECT_EQ(*pgn_from_game(flagged).pgn.tag("Termination"), "time forfeit");
  EXPECT_EQ(*pgn_from_game(flagged).pgn.tag("Result"), "0-1");

  Game ongoing;
  PgnFromGame o = pgn_from_game(ongoing);
  EXPECT_EQ(*o.pgn.tag("Result"), "*");
  EXPECT_EQ(*o.pgn.tag("Termination"), "unterminated");
  EXPECT_FALSE(o.pgn.tag("FEN"));

  std::optional<Game> fischer = Game::chess960(0);
  ASSERT_TRUE(fischer);
  PgnFromGame f = pgn_from_game(*fischer);
  EXPECT_EQ(*f.pgn.tag("Variant"), "Chess960");
  EXPECT_EQ(*f.pgn.tag("SetUp"), "1");
  EXPECT_EQ(*f.pgn.tag("FEN"), to_fen(fischer->start_position()));
  PgnGame back = read_ok(write_ok(f.pgn)).games.at(0);
  EXPECT_TRUE(back.start.is_chess960());
  EXPECT_EQ(back.start, fischer->start_position());

  Position endgame;
  parse_fen("8/8/8/4k3/8/8/8/4K2R b K - 7 40", endgame);
  PgnFromGame e = pgn_from_game(Game(endgame));
  EXPECT_EQ(*e.pgn.tag("FEN"), "8/8/8/4k3/8/8/8/4K2R b K - 7 40");
  EXPECT_FALSE(e.pgn.tag("Variant"));
}

TEST(PgnGameConversion, ReplayStopsWhereTheGameCannotFollow) {
  PgnReplay withNull = pgn_to_game(read_ok("1. e4 -- 2. d4 *").games.at(0));
  EXPECT_FALSE(withNull.ok());
  EXPECT_EQ(withNull.error, "ply 2 (1... --): a null move cannot be played in a Game");
  EXPECT_EQ(withNull.game.ply(), 1);

  // Fivefold repetition ends the game on its own; a historical game that goes on is played on
  // (Game::play_on): the outcome stays that draw, and says where it happened.
  std::string dance = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
                      "9. e4 e5 *";
  PgnReplay fivefold = pgn_to_game(read_ok(dance).games.at(0));
  EXPECT_TRUE(fivefold.ok()) << fivefold.error;
  EXPECT_EQ(fivefold.game.outcome().reason, OutcomeReason::FivefoldRepetition);
  EXPECT_EQ(fivefold.game.ply(), 18);
  EXPECT_EQ(fivefold.game.ended_at_ply(), 16);
}

}  // namespace
}  // namespace escaque
