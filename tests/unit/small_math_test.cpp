// The engine's own logarithm/exponential (src/engine/small_math.h, written so that
// the WebAssembly module needs no libm) against the C library's, and its stable
// insertion sort (src/engine/insertion_sort.h) against std::stable_sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "engine/insertion_sort.h"
#include "engine/small_math.h"

namespace escaque {
namespace {

TEST(SmallMath, LnMatchesTheCLibraryToAFewUlps) {
  for (double x : {1e-300, 1e-9, 0.001, 0.5, 0.999999, 1.0, 1.000001, 2.0, 3.0, 10.0, 255.0, 1e6, 1e300}) {
    EXPECT_NEAR(small_math::ln(x), std::log(x), 4e-16 * std::max(1.0, std::fabs(std::log(x)))) << x;
  }
  EXPECT_EQ(small_math::ln(1.0), 0.0);
}

// The late-move reduction table (search.cpp) is built from ln: with the C library's log it is the
// same table, so searches (and the bench node count) are unchanged.
TEST(SmallMath, ReductionTableIsTheSameAsWithTheCLibrary) {
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 256; ++m)
      ASSERT_EQ(int(0.4 + small_math::ln(d) * small_math::ln(m) / 2.3), int(0.4 + std::log(d) * std::log(m) / 2.3))
          << d << ' ' << m;
}

TEST(SmallMath, ExpMatchesTheCLibrary) {
  for (double x = -700.0; x <= 700.0; x += 0.37) {
    EXPECT_NEAR(small_math::exp(x) / std::exp(x), 1.0, 1e-14) << x;
  }
  EXPECT_EQ(small_math::exp(0.0), 1.0);
  EXPECT_EQ(small_math::exp(-1000.0), 0.0);
  EXPECT_TRUE(std::isinf(small_math::exp(1000.0)));
  EXPECT_NEAR(small_math::exp2(12.0), 4096.0, 1e-9);
  EXPECT_NEAR(small_math::exp2(-3.0), 0.125, 1e-15);
}

TEST(InsertionSort, SortsLikeStdStableSortKeepingTiesInOrder) {
  std::mt19937 rng(7);
  for (int n : {0, 1, 2, 5, 40, 300}) {
    std::vector<std::pair<int, int>> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) v[std::size_t(i)] = {int(rng() % 7), i};  // many ties; .second is the order
    auto expected = v;
    const auto by_key = [](const auto& a, const auto& b) { return a.first > b.first; };
    std::stable_sort(expected.begin(), expected.end(), by_key);
    insertion_sort(v.begin(), v.end(), by_key);
    EXPECT_EQ(v, expected) << n;
  }
}

}  // namespace
}  // namespace escaque
