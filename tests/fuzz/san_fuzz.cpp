// Fuzz target: SAN (src/notation/san.h). Built only when that header exists
// (see CMakeLists.txt): it arrives with the notation branch.
// Input: "<option byte><FEN>\n<SAN text>". For the position (the start
// position when the FEN does not parse): every legal move's SAN parses back to
// that move, strictly and leniently; the fuzzed text never crashes the
// parser, and whatever it accepts is legal and round-trips.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "fuzz_check.h"
#include "notation/san.h"

using namespace escaque;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  fuzz::PositionAndText in = fuzz::split_position_input(data, size);
  Position& pos = in.pos;
  std::string_view sanText = in.text;

  const Position before = pos;
  MoveList legal = legal_moves(pos);
  for (Move m : legal) {
    std::string san = move_to_san(pos, m);
    SanResult lenient = parse_san(pos, san);
    fuzz::require(lenient.ok() && lenient.move == m,
                  "SAN round trip failed for " + san + " in " + to_fen(pos));
    SanParseOptions strictOptions;
    strictOptions.strict = true;
    SanResult strict = parse_san(pos, san, Language::English, strictOptions);
    fuzz::require(strict.ok() && strict.move == m, "strict SAN rejects its own output " + san);
  }
  SanResult r = parse_san(pos, sanText);
  fuzz::require(pos == before, "parse_san changed the position");
  if (r.ok()) {
    fuzz::require(legal.contains(r.move), "parse_san accepted an illegal move: " + std::string(sanText));
    SanResult again = parse_san(pos, move_to_san(pos, r.move));
    fuzz::require(again.ok() && again.move == r.move, "SAN of an accepted move does not round-trip");
  } else {
    fuzz::require(!r.message.empty(), "SAN error without a message");
  }
  return 0;
}
