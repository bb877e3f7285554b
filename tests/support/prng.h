// SplitMix64: a tiny seeded PRNG so that every "random" test is the same on
// every run and every machine (std::mt19937 distributions are not portable).
#pragma once

#include <cstdint>

namespace escaque::test {

struct SplitMix64 {
  std::uint64_t state = 0;

  SplitMix64() = default;
  explicit SplitMix64(std::uint64_t seed) : state(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform enough for tests: 0 <= result < n (n > 0).
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  // The same as an int, for indices and arithmetic that may go negative.
  int below_int(int n) { return int(next() % std::uint64_t(n)); }
  bool chance(int percent) { return below_int(100) < percent; }
};

}  // namespace escaque::test
