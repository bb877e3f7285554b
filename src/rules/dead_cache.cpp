#include "dead_cache.h"

#include <array>

namespace escaque::dead {

namespace {

// The position as the analysis sees it.
struct Snapshot {
  Bitboard byColor[COLOR_NB] = {};
  Bitboard byType[PIECE_TYPE_NB] = {};
  Square castlingRook[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  Square epSquare = SQ_NONE;
  int castling = 0;
  Color sideToMove = WHITE;

  static Snapshot of(const Position& pos) {
    Snapshot s;
    for (Color c : {WHITE, BLACK}) s.byColor[c] = pos.pieces(c);
    for (int pt = PAWN; pt <= KING; ++pt) s.byType[pt] = pos.pieces(PieceType(pt));
    s.castling = pos.castling_rights();
    for (int i = 0; i < 4; ++i)
      if (s.castling & (1 << i)) s.castlingRook[i] = pos.castling_rook_square(i);
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
  bool used = false;
  bool dead = false;
  Snapshot position;
};

constexpr std::size_t ENTRIES = 64;

std::array<Entry, ENTRIES>& table() {
  thread_local std::array<Entry, ENTRIES> entries;
  return entries;
}

Entry& slot(const Position& pos) { return table()[std::size_t(pos.key()) % ENTRIES]; }

}  // namespace

bool cached_verdict(const Position& pos, bool& dead) {
  const Entry& e = slot(pos);
  if (!e.used || !(e.position == Snapshot::of(pos))) return false;
  dead = e.dead;
  return true;
}

void remember_verdict(const Position& pos, bool dead) {
  Entry& e = slot(pos);
  e.used = true;
  e.dead = dead;
  e.position = Snapshot::of(pos);
}

}  // namespace escaque::dead
