// Fuzz target: the FEN parser.
// Input: one option byte (bit 0 = Chess960, bit 1 = skip validation), then the FEN text.
// Never crashes; on error the target position is untouched and the error is
// well-formed; on success the position is consistent, round-trips through
// to_fen in both castling notations, and agrees with the reference board
// (legal moves, children, make/unmake).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "fuzz_check.h"
#include "oracle.h"

using namespace escaque;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const FenOptions options{(data[0] & 1) != 0, (data[0] & 2) == 0};
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  static const Position sentinel = [] {
    Position p;
    parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", p);
    return p;
  }();
  Position pos = sentinel;
  FenError e = parse_fen(text, pos, options);
  if (e) {
    FUZZ_REQUIRE(pos == sentinel && pos.key() == sentinel.key(), "position changed by a failed parse");
    FUZZ_REQUIRE(!e.message.empty(), "error without a message");
    FUZZ_REQUIRE(e.offset >= 0 && e.offset <= int(text.size()),
                 "error offset outside the input: " + e.message);
    FUZZ_REQUIRE(e.field >= 0 && e.field <= 6, "error field out of range: " + e.message);
    return 0;
  }
  FUZZ_REQUIRE(pos.is_consistent(), "parsed position is not consistent: " + to_fen(pos));
  for (bool shredder : {false, true}) {
    std::string out = to_fen(pos, shredder);
    Position back;
    FenError again = parse_fen(out, back, options);
    FUZZ_REQUIRE(!again, "to_fen output does not parse: " + out + ": " + again.message);
    FUZZ_REQUIRE(back == pos, "round trip changed the position: " + out);
    FUZZ_REQUIRE(to_fen(back, shredder) == out, "to_fen not stable: " + out);
  }
  std::string problem = test::check_node(pos, ref::board_from_position(pos), options.validate);
  FUZZ_REQUIRE(problem.empty(), problem);
  return 0;
}
