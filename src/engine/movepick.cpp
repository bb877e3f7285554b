#include "movepick.h"

#include <utility>

#include "see.h"

namespace escaque {

namespace {

PieceType captured_type(const Position& pos, Move m) {
  if (m.kind() == EN_PASSANT) return PAWN;
  Piece p = pos.piece_on(m.to());
  return p == NO_PIECE || m.kind() == CASTLING ? NO_PIECE_TYPE : type_of(p);
}

int victim_value(PieceType captured) { return captured == NO_PIECE_TYPE ? 0 : SEE_VALUE[captured]; }

}  // namespace

void score_main_moves(const Position& pos, const OrderingContext& ctx, ScoredMoves& sm) {
  sm.list.size = 0;
  sm.next = 0;
  generate_moves<GEN_ALL>(pos, sm.list);
  const History& h = *ctx.history;
  const Color us = pos.side_to_move();
  for (int i = 0; i < sm.list.size; ++i) {
    Move m = sm.list.moves[i];
    int& score = sm.scores[i];
    if (m == ctx.ttMove) {
      score = SCORE_TT_MOVE;
      continue;
    }
    Piece pc = pos.moved_piece(m);
    if (m.kind() == PROMOTION && m.promotion() != QUEEN) {
      score = SCORE_UNDERPROMOTION + m.promotion();
      continue;
    }
    if (pos.is_capture(m) || m.kind() == PROMOTION) {
      PieceType victim = captured_type(pos, m);
      int s = 8 * victim_value(victim) + (m.kind() == PROMOTION ? 8 * SEE_VALUE[QUEEN] : 0);
      if (victim != NO_PIECE_TYPE) s += h.capture[pc][m.to()][victim] / 16;
      score = (see_ge(pos, m, 0) ? SCORE_GOOD_CAPTURE : SCORE_BAD_CAPTURE) + s;
      continue;
    }
    if (m == ctx.killers[0]) score = SCORE_KILLER + 3;
    else if (m == ctx.killers[1]) score = SCORE_KILLER + 2;
    else if (m == ctx.counterMove) score = SCORE_KILLER + 1;
    else score = quiet_history(h, ctx.cont, us, pc, m);
  }
}

void score_quiescence_moves(const Position& pos, const History& history, Move ttMove, ScoredMoves& sm) {
  sm.list.size = 0;
  sm.next = 0;
  if (pos.in_check()) generate_moves<GEN_ALL>(pos, sm.list);
  else generate_moves<GEN_CAPTURES>(pos, sm.list);
  const Color us = pos.side_to_move();
  for (int i = 0; i < sm.list.size; ++i) {
    Move m = sm.list.moves[i];
    Piece pc = pos.moved_piece(m);
    if (m == ttMove) {
      sm.scores[i] = SCORE_TT_MOVE;
    } else if (pos.is_capture(m) || m.kind() == PROMOTION) {
      PieceType victim = captured_type(pos, m);
      int promo = m.kind() == PROMOTION ? SEE_VALUE[m.promotion()] : 0;
      sm.scores[i] = SCORE_GOOD_CAPTURE + 8 * (victim_value(victim) + promo) - SEE_VALUE[type_of(pc)] / 8;
    } else {
      sm.scores[i] = history.butterfly[us][m.from()][m.to()];
    }
  }
}

Move pick_next(ScoredMoves& sm, int* score) {
  if (sm.next >= sm.list.size) return Move::none();
  int best = sm.next;
  for (int i = sm.next + 1; i < sm.list.size; ++i)
    if (sm.scores[i] > sm.scores[best]) best = i;
  // Swap into place so the handed-out prefix stays contiguous.
  std::swap(sm.list.moves[best], sm.list.moves[sm.next]);
  std::swap(sm.scores[best], sm.scores[sm.next]);
  if (score) *score = sm.scores[sm.next];
  return sm.list.moves[sm.next++];
}

}  // namespace escaque
