// FEN: round trips, every error kind with its field, offset and reason, the
// target left untouched on error, documented leniency, and garbage input.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "../support/perft_data.h"
#include "../support/positions.h"
#include "../support/prng.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#include "core/fen.h"
#include "core/movegen.h"

namespace escaque {
namespace {

using test::KIWIPETE;

std::vector<std::string> fields_of(const std::string& fen) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < fen.size()) {
    size_t j = fen.find(' ', i);
    if (j == std::string::npos) j = fen.size();
    if (j > i) out.push_back(fen.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// ---- round trips ----

TEST(Fen, StartPositionRoundTrip) {
  Position pos;
  ASSERT_FALSE(parse_fen(START_FEN, pos));
  Position start;
  start.set_startpos();
  EXPECT_TRUE(pos == start);
  EXPECT_EQ(to_fen(pos), START_FEN);
  EXPECT_EQ(to_fen(pos, true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

// Every data file position: to_fen reproduces the input (with the e.p. field
// normalised to what is legal, and the castling style the line used), and
// parsing the output gives the same position back.
TEST(Fen, DataFileRoundTrips) {
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  ASSERT_FALSE(cases.empty()) << error;
  for (const auto& c : cases) {
    Position pos;
    FenError e = parse_fen(c.fen, pos, FenOptions{c.chess960, true});
    ASSERT_FALSE(e) << "line " << c.line << ": " << e.message;
    auto board = ref::board_from_fen(c.fen, c.chess960);
    ASSERT_TRUE(board.has_value());
    std::vector<std::string> expected = fields_of(c.fen);
    expected[3] = square_name(ref::legal_en_passant_square(*board));
    std::string xfen = to_fen(pos), shredder = to_fen(pos, true);
    std::vector<std::string> gotX = fields_of(xfen), gotS = fields_of(shredder);
    EXPECT_TRUE(gotX == expected || gotS == expected)
        << "line " << c.line << ": " << c.fen << "\n -> " << xfen << "\n -> " << shredder;
    for (const std::string& out : {xfen, shredder}) {
      Position back;
      ASSERT_FALSE(parse_fen(out, back, FenOptions{c.chess960, true})) << out;
      EXPECT_TRUE(back == pos) << "line " << c.line << ": " << out;
      EXPECT_EQ(to_fen(back), xfen);
    }
    // Standard positions never need file letters.
    if (!c.chess960) {
      EXPECT_EQ(gotX[2].find_first_not_of("KQkq-"), std::string::npos) << xfen;
    }
  }
}

TEST(Fen, XFenAndShredderNameTheSameRooks) {
  // Rooks a1, b1 (queenside) and h1 with the king on c1: the castling rook on
  // the queenside is b1, not the outermost a1, so X-FEN must name its file.
  Position pos;
  ASSERT_FALSE(parse_fen("4k3/8/8/8/8/8/8/RRK4R w HB - 0 1", pos, FenOptions{true, true}));
  EXPECT_EQ(pos.castling_rook_square(castling_index(WHITE, false)), SQ_B1);
  EXPECT_EQ(pos.castling_rook_square(castling_index(WHITE, true)), SQ_H1);
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/RRK4R w KB - 0 1");
  EXPECT_EQ(to_fen(pos, true), "4k3/8/8/8/8/8/8/RRK4R w HB - 0 1");
  Position fromX;
  ASSERT_FALSE(parse_fen("4k3/8/8/8/8/8/8/RRK4R w KB - 0 1", fromX, FenOptions{true, true}));
  EXPECT_TRUE(fromX == pos);
  // "Q" means the outermost rook, a1: a different position.
  Position outer;
  ASSERT_FALSE(parse_fen("4k3/8/8/8/8/8/8/RRK4R w KQ - 0 1", outer, FenOptions{true, true}));
  EXPECT_EQ(outer.castling_rook_square(castling_index(WHITE, false)), SQ_A1);
  // Different rights, so different positions. (The Zobrist key hashes only
  // which rights exist, not which rook: within one game the castling rook of
  // a wing never changes, so keys still tell game positions apart.)
  EXPECT_FALSE(outer == pos);
  EXPECT_EQ(to_fen(outer, true), "4k3/8/8/8/8/8/8/RRK4R w HA - 0 1");
}

TEST(Fen, ShredderLettersForStandardChessAreStandard) {
  Position pos;
  ASSERT_FALSE(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", pos));
  Position start;
  start.set_startpos();
  EXPECT_TRUE(pos == start);
}

// ---- leniency (documented in fen.h) ----

TEST(Fen, FourFieldsMeanCountersZeroAndOne) {
  Position pos;
  ASSERT_FALSE(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", pos));
  EXPECT_EQ(pos.rule50(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(Fen, RunsOfBlanksBetweenFieldsAreAccepted) {
  Position a, b;
  ASSERT_FALSE(parse_fen(START_FEN, a));
  ASSERT_FALSE(parse_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w \tKQkq  -  0   1 \r\n", b));
  EXPECT_TRUE(a == b);
}

TEST(Fen, LargestCountersRoundTrip) {
  // Whatever the parser accepts must come back unchanged from to_fen.
  for (const char* fen : {"8/8/8/8/8/8/8/K6k w - - 150 32767", "8/8/8/8/8/8/8/K6k b - - 0 32767",
                          "8/8/8/8/8/8/8/K6k w - - 99999 1", "8/8/8/8/8/8/8/K6k w - - 0 99999"}) {
    Position pos;
    FenError e = parse_fen(fen, pos);
    if (!e) {
      EXPECT_EQ(to_fen(pos), fen) << "accepted, so it must be stored exactly";
    } else {
      EXPECT_TRUE(e.kind == FenErrorKind::HalfmoveClock || e.kind == FenErrorKind::FullmoveNumber)
          << e.message;
      EXPECT_NE(e.message.find("large"), std::string::npos) << e.message;
    }
  }
}

// ---- every error kind ----

struct FenErrorCase {
  std::string fen;
  FenErrorKind kind;
  int field;
  int offset;
  const char* reason;  // must appear in the message
  bool chess960 = false;
  bool validate = true;
};

// Offset of the n-th occurrence (0-based) of `what` in s: offsets are written
// as "where the bad text is" rather than as bare numbers.
int at(const std::string& s, const std::string& what, int nth = 0) {
  size_t p = s.find(what);
  while (nth-- > 0) p = s.find(what, p + 1);
  EXPECT_NE(p, std::string::npos) << what << " not in " << s;
  return int(p);
}

std::vector<FenErrorCase> error_cases() {
  std::vector<FenErrorCase> v;
  auto add = [&v](std::string fen, FenErrorKind k, int field, int offset, const char* reason,
                  bool c960 = false, bool validate = true) {
    v.push_back({std::move(fen), k, field, offset, reason, c960, validate});
  };
  using K = FenErrorKind;
  std::string s;

  add("", K::Empty, 0, 0, "empty");
  add(" \t \r\n", K::Empty, 0, 0, "empty");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w";
  add(s, K::FieldCount, 0, int(s.size()), "found 2");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
  add(s, K::FieldCount, 0, int(s.size()), "found 5");
  s = std::string(START_FEN) + " extra";
  add(s, K::FieldCount, 0, at(s, "extra"), "found 7");

  s = "8/8/8/8/8/8/8 w - - 0 1";
  add(s, K::BoardRankCount, 1, 13, "found 7 ranks");
  s = "8/8/8/8/8/8/8/8/8 w - - 0 1";
  add(s, K::BoardRankCount, 1, 15, "more than 8 ranks");

  s = "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardRankLength, 1, 16, "rank 7 describes 7 squares");
  s = "rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardRankLength, 1, 19, "rank 6 describes more than 8");
  s = "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardRankLength, 1, 8, "rank 8 describes more than 8");
  s = "rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardRankLength, 1, 9, "rank 7 describes 0 squares");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
  add(s, K::BoardRankLength, 1, 42, "rank 1 describes 7 squares");

  s = "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardCharacter, 1, at(s, "X"), "'X' is not a piece letter");
  s = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardCharacter, 1, 18, "'9'");
  s = "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  add(s, K::BoardCharacter, 1, 18, "'0'");
  s = "rnbqkbnr/pppppppp/8/8/\xC3\xA9"
      "7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";  // UTF-8 e-acute
  add(s, K::BoardCharacter, 1, 22, "byte 0xC3");
  s = std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB") + '\0' + "KBNR w KQkq - 0 1";
  add(s, K::BoardCharacter, 1, 38, "byte 0x00");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
  add(s, K::SideToMove, 2, 44, "'x' is not 'w' or 'b'");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1";
  add(s, K::SideToMove, 2, 44, "'W'");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1";
  add(s, K::SideToMove, 2, 44, "'wb'");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1";
  add(s, K::CastlingSyntax, 3, at(s, "X"), "'X' is not a castling letter");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1";
  add(s, K::CastlingSyntax, 3, 47, "repeats");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1";
  add(s, K::CastlingSyntax, 3, 47, "repeats");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1";
  add(s, K::CastlingSyntax, 3, 46, "'-'");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1";
  add(s, K::EnPassantSyntax, 4, 51, "'e9' is not '-' or a square");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1";
  add(s, K::EnPassantSyntax, 4, 51, "'E6'");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1";
  add(s, K::HalfmoveClock, 5, 53, "'x' is not a non-negative whole number");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1";
  add(s, K::HalfmoveClock, 5, 53, "'-1'");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1234567 1";
  add(s, K::HalfmoveClock, 5, 53, "'1234567'");

  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0";
  add(s, K::FullmoveNumber, 6, 55, "'0' is not a positive whole number");
  s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x";
  add(s, K::FullmoveNumber, 6, 55, "'1x'");

  add("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", K::KingCount, 1, 0, "black has 0 kings");
  add("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", K::KingCount, 1, 0, "white has 2 kings");
  s = "  4k3/8/8/8/8/8/8/8 w - - 0 1";
  add(s, K::KingCount, 1, 2, "white has 0 kings");

  add("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", K::PawnOnBackRank, 1, 0, "h8");
  add("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", K::PawnOnBackRank, 1, 0, "a1");

  s = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1";
  add(s, K::OpponentInCheck, 2, at(s, " w ") + 1, "black is in check but it is white's turn");

  add("4r2k/8/8/8/1b6/3n4/8/4K3 w - - 0 1", K::TooManyCheckers, 1, 0, "checked by 3 pieces");

  add("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", K::TooManyPieces, 1, 0, "9 pawns");
  add("rnbqkbnr/pppppppp/8/8/8/n7/8/4K3 w - - 0 1", K::TooManyPieces, 1, 0, "black has 17 pieces");

  add("4k3/8/8/8/8/QQQ5/PPPPPP2/RNBQKB1R w - - 0 1", K::ImpossiblePromotions, 1, 0,
      "3 pieces beyond the starting set but only 2 pawns");

  s = "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1";
  add(s, K::CastlingRights, 3, at(s, "KQkq"), "needs a white rook on h1");
  s = "4k3/8/8/8/8/8/8/R4K1R w K - 0 1";
  add(s, K::CastlingRights, 3, at(s, " K ") + 1, "needs the white king on e1");
  s = "4k3/8/8/8/8/8/4K3/R6R w K - 0 1";
  add(s, K::CastlingRights, 3, at(s, " K ") + 1, "on its first rank, but it is on e2");
  s = "4k3/8/8/8/8/8/8/R3K2R w KC - 0 1";
  add(s, K::CastlingRights, 3, at(s, "KC") + 1, "needs a white rook on c1", true);
  s = "4k3/8/8/8/8/8/8/R4KR1 w G - 0 1";
  add(s, K::CastlingRights, 3, at(s, " G ") + 1, "Chess960 positions need Chess960 mode");
  s = "4k3/8/8/8/8/8/8/1K5R w Q - 0 1";
  add(s, K::CastlingRights, 3, at(s, " Q ") + 1, "queenside of the king", true);
  s = "4k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
  add(s, K::CastlingRights, 3, at(s, "Kq") + 1, "needs a black rook on a8");

  s = "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1";
  add(s, K::EnPassantSquare, 4, at(s, "e3"), "must be on rank 6");
  s = "4k3/8/8/8/8/8/8/4K3 w - d6 0 1";
  add(s, K::EnPassantSquare, 4, at(s, "d6"), "needs a black pawn on d5");
  s = "4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1";
  add(s, K::EnPassantSquare, 4, at(s, "d6"), "d7 empty");
  s = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 5 1";
  add(s, K::EnPassantSquare, 4, at(s, "d6"), "halfmove clock must be 0");

  // Syntax is checked, and so is what the move generator relies on, even without validation.
  add("8/8/8/8/8/8/8/8 w - - 0 1", K::KingCount, 1, 0, "white has 0 kings", false, false);
  s = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1";
  add(s, K::OpponentInCheck, 2, at(s, " w ") + 1, "black is in check", false, false);
  s = "8/8/8/8/8/8/8/R3K2R w Kk - 0 1";
  add(s, K::KingCount, 1, 0, "black has 0 kings", false, false);
  s = "4k3/8/8/8/8/8/8/4K3 w - - 0 x";
  add(s, K::FullmoveNumber, 6, at(s, " x") + 1, "'x'", false, false);
  return v;
}

TEST(Fen, EveryErrorKindWithFieldOffsetAndReason) {
  std::set<FenErrorKind> seen;
  for (const FenErrorCase& c : error_cases()) {
    Position pos;
    ASSERT_FALSE(parse_fen(KIWIPETE, pos));
    const Position before = pos;
    FenError e = parse_fen(c.fen, pos, FenOptions{c.chess960, c.validate});
    SCOPED_TRACE("FEN \"" + c.fen + "\"");
    EXPECT_EQ(fen_error_name(e.kind), std::string(fen_error_name(c.kind))) << e.message;
    EXPECT_EQ(e.field, c.field) << e.message;
    EXPECT_EQ(e.offset, c.offset) << e.message;
    EXPECT_NE(e.message.find(c.reason), std::string::npos) << "message: " << e.message;
    EXPECT_NE(e.message.find("character " + std::to_string(c.offset + 1)), std::string::npos) << e.message;
    // The detail is the message's why alone: what follows the place, with no place in it.
    EXPECT_NE(e.detail.find(c.reason), std::string::npos) << "detail: " << e.detail;
    EXPECT_EQ(e.detail.find("character"), std::string::npos) << e.detail;
    EXPECT_EQ(e.message.substr(e.message.size() - e.detail.size()), e.detail) << e.message;
    EXPECT_EQ(e.message.compare(e.message.size() - e.detail.size() - 2, 2, ": "), 0) << e.message;
    EXPECT_TRUE(bool(e));
    EXPECT_TRUE(pos == before) << "the target must be unchanged on error";
    EXPECT_EQ(pos.key(), before.key());
    seen.insert(e.kind);
  }
  // Every kind except None is produced by at least one input above.
  for (int k = int(FenErrorKind::Empty); k <= int(FenErrorKind::EnPassantSquare); ++k)
    EXPECT_TRUE(seen.count(FenErrorKind(k))) << "no input produced " << fen_error_name(FenErrorKind(k));
}

TEST(Fen, ValidateOffAcceptsImplausibleButPlayablePositions) {
  const FenOptions lax{false, false};
  Position pos;
  // Nine queens, three checkers, a pawn on the back rank: rejected by default, fine for analysis.
  for (const char* fen : {"4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", "4r2k/8/8/8/1b6/3n4/8/4K3 w - - 0 1",
                          "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "K1P4r/8/8/8/8/8/8/7k w - - 0 1",
                          "7K/8/8/8/8/8/8/k1p4R b - - 0 1"}) {
    FenError strict = parse_fen(fen, pos);
    EXPECT_TRUE(bool(strict)) << fen;
    FenError e = parse_fen(fen, pos, lax);
    ASSERT_FALSE(e) << fen << ": " << e.message;
    EXPECT_TRUE(pos.is_consistent()) << fen;
    EXPECT_EQ(to_fen(pos), fen);
    // The generator copes with them, and agrees with the reference board.
    auto board = ref::board_from_fen(fen, false);
    ASSERT_TRUE(board.has_value());
    std::vector<Move> slow = ref::legal_moves(*board);
    EXPECT_EQ(count_legal_moves(pos), int(slow.size())) << fen;
  }
}

// ---- garbage never crashes, always yields a typed error or a sound position ----

void expect_sane_result(const std::string& input, const FenOptions& options) {
  Position pos;
  ASSERT_FALSE(parse_fen(KIWIPETE, pos));
  const Position before = pos;
  FenError e = parse_fen(input, pos, options);
  if (e) {
    EXPECT_TRUE(pos == before);
    EXPECT_FALSE(e.message.empty());
    EXPECT_GE(e.offset, 0);
    EXPECT_LE(e.offset, int(input.size()));
    EXPECT_GE(e.field, 0);
    EXPECT_LE(e.field, 6);
    return;
  }
  EXPECT_TRUE(pos.is_consistent()) << input;
  std::string out = to_fen(pos);
  Position back;
  ASSERT_FALSE(parse_fen(out, back, options)) << out;
  EXPECT_TRUE(back == pos) << out;
  (void)count_legal_moves(pos);
}

TEST(Fen, RandomBytesNeverCrash) {
  test::SplitMix64 rng(42);
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqAHah0123456789e3e6 \t";
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    size_t len = rng.below(90);
    bool anyByte = i % 2 == 0;
    for (size_t j = 0; j < len; ++j)
      s += anyByte ? char(rng.below(256)) : alphabet[rng.below(alphabet.size())];
    expect_sane_result(s, FenOptions{i % 3 == 0, i % 5 != 0});
  }
}

TEST(Fen, MutatedValidFensNeverCrash) {
  test::SplitMix64 rng(7);
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  ASSERT_FALSE(cases.empty()) << error;
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0";
  for (int i = 0; i < 20000; ++i) {
    const auto& c = cases[rng.below(cases.size())];
    std::string s = c.fen;
    for (int edits = 1 + int(rng.below(3)); edits > 0 && !s.empty(); --edits) {
      size_t p = rng.below(s.size());
      switch (rng.below(3)) {
        case 0:
          s[p] = alphabet[rng.below(alphabet.size())];
          break;
        case 1:
          s.insert(s.begin() + long(p), alphabet[rng.below(alphabet.size())]);
          break;
        default:
          s.erase(p, 1);
      }
    }
    expect_sane_result(s, FenOptions{c.chess960, i % 4 != 0});
  }
}

TEST(Fen, HugeAndOddInputsNeverCrash) {
  std::vector<std::string> inputs = {
      std::string(1 << 20, ' '),
      std::string(1 << 20, '8'),
      std::string(1 << 20, '/'),
      std::string(1 << 20, 'K'),
      std::string(START_FEN) + std::string(1 << 20, ' ') + "x",
      std::string(100000, 'w').insert(0, "8/8/8/8/8/8/8/K6k "),
      std::string(START_FEN).replace(0, 1, std::string(1, '\0')),
      std::string(64, '\0'),
      "\xE2\x99\x94\xE2\x99\x9A w - - 0 1",                                    // U+2654 U+265A (chess kings)
      "\xEF\xBB\xBFrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // byte-order mark
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 1 0 1",
      "////////",
      "8/8/8/8/8/8/8/8/",
      "11111111/8/8/8/8/8/8/8 w - - 0 1",
  };
  std::string manyFields;
  for (int i = 0; i < 100000; ++i) manyFields += "x ";
  inputs.push_back(manyFields);
  for (const auto& s : inputs)
    for (bool validate : {true, false}) {
      Position pos;
      FenError e = parse_fen(s, pos, FenOptions{false, validate});
      EXPECT_TRUE(bool(e)) << "garbage accepted: " << s.substr(0, 80);
      EXPECT_LE(e.offset, int(s.size()));
    }
}

TEST(Fen, HelperFunctions) {
  EXPECT_EQ(parse_square("a1"), SQ_A1);
  EXPECT_EQ(parse_square("h8"), SQ_H8);
  for (const char* bad : {"", "a", "a9", "i1", "A1", "a0", "a10", "11"})
    EXPECT_EQ(parse_square(bad), SQ_NONE) << bad;
  EXPECT_EQ(square_name(SQ_E4), "e4");
  EXPECT_EQ(square_name(SQ_NONE), "-");
  EXPECT_EQ(piece_to_char(make_piece(WHITE, KNIGHT)), 'N');
  EXPECT_EQ(piece_to_char(make_piece(BLACK, QUEEN)), 'q');
  EXPECT_EQ(piece_to_char(NO_PIECE), '.');
  EXPECT_STREQ(fen_error_name(FenErrorKind::BoardCharacter), "BoardCharacter");
}

}  // namespace
}  // namespace escaque
