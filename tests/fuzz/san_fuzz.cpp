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
  const bool chess960 = data[0] & 1;
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  size_t nl = rest.find('\n');
  std::string_view fenText = nl == std::string_view::npos ? std::string_view() : rest.substr(0, nl);
  std::string_view sanText = nl == std::string_view::npos ? rest : rest.substr(nl + 1);

  Position pos;
  if (parse_fen(fenText, pos, FenOptions{chess960, true})) {
    if (chess960)
      set_chess960_start(pos, data[0] >> 1 < 960 ? data[0] >> 1 : 518);
    else
      pos.set_startpos();
  }
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
