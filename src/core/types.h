// Basic value types of the rules core: colours, pieces, squares and moves.
// Everything here is a plain integer underneath so that the move generator can
// index tables with it and copy it for free.
#pragma once

#include <cstdint>

namespace escaque {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE = 0, BLACK = 1, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
  PAWN = 0, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB, NO_PIECE_TYPE = 7
};

// A piece packs its colour in bit 3: WHITE_PAWN = 0 .. WHITE_KING = 5,
// BLACK_PAWN = 8 .. BLACK_KING = 13; NO_PIECE = 15 so an empty mailbox square is
// distinguishable without a separate flag.
enum Piece : std::uint8_t { NO_PIECE = 15, PIECE_NB = 16 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file).
enum Square : std::uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE = 64, SQUARE_NB = 64
};

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// Rank as seen by colour c: a white pawn on e2 and a black pawn on e7 are both on relative rank 1.
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }
constexpr Square relative_square(Color c, Square s) { return c == WHITE ? s : flip_rank(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

// Castling rights: one bit per side and wing. In Chess960 the rook that may
// castle is remembered separately by Position (castling_rook_square).
enum CastlingRight : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
  ALL_CASTLING = 15
};
constexpr int castling_index(Color c, bool kingSide) { return c * 2 + (kingSide ? 0 : 1); }
constexpr CastlingRight castling_right(Color c, bool kingSide) {
  return CastlingRight(1 << castling_index(c, kingSide));
}

// A move fits in 16 bits: from (6) | to (6) | promotion piece - KNIGHT (2) | kind (2).
// Castling is stored as "king takes own rook" so that standard chess and
// Chess960 share one representation; notation code converts it for output.
enum MoveKind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move {
 public:
  constexpr Move() : data_(0) {}
  constexpr explicit Move(std::uint16_t d) : data_(d) {}
  constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
  static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = KNIGHT) {
    return Move(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | kind));
  }
  static constexpr Move none() { return Move(); }
  // Never generated: from == to. Used by search as the "null move".
  static constexpr Move null() { return Move(std::uint16_t(SQ_B1 | (SQ_B1 << 6))); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ & (3 << 14)); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool operator==(Move m) const { return data_ == m.data_; }
  constexpr bool operator!=(Move m) const { return data_ != m.data_; }

 private:
  std::uint16_t data_;
};

}  // namespace escaque
