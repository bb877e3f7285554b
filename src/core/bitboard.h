// Bitboards: 64-bit sets of squares, and the attack tables built on them.
//
// Sliding attacks use PEXT where the CPU has BMI2 (native builds with
// -march=native) and "fancy" magic multiplication elsewhere (WebAssembly has
// fast 64-bit multiply but no PEXT). Both index the same per-square tables.
#pragma once

#include <bit>
#include <cstdint>

#include "types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#define ESCAQUE_USE_PEXT 1
#endif

namespace escaque {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard LIGHT_SQUARES_BB = 0x55AA55AA55AA55AAULL;
constexpr Bitboard DARK_SQUARES_BB = ~LIGHT_SQUARES_BB;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts that drop squares falling off the a- or h-file.
template <int D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == 8) return b << 8;
  else if constexpr (D == -8) return b >> 8;
  else if constexpr (D == 16) return b << 16;
  else if constexpr (D == -16) return b >> 16;
  else if constexpr (D == 1) return (b & ~FILE_H_BB) << 1;
  else if constexpr (D == -1) return (b & ~FILE_A_BB) >> 1;
  else if constexpr (D == 9) return (b & ~FILE_H_BB) << 9;
  else if constexpr (D == 7) return (b & ~FILE_A_BB) << 7;
  else if constexpr (D == -7) return (b & ~FILE_H_BB) >> 7;
  else if constexpr (D == -9) return (b & ~FILE_A_BB) >> 9;
  else return 0;
}

// Squares attacked by all pawns of colour C in set b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == WHITE ? shift<7>(b) | shift<9>(b) : shift<-7>(b) | shift<-9>(b);
}

namespace tables {
// The tables' layout depends on the indexing scheme, and the scheme is chosen
// by the includer's compiler flags (__BMI2__). The inline namespace puts the
// scheme into the symbol names, so code compiled with other flags than the
// library fails to link instead of silently reading the wrong entries.
#ifdef ESCAQUE_USE_PEXT
inline namespace pext_indexed {
#else
inline namespace magic_indexed {
#endif
// Filled once by init_bitboards(); read-only afterwards.
extern Bitboard pawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard knightAttacks[SQUARE_NB];
extern Bitboard kingAttacks[SQUARE_NB];
extern Bitboard between[SQUARE_NB][SQUARE_NB];  // squares strictly between, plus the second square
extern Bitboard line[SQUARE_NB][SQUARE_NB];     // whole line through both squares, or 0
extern std::uint8_t distance[SQUARE_NB][SQUARE_NB];  // king steps from one square to the other

struct SliderTable {
  Bitboard mask;       // relevant occupancy (no edges)
  Bitboard magic;      // unused with PEXT
  Bitboard* attacks;   // into a shared table
  unsigned shift;

  unsigned index(Bitboard occupied) const {
#ifdef ESCAQUE_USE_PEXT
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};
extern SliderTable bishopTable[SQUARE_NB];
extern SliderTable rookTable[SQUARE_NB];
}  // inline namespace pext_indexed / magic_indexed
}  // namespace tables

// Builds every table. Idempotent and cheap (a few milliseconds); called by
// Position's static initialiser so users never need to call it.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::knightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::kingAttacks[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& t = tables::bishopTable[s];
  return t.attacks[t.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& t = tables::rookTable[s];
  return t.attacks[t.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}
// King steps from a to b (Chebyshev distance).
inline int square_distance(Square a, Square b) { return tables::distance[a][b]; }
// Squares strictly between a and b when aligned, plus b itself (so that
// "block or capture the checker" is one mask); just b when not aligned.
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

}  // namespace escaque
