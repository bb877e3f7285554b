// Fuzz target: SAN (src/notation/san.h). Built only when that header exists
// (see CMakeLists.txt): it arrives with the notation branch.
// Input: "<option byte><FEN>\n<SAN text>". For the position (the start
// position when the FEN does not parse): every legal move's SAN parses back to
// that move, strictly and leniently; the fuzzed text never crashes the
// parser, and whatever it accepts is legal and round-trips.
//
// Speed: the first check (every legal move's SAN) depends on the position
// alone and costs about three SAN conversions per legal move, while libFuzzer
// mostly mutates the SAN text under an unchanged FEN; so it is skipped for a
// position it passed earlier in the run (seen_states.h), the position told by
// its full Shredder-FEN and the Chess960 flag: for one position read from a
// FEN that is everything SAN reads (that equal FENs give equal positions is
// fen_fuzz's invariant). The fuzzed text is checked on every input.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "fuzz_check.h"
#include "notation/san.h"
#include "seen_states.h"

using namespace escaque;

namespace {

// A position as the SAN check sees it: the Chess960 flag, then its Shredder-FEN, zero-padded.
using PositionKey = std::array<char, 128>;

bool position_key(const Position& pos, PositionKey& key, std::uint64_t& hash) {
  const std::string fen = to_fen(pos, true);
  if (fen.size() + 1 > key.size()) return false;  // cannot happen for a legal FEN; then no memory
  key.fill(0);
  key[0] = pos.is_chess960() ? '9' : 's';
  fen.copy(key.data() + 1, fen.size());
  hash = pos.key() ^ std::hash<std::string>{}(fen);
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  fuzz::PositionAndText in = fuzz::split_position_input(data, size);
  Position& pos = in.pos;
  std::string_view sanText = in.text;

  const Position before = pos;
  MoveList legal = legal_moves(pos);
  static fuzz::SeenStates<PositionKey> checked;
  PositionKey key;
  std::uint64_t hash = 0;
  const bool remembered = position_key(pos, key, hash);
  if (!remembered || !checked.seen(key, hash)) {
    for (Move m : legal) {
      std::string san = move_to_san(pos, m);
      SanResult lenient = parse_san(pos, san);
      FUZZ_REQUIRE(lenient.ok() && lenient.move == m,
                   "SAN round trip failed for " + san + " in " + to_fen(pos));
      SanParseOptions strictOptions;
      strictOptions.strict = true;
      SanResult strict = parse_san(pos, san, Language::English, strictOptions);
      FUZZ_REQUIRE(strict.ok() && strict.move == m, "strict SAN rejects its own output " + san);
    }
    if (remembered) checked.remember(key, hash);
  }
  SanResult r = parse_san(pos, sanText);
  FUZZ_REQUIRE(pos == before, "parse_san changed the position");
  if (r.ok()) {
    FUZZ_REQUIRE(legal.contains(r.move), "parse_san accepted an illegal move: " + std::string(sanText));
    SanResult again = parse_san(pos, move_to_san(pos, r.move));
    FUZZ_REQUIRE(again.ok() && again.move == r.move, "SAN of an accepted move does not round-trip");
  } else {
    FUZZ_REQUIRE(!r.message.empty(), "SAN error without a message");
  }
  return 0;
}
