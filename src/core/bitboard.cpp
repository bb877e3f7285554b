#include "bitboard.h"

#include <cstdlib>
#include <initializer_list>

namespace escaque {
namespace tables {
#ifdef ESCAQUE_USE_PEXT
inline namespace pext_indexed {
#else
inline namespace magic_indexed {
#endif
Bitboard pawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard knightAttacks[SQUARE_NB];
Bitboard kingAttacks[SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
SliderTable bishopTable[SQUARE_NB];
SliderTable rookTable[SQUARE_NB];
}  // inline namespace
}  // namespace tables

namespace {

// 0x19000 rook entries + 0x1480 bishop entries: the exact sum of 2^bits over
// all squares, so each square's block starts where the previous one ends.
Bitboard rookAttackStore[0x19000];
Bitboard bishopAttackStore[0x1480];

// Slow ray walk, used only to fill the tables and by the reference checks.
Bitboard sliding_attacks(Square s, Bitboard occupied, const int (*dirs)[2]) {
  Bitboard attacks = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s), r = rank_of(s);
    for (;;) {
      f += dirs[d][0];
      r += dirs[d][1];
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      Bitboard b = square_bb(make_square(f, r));
      attacks |= b;
      if (occupied & b) break;
    }
  }
  return attacks;
}

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// xorshift64*: deterministic, so magic search takes the same time every run.
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  // Few bits set: good magic candidates.
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_slider(tables::SliderTable* table, Bitboard* store, const int (*dirs)[2]) {
  // Seeds per rank that find magics quickly (found by trial on this code).
  constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  [[maybe_unused]] static Bitboard occupancy[4096];
  static Bitboard reference[4096];
  [[maybe_unused]] static int epoch[4096];
  int currentEpoch = 0;
  Bitboard* next = store;

  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                     ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    tables::SliderTable& t = table[s];
    t.mask = sliding_attacks(s, 0, dirs) & ~edges;
    unsigned bits = unsigned(popcount(t.mask));
    t.shift = 64 - bits;
    t.attacks = next;

    // Enumerate every subset of the mask (Carry-Rippler).
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = sliding_attacks(s, b, dirs);
#ifdef ESCAQUE_USE_PEXT
      t.attacks[_pext_u64(b, t.mask)] = reference[size];
#endif
      ++size;
      b = (b - t.mask) & t.mask;
    } while (b);
    next += size;

#ifndef ESCAQUE_USE_PEXT
    Prng rng{seeds[rank_of(s)]};
    for (int i = 0; i < size;) {
      do t.magic = rng.sparse();
      while (popcount((t.magic * t.mask) >> 56) < 6);
      ++currentEpoch;
      for (i = 0; i < size; ++i) {
        unsigned idx = t.index(occupancy[i]);
        if (epoch[idx] < currentEpoch) {
          epoch[idx] = currentEpoch;
          t.attacks[idx] = reference[i];
        } else if (t.attacks[idx] != reference[i]) {
          break;  // destructive collision: try another magic
        }
      }
    }
#else
    (void)seeds;
    (void)currentEpoch;
#endif
  }
}

bool initialised = false;

}  // namespace

void init_bitboards() {
  if (initialised) return;
  initialised = true;

  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    Bitboard b = square_bb(s);
    tables::pawnAttacks[WHITE][s] = pawn_attacks_bb<WHITE>(b);
    tables::pawnAttacks[BLACK][s] = pawn_attacks_bb<BLACK>(b);
    Bitboard k = 0, n = 0;
    for (int df = -2; df <= 2; ++df)
      for (int dr = -2; dr <= 2; ++dr) {
        int f = file_of(s) + df, r = rank_of(s) + dr;
        if (f < 0 || f > 7 || r < 0 || r > 7 || (df == 0 && dr == 0)) continue;
        int adf = std::abs(df), adr = std::abs(dr);
        if (adf <= 1 && adr <= 1) k |= square_bb(make_square(f, r));
        if (adf + adr == 3 && adf && adr) n |= square_bb(make_square(f, r));
      }
    tables::kingAttacks[s] = k;
    tables::knightAttacks[s] = n;
  }

  init_slider(tables::rookTable, rookAttackStore, ROOK_DIRS);
  init_slider(tables::bishopTable, bishopAttackStore, BISHOP_DIRS);

  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      Square sa = Square(a), sb = Square(b);
      tables::between[a][b] = square_bb(sb);
      tables::line[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {BISHOP, ROOK}) {
        if (attacks_bb(pt, sa, 0) & square_bb(sb)) {
          tables::line[a][b] =
              (attacks_bb(pt, sa, 0) & attacks_bb(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
          tables::between[a][b] |=
              attacks_bb(pt, sa, square_bb(sb)) & attacks_bb(pt, sb, square_bb(sa));
        }
      }
    }
}

}  // namespace escaque
