#include "bitboard.h"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>

namespace escaque {
// The tables bitboard.h declares (in the inline namespace that names the indexing scheme).
Bitboard tables::pawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard tables::knightAttacks[SQUARE_NB];
Bitboard tables::kingAttacks[SQUARE_NB];
Bitboard tables::between[SQUARE_NB][SQUARE_NB];
std::uint8_t tables::distance[SQUARE_NB][SQUARE_NB];
Bitboard tables::line[SQUARE_NB][SQUARE_NB];
tables::SliderTable tables::bishopTable[SQUARE_NB];
tables::SliderTable tables::rookTable[SQUARE_NB];

namespace {

// 0x19000 rook entries + 0x1480 bishop entries: the exact sum of 2^bits over
// all squares, so each square's block starts where the previous one ends.
Bitboard rookAttackStore[0x19000];
Bitboard bishopAttackStore[0x1480];

// Slow ray walk, used only to fill the tables and by the reference checks.
Bitboard sliding_attacks(Square s, Bitboard occupied, const int (*dirs)[2], int directions = 4) {
  Bitboard attacks = 0;
  for (int d = 0; d < directions; ++d) {
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

// The attacks of a slider on s along dirs with blockers `occupied`, from its four
// rays: the same answer as sliding_attacks() in a few operations instead of a
// walk, so that filling the tables (~107 000 entries, at every start of the
// WebAssembly module, in V8's baseline tier) is a few times quicker.
struct Rays {
  Bitboard ray[4];        // from s to the edge, s excluded
  bool increasing[4];     // the ray goes towards higher square indices (its nearest blocker is the lsb)
};

Rays rays_of(Square s, const int (*dirs)[2]) {
  Rays r{};
  for (int d = 0; d < 4; ++d) {
    r.ray[d] = sliding_attacks(s, 0, dirs + d, 1);
    r.increasing[d] = dirs[d][1] * 8 + dirs[d][0] > 0;
  }
  return r;
}

// rayFrom[d][q]: the ray in direction d from square q (what lies beyond a blocker on q).
Bitboard ray_attacks(const Rays& r, const Bitboard (*rayFrom)[64], Bitboard occupied) {
  Bitboard attacks = 0;
  for (int d = 0; d < 4; ++d) {
    Bitboard ray = r.ray[d];
    Bitboard blockers = ray & occupied;
    if (blockers) ray ^= rayFrom[d][r.increasing[d] ? lsb(blockers) : msb(blockers)];
    attacks |= ray;
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

// The magics the search below finds from those seeds, written out: trying them
// first makes start-up a table fill instead of a search (which costs a few
// milliseconds natively but hundreds in WebAssembly before the engine's
// optimising tier kicks in: the package's cold start). If one ever collided,
// the search would take over for that square.
#include "magics.inc"

#ifndef ESCAQUE_USE_PEXT
// Fills t's block with t.magic over every subset of t.mask (Carry-Rippler
// enumeration); the number of subsets, or -1 if two of them with different
// attacks share an index (a bad magic: the block is then garbage). epoch[]
// marks the indices written in this pass.
int fill_with_magic(tables::SliderTable& t, const Rays& rays, const Bitboard (*rayFrom)[64],
                                      int* epoch, int currentEpoch) {
  int size = 0;
  Bitboard b = 0;
  do {
    Bitboard attacks = ray_attacks(rays, rayFrom, b);
    unsigned idx = t.index(b);
    if (epoch[idx] < currentEpoch) {
      epoch[idx] = currentEpoch;
      t.attacks[idx] = attacks;
    } else if (t.attacks[idx] != attacks) {
      return -1;
    }
    ++size;
    b = (b - t.mask) & t.mask;
  } while (b);
  return size;
}

// Searches a magic for t (used only if a written-out one ever collided); the number of subsets.
int search_magic(tables::SliderTable& t, const Rays& rays, const Bitboard (*rayFrom)[64], std::uint64_t seed,
                 Bitboard* occupancy, Bitboard* reference, int* epoch, int& currentEpoch) {
  int size = 0;
  Bitboard b = 0;
  do {
    occupancy[size] = b;
    reference[size] = ray_attacks(rays, rayFrom, b);
    ++size;
    b = (b - t.mask) & t.mask;
  } while (b);
  Prng rng{seed};
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
  return size;
}

// fill_with_magic, called through a pointer that no optimiser can see through:
// a function called once per square (128 times) is promoted to V8's optimising
// tier after the first few squares, where the same loop inlined into
// init_slider (as LTO or wasm-opt would do with a single caller) would run to
// the end in the baseline tier: the first Position of a WebAssembly start.
int (*volatile fill_square)(tables::SliderTable&, const Rays&, const Bitboard (*)[64], int*, int) =
    fill_with_magic;
#endif

void init_slider(tables::SliderTable* table, Bitboard* store, const int (*dirs)[2],
                 [[maybe_unused]] const std::uint64_t* knownMagics) {
  // Seeds per rank that find magics quickly (found by trial on this code).
  constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  [[maybe_unused]] static Bitboard occupancy[4096];
  [[maybe_unused]] static Bitboard reference[4096];
  [[maybe_unused]] static int epoch[4096];
  // Static like the arrays it stamps: restarting it at 0 for the second table
  // would make the first table's stamps look current (false collisions).
  [[maybe_unused]] static int currentEpoch = 0;
  Bitboard* next = store;
  static Rays rays[64];
  static Bitboard rayFrom[4][64];
  for (int si = 0; si < 64; ++si) {
    rays[si] = rays_of(Square(si), dirs);
    for (int d = 0; d < 4; ++d) rayFrom[d][si] = rays[si].ray[d];
  }

  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                     ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    tables::SliderTable& t = table[s];
    t.mask = sliding_attacks(s, 0, dirs) & ~edges;
    unsigned bits = unsigned(popcount(t.mask));
    t.shift = 64 - bits;
    t.attacks = next;

#ifndef ESCAQUE_USE_PEXT
    // The written-out magic, checked in the same pass that fills the table.
    t.magic = knownMagics[si];
    int size = fill_square(t, rays[si], rayFrom, epoch, ++currentEpoch);
    if (size < 0) size = search_magic(t, rays[si], rayFrom, seeds[rank_of(s)], occupancy, reference, epoch,
                                      currentEpoch);
#else
    (void)seeds;
    (void)knownMagics;
    // Enumerate every subset of the mask (Carry-Rippler).
    int size = 0;
    Bitboard b = 0;
    do {
      t.attacks[_pext_u64(b, t.mask)] = ray_attacks(rays[si], rayFrom, b);
      ++size;
      b = (b - t.mask) & t.mask;
    } while (b);
#endif
    next += size;
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

  init_slider(tables::rookTable, rookAttackStore, ROOK_DIRS, ROOK_MAGICS);
  init_slider(tables::bishopTable, bishopAttackStore, BISHOP_DIRS, BISHOP_MAGICS);

  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      Square sa = Square(a), sb = Square(b);
      tables::distance[a][b] = std::uint8_t(std::max(std::abs(file_of(sa) - file_of(sb)), std::abs(rank_of(sa) - rank_of(sb))));
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
