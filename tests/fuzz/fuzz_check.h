// What every fuzz target does on a broken invariant: print it and abort, so
// libFuzzer records the input as a crash (and scripts/fuzz.sh fails).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/position.h"

namespace escaque::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "\n*** invariant broken: %s\n", what.c_str());
  std::abort();
}

// The input layout the position-based targets share: "<option byte><FEN>\n<text>".
// Bit 0 of the option byte selects Chess960; when the FEN does not parse, the
// position is the standard start or the Chess960 start numbered by the option
// byte's other bits (518, the standard arrangement, when they exceed 959), so
// every input still exercises the code under test.
struct PositionAndText {
  Position pos;
  bool chess960 = false;
  std::string_view text;
};

inline PositionAndText split_position_input(const std::uint8_t* data, std::size_t size) {
  PositionAndText in;
  in.chess960 = data[0] & 1;
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::size_t nl = rest.find('\n');
  std::string_view fenText = nl == std::string_view::npos ? std::string_view() : rest.substr(0, nl);
  in.text = nl == std::string_view::npos ? rest : rest.substr(nl + 1);
  if (parse_fen(fenText, in.pos, FenOptions{in.chess960, true})) {
    if (in.chess960)
      set_chess960_start(in.pos, data[0] >> 1 < 960 ? data[0] >> 1 : 518);
    else
      in.pos.set_startpos();
  }
  return in;
}

}  // namespace escaque::fuzz

// Fails with `what` unless `ok`. A macro so that the message (often a FEN, a game's text or a
// reply) is built only on failure: built eagerly, as a function argument, it cost a to_fen or a
// copy of a whole game on every check that passed.
#define FUZZ_REQUIRE(ok, what)                 \
  do {                                         \
    if (!(ok)) ::escaque::fuzz::fail(what);    \
  } while (false)
