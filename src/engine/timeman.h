// Time management: how long to think about this move.
//
// Two limits come out: the soft limit is the time the search aims for (it
// does not start an iteration that would probably overrun it, and stretches
// it when the best move keeps changing); the hard limit is never exceeded
// (the search polls the clock every ~1000 nodes). Both already leave the Move
// Overhead aside for the GUI and the pipe.
#pragma once

#include <cstdint>

#include "limits.h"

namespace escaque {

struct TimeBudget {
  bool managed = false;       // false: no clock limit at all (depth/nodes/infinite)
  std::int64_t softMs = 0;    // aim
  std::int64_t hardMs = 0;    // absolute limit for this move
};

TimeBudget plan_time(const SearchLimits& limits, Color us, int moveOverheadMs);

}  // namespace escaque
