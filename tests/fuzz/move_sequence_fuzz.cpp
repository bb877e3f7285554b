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
//
// Speed (docs/benchmarks.md, "Session 8: fuzz target speed"): the reference is
// compiled without libFuzzer's coverage (oracle.h), and the node check, whose
// verdict depends on the node alone, is skipped for a node that passed it
// earlier in the run (seen_states.h: remembered byte for byte, the core
// position and the reference board both). A mutated input mostly replays its
// parent's first moves; the nodes it reaches anew get the whole check. The
// per-move checks (key, undo), the last node's children and the unwinding run
// on every input.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "core/chess960.h"
#include "core/movegen.h"
#include "fuzz_check.h"
#include "oracle.h"
#include "seen_states.h"

using namespace escaque;

namespace {

// A node as the check sees it: the core position byte for byte (it lives in zeroed storage, so its
// padding bytes are zero and equal states have equal bytes) and the reference board field by field.
struct NodeKey {
  unsigned char position[sizeof(Position)];
  Piece sq[64];
  Square castleRook[4];
  Square epCandidate;
  std::uint8_t side, chess960;
  std::int32_t rule50, fullmove;
};

NodeKey node_key(const Position& pos, const ref::Board& b) {
  NodeKey k;
  std::memset(&k, 0, sizeof k);
  std::memcpy(k.position, &pos, sizeof(Position));
  std::memcpy(k.sq, b.sq, sizeof k.sq);
  std::memcpy(k.castleRook, b.castleRook, sizeof k.castleRook);
  k.epCandidate = b.epCandidate;
  k.side = std::uint8_t(b.side);
  k.chess960 = b.chess960;
  k.rule50 = b.rule50;
  k.fullmove = b.fullmove;
  return k;
}

std::uint64_t node_hash(const Position& pos, const ref::Board& b) {
  return pos.key() ^ ((std::uint64_t(b.rule50) << 32 | std::uint32_t(b.fullmove)) * 0x9E3779B97F4A7C15ull);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  static fuzz::SeenStates<NodeKey> checked;
  alignas(Position) unsigned char storage[sizeof(Position)];
  std::memset(storage, 0, sizeof storage);
  Position& pos = *::new (static_cast<void*>(storage)) Position;  // trivially destructible
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
    const NodeKey key = node_key(pos, board);
    const std::uint64_t hash = node_hash(pos, board);
    if (!checked.seen(key, hash)) {
      std::string problem = test::check_node_state(pos, board);
      FUZZ_REQUIRE(problem.empty(), problem);
      checked.remember(key, hash);
    }
    MoveList legal = legal_moves(pos);
    if (i >= size || legal.size == 0) break;
    Move m = legal.moves[data[i] % legal.size];
    history.push_back(pos);
    moves.push_back(m);
    undos.emplace_back();
    pos.do_move(m, undos.back());
    board = ref::make(board, m);
    FUZZ_REQUIRE(pos.key() == pos.compute_key(), "key() != compute_key() after " + ref::describe_move(m));
    pos.undo_move(m, undos.back());
    FUZZ_REQUIRE(pos == history.back() && pos.key() == history.back().key(),
                 "undo of " + ref::describe_move(m) + " does not restore " + to_fen(history.back()));
    pos.do_move(m, undos.back());
  }
  std::string problem = test::check_children(pos, board);
  FUZZ_REQUIRE(problem.empty(), problem);
  for (std::size_t k = moves.size(); k-- > 0;) {
    pos.undo_move(moves[k], undos[k]);
    FUZZ_REQUIRE(pos == history[k] && pos.key() == history[k].key(),
                 "unwinding the game: undo of " + ref::describe_move(moves[k]) + " does not restore " +
                      to_fen(history[k]));
  }
  return 0;
}
