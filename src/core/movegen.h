// Fully legal move generation.
//
// One generator serves every purpose. It reports moves to a "sink": MoveList
// stores them, MoveCounter only counts (perft's leaves and "has any legal
// move" questions then cost a few popcounts instead of a list). Because moves
// are produced in sets (all targets of one piece, all single pawn pushes, ...),
// a counting sink never expands a set.
//
// Legality is decided during generation, never afterwards: the king avoids
// attacked squares (computed with the king removed, so it cannot hide behind
// itself), pinned pieces stay on their pin line, in check everything else must
// capture the checker or block, and double check leaves only king moves.
// En passant, rare and tricky (the horizontal pin on the fifth rank), is
// checked by simulating the capture.
#pragma once

#include <initializer_list>

#include "position.h"

namespace escaque {

enum GenType {
  GEN_ALL,       // every legal move
  GEN_CAPTURES,  // captures, en passant and all promotions
  GEN_QUIETS,    // the rest: non-capturing non-promotions, castling
};

constexpr int MAX_MOVES = 256;  // 218 is the known maximum

struct MoveList {
  // Left uninitialised: only moves[0, size) is ever read, and zeroing 512 bytes on every
  // construction (Move() is 0) was 4.5 % of reading a PGN file in WebAssembly, one MoveList per SAN.
  union {
    Move moves[MAX_MOVES];
  };
  int size = 0;

  MoveList() {}

  void add(Move m) { moves[size++] = m; }
  void add_targets(Square from, Bitboard targets) {
    while (targets) moves[size++] = Move(from, pop_lsb(targets));
  }
  // Pawn moves in bulk: every target came from `to - delta`.
  void add_pawn_targets(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      moves[size++] = Move(Square(to - delta), to);
    }
  }
  void add_promotions(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      Square from = Square(to - delta);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) moves[size++] = Move::make(from, to, PROMOTION, pt);
    }
  }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
};

struct MoveCounter {
  int size = 0;
  void add(Move) { ++size; }
  void add_targets(Square, Bitboard targets) { size += popcount(targets); }
  void add_pawn_targets(Bitboard targets, int) { size += popcount(targets); }
  void add_promotions(Bitboard targets, int) { size += 4 * popcount(targets); }
};

namespace detail {

template <Color Us, class Sink>
inline void add_pinned_pawn_moves(const Position& pos, Sink& sink, Square from, Bitboard pinLine,
                                  Bitboard capturable, Bitboard pushable, bool promotes) {
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
  Bitboard empty = ~pos.pieces();
  Bitboard targets = pawn_attacks(Us, from) & capturable & pinLine;
  // shift, not from + Up: with validation off a pawn may stand on its last rank.
  Bitboard push1 = shift<Up>(square_bb(from)) & empty;
  Bitboard push2 = (Us == WHITE ? push1 << 8 : push1 >> 8) & empty & (Us == WHITE ? Rank3 << 8 : Rank3 >> 8);
  Bitboard pushes = (push1 | push2) & pushable & pinLine;
  if (promotes) {
    targets |= pushes;
    while (targets) {
      Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) sink.add(Move::make(from, to, PROMOTION, pt));
    }
  } else {
    sink.add_targets(from, targets | pushes);
  }
}

// Not `inline`: the rules' instantiations are compiled once, in movegen.cpp (see there), and the
// extern declarations at the end of this namespace keep every other file from compiling its own.
template <Color Us, GenType G, class Sink>
void generate_for(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr int UpLeft = Us == WHITE ? 7 : -9;   // towards the a-file
  constexpr int UpRight = Us == WHITE ? 9 : -7;  // towards the h-file
  constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);  // promotes next move
  constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);  // after a single push from home

  const Square ksq = pos.king_square(Us);
  const Bitboard occupied = pos.pieces();
  const Bitboard own = pos.pieces(Us);
  const Bitboard enemy = pos.pieces(Them);
  const Bitboard checkers = pos.checkers();

  // Which squares a move may land on, by kind of move wanted.
  Bitboard landing = G == GEN_ALL ? ~own : G == GEN_CAPTURES ? enemy : ~occupied;

  // King moves: to every square the opponent does not attack once the king has left.
  {
    Bitboard targets = king_attacks(ksq) & landing;
    Bitboard withoutKing = occupied ^ square_bb(ksq);
    Bitboard safe = 0;
    while (targets) {
      Square to = pop_lsb(targets);
      if (!(pos.attackers_to(to, withoutKing) & enemy)) safe |= square_bb(to);
    }
    sink.add_targets(ksq, safe);
  }
  if (more_than_one(checkers)) return;  // double check: only the king moves

  // In check, every other move must capture the checker or block its line.
  const Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
  const Bitboard target = landing & checkMask;

  // A pinned piece may only move along its pin line; in check it cannot move at all.
  const Bitboard pinned = pos.pinned(Us);
  const Bitboard movable = checkers ? own & ~pinned : own;

  // Knights: a pinned knight can never move.
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_targets(from, knight_attacks(from) & target);
  }
  // Diagonal and orthogonal sliders. A queen appears in both loops; its two
  // target sets are disjoint.
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN) & movable; b;) {
    Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_targets(from, t);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN) & movable; b;) {
    Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_targets(from, t);
  }

  // Pawns, in bulk for the unpinned ones.
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard freePawns = pawns & ~pinned;
  const Bitboard emptySquares = ~occupied;
  const Bitboard pushMask = emptySquares & checkMask;
  const Bitboard captureMask = enemy & checkMask;
  {
    const Bitboard normal = freePawns & ~Rank7;
    const Bitboard promoting = freePawns & Rank7;
    if constexpr (G != GEN_CAPTURES) {
      Bitboard push1 = shift<Up>(normal) & emptySquares;
      Bitboard push2 = shift<Up>(push1 & Rank3) & pushMask;
      sink.add_pawn_targets(push1 & checkMask, Up);
      sink.add_pawn_targets(push2, Up + Up);
    }
    if constexpr (G != GEN_QUIETS) {
      sink.add_pawn_targets(shift<UpLeft>(normal) & captureMask, UpLeft);
      sink.add_pawn_targets(shift<UpRight>(normal) & captureMask, UpRight);
      if (promoting) {
        sink.add_promotions(shift<Up>(promoting) & pushMask, Up);
        sink.add_promotions(shift<UpLeft>(promoting) & captureMask, UpLeft);
        sink.add_promotions(shift<UpRight>(promoting) & captureMask, UpRight);
      }
    }
  }
  // Pinned pawns, one by one (rare).
  if (!checkers) {
    for (Bitboard b = pawns & pinned; b;) {
      Square from = pop_lsb(b);
      bool promotes = Rank7 & square_bb(from);
      Bitboard capturable = G == GEN_QUIETS ? 0 : enemy;
      Bitboard pushable = G == GEN_ALL ? emptySquares
                          : G == GEN_CAPTURES ? (promotes ? emptySquares : 0)
                                              : (promotes ? 0 : emptySquares);
      if (G == GEN_QUIETS && promotes) continue;
      add_pinned_pawn_moves<Us>(pos, sink, from, line_bb(ksq, from), capturable, pushable, promotes);
    }
  }
  // En passant: simulate the capture and look for any attack on the king.
  if constexpr (G != GEN_QUIETS) {
    const Square ep = pos.en_passant_square();
    if (ep != SQ_NONE) {
      const Square capsq = Square(ep - Up);
      for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
        Square from = pop_lsb(b);
        Bitboard occ = (occupied ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
        if (!(pos.attackers_to(ksq, occ) & enemy & ~square_bb(capsq)))
          sink.add(Move::make(from, ep, EN_PASSANT));
      }
    }
  }
  // Castling, encoded as king takes rook.
  if constexpr (G != GEN_CAPTURES) {
    if (!checkers && (pos.castling_rights() & (Us == WHITE ? 3 : 12))) {
      for (bool kingSide : {true, false}) {
        int idx = castling_index(Us, kingSide);
        if (!(pos.castling_rights() & (1 << idx)) || (pos.castling_path(idx) & occupied)) continue;
        Square rsq = pos.castling_rook_square(idx);
        // Without king and rook: in Chess960 the castling rook may shield
        // the king's destination from an attack along the first rank.
        Bitboard occ = occupied ^ square_bb(ksq) ^ square_bb(rsq);
        bool safe = true;
        for (Bitboard path = pos.castling_king_path(idx); path && safe;)
          safe = !(pos.attackers_to(pop_lsb(path), occ) & enemy);
        if (safe) sink.add(Move::make(ksq, rsq, CASTLING));
      }
    }
  }
}

extern template void generate_for<WHITE, GEN_ALL, MoveList>(const Position&, MoveList&);
extern template void generate_for<BLACK, GEN_ALL, MoveList>(const Position&, MoveList&);
extern template void generate_for<WHITE, GEN_ALL, MoveCounter>(const Position&, MoveCounter&);
extern template void generate_for<BLACK, GEN_ALL, MoveCounter>(const Position&, MoveCounter&);

}  // namespace detail

template <GenType G = GEN_ALL, class Sink>
inline void generate_moves(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE) detail::generate_for<WHITE, G>(pos, sink);
  else detail::generate_for<BLACK, G>(pos, sink);
}

template <GenType G = GEN_ALL>
inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_moves<G>(pos, list);
  return list;
}

template <GenType G = GEN_ALL>
inline int count_legal_moves(const Position& pos) {
  MoveCounter counter;
  generate_moves<G>(pos, counter);
  return counter.size;
}

inline bool has_legal_move(const Position& pos) { return count_legal_moves(pos) > 0; }

}  // namespace escaque
