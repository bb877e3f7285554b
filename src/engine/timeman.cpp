#include "timeman.h"

#include <algorithm>

namespace escaque {

namespace {
constexpr std::int64_t LOW_CLOCK_MS = 2000;
}  // namespace

TimeBudget plan_time(const SearchLimits& limits, Color us, int moveOverheadMs) {
  TimeBudget b;
  if (limits.movetime > 0) {
    b.managed = true;
    b.hardMs = b.softMs = std::max<std::int64_t>(1, limits.movetime - moveOverheadMs);
    return b;
  }
  if (!limits.has_clock(us)) return b;
  b.managed = true;
  const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[us]);
  // Keep the overhead aside and never plan with a negative clock.
  const std::int64_t available = std::max<std::int64_t>(1, limits.time[us] - moveOverheadMs);
  // Sudden death: assume 30 more moves are needed; fewer towards a time control.
  const int movesLeft = limits.movestogo > 0 ? std::min(limits.movestogo, 50) : 30;
  std::int64_t soft = available / movesLeft + inc * 3 / 4;
  // The hard limit leaves room for the remaining moves: at most a third of the
  // clock (90% if this is the last move before the control).
  std::int64_t hard = limits.movestogo == 1 ? available * 9 / 10 : std::min(soft * 4, available / 3);
  // Low on time: spend about the increment minus the overhead (or an eighth
  // of the clock), so the clock stops shrinking and keeps a reserve against a
  // stalled machine. (Without taking the overhead off the increment too, the
  // transit time of every move drains the clock over a long game.)
  if (limits.movestogo != 1 && available < LOW_CLOCK_MS)
    hard = std::min(hard, std::max(inc - moveOverheadMs, available / 8));
  hard = std::max<std::int64_t>(1, hard);
  b.softMs = std::clamp<std::int64_t>(soft, 1, hard);
  b.hardMs = hard;
  return b;
}

}  // namespace escaque
