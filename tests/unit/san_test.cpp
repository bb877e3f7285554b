// SAN / long algebraic output and lenient SAN input, in every language.
//
// Three kinds of test:
//  - properties over every legal move of many positions (hand-picked, random playouts of standard
//    chess and Chess960, promotion-heavy ones): the SAN is unique, follows the PGN grammar and the
//    PGN disambiguation rule (checked against a naive oracle over the legal list), its check/mate
//    mark is right, and it, the long algebraic form, the UCI form and a dozen sloppy variants all
//    parse back to the same move in every language;
//  - exact expected output and exact error messages for hand-picked cases;
//  - garbage: nothing crashes, errors are Syntax (or Empty) with a valid UTF-8 message.
#include <gtest/gtest.h>

#include <cstdint>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "../support/perft_data.h"
#include "../support/positions.h"
#include "../support/prng.h"
#include "../support/utf8.h"
#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/san.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

using test::KIWIPETE;

using test::from_fen;

using Rng = test::SplitMix64;

using test::valid_utf8;

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

std::string without_suffix(std::string s) {
  while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
  return s;
}

// The letter of the piece that moves, as the oracle expects it at the start of the SAN.
std::string expected_prefix(const Position& pos, Move m, Language lang) {
  if (m.kind() == CASTLING) return "O-O";
  return std::string(piece_symbol(lang, type_of(pos.moved_piece(m))));
}

// PGN disambiguation, computed naively from the whole legal list: the oracle for move_to_san.
std::string expected_disambiguation(const Position& pos, Move m, const MoveList& legal) {
  PieceType pt = type_of(pos.moved_piece(m));
  if (pt == PAWN || pt == KING || m.kind() == CASTLING) return "";
  bool any = false, sameFile = false, sameRank = false;
  for (Move x : legal) {
    if (x == m || x.to() != m.to() || x.kind() == CASTLING || type_of(pos.moved_piece(x)) != pt) continue;
    any = true;
    sameFile |= file_of(x.from()) == file_of(m.from());
    sameRank |= rank_of(x.from()) == rank_of(m.from());
  }
  if (!any) return "";
  if (!sameFile) return std::string(1, char('a' + file_of(m.from())));
  if (!sameRank) return std::string(1, char('1' + rank_of(m.from())));
  return square_name(m.from());
}

const char* expected_check_mark(const Position& pos, Move m) {
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  if (!after.in_check()) return "";
  return has_legal_move(after) ? "+" : "#";
}

// Sloppy spellings of m, built from its SAN and long form, that must all mean m.
std::vector<std::string> lenient_variants(const Position& pos, Move m, Language lang) {
  std::string san = move_to_san(pos, m, lang), lan = move_to_lan(pos, m, lang);
  std::string bare = without_suffix(san), bareLan = without_suffix(lan);
  std::vector<std::string> v = {bare, san + "!?", bare + "??", bare + "+", bare + "#", bare + "++", " " + san + " ",
                                bareLan, replace_all(bareLan, "-", ""), replace_all(bareLan, "x", ":"),
                                replace_all(bareLan, "x", ""), move_to_uci(pos, m)};
  if (m.kind() == CASTLING) {
    v.push_back(replace_all(bare, "O", "0"));
    v.push_back(replace_all(bare, "O", "o"));
    v.push_back(replace_all(bare, "-", ""));
    return v;
  }
  if (pos.is_capture(m)) v.push_back(replace_all(bare, "x", ""));
  else if (type_of(pos.moved_piece(m)) != PAWN) v.push_back(bare.substr(0, bare.size() - 2) + "x" + bare.substr(bare.size() - 2));
  if (m.kind() == EN_PASSANT) {
    v.push_back(bare + " e.p.");
    v.push_back(bare + "ep");
    v.push_back(bare + " a. p.");
  }
  if (m.kind() == PROMOTION) {
    std::string piece(piece_symbol(lang, m.promotion()));
    v.push_back(replace_all(bare, "=", ""));
    v.push_back(replace_all(bare, "=" + piece, "(" + piece + ")"));
    v.push_back(replace_all(bare, "=", "/"));
  }
  // Over-disambiguation: the full origin square after the piece letter.
  PieceType pt = type_of(pos.moved_piece(m));
  if (pt != PAWN) v.push_back(std::string(piece_symbol(lang, pt)) + square_name(m.from()) + square_name(m.to()));
  return v;
}

// Every property of output and input for every legal move of pos in language lang.
void check_all_moves(const Position& pos, Language lang, bool variants, const std::string& where) {
  static const std::regex ENGLISH_SAN(R"(^(([KQRBN]([a-h]|[1-8]|[a-h][1-8])?x?[a-h][1-8])|([a-h]x)?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?$)");
  static const std::regex ENGLISH_LAN(R"(^(([KQRBN]?[a-h][1-8][-x][a-h][1-8](=[QRBN])?)|O-O(-O)?)[+#]?$)");
  MoveList legal = legal_moves(pos);
  std::set<std::string> seen;
  for (Move m : legal) {
    std::string san = move_to_san(pos, m, lang);
    std::string ctx = where + " [" + language_code(lang) + "] " + move_to_uci(pos, m) + " " + san;
    ASSERT_TRUE(seen.insert(san).second) << ctx << ": two legal moves share one SAN";
    ASSERT_TRUE(valid_utf8(san)) << ctx;
    if (lang == Language::English) {
      ASSERT_TRUE(std::regex_match(san, ENGLISH_SAN)) << ctx;
      ASSERT_TRUE(std::regex_match(move_to_lan(pos, m, lang), ENGLISH_LAN)) << ctx << " " << move_to_lan(pos, m);
    }
    // Structure against the oracles: letter, disambiguation, check mark.
    std::string prefix = expected_prefix(pos, m, lang);
    ASSERT_EQ(san.substr(0, prefix.size()), prefix) << ctx;
    if (m.kind() != CASTLING) {
      std::string rest = san.substr(prefix.size());
      std::string dis = expected_disambiguation(pos, m, legal);
      ASSERT_EQ(rest.substr(0, dis.size()), dis) << ctx;
      rest = rest.substr(dis.size());
      bool pawnCapture = type_of(pos.moved_piece(m)) == PAWN && pos.is_capture(m);
      ASSERT_EQ(rest[pawnCapture ? 1 : 0] == 'x', pos.is_capture(m)) << ctx;
    }
    const char* mark = expected_check_mark(pos, m);
    ASSERT_EQ(san.size() - without_suffix(san).size(), std::string(mark).size()) << ctx;
    ASSERT_TRUE(san.ends_with(mark)) << ctx;

    SanResult r = parse_san(pos, san, lang);
    ASSERT_TRUE(r.ok()) << ctx << ": " << r.message;
    ASSERT_EQ(r.move, m) << ctx;
    SanParseOptions strict;
    strict.strict = true;
    r = parse_san(pos, san, lang, strict);
    ASSERT_TRUE(r.ok() && r.move == m) << ctx << " (strict): " << r.message;
    r = parse_san(pos, move_to_lan(pos, m, lang), lang);
    ASSERT_TRUE(r.ok() && r.move == m) << ctx << " long " << move_to_lan(pos, m, lang) << ": " << r.message;
    if (!variants) continue;
    for (const std::string& text : lenient_variants(pos, m, lang)) {
      r = parse_san(pos, text, lang);
      ASSERT_TRUE(r.ok() && r.move == m) << ctx << " variant '" << text << "': " << r.message;
    }
    // The minimal disambiguation is necessary: without it the move is ambiguous.
    std::string dis = expected_disambiguation(pos, m, legal);
    if (!dis.empty()) {
      std::string stripped = prefix + san.substr(prefix.size() + dis.size());
      r = parse_san(pos, stripped, lang);
      ASSERT_EQ(r.kind, SanError::Ambiguous) << ctx << " '" << stripped << "'";
      ASSERT_TRUE(std::find(r.candidates.begin(), r.candidates.end(), m) != r.candidates.end()) << ctx;
    }
  }
}

void check_all_languages(const Position& pos, const std::string& where) {
  for (Language lang : ALL_LANGUAGES) check_all_moves(pos, lang, true, where);
}

// ---------------------------------------------------------------- languages

TEST(SanLanguage, ParsesCodesAndNames) {
  EXPECT_EQ(parse_language("en"), Language::English);
  EXPECT_EQ(parse_language("es"), Language::Spanish);
  EXPECT_EQ(parse_language("fr"), Language::French);
  EXPECT_EQ(parse_language("de"), Language::German);
  EXPECT_EQ(parse_language("nl"), Language::Dutch);
  EXPECT_EQ(parse_language("figurine"), Language::Figurine);
  EXPECT_EQ(parse_language(" Spanish "), Language::Spanish);
  EXPECT_EQ(parse_language("espa\u00f1ol"), Language::Spanish);
  EXPECT_EQ(parse_language("es-AR"), Language::Spanish);
  EXPECT_EQ(parse_language("en_GB"), Language::English);
  EXPECT_EQ(parse_language("DEUTSCH"), Language::German);
  EXPECT_EQ(parse_language("nederlands"), Language::Dutch);
  EXPECT_EQ(parse_language("Fran\u00e7ais"), Language::French);
  EXPECT_EQ(parse_language("fig"), Language::Figurine);
  EXPECT_FALSE(parse_language(""));
  EXPECT_FALSE(parse_language("e"));
  EXPECT_FALSE(parse_language("english-ish"));
  EXPECT_FALSE(parse_language("it"));
  EXPECT_FALSE(parse_language("\xFF\xFE"));
  for (Language lang : ALL_LANGUAGES) {
    EXPECT_EQ(parse_language(language_code(lang)), lang);
    EXPECT_EQ(parse_language(language_name(lang)), lang);
  }
}

TEST(SanLanguage, PieceLetterTable) {
  struct Row {
    Language lang;
    const char* kqrbn[5];
  };
  const Row rows[] = {
      {Language::English, {"K", "Q", "R", "B", "N"}},
      {Language::Spanish, {"R", "D", "T", "A", "C"}},
      {Language::French, {"R", "D", "T", "F", "C"}},
      {Language::German, {"K", "D", "T", "L", "S"}},
      {Language::Dutch, {"K", "D", "T", "L", "P"}},
      {Language::Figurine, {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658"}},
  };
  const PieceType order[5] = {KING, QUEEN, ROOK, BISHOP, KNIGHT};
  for (const Row& row : rows) {
    EXPECT_EQ(piece_symbol(row.lang, PAWN), "");
    for (int k = 0; k < 5; ++k) {
      EXPECT_EQ(piece_symbol(row.lang, order[k]), row.kqrbn[k]) << language_code(row.lang);
      if (row.lang != Language::Figurine) {
        EXPECT_EQ(piece_from_letter(row.lang, row.kqrbn[k][0]), order[k]);
      }
    }
  }
  EXPECT_EQ(piece_from_letter(Language::Spanish, 'N'), NO_PIECE_TYPE);
  EXPECT_EQ(piece_from_letter(Language::Figurine, 'N'), KNIGHT);  // keyboards have no figurines
  EXPECT_EQ(figurine_at("\u265E").type, KNIGHT);                 // black figurines are read too
  EXPECT_EQ(figurine_at("\u265F").type, PAWN);
  EXPECT_EQ(figurine_at("\xE2\x99").length, 0);                 // truncated
}

// ---------------------------------------------------------------- exact output

struct Expected {
  const char* fen;
  const char* uci;
  const char* san;
  const char* lan;
};

TEST(SanOutput, HandPickedMovesInEnglish) {
  const Expected cases[] = {
      {START_FEN, "g1f3", "Nf3", "Ng1-f3"},
      {START_FEN, "e2e4", "e4", "e2-e4"},
      // Disambiguation by file, by rank, by both (three queens), and not at all when the rival is pinned.
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2", "Nb1-d2"},
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2", "Nf3-d2"},
      {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3", "Ra1-a3"},
      {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3", "Ra5-a3"},
      {"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1", "Qh4-e1"},
      {"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1", "Qe4-e1"},
      {"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1", "Qh1-e1"},
      {"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4f2", "Qf2", "Qh4-f2"},
      {"4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1", "b1d2", "Nd2", "Nb1-d2"},
      // Two knights on one file and a third elsewhere: rank where the file fails, file where it works.
      {"4k3/8/8/8/1N6/8/1N1N4/4K3 w - - 0 1", "b4d3", "N4d3", "Nb4-d3"},
      {"4k3/8/8/8/1N6/8/1N1N4/4K3 w - - 0 1", "b2d3", "N2d3", "Nb2-d3"},
      {"4k3/8/8/8/1N6/8/1N1N4/4K3 w - - 0 1", "d2c4", "Ndc4", "Nd2-c4"},
      // Pawn captures, en passant, promotions (with check, under-promotion with check, capturing).
      {"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "e4d5", "exd5", "e4xd5"},
      {"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5", "c4xd5"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6", "e5xd6"},
      {"4k3/8/8/3pP3/8/8/8/K3R3 w - d6 0 2", "e5d6", "exd6+", "e5xd6+"},  // discovered check
      {"3rkr2/5p2/8/2NpP3/8/8/8/K3R3 w - d6 0 2", "e5d6", "exd6#", "e5xd6#"},  // discovered mate
      {"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O#", "O-O#"},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N+", "e7-e8=N+"},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q", "e7-e8=Q"},
      {"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+", "e7xd8=Q+"},
      {"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8r", "exd8=R+", "e7xd8=R+"},
      {"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8b", "exd8=B", "e7xd8=B"},
      // Castling, with check on either wing, and mate.
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+", "O-O+"},
      {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+", "O-O-O+"},
      {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", "Qxf7#", "Qh5xf7#"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "f1b5", "Bxb5+", "Bf1xb5+"},
      {"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#", "Ra1-a8#"},
      // Black to move.
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "g8f6", "Nf6", "Ng8-f6"},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2f1q", "gxf1=Q+", "g2xf1=Q+"},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "a8b6", "Nab6", "Na8-b6"},
  };
  for (const Expected& c : cases) {
    Position pos = from_fen(c.fen);
    UciMoveResult u = parse_uci_move(pos, c.uci);
    ASSERT_EQ(u.error, UciMoveError::None) << c.fen << " " << c.uci << ": " << u.message;
    EXPECT_EQ(move_to_san(pos, u.move), c.san) << c.fen << " " << c.uci;
    EXPECT_EQ(move_to_lan(pos, u.move), c.lan) << c.fen << " " << c.uci;
  }
}

TEST(SanOutput, EveryLanguage) {
  Position start = from_fen(START_FEN);
  Move nf3 = Move(SQ_G1, SQ_F3);
  const char* san[] = {"Nf3", "Cf3", "Cf3", "Sf3", "Pf3", "\u2658f3"};
  const char* lan[] = {"Ng1-f3", "Cg1-f3", "Cg1-f3", "Sg1-f3", "Pg1-f3", "\u2658g1-f3"};
  for (int k = 0; k < 6; ++k) {
    EXPECT_EQ(move_to_san(start, nf3, ALL_LANGUAGES[k]), san[k]);
    EXPECT_EQ(move_to_lan(start, nf3, ALL_LANGUAGES[k]), lan[k]);
  }
  // Spanish: R is the king, T the rook; disambiguation uses the same letters.
  Position kiwi = from_fen(KIWIPETE);
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_E1, SQ_F1), Language::Spanish), "Rf1");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_H1, SQ_F1), Language::Spanish), "Tf1");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_A1, SQ_D1), Language::Spanish), "Td1");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_E2, SQ_A6), Language::Spanish), "Axa6");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_E2, SQ_A6), Language::French), "Fxa6");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_E2, SQ_A6), Language::German), "Lxa6");
  EXPECT_EQ(move_to_san(kiwi, Move(SQ_F3, SQ_F6), Language::Dutch), "Dxf6");
  EXPECT_EQ(move_to_san(kiwi, Move::make(SQ_E1, SQ_H1, CASTLING), Language::German), "O-O");
  Position q3 = from_fen("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  EXPECT_EQ(move_to_san(q3, Move(SQ_H4, SQ_E1), Language::Spanish), "Dh4e1");
  EXPECT_EQ(move_to_san(q3, Move(SQ_H4, SQ_E1), Language::Figurine), "\u2655h4e1");
  Position promo = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(move_to_san(promo, Move::make(SQ_E7, SQ_E8, PROMOTION, KNIGHT), Language::Spanish), "e8=C+");
  EXPECT_EQ(move_to_san(promo, Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN), Language::German), "e8=D");
  EXPECT_EQ(move_to_lan(promo, Move::make(SQ_E7, SQ_E8, PROMOTION, BISHOP), Language::French), "e7-e8=F");
  // Figurines are white for both colours.
  Position black = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(move_to_san(black, Move(SQ_G8, SQ_F6), Language::Figurine), "\u2658f6");
}

TEST(SanOutput, Chess960Castling) {
  // King on b1 with the queenside rook on a1: O-O-O is king takes rook; Kc1 is an ordinary step.
  Position pos = from_fen("1k5r/8/8/8/8/8/8/RK4R1 w GAh - 0 1", true);
  Move ooo = Move::make(SQ_B1, SQ_A1, CASTLING);
  Move oo = Move::make(SQ_B1, SQ_G1, CASTLING);
  ASSERT_TRUE(legal_moves(pos).contains(ooo));
  ASSERT_TRUE(legal_moves(pos).contains(oo));
  EXPECT_EQ(move_to_san(pos, ooo), "O-O-O");
  EXPECT_EQ(move_to_san(pos, oo), "O-O");
  EXPECT_EQ(move_to_lan(pos, oo), "O-O");
  // King already on g1: O-O moves only the rook, and it checks along the f-file.
  Position still = from_fen("5k2/8/8/8/8/8/8/6KR w H - 0 1", true);
  Move rookOnly = Move::make(SQ_G1, SQ_H1, CASTLING);
  ASSERT_TRUE(legal_moves(still).contains(rookOnly));
  EXPECT_EQ(move_to_san(still, rookOnly), "O-O+");
}

TEST(SanOutput, NullMoves) {
  Position pos = from_fen(START_FEN);
  EXPECT_EQ(move_to_san(pos, Move::none()), "--");
  EXPECT_EQ(move_to_san(pos, Move::null()), "--");
  EXPECT_EQ(move_to_lan(pos, Move::none()), "--");
  EXPECT_EQ(move_to_san(pos, Move(SQ_E4, SQ_E5)), "--");  // no piece there: contract broken, no crash
  EXPECT_EQ(move_to_san(pos, Move(SQ_E7, SQ_E5)), "--");  // the opponent's piece
}

// ---------------------------------------------------------------- round trips

TEST(SanRoundTrip, FixedPositionsEveryLanguage) {
  const char* fens[] = {
      START_FEN,
      KIWIPETE,
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
      "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
      "4k3/8/8/8/1N6/8/1N1N4/4K3 w - - 0 1",
      "4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1",
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      // Promotion-heavy: every pawn one step from queening, captures on both sides.
      "1r1r1n2/PPPPPPP1/8/7k/K7/8/ppppppp1/1R1R1N2 w - - 0 1",
      "1r1r1n2/PPPPPPP1/8/7k/K7/8/ppppppp1/1R1R1N2 b - - 0 1",
      // Many queens and knights: double disambiguation everywhere.
      "7k/8/2Q1Q1Q1/8/2Q1Q1Q1/8/2Q1Q1Q1/7K w - - 0 1",
      "k7/8/8/2N1N3/1N3N2/8/1N3N2/2N1N2K w - - 0 1",
      // Black pieces with doubled rooks and queens.
      "3r3r/1q5k/8/1q6/8/8/8/K7 b - - 0 1",
  };
  for (const char* fen : fens) {
    Position pos = from_fen(fen);
    check_all_languages(pos, fen);
    if (HasFatalFailure()) return;
  }
}

TEST(SanRoundTrip, Chess960StartPositionsAndPlayouts) {
  // Hand-made: king between its rooks next to one of them, king already on its castling square,
  // castling through a square the rook leaves, and both sides able to castle both ways.
  for (const char* fen : {"1k5r/8/8/8/8/8/8/RK4R1 w GAh - 0 1", "5k2/8/8/8/8/8/8/6KR w H - 0 1",
                          "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "2r1kr2/8/8/8/8/8/8/2R1KR2 b FCfc - 0 1",
                          "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1"}) {
    check_all_languages(from_fen(fen, true), fen);
    if (HasFatalFailure()) return;
  }
  Rng rng{0x960960960ULL};
  for (int index : {0, 1, 100, 300, 518, 600, 959}) {
    Position pos;
    ASSERT_TRUE(set_chess960_start(pos, index));
    // Play out until castling is near: quiet random moves, checking every position on the way.
    for (int ply = 0; ply < 60; ++ply) {
      MoveList legal = legal_moves(pos);
      if (legal.size == 0) break;
      check_all_moves(pos, ALL_LANGUAGES[ply % 6], ply % 3 == 0, "960 #" + std::to_string(index) + " ply " +
                                                                    std::to_string(ply) + " " + to_fen(pos));
      // Prefer castling when available so that it is exercised in many settings.
      Move pick = legal.moves[rng.below_int(legal.size)];
      for (Move m : legal)
        if (m.kind() == CASTLING && rng.below_int(2)) pick = m;
      UndoInfo undo;
      pos.do_move(pick, undo);
    }
  }
}

TEST(SanRoundTrip, RandomPlayoutsEveryLanguage) {
  // About 2000 plies of random games (seeded), every legal move of every position, all languages
  // (600 in the sanitizer run, which sets ESCAQUE_PERFT_MAX_NODES).
  const int total = test::perft_node_cap() ? 600 : 2000;
  Rng rng{20240613ULL};
  int plies = 0, games = 0, promotions = 0, enPassant = 0, castles = 0, mates = 0, disambiguated = 0;
  while (plies < total) {
    Position pos = from_fen(START_FEN);
    ++games;
    for (int ply = 0; ply < 300 && plies < total; ++ply, ++plies) {
      MoveList legal = legal_moves(pos);
      if (legal.size == 0) break;
      // Every language every ply; the sloppy variants (the costly part) in English, and every fourth
      // ply in one other language, in turn.
      for (Language lang : ALL_LANGUAGES)
        check_all_moves(pos, lang,
                        lang == Language::English || (plies % 4 == 0 && lang == ALL_LANGUAGES[1 + plies / 4 % 5]),
                        "playout ply " + std::to_string(plies) + " " + to_fen(pos));
      if (HasFatalFailure()) return;
      for (Move m : legal) {
        promotions += m.kind() == PROMOTION;
        enPassant += m.kind() == EN_PASSANT;
        castles += m.kind() == CASTLING;
        std::string san = move_to_san(pos, m);
        mates += san.back() == '#';
        disambiguated += expected_disambiguation(pos, m, legal).size() > 0;
      }
      // Half the time a pawn move or castling if there is one: uniform random play rarely castles
      // or meets an en passant chance, and promotes late.
      MoveList favoured;
      for (Move m : legal)
        if (m.kind() == CASTLING || type_of(pos.moved_piece(m)) == PAWN) favoured.add(m);
      const MoveList& from = favoured.size && rng.below_int(2) ? favoured : legal;
      UndoInfo undo;
      pos.do_move(from.moves[rng.below_int(from.size)], undo);
    }
  }
  // The playouts must actually reach the interesting cases, or the test proves little.
  if (total < 2000) return;  // the shortened sanitizer run: the coverage counts below need all 2000
  EXPECT_GT(promotions, 50);
  EXPECT_GT(enPassant, 3);
  EXPECT_GT(castles, 5);  // random play loses castling rights fast; Kiwipete and the 960 test cover the rest
  EXPECT_GT(mates, 3);
  EXPECT_GT(disambiguated, 100);
  RecordProperty("games", games);
}

// ---------------------------------------------------------------- lenient input

struct Lenient {
  const char* fen;
  Language lang;
  const char* text;
  const char* uci;  // the move it must mean
};

TEST(SanInput, LenientForms) {
  const char* E5 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
  const char* PROMO = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
  const Lenient cases[] = {
      // Castling written every way, with marks.
      {KIWIPETE, Language::English, "O-O", "e1g1"},
      {KIWIPETE, Language::English, "0-0", "e1g1"},
      {KIWIPETE, Language::English, "o-o", "e1g1"},
      {KIWIPETE, Language::English, "OO", "e1g1"},
      {KIWIPETE, Language::English, "0-0-0", "e1c1"},
      {KIWIPETE, Language::English, "O-O-O", "e1c1"},
      {KIWIPETE, Language::English, "o-o-o", "e1c1"},
      {KIWIPETE, Language::English, "0-0-0+!?", "e1c1"},
      {KIWIPETE, Language::English, "O\u2013O", "e1g1"},  // en dash from a word processor
      {KIWIPETE, Language::Spanish, "0-0", "e1g1"},
      {KIWIPETE, Language::English, "Kg1", "e1g1"},
      {KIWIPETE, Language::English, "Kxh1", "e1g1"},
      {KIWIPETE, Language::English, "Ke1-c1", "e1c1"},
      {KIWIPETE, Language::English, "e1g1", "e1g1"},
      {KIWIPETE, Language::English, "e1a1", "e1c1"},
      // En passant marks.
      {E5, Language::English, "exd6", "e5d6"},
      {E5, Language::English, "exd6 e.p.", "e5d6"},
      {E5, Language::English, "exd6e.p.", "e5d6"},
      {E5, Language::English, "exd6 ep", "e5d6"},
      {E5, Language::English, "exd6ep", "e5d6"},
      {E5, Language::English, "exd6 a.p.", "e5d6"},
      {E5, Language::Spanish, "exd6 a. p.", "e5d6"},
      {E5, Language::English, "exd6 E.P.", "e5d6"},
      {E5, Language::English, "ed6", "e5d6"},
      {E5, Language::English, "e5xd6 e.p.+", "e5d6"},
      {E5, Language::English, "e5d6", "e5d6"},
      // Long algebraic and friends.
      {START_FEN, Language::English, "e2-e4", "e2e4"},
      {START_FEN, Language::English, "e2e4", "e2e4"},
      {START_FEN, Language::English, "Ng1-f3", "g1f3"},
      {START_FEN, Language::English, "Ng1f3", "g1f3"},
      {START_FEN, Language::English, "g1f3", "g1f3"},
      {START_FEN, Language::English, "Ngf3", "g1f3"},
      {START_FEN, Language::English, "N1f3", "g1f3"},
      {START_FEN, Language::English, "Nxf3", "g1f3"},
      {START_FEN, Language::English, "N-f3", "g1f3"},
      {START_FEN, Language::English, "nf3", "g1f3"},
      {START_FEN, Language::English, "Nf3+", "g1f3"},
      {START_FEN, Language::English, "Nf3#", "g1f3"},
      {START_FEN, Language::English, "Nf3++", "g1f3"},
      {START_FEN, Language::English, "Nf3!", "g1f3"},
      {START_FEN, Language::English, "Nf3?", "g1f3"},
      {START_FEN, Language::English, "Nf3!!", "g1f3"},
      {START_FEN, Language::English, "Nf3??", "g1f3"},
      {START_FEN, Language::English, "Nf3!?", "g1f3"},
      {START_FEN, Language::English, "Nf3?!", "g1f3"},
      {START_FEN, Language::English, "Nf3 !?", "g1f3"},
      {START_FEN, Language::English, "Nf3\u203C", "g1f3"},  // ‼
      {START_FEN, Language::English, "Nf3 (=)", "g1f3"},    // draw offer (E13)
      {START_FEN, Language::English, "  Nf3\t", "g1f3"},
      {START_FEN, Language::Spanish, "Cg1-f3", "g1f3"},
      {START_FEN, Language::Spanish, "Cf3", "g1f3"},
      {START_FEN, Language::Spanish, "cf3", "NONE"},  // c is a file: the c-pawn, which cannot go to f3
      {START_FEN, Language::German, "Sf3", "g1f3"},
      {START_FEN, Language::German, "sf3", "g1f3"},
      {START_FEN, Language::Dutch, "Pf3", "g1f3"},
      {START_FEN, Language::Dutch, "pf3", "g1f3"},
      {START_FEN, Language::Figurine, "\u2658f3", "g1f3"},
      {START_FEN, Language::Figurine, "\u265Ef3", "g1f3"},  // black knight figurine for White's move
      {START_FEN, Language::Figurine, "Nf3", "g1f3"},
      {START_FEN, Language::Figurine, "\u2659e4", "e2e4"},  // pawn figurine
      {START_FEN, Language::English, "e4", "e2e4"},
      {START_FEN, Language::English, "e2\u2013e4", "e2e4"},
      // Captures with ':' and with the multiplication sign, 'X', and without any mark.
      {KIWIPETE, Language::English, "Be2:a6", "e2a6"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Language::English, "Bf1:b5", "f1b5"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Language::English, "Bf1xb5+", "f1b5"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Language::English, "exd5", "e4d5"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Language::English, "ed5", "e4d5"},
      {"rnbqkbnr/p1p1pppp/8/1p1p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Language::English, "e4:d5", "e4d5"},
      {KIWIPETE, Language::English, "Be2\u00D7a6", "e2a6"},
      {KIWIPETE, Language::English, "BXa6", "e2a6"},
      {KIWIPETE, Language::English, "Ba6", "e2a6"},
      {KIWIPETE, Language::English, "gh3", "g2h3"},
      {KIWIPETE, Language::English, "g2:h3", "g2h3"},
      {KIWIPETE, Language::Spanish, "Cf6xe4", "NONE"},  // it is White's move in Kiwipete
      {"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4", Language::Spanish, "Cf6xe4", "f6e4"},
      {"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4", Language::Spanish, "Cxe4", "f6e4"},
      {"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4", Language::Spanish, "Ce4", "f6e4"},
      // Promotions in every spelling.
      {PROMO, Language::English, "exd8=Q", "e7d8q"},
      {PROMO, Language::English, "exd8Q", "e7d8q"},
      {PROMO, Language::English, "exd8(Q)", "e7d8q"},
      {PROMO, Language::English, "exd8/Q", "e7d8q"},
      {PROMO, Language::English, "exd8q", "e7d8q"},
      {PROMO, Language::English, "e7d8q", "e7d8q"},
      {PROMO, Language::English, "e7xd8=N", "e7d8n"},
      {PROMO, Language::English, "ed8N", "e7d8n"},
      {PROMO, Language::English, "exd8=B", "e7d8b"},
      {PROMO, Language::English, "exd8b", "e7d8b"},  // trailing lower-case b: a bishop, not a file
      {PROMO, Language::English, "e8=R+", "e7e8r"},
      {PROMO, Language::English, "e8R", "e7e8r"},
      {PROMO, Language::Spanish, "exd8=D", "e7d8q"},
      {PROMO, Language::Spanish, "exd8D+", "e7d8q"},
      {PROMO, Language::Spanish, "exd8d", "e7d8q"},  // lower-case Spanish letter
      {PROMO, Language::Spanish, "exd8a", "e7d8b"},
      {PROMO, Language::Spanish, "exd8=C", "e7d8n"},
      {PROMO, Language::Spanish, "e7d8q", "e7d8q"},  // UCI letters work in every language
      {PROMO, Language::Spanish, "e7d8r", "e7d8r"},  // ...including r = rook (a king cannot be promoted to)
      {PROMO, Language::French, "exd8=F", "e7d8b"},
      {PROMO, Language::French, "exd8f", "e7d8b"},
      {PROMO, Language::German, "exd8=L", "e7d8b"},
      {PROMO, Language::German, "exd8s", "e7d8n"},
      {PROMO, Language::Dutch, "exd8=P", "e7d8n"},
      {PROMO, Language::Dutch, "exd8p", "e7d8n"},
      {PROMO, Language::Figurine, "exd8=\u2655", "e7d8q"},
      {PROMO, Language::Figurine, "exd8\u265B", "e7d8q"},
      {PROMO, Language::Figurine, "exd8=Q", "e7d8q"},
      // Over-disambiguation and Chess960 king moves.
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", Language::English, "Nbd2", "b1d2"},
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", Language::English, "Nb1d2", "b1d2"},
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", Language::English, "N3d2", "f3d2"},
      {"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Language::English, "Nbd2", "b1d2"},
      {"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Language::English, "N1d2", "b1d2"},
  };
  for (const Lenient& c : cases) {
    Position pos = from_fen(c.fen);
    SanResult r = parse_san(pos, c.text, c.lang);
    if (std::string(c.uci) == "NONE") {
      EXPECT_FALSE(r.ok()) << c.text;
      continue;
    }
    ASSERT_TRUE(r.ok()) << c.fen << " [" << language_code(c.lang) << "] '" << c.text << "': " << r.message;
    EXPECT_EQ(move_to_uci(pos, r.move), c.uci) << c.text;
    EXPECT_TRUE(r.message.empty());
    EXPECT_TRUE(r.candidates.empty());
  }
}

TEST(SanInput, Chess960KingMoves) {
  // King b1, rooks a1 and g1 (castling rights on both). Kc1 is an ordinary step; the castling
  // moves are O-O-O / Kxa1 / Ka1 and O-O / Kxg1 / Kg1.
  Position pos = from_fen("1k5r/8/8/8/8/8/8/RK4R1 w GAh - 0 1", true);
  auto uci = [&](const char* text) {
    SanResult r = parse_san(pos, text);
    EXPECT_TRUE(r.ok()) << text << ": " << r.message;
    return r.ok() ? move_to_uci(pos, r.move) : std::string("?");
  };
  EXPECT_EQ(uci("O-O-O"), "b1a1");
  EXPECT_EQ(uci("0-0-0"), "b1a1");
  EXPECT_EQ(uci("Kxa1"), "b1a1");
  EXPECT_EQ(uci("Ka1"), "b1a1");
  EXPECT_EQ(uci("b1a1"), "b1a1");
  EXPECT_EQ(uci("Kc1"), "b1c1");  // the plain step wins over "castling onto c1"
  EXPECT_EQ(uci("O-O"), "b1g1");
  EXPECT_EQ(uci("Kxg1"), "b1g1");
  EXPECT_EQ(uci("Kg1"), "b1g1");  // not a step from b1: castling onto g1
  EXPECT_EQ(uci("Rg2"), "g1g2");
  // King already on g1: only the rook moves; Kh1 is king-takes-rook, Kg1 means nothing.
  Position still = from_fen("5k2/8/8/8/8/8/8/6KR w H - 0 1", true);
  SanResult r = parse_san(still, "Kh1");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.move, Move::make(SQ_G1, SQ_H1, CASTLING));
  EXPECT_FALSE(parse_san(still, "Kg1").ok());
}

TEST(SanInput, FileLettersAgainstPieceLetters) {
  // White pawns a4 c4 e4, bishop a6, knight f3; black pawns b5 d5 f5. Pawn a4 and bishop a6 both
  // take on b5. English b, Spanish a c d, French c d f, German and Dutch d are both files and (in
  // upper case) piece letters: upper case is the piece, lower case the file.
  Position pos = from_fen("4k3/8/B7/1p1p1p2/P1P1P3/5N2/8/4K3 w - - 0 1");
  struct Case {
    Language lang;
    const char* text;
    const char* uci;
  };
  const Case cases[] = {
      {Language::English, "axb5", "a4b5"}, {Language::English, "Bxb5", "a6b5"}, {Language::English, "cxb5", "c4b5"},
      {Language::Spanish, "axb5", "a4b5"}, {Language::Spanish, "Axb5", "a6b5"}, {Language::Spanish, "cxd5", "c4d5"},
      {Language::Spanish, "Cxd5", "?"},    {Language::Spanish, "exd5", "e4d5"}, {Language::Spanish, "Cd4", "f3d4"},
      {Language::French, "Fxb5", "a6b5"},  {Language::French, "fxe5", "?"},    {Language::French, "exf5", "e4f5"},
      {Language::German, "Lxb5", "a6b5"},  {Language::German, "Sd4", "f3d4"},   {Language::Dutch, "Pd4", "f3d4"},
      {Language::Dutch, "Lb7", "a6b7"},  {Language::French, "cxd5", "c4d5"}, {Language::French, "Cd4", "f3d4"},
  };
  for (const Case& c : cases) {
    SanResult r = parse_san(pos, c.text, c.lang);
    if (std::string(c.uci) == "?") {
      EXPECT_FALSE(r.ok()) << c.text;
    } else {
      ASSERT_TRUE(r.ok()) << language_code(c.lang) << " " << c.text << ": " << r.message;
      EXPECT_EQ(move_to_uci(pos, r.move), c.uci) << language_code(c.lang) << " " << c.text;
    }
  }
  // English "bxc3" is the b-pawn, never the bishop.
  Position b = from_fen("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1");
  SanResult r = parse_san(b, "bxc3");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(move_to_uci(b, r.move), "b2c3");
  r = parse_san(b, "Bxc3");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(move_to_uci(b, r.move), "a5c3");
  // With no b-pawn able to capture, "bxc3" is refused, with a hint about the capital letter.
  Position noPawn = from_fen("4k3/8/8/B7/8/2n5/8/4K3 w - - 0 1");
  r = parse_san(noPawn, "bxc3");
  EXPECT_EQ(r.kind, SanError::NoSuchPiece);
  EXPECT_NE(r.message.find("lower-case b is a file"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("Bxc3"), std::string::npos) << r.message;
  // Spanish: "axb5" with no a-pawn, while the bishop (A) can go there.
  Position sp = from_fen("4k3/8/8/1p6/8/3B4/8/4K3 w - - 0 1");
  r = parse_san(sp, "axb5", Language::Spanish);
  EXPECT_EQ(r.kind, SanError::NoSuchPiece);
  EXPECT_NE(r.message.find("capital A: Axb5"), std::string::npos) << r.message;
}

TEST(SanInput, StrictMode) {
  Position pos = from_fen(START_FEN);
  SanParseOptions strict;
  strict.strict = true;
  EXPECT_TRUE(parse_san(pos, "Nf3", Language::English, strict).ok());
  EXPECT_TRUE(parse_san(pos, "Nf3!?", Language::English, strict).ok());
  SanResult r = parse_san(pos, "Ng1f3", Language::English, strict);
  EXPECT_EQ(r.kind, SanError::NotStandard);
  EXPECT_EQ(r.message, "'Ng1f3' is Nf3 written in a non-standard way");
  ASSERT_EQ(r.candidates.size(), 1u);
  EXPECT_EQ(r.candidates[0], Move(SQ_G1, SQ_F3));
  EXPECT_EQ(parse_san(pos, "e2e4", Language::English, strict).kind, SanError::NotStandard);
  Position kiwi = from_fen(KIWIPETE);
  EXPECT_EQ(parse_san(kiwi, "0-0", Language::English, strict).kind, SanError::NotStandard);
  EXPECT_TRUE(parse_san(kiwi, "O-O", Language::English, strict).ok());
  Position mate = from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  EXPECT_TRUE(parse_san(mate, "Qxf7", Language::English, strict).ok());  // a missing mark is tolerated
  EXPECT_TRUE(parse_san(mate, "Qxf7#", Language::English, strict).ok());
  EXPECT_EQ(parse_san(mate, "Qxf7+", Language::English, strict).kind, SanError::NotStandard);
  EXPECT_EQ(parse_san(mate, "Qf7#", Language::English, strict).kind, SanError::NotStandard);
}

// ---------------------------------------------------------------- errors

TEST(SanErrors, Empty) {
  Position pos = from_fen(START_FEN);
  for (const char* text : {"", " ", "\t\t", " \r\n "}) {
    SanResult r = parse_san(pos, text);
    EXPECT_EQ(r.kind, SanError::Empty) << "'" << text << "'";
    EXPECT_EQ(r.move, Move::none());
    EXPECT_FALSE(r.message.empty());
  }
}

TEST(SanErrors, SyntaxNamesTheCharacter) {
  Position pos = from_fen(START_FEN);
  struct Case {
    Language lang;
    const char* text;
    const char* message;
    int offset;
  };
  const Case cases[] = {
      {Language::English, "Nz3", "'Nz3' is not a move: unexpected 'z' at character 2", 1},
      {Language::English, "Zf3", "'Zf3' is not a move: 'Z' at character 1 is not a piece letter in English (K Q R B N)", 0},
      {Language::English, "Ef3",
       "'Ef3' is not a move: 'E' at character 1 is not a piece letter in English (K Q R B N); files are written in "
       "lower case (e)",
       0},
      {Language::English, "Pe4",
       "'Pe4' is not a move: 'P' at character 1 is not a piece letter in English (K Q R B N); pawn moves are written "
       "without a letter",
       0},
      {Language::Spanish, "Nf3",
       "'Nf3' is not a move: 'N' at character 1 is not a piece letter in Spanish (R D T A C); N is an English letter", 0},
      {Language::French, "Sf3", "'Sf3' is not a move: 'S' at character 1 is not a piece letter in French (R D T F C)", 0},
      {Language::English, "N f3", "'N f3' is not a move: unexpected space at character 2", 1},
      {Language::English, "  N f3", "'N f3' is not a move: unexpected space at character 2", 3},  // offset in the input
      {Language::English, "e4\xFF", "'e4\\xFF' is not a move: unexpected byte 0xFF at character 3", 2},
      {Language::English, "\xC3\xA9" "4", "'\xC3\xA9" "4' is not a move: unexpected '\xC3\xA9' (U+00E9) at character 1", 0},
      {Language::English, "N\xC3\xA9" "f3", "'N\xC3\xA9" "f3' is not a move: unexpected '\xC3\xA9' (U+00E9) at character 2", 1},
      {Language::English, "xe4", "'xe4' is not a move: 'x' at character 1 needs the moving piece or its origin square before it", 0},
      {Language::English, "exd", "'exd' is not a move: it has no destination square (a file a-h and a rank 1-8, like e4)", 2},
      {Language::English, "Nf", "'Nf' is not a move: it has no destination square (a file a-h and a rank 1-8, like e4)", 1},
      {Language::English, "N", "'N' is not a move: it has no destination square (a file a-h and a rank 1-8, like e4)", 1},
      {Language::English, "e8=", "'e8=' is not a move: '=' at character 3 must be followed by the promotion piece", 2},
      {Language::English, "e8(Q", "'e8(Q' is not a move: the '(' of the promotion is not closed", 4},
      {Language::English, "e2--e4", "'e2--e4' is not a move: unexpected '-' at character 4", 3},
      {Language::English, "Ng1g1f3", "'Ng1g1f3' is not a move: unexpected 'g' at character 4", 3},
      {Language::English, "e4e5e6", "'e4e5e6' is not a move: unexpected 'e' at character 3", 2},
      {Language::English, "O-O-O-O", "'O-O-O-O' is not a move: castling is written O-O or O-O-O", 0},
      {Language::English, "O", "'O' is not a move: castling is written O-O or O-O-O", 0},
      {Language::English, "O--O", "'O--O' is not a move: castling is written O-O or O-O-O", 0},
      {Language::English, "!!", "'!!' is not a move, only annotations", 0},
      {Language::English, "+", "'+' is not a move, only annotations", 0},
      {Language::English, "1.e4", "'1.e4' is not a move: it starts with a move number (1.); pass the move alone", 0},
      {Language::English, "12...Nf6", "'12...Nf6' is not a move: it starts with a move number (12.); pass the move alone", 0},
      {Language::English, "e4 e5", "'e4 e5' is not a move: unexpected space at character 3", 2},
      {Language::English, "e8=X", "'e8=X' is not a move: a promotion piece must follow at character 4", 3},
      {Language::English, "e8=Z", "'e8=Z' is not a move: 'Z' at character 4 is not a piece letter in English (K Q R B N)", 3},
      {Language::English, "e9", "'e9' is not a move: unexpected '9' at character 2", 1},
      {Language::English, "i4", "'i4' is not a move: 'i' at character 1 is not a piece letter in English (K Q R B N)", 0},
  };
  for (const Case& c : cases) {
    SanResult r = parse_san(pos, c.text, c.lang);
    EXPECT_EQ(r.kind, SanError::Syntax) << c.text << ": " << r.message;
    EXPECT_EQ(r.message, c.message) << c.text;
    EXPECT_EQ(r.offset, c.offset) << c.text;
    EXPECT_EQ(r.move, Move::none());
  }
}

TEST(SanErrors, NoSuchPiece) {
  Position pos = from_fen("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"Bc4", "Bc4: White has no bishop"},
      {"Nh4", "Nh4: no white knight can move to h4"},
      {"Nbd2", "Nbd2: there is no white knight on the b-file"},
      {"N2f3", "N2f3: there is no white knight on rank 2"},
      {"Ng1e3", "Ng1e3: no white knight on g1 can move to e3"},
      {"Nc3e4", "Nc3e4: there is no white knight on c3"},
      {"e5", "e5: no white pawn can move to e5"},
      {"dxe3", "dxe3: there is no white pawn on the d-file"},
      {"exd3", "exd3: no white pawn on the e-file can move to d3"},
      {"a3a4", "a3a4: there is no white piece on a3"},
      {"e8e7", "e8e7: there is no white piece on e8"},
  };
  for (const Case& c : cases) {
    SanResult r = parse_san(pos, c.text);
    EXPECT_EQ(r.kind, SanError::NoSuchPiece) << c.text << ": " << r.message;
    EXPECT_EQ(r.message, c.message);
  }
  // A pawn capture written without its file: pointed to the right spelling.
  Position cap = from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  SanResult r = parse_san(cap, "d5");
  EXPECT_EQ(r.kind, SanError::NoSuchPiece);
  EXPECT_EQ(r.message, "d5: no white pawn can move to d5 (a pawn capture names its file: exd5)");
}

TEST(SanErrors, IllegalSaysWhy) {
  // The knight move does not answer the bishop's check.
  Position check = from_fen("4k3/8/8/8/1b6/8/8/4K1N1 w - - 0 1");
  SanResult r = parse_san(check, "Nf3");
  EXPECT_EQ(r.kind, SanError::Illegal);
  EXPECT_EQ(r.message, "Nf3 is illegal: it leaves the white king in check");
  r = parse_san(check, "Kd2");
  EXPECT_EQ(r.kind, SanError::Illegal);
  EXPECT_EQ(r.message, "Kd2 is illegal: the white king would be in check on d2");
  // A pinned knight, in German and for Black.
  Position pinned = from_fen("4k3/4n3/8/8/8/8/8/4RK2 b - - 0 1");
  r = parse_san(pinned, "Sc6", Language::German);
  EXPECT_EQ(r.kind, SanError::Illegal);
  EXPECT_EQ(r.message, "Sc6 is illegal: it leaves the black king in check");
  // A pinned pawn capturing off the pin line.
  Position pawnPin = from_fen("4r1k1/8/8/8/8/3b4/4P3/4K3 w - - 0 1");
  r = parse_san(pawnPin, "exd3");
  EXPECT_EQ(r.kind, SanError::Illegal);
  EXPECT_EQ(r.message, "exd3 is illegal: it leaves the white king in check");
  EXPECT_TRUE(parse_san(pawnPin, "e3").ok());  // along the pin line it may move
  // Own piece on the destination.
  r = parse_san(from_fen(START_FEN), "Nd2");
  EXPECT_EQ(r.kind, SanError::Illegal);
  EXPECT_EQ(r.message, "Nd2 is illegal: d2 is occupied by a white pawn");
}

TEST(SanErrors, CastlingObstacles) {
  struct Case {
    const char* fen;
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", "O-O is illegal: White has no right to castle kingside"},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Kg1",
       "Kg1 is illegal: castling kingside is not possible: White has no right to castle kingside"},
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O", "O-O is illegal: White has no right to castle kingside"},
      {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "0-0-0", "0-0-0 is illegal: White has no right to castle queenside"},
      {"4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "O-O", "O-O is illegal: the white king is in check"},
      {"4k3/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O", "O-O is illegal: there are pieces between the white king and rook"},
      {"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "O-O-O", "O-O-O is illegal: there are pieces between the white king and rook"},
      {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", "O-O is illegal: the king would pass through or land on an attacked square"},
      {"4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "e1g1",
       "e1g1 is illegal: castling kingside is not possible: the king would pass through or land on an attacked square"},
      {"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "O-O", "O-O is illegal: Black has no right to castle kingside"},
      {"r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "O-O-O",
       "O-O-O is illegal: the king would pass through or land on an attacked square"},
  };
  for (const Case& c : cases) {
    SanResult r = parse_san(from_fen(c.fen), c.text);
    EXPECT_EQ(r.kind, SanError::Illegal) << c.fen << " " << c.text << ": " << r.message;
    EXPECT_EQ(r.message, c.message);
  }
}

TEST(SanErrors, AmbiguousListsCandidatesInSan) {
  Position knights = from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  SanResult r = parse_san(knights, "Nd2");
  EXPECT_EQ(r.kind, SanError::Ambiguous);
  EXPECT_EQ(r.message, "Nd2 is ambiguous: Nbd2 or Nfd2");
  EXPECT_EQ(r.move, Move::none());
  ASSERT_EQ(r.candidates.size(), 2u);
  std::set<std::uint16_t> got = {r.candidates[0].raw(), r.candidates[1].raw()};
  EXPECT_EQ(got, (std::set<std::uint16_t>{Move(SQ_B1, SQ_D2).raw(), Move(SQ_F3, SQ_D2).raw()}));
  // Spanish letters in the candidates.
  r = parse_san(knights, "Cd2", Language::Spanish);
  EXPECT_EQ(r.message, "Cd2 is ambiguous: Cbd2 or Cfd2");
  // Three queens; a partial disambiguation still ambiguous.
  Position queens = from_fen("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  r = parse_san(queens, "Qe1");
  EXPECT_EQ(r.kind, SanError::Ambiguous);
  EXPECT_EQ(r.candidates.size(), 3u);
  EXPECT_NE(r.message.find("Qh4e1"), std::string::npos);
  EXPECT_NE(r.message.find("Q1e1"), std::string::npos);
  EXPECT_NE(r.message.find("Qee1"), std::string::npos);
  EXPECT_NE(r.message.find(", "), std::string::npos);
  EXPECT_NE(r.message.find(" or "), std::string::npos);
  r = parse_san(queens, "Qhe1");
  EXPECT_EQ(r.message, "Qhe1 is ambiguous: Qh4e1 or Q1e1");
  r = parse_san(queens, "Q4e1", Language::Figurine);
  EXPECT_EQ(r.message, "Q4e1 is ambiguous: \u2655h4e1 or \u2655ee1");
  // Rooks on one file: the file does not help.
  Position rooks = from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  r = parse_san(rooks, "Raa3");
  EXPECT_EQ(r.message, "Raa3 is ambiguous: R1a3 or R5a3");
}

TEST(SanErrors, WrongPromotion) {
  Position pos = from_fen("3r2k1/4P3/8/8/8/8/4P3/4K3 w - - 0 1");
  SanResult r = parse_san(pos, "e8");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message, "e8: the pawn reaches the last rank and must promote; write e8=Q+, e8=R+, e8=B or e8=N");
  EXPECT_EQ(r.candidates.size(), 4u);  // a GUI can offer these four
  r = parse_san(pos, "exd8", Language::Spanish);
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message,
            "exd8: the pawn reaches the last rank and must promote; write exd8=D+, exd8=T+, exd8=A or exd8=C");
  r = parse_san(pos, "e7e8");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.candidates.size(), 4u);
  r = parse_san(pos, "e4=Q");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message, "e4=Q: a white pawn promotes only on rank 8, not on e4");
  r = parse_san(pos, "e8=K");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message, "e8=K: a pawn cannot promote to a king (only to a queen, rook, bishop or knight)");
  r = parse_san(pos, "e8=R", Language::Spanish);  // R is the Spanish king
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  r = parse_san(pos, "e8=\u2659", Language::Figurine);
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message, "e8=\u2659: a pawn cannot promote to a pawn (only to a queen, rook, bishop or knight)");
  r = parse_san(pos, "Kf2=Q");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  EXPECT_EQ(r.message, "Kf2=Q: only pawns promote, and this move is a king move");
  Position black = from_fen("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
  r = parse_san(black, "a1");
  EXPECT_EQ(r.kind, SanError::WrongPromotion);
  r = parse_san(black, "a8=Q");
  EXPECT_EQ(r.message, "a8=Q: a black pawn promotes only on rank 1, not on a8");
}

TEST(SanErrors, GarbageNeverCrashes) {
  Position positions[] = {from_fen(START_FEN), from_fen(KIWIPETE), from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
                          from_fen("7k/8/2Q1Q1Q1/8/2Q1Q1Q1/8/2Q1Q1Q1/7K w - - 0 1")};
  // Lone symbols and fragments: all Syntax errors.
  const char* fragments[] = {"+",   "#",      "!",     "?",   "x",      "=",    "-",    "0",     "(",    ")",
                             "/",   ":",      "e.p.",  "ep",  "=Q",     "(Q)",  "Q",    "K",     "8",    "88",
                             "a",   "hh",     "x8",    "-e4", "e-",     "e4-",  "e4x",  "O-",    "-O-O", "O-O-",
                             "0-0-0-0-0", "\xE2\x99", "\xE2\x99\x94", "\xFF", "\x80", "\xC0\xAF", "\xED\xA0\x80",
                             "\x01", "e4\x7F", "\xF4\x90\x80\x80", "\u2654", "\u265F"};
  for (const Position& pos : positions)
    for (const char* text : fragments) {
      SanResult r = parse_san(pos, text);
      EXPECT_EQ(r.kind, SanError::Syntax) << "'" << text << "': " << r.message;
      EXPECT_TRUE(valid_utf8(r.message)) << r.message;
      EXPECT_FALSE(r.message.empty());
    }
  // An embedded NUL.
  SanResult r = parse_san(positions[0], std::string_view("e4\0", 3));
  EXPECT_EQ(r.kind, SanError::Syntax);
  EXPECT_NE(r.message.find("control character 0x00"), std::string::npos) << r.message;
  // Very long inputs are refused quickly with a short message.
  std::string longText(100000, 'e');
  r = parse_san(positions[0], longText);
  EXPECT_EQ(r.kind, SanError::Syntax);
  EXPECT_LT(r.message.size(), 200u);
  EXPECT_NE(r.message.find("100000 bytes"), std::string::npos) << r.message;
  r = parse_san(positions[0], std::string(5000, '!') + "e4");
  EXPECT_EQ(r.kind, SanError::Syntax);

  // Random bytes and random strings over the notation's own alphabet: no crash, valid messages,
  // and anything accepted is a legal move whose SAN reads back as the same move.
  const std::string alphabet = "abcdefgh12345678KQRBNPOo0xX:-=/()+#!?. epEP";
  const std::string figurines[] = {"\u2654", "\u2658", "\u265F", "\u2013", "\u00D7", "\u203C"};
  Rng rng{0xBADC0DEULL};
  int accepted = 0;
  int kinds[8] = {};
  for (int k = 0; k < 30000; ++k) {
    std::string text;
    int length = rng.below_int(12);
    for (int c = 0; c < length; ++c) {
      int kind = rng.below_int(10);
      if (k % 3 == 0) text += char(rng.below_int(256));
      else if (kind == 0) text += figurines[rng.below_int(6)];
      else text += alphabet[rng.below_int(int(alphabet.size()))];
    }
    // A third of the time something shaped like a move, so that the matcher is exercised too:
    // [letter][file][rank][x]file rank[=letter][marks].
    if (k % 3 == 1) {
      const std::string letters = "KQRBNCDTAFLSP";
      text.clear();
      if (rng.below_int(2)) text += letters[rng.below_int(int(letters.size()))];
      if (rng.below_int(3) == 0) text += char('a' + rng.below_int(8));
      if (rng.below_int(4) == 0) text += char('1' + rng.below_int(8));
      if (rng.below_int(3) == 0) text += "x-:"[rng.below_int(3)];
      text += char('a' + rng.below_int(8));
      text += char('1' + rng.below_int(8));
      if (rng.below_int(5) == 0) text += std::string("=") + letters[rng.below_int(int(letters.size()))];
      if (rng.below_int(4) == 0) text += alphabet[rng.below_int(int(alphabet.size()))];
    }
    const Position& pos = positions[k % 4];
    Language lang = ALL_LANGUAGES[k % 6];
    r = parse_san(pos, text, lang);
    ++kinds[int(r.kind)];
    ASSERT_TRUE(valid_utf8(r.message)) << r.message;
    if (r.ok()) {
      ++accepted;
      ASSERT_TRUE(legal_moves(pos).contains(r.move)) << text;
      SanResult back = parse_san(pos, move_to_san(pos, r.move, lang), lang);
      ASSERT_TRUE(back.ok() && back.move == r.move) << text;
    } else {
      ASSERT_FALSE(r.message.empty()) << text;
      ASSERT_EQ(r.move, Move::none());
      if (r.kind == SanError::Syntax) {
        ASSERT_GE(r.offset, 0);
        ASSERT_LE(r.offset, int(text.size()));
      }
    }
  }
  EXPECT_GT(accepted, 100);  // the generator does hit real moves...
  for (SanError e : {SanError::Empty, SanError::Syntax, SanError::NoSuchPiece, SanError::Illegal,
                     SanError::Ambiguous, SanError::WrongPromotion})
    EXPECT_GT(kinds[int(e)], 0) << san_error_name(e);  // ...and every kind of error
}

}  // namespace
}  // namespace escaque
