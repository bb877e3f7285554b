// What a "go" command asks for: clocks, fixed limits, and search modes.
#pragma once

#include <cstdint>
#include <vector>

#include "../core/types.h"

namespace escaque {

struct SearchLimits {
  std::int64_t time[COLOR_NB] = {-1, -1};  // ms left on each clock; -1 = not given
  std::int64_t inc[COLOR_NB] = {0, 0};     // ms added per move
  int movestogo = 0;                       // moves to the next time control; 0 = sudden death
  int depth = 0;                           // 0 = no depth limit
  std::uint64_t nodes = 0;                 // 0 = no node limit
  std::int64_t movetime = 0;               // ms for this move; 0 = not given
  int mate = 0;                            // look for a mate in this many moves; 0 = no
  bool infinite = false;                   // search until "stop"
  bool ponder = false;                     // search on the opponent's time until "ponderhit" or "stop"
  std::vector<Move> searchmoves;           // restrict the root to these moves (empty = all)
  // Node budget of a strength-limited search (0 = none): no new iteration
  // starts once it is spent, and an iteration after the first stops at four
  // times the budget. Unlike `nodes`, the first iteration always completes.
  std::uint64_t softNodes = 0;

  bool has_clock(Color c) const { return time[c] >= 0; }
};

}  // namespace escaque
