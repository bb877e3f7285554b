// Fuzz target: games. The bytes choose moves among the legal ones from a
// start position: the standard one, or (first byte >= 0x80) the Chess960
// start position numbered by the first two bytes. At every node: the move set
// equals the independent slow reference generator's, the state (pieces,
// rights, e.p., clocks, checkers, pins) equals the reference board's,
// compute_key() == key(), the FEN round trip holds; the chosen move's child
// matches the reference child, and undo restores position and key. At the
// last node every legal move is made and unmade and checked the same way
// (doing that at every node would cost 5x the executions per second); at the
// end the whole game is unwound move by move.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../support/node_checks.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#include "core/chess960.h"
#include "core/movegen.h"
#include "fuzz_check.h"

using namespace escaque;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  Position pos;
  std::size_t i = 0;
  if (data[0] & 0x80) {
    set_chess960_start(pos, ((data[0] & 0x7F) << 8 | data[1]) % 960);
    i = 2;
  } else {
    pos.set_startpos();
    i = 1;
  }
  ref::Board board = ref::board_from_position(pos);
  std::vector<Position> history;
  std::vector<Move> moves;
  std::vector<UndoInfo> undos;
  for (;; ++i) {
    std::string problem = test::check_node_state(pos, board);
    fuzz::require(problem.empty(), problem);
    MoveList legal = legal_moves(pos);
    if (i >= size || legal.size == 0) break;
    Move m = legal.moves[data[i] % legal.size];
    history.push_back(pos);
    moves.push_back(m);
    undos.emplace_back();
    pos.do_move(m, undos.back());
    board = ref::make(board, m);
    fuzz::require(pos.key() == pos.compute_key(), "key() != compute_key() after " + ref::describe_move(m));
    pos.undo_move(m, undos.back());
    fuzz::require(pos == history.back() && pos.key() == history.back().key(),
                  "undo of " + ref::describe_move(m) + " does not restore " + to_fen(history.back()));
    pos.do_move(m, undos.back());
  }
  std::string problem = test::check_children(pos, board);
  fuzz::require(problem.empty(), problem);
  for (std::size_t k = moves.size(); k-- > 0;) {
    pos.undo_move(moves[k], undos[k]);
    fuzz::require(pos == history[k] && pos.key() == history[k].key(),
                  "unwinding the game: undo of " + ref::describe_move(moves[k]) + " does not restore " +
                      to_fen(history[k]));
  }
  return 0;
}
