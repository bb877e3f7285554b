// Move ordering. Every legal move of a node is generated at once (the legal
// generator is cheap compared with a search node) into storage owned by the
// search stack, scored, and then handed out best first by selection, so a
// cutoff on an early move never pays for sorting the rest.
//
// Order in the main search: hash move, winning and equal captures and queen
// promotions (most valuable victim first, refined by capture history),
// killer moves, the countermove, quiet moves by history, then losing
// captures, then under-promotions.
#pragma once

#include "../core/movegen.h"
#include "history.h"

namespace escaque {

struct ScoredMoves {
  MoveList list;
  int scores[MAX_MOVES];
  int next = 0;
};

// Score bands; a move's band decides its group, history sorts within it.
constexpr int SCORE_TT_MOVE = 1 << 30;
constexpr int SCORE_GOOD_CAPTURE = 1 << 28;
constexpr int SCORE_KILLER = 1 << 27;
constexpr int SCORE_BAD_CAPTURE = -(1 << 28);
constexpr int SCORE_UNDERPROMOTION = -(1 << 29);

struct OrderingContext {
  const History* history;
  Move ttMove;
  Move killers[2];
  Move counterMove;
  const PieceToHistory* cont[2];  // tables of the moves one and two plies back
};

// Fills sm with every legal move (all evasions in check), scored for the main search.
void score_main_moves(const Position& pos, const OrderingContext& ctx, ScoredMoves& sm);

// Quiescence: captures and promotions (all evasions when in check), MVV-LVA.
void score_quiescence_moves(const Position& pos, const History& history, Move ttMove, ScoredMoves& sm);

// Next best move, or Move::none() when exhausted. *score receives its score.
Move pick_next(ScoredMoves& sm, int* score = nullptr);

// History value used to order a quiet move (also read by the search for reductions).
inline int quiet_history(const History& h, const PieceToHistory* const cont[2], Color us, Piece pc, Move m) {
  return h.butterfly[us][m.from()][m.to()] + (*cont[0])[pc][m.to()] + (*cont[1])[pc][m.to()];
}

}  // namespace escaque
