// "bench": a fixed set of positions searched to a fixed depth with a fresh
// 16 MiB hash table and cleared statistics for each, so the total node count
// depends only on the code (and is the same natively and in WebAssembly).
// It is the quick check that a change did not alter the search by accident,
// and a speed measurement (nodes per second).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "search.h"

namespace escaque {

constexpr int BENCH_DEFAULT_DEPTH = 12;

const std::vector<std::string>& bench_positions();

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t timeMs = 0;
  std::vector<std::string> bestMoves;  // UCI, one per position
};

// One line of progress per position (without a newline).
using BenchProgress = std::function<void(std::string_view)>;

// Runs the bench; progress goes to `progress` if given. `net`: the network to
// evaluate with (the engine's "Use NNUE" setting), nullptr for the hand-written evaluation.
BenchResult run_bench(int depth, const BenchProgress& progress, const nnue::Network* net = nullptr);

}  // namespace escaque
