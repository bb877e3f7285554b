#include "fen.h"

#include "digits.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace escaque {

namespace {

constexpr const char* PIECE_CHARS = "PNBRQK";
constexpr const char* FIELD_NAMES[7] = {"FEN",      "piece placement", "side to move", "castling",
                                         "en passant", "halfmove clock", "fullmove number"};

struct Field {
  std::string_view text;
  int offset;
};

FenError make_error(FenErrorKind kind, int field, int offset, const std::string& why) {
  FenError e;
  e.kind = kind;
  e.field = field;
  e.offset = offset;
  // Field 0 is the string as a whole ("FEN, at character 1: the FEN is empty").
  e.message = field == 0 ? std::string("FEN")
                         : std::string("FEN ") + FIELD_NAMES[field] + " field (field " + std::to_string(field) + ")";
  e.message += ", at character " + std::to_string(offset + 1) + ": " + why;
  e.detail = why;
  return e;
}

std::string quoted(char c) {
  if (c >= 32 && c < 127) return std::string("'") + c + "'";
  // By hand, not snprintf: printf's formatter (with its floating-point code) is
  // otherwise the only user of it in the WebAssembly rules module.
  const unsigned byte = static_cast<unsigned char>(c);
  const char* const hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 15];
}

// Non-negative decimal integer with at most 5 digits (the 75-move rule ends a
// game long before the clock could need more).
constexpr int MAX_HALFMOVE_CLOCK = 65535;   // Position stores it in 16 bits
constexpr int MAX_FULLMOVE_NUMBER = 32768;  // the ply count 2 * (n - 1) + 1 must fit 16 bits
bool parse_counter(std::string_view s, int& out) { return parse_digits(s, 5, out); }

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }

}  // namespace

const char* fen_error_name(FenErrorKind kind) {
  switch (kind) {
    case FenErrorKind::None: return "None";
    case FenErrorKind::Empty: return "Empty";
    case FenErrorKind::FieldCount: return "FieldCount";
    case FenErrorKind::BoardRankCount: return "BoardRankCount";
    case FenErrorKind::BoardRankLength: return "BoardRankLength";
    case FenErrorKind::BoardCharacter: return "BoardCharacter";
    case FenErrorKind::SideToMove: return "SideToMove";
    case FenErrorKind::CastlingSyntax: return "CastlingSyntax";
    case FenErrorKind::EnPassantSyntax: return "EnPassantSyntax";
    case FenErrorKind::HalfmoveClock: return "HalfmoveClock";
    case FenErrorKind::FullmoveNumber: return "FullmoveNumber";
    case FenErrorKind::KingCount: return "KingCount";
    case FenErrorKind::PawnOnBackRank: return "PawnOnBackRank";
    case FenErrorKind::OpponentInCheck: return "OpponentInCheck";
    case FenErrorKind::TooManyCheckers: return "TooManyCheckers";
    case FenErrorKind::TooManyPieces: return "TooManyPieces";
    case FenErrorKind::ImpossiblePromotions: return "ImpossiblePromotions";
    case FenErrorKind::CastlingRights: return "CastlingRights";
    case FenErrorKind::EnPassantSquare: return "EnPassantSquare";
  }
  return "Unknown";
}

char piece_to_char(Piece p) {
  if (p == NO_PIECE) return '.';
  char c = PIECE_CHARS[type_of(p)];
  return color_of(p) == WHITE ? c : char(c + ('a' - 'A'));
}

std::string square_name(Square s) {
  if (s == SQ_NONE) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return SQ_NONE;
  return make_square(s[0] - 'a', s[1] - '1');
}

FenError parse_fen(std::string_view fen, Position& out, const FenOptions& options) {
  // Split into fields, remembering where each starts.
  std::vector<Field> fields;
  for (size_t i = 0; i < fen.size();) {
    if (fen[i] == ' ' || fen[i] == '\t' || fen[i] == '\n' || fen[i] == '\r') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < fen.size() && fen[j] != ' ' && fen[j] != '\t' && fen[j] != '\n' && fen[j] != '\r') ++j;
    fields.push_back({fen.substr(i, j - i), int(i)});
    i = j;
  }
  if (fields.empty()) return make_error(FenErrorKind::Empty, 0, 0, "the FEN is empty");
  if (fields.size() != 4 && fields.size() != 6) {
    int at = fields.size() > 6 ? fields[6].offset : int(fen.size());
    return make_error(FenErrorKind::FieldCount, 0, at,
                      "expected 6 space-separated fields (or 4, without the move counters), found " +
                          std::to_string(fields.size()));
  }

  Position pos;
  pos.set_chess960(options.chess960);

  // 1. Piece placement, from rank 8 down to rank 1.
  {
    const Field& f = fields[0];
    int rank = 7, file = 0;
    for (size_t i = 0; i <= f.text.size(); ++i) {
      int at = f.offset + int(i);
      char c = i < f.text.size() ? f.text[i] : '/';
      bool end = i == f.text.size();
      if (c == '/') {
        if (file != 8)
          return make_error(FenErrorKind::BoardRankLength, 1, at,
                            "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) +
                                " squares instead of 8");
        if (end) break;
        if (rank == 0)
          return make_error(FenErrorKind::BoardRankCount, 1, at, "more than 8 ranks");
        --rank;
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8)
          return make_error(FenErrorKind::BoardRankLength, 1, at,
                            "rank " + std::to_string(rank + 1) + " describes more than 8 squares");
      } else {
        const char* p = std::strchr(PIECE_CHARS, c >= 'a' ? c - ('a' - 'A') : c);
        if (!p || c == 0)
          return make_error(FenErrorKind::BoardCharacter, 1, at,
                            quoted(c) + " is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8");
        if (file >= 8)
          return make_error(FenErrorKind::BoardRankLength, 1, at,
                            "rank " + std::to_string(rank + 1) + " describes more than 8 squares");
        Color col = c >= 'a' ? BLACK : WHITE;
        pos.put_piece(make_piece(col, PieceType(p - PIECE_CHARS)), make_square(file, rank));
        ++file;
      }
    }
    if (rank != 0)
      return make_error(FenErrorKind::BoardRankCount, 1, f.offset + int(f.text.size()),
                        "found " + std::to_string(8 - rank) + " ranks instead of 8");
  }

  // 2. Side to move.
  {
    const Field& f = fields[1];
    if (f.text != "w" && f.text != "b")
      return make_error(FenErrorKind::SideToMove, 2, f.offset,
                        "'" + std::string(f.text) + "' is not 'w' or 'b'");
    pos.set_side_to_move(f.text == "w" ? WHITE : BLACK);
  }

  // Kings are needed to interpret castling rights, and the move generator
  // needs exactly one per side, so this holds even without validation.
  for (Color c : {WHITE, BLACK}) {
    int kings = pos.count(c, KING);
    if (kings != 1)
      return make_error(FenErrorKind::KingCount, 1, fields[0].offset,
                        std::string(color_name(c)) + " has " + std::to_string(kings) +
                            " kings; each side needs exactly one");
  }

  // 3. Castling rights.
  {
    const Field& f = fields[2];
    if (f.text != "-") {
      int seen = 0;
      for (size_t i = 0; i < f.text.size(); ++i) {
        char c = f.text[i];
        int at = f.offset + int(i);
        Color col = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
        char upper = col == BLACK ? char(c - ('a' - 'A')) : c;
        if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H')))
          return make_error(FenErrorKind::CastlingSyntax, 3, at,
                            quoted(c) + " is not a castling letter (KQkq, or a rook's file A-H/a-h, or '-')");
        if (pos.count(col, KING) != 1)
          return make_error(FenErrorKind::CastlingRights, 3, at,
                            std::string(color_name(col)) + " cannot castle without exactly one king");
        Square ksq = pos.king_square(col);
        int backRank = col == WHITE ? 0 : 7;
        if (rank_of(ksq) != backRank)
          return make_error(FenErrorKind::CastlingRights, 3, at,
                            std::string("castling right ") + c + " needs the " + color_name(col) +
                                " king on its first rank, but it is on " + square_name(ksq));
        Piece rook = make_piece(col, ROOK);
        Square rsq = SQ_NONE;
        if (upper == 'K' || upper == 'Q') {
          bool kingSide = upper == 'K';
          if (!options.chess960) {
            rsq = make_square(kingSide ? 7 : 0, backRank);
            if (file_of(ksq) != 4)
              return make_error(FenErrorKind::CastlingRights, 3, at,
                                std::string("castling right ") + c + " needs the " + color_name(col) +
                                    " king on " + (col == WHITE ? "e1" : "e8") + ", but it is on " +
                                    square_name(ksq) + " (Chess960 positions need Chess960 mode)");
            if (pos.piece_on(rsq) != rook)
              return make_error(FenErrorKind::CastlingRights, 3, at,
                                std::string("castling right ") + c + " needs a " + color_name(col) +
                                    " rook on " + square_name(rsq));
          } else {
            // X-FEN: the outermost rook on that wing.
            for (int fl = kingSide ? 7 : 0; kingSide ? fl > file_of(ksq) : fl < file_of(ksq); fl += kingSide ? -1 : 1)
              if (pos.piece_on(make_square(fl, backRank)) == rook) {
                rsq = make_square(fl, backRank);
                break;
              }
            if (rsq == SQ_NONE)
              return make_error(FenErrorKind::CastlingRights, 3, at,
                                std::string("castling right ") + c + " needs a " + color_name(col) + " rook on the " +
                                    (kingSide ? "king" : "queen") + "side of the king on its first rank");
          }
        } else {
          rsq = make_square(upper - 'A', backRank);
          if (pos.piece_on(rsq) != rook)
            return make_error(FenErrorKind::CastlingRights, 3, at,
                              std::string("castling right ") + c + " needs a " + color_name(col) + " rook on " +
                                  square_name(rsq));
          if (rsq == ksq) return make_error(FenErrorKind::CastlingRights, 3, at, "rook and king on one square");
          // Standard chess written in Shredder-FEN (HAha) is still standard chess.
          bool standardSquares = file_of(ksq) == 4 && (file_of(rsq) == 0 || file_of(rsq) == 7);
          if (!options.chess960 && !standardSquares)
            return make_error(FenErrorKind::CastlingRights, 3, at,
                              std::string("castling right ") + c +
                                  " names a non-standard king or rook square (Chess960 positions need Chess960 mode)");
        }
        int idx = castling_index(col, rsq > ksq);
        if (seen & (1 << idx))
          return make_error(FenErrorKind::CastlingSyntax, 3, at,
                            std::string("castling right ") + c + " repeats a right already given");
        seen |= 1 << idx;
        pos.add_castling_right(col, rsq);
      }
    }
  }

  // 4. En passant target square.
  Square ep = SQ_NONE;
  {
    const Field& f = fields[3];
    if (f.text != "-") {
      ep = parse_square(f.text);
      if (ep == SQ_NONE)
        return make_error(FenErrorKind::EnPassantSyntax, 4, f.offset,
                          "'" + std::string(f.text) + "' is not '-' or a square like e3");
      Color us = pos.side_to_move();
      int expectedRank = us == WHITE ? 5 : 2;
      std::string why;
      if (rank_of(ep) != expectedRank) {
        why = "with " + std::string(color_name(us)) + " to move the en passant square must be on rank " +
              std::to_string(expectedRank + 1);
      } else {
        Square pawnSq = Square(ep - pawn_push(us));
        Square originSq = Square(ep + pawn_push(us));
        if (pos.piece_on(pawnSq) != make_piece(~us, PAWN) || !pos.empty(ep) || !pos.empty(originSq))
          why = "en passant on " + square_name(ep) + " needs a " + color_name(~us) + " pawn on " +
                square_name(pawnSq) + " that has just come from " + square_name(originSq) + " (with " +
                square_name(ep) + " and " + square_name(originSq) + " empty)";
      }
      if (!why.empty()) {
        if (!options.repairs) return make_error(FenErrorKind::EnPassantSquare, 4, f.offset, why);
        options.repairs->push_back("en passant square " + square_name(ep) + " ignored: " + why);
        ep = SQ_NONE;
      } else {
        pos.set_en_passant_candidate(ep);
      }
    }
  }

  // 5-6. Move counters (optional).
  int rule50 = 0, fullmove = 1;
  if (fields.size() == 6) {
    if (!parse_counter(fields[4].text, rule50))
      return make_error(FenErrorKind::HalfmoveClock, 5, fields[4].offset,
                        "'" + std::string(fields[4].text) + "' is not a non-negative whole number");
    if (!parse_counter(fields[5].text, fullmove) || fullmove == 0)
      return make_error(FenErrorKind::FullmoveNumber, 6, fields[5].offset,
                        "'" + std::string(fields[5].text) + "' is not a positive whole number");
    // Position keeps the clock and the ply count in 16 bits.
    if (rule50 > MAX_HALFMOVE_CLOCK)
      return make_error(FenErrorKind::HalfmoveClock, 5, fields[4].offset,
                        "'" + std::string(fields[4].text) + "' is too large (at most " +
                            std::to_string(MAX_HALFMOVE_CLOCK) + ")");
    if (fullmove > MAX_FULLMOVE_NUMBER)
      return make_error(FenErrorKind::FullmoveNumber, 6, fields[5].offset,
                        "'" + std::string(fields[5].text) + "' is too large (at most " +
                            std::to_string(MAX_FULLMOVE_NUMBER) + ")");
    if (ep != SQ_NONE && rule50 != 0 && !options.repairs)
      return make_error(FenErrorKind::EnPassantSquare, 4, fields[3].offset,
                        "an en passant square means a pawn just moved, so the halfmove clock must be 0, not " +
                            std::to_string(rule50));
  }
  pos.set_clocks(rule50, fullmove);

  // Semantic validation.
  if (options.validate) {
    Bitboard backRanks = RANK_1_BB | RANK_8_BB;
    if (Bitboard p = pos.pieces(PAWN) & backRanks)
      return make_error(FenErrorKind::PawnOnBackRank, 1, fields[0].offset,
                        "a pawn stands on " + square_name(lsb(p)) + "; pawns can never be on rank 1 or 8");
    for (Color c : {WHITE, BLACK}) {
      int total = popcount(pos.pieces(c)), pawns = pos.count(c, PAWN);
      if (total > 16 || pawns > 8)
        return make_error(FenErrorKind::TooManyPieces, 1, fields[0].offset,
                          std::string(color_name(c)) + " has " + std::to_string(total) + " pieces and " +
                              std::to_string(pawns) + " pawns; at most 16 and 8 are possible");
      int extra = std::max(0, pos.count(c, QUEEN) - 1) + std::max(0, pos.count(c, ROOK) - 2) +
                  std::max(0, pos.count(c, BISHOP) - 2) + std::max(0, pos.count(c, KNIGHT) - 2);
      if (extra > 8 - pawns)
        return make_error(FenErrorKind::ImpossiblePromotions, 1, fields[0].offset,
                          std::string(color_name(c)) + " has " + std::to_string(extra) +
                              " pieces beyond the starting set but only " + std::to_string(8 - pawns) +
                              " pawns could have promoted");
    }
  }
  // Always checked: the side to move could capture the king, which the move
  // generator and make/unmake do not allow for.
  Color us = pos.side_to_move();
  if (pos.attackers_to(pos.king_square(~us)) & pos.pieces(us))
    return make_error(FenErrorKind::OpponentInCheck, 2, fields[1].offset,
                      std::string(color_name(~us)) + " is in check but it is " + color_name(us) +
                          "'s turn: the position cannot arise");
  if (options.validate) {
    Bitboard checkers = pos.attackers_to(pos.king_square(us)) & pos.pieces(~us);
    if (popcount(checkers) > 2)
      return make_error(FenErrorKind::TooManyCheckers, 1, fields[0].offset,
                        std::string(color_name(us)) + " is checked by " + std::to_string(popcount(checkers)) +
                            " pieces; no move can give more than a double check");
  }

  pos.finish_setup();
  if (options.repairs && ep != SQ_NONE && rule50 != 0) {
    // The contradiction the strict parser refuses. finish_setup() kept the square only if a pawn
    // can take en passant (legally): then a pawn has just moved; else the square goes.
    if (pos.en_passant_square() == SQ_NONE) {
      options.repairs->push_back("en passant square " + square_name(ep) + " ignored: no " +
                                 color_name(pos.side_to_move()) + " pawn can capture there, and the halfmove clock " +
                                 std::to_string(rule50) + " says no pawn has just moved");
    } else {
      options.repairs->push_back("halfmove clock " + std::to_string(rule50) + " contradicts the en passant square " +
                                 square_name(ep) + " (a pawn has just moved); using 0");
      pos.set_clocks(0, fullmove);
    }
  }
  out = pos;
  return {};
}

std::string to_fen(const Position& pos, bool shredder) {
  std::string s;
  for (int r = 7; r >= 0; --r) {
    int emptyRun = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = pos.piece_on(make_square(f, r));
      if (p == NO_PIECE) {
        ++emptyRun;
        continue;
      }
      if (emptyRun) s += char('0' + emptyRun);
      emptyRun = 0;
      s += piece_to_char(p);
    }
    if (emptyRun) s += char('0' + emptyRun);
    if (r) s += '/';
  }
  s += pos.side_to_move() == WHITE ? " w " : " b ";
  std::string castling;
  for (Color c : {WHITE, BLACK})
    for (bool kingSide : {true, false}) {
      int idx = castling_index(c, kingSide);
      if (!(pos.castling_rights() & (1 << idx))) continue;
      Square rsq = pos.castling_rook_square(idx);
      char letter = kingSide ? 'K' : 'Q';
      bool outermost = true;
      // X-FEN: KQ only when no other rook stands further out on that wing.
      Square ksq = pos.king_square(c);
      for (Square s2 = rsq;;) {
        int f = file_of(s2) + (kingSide ? 1 : -1);
        if (f < 0 || f > 7) break;
        s2 = make_square(f, rank_of(s2));
        if (pos.piece_on(s2) == make_piece(c, ROOK)) outermost = false;
      }
      (void)ksq;
      if (shredder || !outermost) letter = char('A' + file_of(rsq));
      castling += c == WHITE ? letter : char(letter + ('a' - 'A'));
    }
  s += castling.empty() ? "-" : castling;
  s += ' ';
  s += square_name(pos.en_passant_square());
  s += ' ' + std::to_string(pos.rule50()) + ' ' + std::to_string(pos.fullmove_number());
  return s;
}

}  // namespace escaque
