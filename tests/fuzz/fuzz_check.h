// What every fuzz target does on a broken invariant: print it and abort, so
// libFuzzer records the input as a crash (and scripts/fuzz.sh fails).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace escaque::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "\n*** invariant broken: %s\n", what.c_str());
  std::abort();
}

inline void require(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

}  // namespace escaque::fuzz
