// Small decimal numbers in text (FEN counters, PGN command values): one reader for all of them.
#pragma once

#include <cstddef>
#include <string_view>

namespace escaque {

// s as a non-negative decimal integer of 1 to maxDigits digits (no sign, no spaces; maxDigits ≤ 9,
// so the value fits an int); false, with out unchanged, otherwise.
inline bool parse_digits(std::string_view s, std::size_t maxDigits, int& out) {
  if (s.empty() || s.size() > maxDigits) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

}  // namespace escaque
