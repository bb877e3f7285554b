// A stable insertion sort for the engine's short or nearly sorted arrays: the
// root moves after each iteration (at most 218, mostly in order already) and
// the opening book's entries when the book is built. std::stable_sort would do
// the same in fewer comparisons, but each of its instantiations brings ~5 KB of
// merge code into the WebAssembly module (docs/benchmarks.md, "One module").
#pragma once

#include <utility>

namespace escaque {

// Sorts [first, last) by `less`; equal elements keep their order.
template <typename It, typename Less>
void insertion_sort(It first, It last, Less less) {
  if (first == last) return;
  for (It i = first + 1; i != last; ++i) {
    auto v = std::move(*i);
    It j = i;
    for (; j != first && less(v, *(j - 1)); --j) *j = std::move(*(j - 1));
    *j = std::move(v);
  }
}

}  // namespace escaque
