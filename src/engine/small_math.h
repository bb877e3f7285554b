// The natural logarithm and exponential that the engine needs (late-move
// reductions, the strength levels' node budgets and move choice), written out
// so that the WebAssembly module needs no libm: musl's log/exp/pow bring about
// 6 KB of tables and 2 KB of code into it (docs/benchmarks.md, "One module").
// Accurate to a few units in the last place over the ranges used, and the same
// on every platform, so native and WebAssembly builds choose alike.
#pragma once

#include <cmath>

namespace escaque::small_math {

constexpr double LN2 = 0.69314718055994530942;

// ln(x) for x > 0: x = m * 2^e with m in [1, 2), ln(m) = 2 atanh((m - 1) / (m + 1)).
inline double ln(double x) {
  int e = 0;
  while (x >= 2.0) { x *= 0.5; ++e; }
  while (x < 1.0) { x *= 2.0; --e; }
  const double t = (x - 1.0) / (x + 1.0);  // at most 1/3: the series below has converged by k = 61
  const double t2 = t * t;
  double sum = 0.0, power = t;
  for (int k = 1; k <= 61; k += 2) {
    sum += power / k;
    power *= t2;
  }
  return 2.0 * sum + e * LN2;
}

// e^x: x = k ln2 + r with |r| <= ln2 / 2, e^r by its Taylor series, then scaled by 2^k.
inline double exp(double x) {
  if (x < -745.0) return 0.0;
  if (x > 709.0) return HUGE_VAL;
  const double k = std::floor(x / LN2 + 0.5);  // f64.floor: an instruction, not a libm call
  // ln2 in two parts (fdlibm's): k * LN2_HI is exact, so r keeps its precision for large k.
  constexpr double LN2_HI = 6.93147180369123816490e-01, LN2_LO = 1.90821492927058770002e-10;
  const double r = (x - k * LN2_HI) - k * LN2_LO;
  double sum = 1.0, term = 1.0;
  for (int n = 1; n <= 20; ++n) {
    term *= r / n;
    sum += term;
  }
  return std::scalbn(sum, int(k));
}

inline double exp2(double x) { return exp(x * LN2); }

}  // namespace escaque::small_math
