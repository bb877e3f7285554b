// The module's exchange buffers (rules_io.h) and the exports that find
// them, plus the module's two small service calls.
#include "rules_io.h"

#include <emscripten/emscripten.h>
#include <malloc.h>

#include <cstring>

namespace escaque::js {

alignas(8) std::uint8_t io[IO_BYTES];

namespace {
std::string input;
}  // namespace

Args::Args() = default;

std::string_view Args::next() {
  if (at_ + 4 > input.size()) return {};
  std::uint32_t n;
  std::memcpy(&n, input.data() + at_, 4);
  at_ += 4;
  if (n > input.size() - at_) n = std::uint32_t(input.size() - at_);
  const std::string_view s(input.data() + at_, n);
  at_ += n;
  return s;
}

bool Args::done() const { return at_ >= input.size(); }

}  // namespace escaque::js

extern "C" {

EMSCRIPTEN_KEEPALIVE int escaque_io() { return escaque::js::address_of(escaque::js::io); }
EMSCRIPTEN_KEEPALIVE int escaque_io_text_max() { return escaque::js::IO_TEXT_MAX; }

// Where to write n bytes of arguments (the buffer keeps its capacity between calls).
EMSCRIPTEN_KEEPALIVE int escaque_input(int n) {
  escaque::js::input.resize(std::size_t(n < 0 ? 0 : n));
  return escaque::js::address_of(escaque::js::input.data());
}

// Bytes currently allocated by malloc: the leak tests watch it stay flat.
EMSCRIPTEN_KEEPALIVE int escaque_heap_in_use() { return int(mallinfo().uordblks); }

}  // extern "C"
