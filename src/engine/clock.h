// Monotonic milliseconds; steady_clock works natively and under Emscripten.
#pragma once

#include <chrono>
#include <cstdint>

namespace escaque {

inline std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace escaque
