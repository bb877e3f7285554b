// What a running search reports: one SearchInfo per finished (or failed-low /
// failed-high) root line, as data. Front ends format it: UciSession as an
// "info depth ..." line, the WebAssembly exports as a record for JavaScript.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "../core/types.h"
#include "score.h"
#include "tt.h"

namespace escaque {

struct SearchInfo {
  // Iteration depth; 0 only for the single report of a root without legal
  // moves (then only `score` is meaningful: mated or stalemate).
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // 1 = the best line
  Value score = VALUE_NONE;  // side to move's view; mate scores count plies (score.h)
  Bound bound = BOUND_EXACT;  // BOUND_LOWER: failed high, BOUND_UPPER: failed low
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t timeMs = 0;
  int hashfull = 0;  // per mille
  std::vector<Move> pv;  // legal from the root, in order

  bool is_mate() const { return is_mate_score(score); }
  // Moves (not plies) to mate: positive when the side to move mates, negative
  // (or 0 when already mated) when it is mated. Only for is_mate().
  int mate_moves() const {
    return score > 0 ? (VALUE_MATE - score + 1) / 2 : -(VALUE_MATE + score) / 2;
  }
};

using InfoListener = std::function<void(const SearchInfo&)>;

}  // namespace escaque
