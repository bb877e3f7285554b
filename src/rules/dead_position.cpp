#include "dead_position.h"

#include "../core/bitboard.h"

namespace escaque {

namespace {
// Material that can never mate on its own against anything: nothing but the king.
bool only_king(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, KING); }
}  // namespace

bool can_checkmate(const Position& pos, Color side) {
  // Baseline: a lone king can never give mate. (Replaced by the full analysis.)
  return !only_king(pos, side);
}

bool is_dead_position(const Position& pos) {
  return !can_checkmate(pos, WHITE) && !can_checkmate(pos, BLACK);
}

bool is_insufficient_material(const Position& pos) {
  if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
  Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
  if (popcount(minors) <= 1) return true;
  if (pos.pieces(KNIGHT)) return false;
  Bitboard bishops = pos.pieces(BISHOP);
  return !(bishops & LIGHT_SQUARES_BB) || !(bishops & DARK_SQUARES_BB);
}

}  // namespace escaque
