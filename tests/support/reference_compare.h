// Bridges between the fast Position and the reference board: copy one into
// the other, and list every observable difference between them.
#pragma once

#include <string>

#include "core/fen.h"
#include "core/position.h"
#include "reference_board.h"

namespace escaque::ref {

// Reads pos square by square through its public queries. The e.p. candidate
// is whatever pos stores (only legal ones); walks that continue with make()
// get the raw candidates from then on.
inline Board board_from_position(const Position& pos) {
  Board b;
  for (int s = 0; s < 64; ++s) b.sq[s] = pos.piece_on(Square(s));
  b.side = pos.side_to_move();
  b.chess960 = pos.is_chess960();
  for (int idx = 0; idx < 4; ++idx)
    if (pos.can_castle(CastlingRight(1 << idx))) b.castleRook[idx] = pos.castling_rook_square(idx);
  b.epCandidate = pos.en_passant_square();
  b.rule50 = pos.rule50();
  b.fullmove = pos.fullmove_number();
  return b;
}

inline std::string describe_move(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == PROMOTION) s += "nbrq"[m.promotion() - KNIGHT];
  if (m.kind() == EN_PASSANT) s += "(ep)";
  if (m.kind() == CASTLING) s += "(castling)";
  return s;
}

// Empty when pos shows exactly the state of b; otherwise the first differences.
inline std::string differences(const Board& b, const Position& pos) {
  std::string d;
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] != pos.piece_on(Square(s)))
      d += "square " + square_name(Square(s)) + ": reference '" + piece_to_char(b.sq[s]) + "' core '" +
           piece_to_char(pos.piece_on(Square(s))) + "'; ";
  if (b.side != pos.side_to_move()) d += "side to move differs; ";
  for (int idx = 0; idx < 4; ++idx) {
    bool refHas = b.castleRook[idx] != SQ_NONE;
    bool coreHas = pos.can_castle(CastlingRight(1 << idx));
    if (refHas != coreHas)
      d += "castling right " + std::to_string(idx) + ": reference " + (refHas ? "has" : "lacks") + " it; ";
    else if (refHas && b.castleRook[idx] != pos.castling_rook_square(idx))
      d += "castling rook " + std::to_string(idx) + ": reference " + square_name(b.castleRook[idx]) +
           " core " + square_name(pos.castling_rook_square(idx)) + "; ";
  }
  Square ep = legal_en_passant_square(b);
  if (ep != pos.en_passant_square())
    d += "en passant square: reference " + square_name(ep) + " core " + square_name(pos.en_passant_square()) +
         "; ";
  if (b.rule50 != pos.rule50())
    d += "halfmove clock: reference " + std::to_string(b.rule50) + " core " + std::to_string(pos.rule50()) +
         "; ";
  if (b.fullmove != pos.fullmove_number())
    d += "fullmove number: reference " + std::to_string(b.fullmove) + " core " +
         std::to_string(pos.fullmove_number()) + "; ";
  if (b.chess960 != pos.is_chess960()) d += "chess960 flag differs; ";
  return d;
}

}  // namespace escaque::ref
