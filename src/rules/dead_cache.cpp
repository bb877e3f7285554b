#include "dead_cache.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace escaque::dead {

namespace {

// The position as the analysis sees it. No default member values: the table below is zero-filled
// storage (no data in the module), and of() writes every field.
struct Snapshot {
  Bitboard byColor[COLOR_NB];
  Bitboard byType[PIECE_TYPE_NB];
  Square castlingRook[4];
  Square epSquare;
  int castling;
  Color sideToMove;

  static Snapshot of(const Position& pos) {
    Snapshot s;
    for (Color c : {WHITE, BLACK}) s.byColor[c] = pos.pieces(c);
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) s.byType[pt] = pos.pieces(PieceType(pt));
    s.castling = pos.castling_rights();
    for (int i = 0; i < 4; ++i) s.castlingRook[i] = s.castling & (1 << i) ? pos.castling_rook_square(i) : SQ_NONE;
    s.epSquare = pos.en_passant_square();
    s.sideToMove = pos.side_to_move();
    return s;
  }

  bool operator==(const Snapshot& o) const {
    for (int c = 0; c < COLOR_NB; ++c)
      if (byColor[c] != o.byColor[c]) return false;
    for (int pt = PAWN; pt <= KING; ++pt)
      if (byType[pt] != o.byType[pt]) return false;
    for (int i = 0; i < 4; ++i)
      if (castlingRook[i] != o.castlingRook[i]) return false;
    return epSquare == o.epSquare && castling == o.castling && sideToMove == o.sideToMove;
  }
};

struct Entry {
  bool used;
  bool dead;
  Snapshot position;
};

// Two ways per set, the least recently used one replaced: two positions whose keys share a set (a
// page cycling through a few FENs, the start position against the positions of the games being
// played) no longer evict each other on every call, as they did in the 64 direct-mapped entries
// before (docs/dead-positions.md, section 5). 256 entries, ~29 KB per thread, zero-filled.
constexpr std::size_t SETS = CACHE_SETS;
constexpr int WAYS = 2;

struct Set {
  Entry way[WAYS];
  std::uint8_t recent;  // the way used last
};

Set& set_of(const Position& pos) {
  thread_local Set sets[SETS];
  return sets[std::size_t(pos.key()) % SETS];
}

}  // namespace

bool cached_verdict(const Position& pos, bool& dead) {
  Set& s = set_of(pos);
  const Snapshot now = Snapshot::of(pos);
  for (int w = 0; w < WAYS; ++w) {
    const Entry& e = s.way[w];
    if (e.used && e.position == now) {
      dead = e.dead;
      s.recent = std::uint8_t(w);
      return true;
    }
  }
  return false;
}

void remember_verdict(const Position& pos, bool dead) {
  // (After a miss: pos is in neither way.) A free way, else the one not used last.
  Set& s = set_of(pos);
  const int w = !s.way[0].used ? 0 : !s.way[1].used ? 1 : 1 - s.recent;
  s.way[w] = {true, dead, Snapshot::of(pos)};
  s.recent = std::uint8_t(w);
}

}  // namespace escaque::dead
