#include "perft.h"

#include "movegen.h"

namespace escaque {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return std::uint64_t(count_legal_moves(pos));
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t nodes = 0;
  UndoInfo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    nodes += depth == 2 ? std::uint64_t(count_legal_moves(pos)) : perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  MoveList moves;
  generate_moves(pos, moves);
  UndoInfo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, undo);
  }
  return result;
}

}  // namespace escaque
