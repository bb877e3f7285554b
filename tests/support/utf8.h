// UTF-8 well-formedness, for tests that check text the library writes (SAN
// with figurines, PGN) stays valid UTF-8 whatever the input was.
#pragma once

#include <cstddef>
#include <string>

namespace escaque::test {

inline bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (int k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += std::size_t(n);
  }
  return true;
}

}  // namespace escaque::test
