// What the PGN fuzzer (tests/fuzz/pgn_fuzz.cpp) found, one test per finding, each with the input
// it reduced to. See docs/benchmarks.md ("Fuzzing") for the runs.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "notation/pgn.h"

namespace escaque {
namespace {

// Finding 1: with nagGlyphs the writer glues a glyph to a null move ("--!"), and the lexer read
// "--!" as an unexpected '-': the writer's own output did not read back. Fuzz input (option byte
// '5': figurines, glyphs, one line): "5 2. Nf3 Z0! ;\0\0\0\n".
TEST(PgnFuzzFindings, GlyphGluedToANullMoveReadsBack) {
  PgnReadResult r = read_pgn("1. Nf3 Z0! 2. e4 --?! 3. d4 --!! *");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  ASSERT_EQ(r.games.size(), 1u);
  const PgnLine& moves = r.games[0].moves;
  ASSERT_EQ(moves.size(), 6u);
  EXPECT_TRUE(moves[1].is_null());
  EXPECT_EQ(moves[1].nags, std::vector<std::uint8_t>{1});
  EXPECT_TRUE(moves[3].is_null());
  EXPECT_EQ(moves[3].nags, std::vector<std::uint8_t>{6});
  EXPECT_EQ(moves[3].san, "--");
  EXPECT_EQ(moves[4].nags.size(), 0u);
  EXPECT_EQ(moves[5].nags, std::vector<std::uint8_t>{3});

  PgnWriteOptions glyphs;
  glyphs.nagGlyphs = true;
  PgnWriteResult w = write_pgn(r.games[0], glyphs);
  ASSERT_TRUE(w.ok()) << w.error;
  EXPECT_NE(w.text.find("1. Nf3 --! 2. e4 --?! 3. d4 --!! *"), std::string::npos) << w.text;
  PgnReadResult back = read_pgn(w.text);
  ASSERT_TRUE(back.ok()) << back.errors[0].message << "\n" << w.text;
  ASSERT_EQ(back.games.size(), 1u);
  EXPECT_EQ(back.games[0].moves[1].nags, moves[1].nags);
  EXPECT_EQ(back.games[0].moves[3].nags, moves[3].nags);
  EXPECT_EQ(back.games[0].moves[5].nags, moves[5].nags);

  // A glyph that is none of the six is refused after a null move as after any move.
  PgnReadResult bad = read_pgn("1. e4 --!!? *");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].kind, PgnErrorKind::BadAnnotation);
  EXPECT_EQ(bad.errors[0].column, 7);
  EXPECT_NE(bad.errors[0].message.find("'!!?' after '--'"), std::string::npos) << bad.errors[0].message;
  // "---" is still not a null move.
  PgnReadResult dashes = read_pgn("1. e4 --- *");
  ASSERT_EQ(dashes.errors.size(), 1u);
  EXPECT_EQ(dashes.errors[0].kind, PgnErrorKind::UnexpectedCharacter);
}

// Finding 2 (session 14): the comment of an empty variation was kept for the next move ("before"
// it), but with the "( )" dropped the writer can only write it between the two moves, where it
// reads back as the first move's comment: "1. e4 {c} 1... d5". Such a comment is now the move's own.
// Fuzz input reduced by hand from "1. e4 ( 2; d4d move\"]\n\n1. )4 d5 *".
TEST(PgnFuzzFindings, CommentOfAnEmptyVariationStaysWhereTheTextPutsIt) {
  for (const char* text : {"1. e4 ( ;c\n) d5 *", "1. e4 ( {c} ) d5 *", "1. e4 {a} ( {c} ) ( ) d5 *"}) {
    PgnReadResult r = read_pgn(text);
    ASSERT_TRUE(r.ok()) << text << ": " << r.errors[0].message;
    const PgnLine& moves = r.games.at(0).moves;
    ASSERT_EQ(moves.size(), 2u) << text;
    EXPECT_TRUE(moves[0].variations.empty()) << text;
    EXPECT_EQ(moves[0].commentsAfter.back(), "c") << text;
    EXPECT_TRUE(moves[1].commentsBefore.empty()) << text;
    PgnWriteResult w = write_pgn(r.games[0]);
    ASSERT_TRUE(w.ok()) << w.error;
    PgnReadResult back = read_pgn(w.text);
    ASSERT_TRUE(back.ok()) << w.text;
    EXPECT_EQ(back.games.at(0).moves, moves) << text << " written as\n" << w.text;
  }
  // After a real variation the comment still belongs to the next move, written after the ')'.
  PgnReadResult r = read_pgn("1. e4 (1. d4) ( {c} ) d5 *");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  const PgnLine& moves = r.games.at(0).moves;
  ASSERT_EQ(moves[0].variations.size(), 1u);
  EXPECT_EQ(moves[1].commentsBefore, std::vector<std::string>{"c"});
  PgnWriteResult w = write_pgn(r.games[0]);
  EXPECT_NE(w.text.find("1. e4 (1. d4) {c} 1... d5"), std::string::npos) << w.text;
  EXPECT_EQ(read_pgn(w.text).games.at(0).moves, moves) << w.text;
}

// Finding 3 (session 14): a bad FEN tag's column was counted from the value of the *last* FEN tag while
// the position comes from the first: with a long bad first value and a short later one the column
// fell past the end of the input. Fuzz input (option byte 'm': skip bad games), its third line:
// "\x9e/lacQ[FEN \"+0- \"lacQ+0-\xff#[FEN[Event \" \"+0- \"B\"][FEN \"ultnl\"]". The column also counted
// the value's escapes as one character each; it now points at the character of the text.
TEST(PgnFuzzFindings, BadFenColumnIsInTheFirstFenTagAndCountsEscapes) {
  PgnReadResult two = read_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*");
  ASSERT_EQ(two.errors.size(), 1u);
  EXPECT_EQ(two.errors[0].kind, PgnErrorKind::BadFen);
  EXPECT_EQ(two.errors[0].line, 1);
  EXPECT_EQ(two.errors[0].column, 30) << two.errors[0].message;  // the end of the first value: its '"'
  // "1 2 3 \"4 5": five fields; the end of the value is column 18 (the closing quote), not 17.
  PgnReadResult escaped = read_pgn("[FEN \"1 2 3 \\\"4 5\"]\n\n*");
  ASSERT_EQ(escaped.errors.size(), 1u);
  EXPECT_EQ(escaped.errors[0].column, 18) << escaped.errors[0].message;
  PgnReadResult plain = read_pgn("[FEN \"1 2 3 4 5\"]\n\n*");
  ASSERT_EQ(plain.errors.size(), 1u);
  EXPECT_EQ(plain.errors[0].column, 16) << plain.errors[0].message;
  // A later Variant or SetUp tag does not move the error of the first either.
  PgnReadResult variant = read_pgn("[Variant \"Atomic\"]\n[Variant \"Standard\"]\n\n*");
  ASSERT_EQ(variant.errors.size(), 1u);
  EXPECT_EQ(variant.errors[0].kind, PgnErrorKind::UnsupportedVariant);
  EXPECT_EQ(variant.errors[0].line, 1);
  EXPECT_EQ(variant.errors[0].column, 11);  // its value's first character
}

}  // namespace
}  // namespace escaque
