// Test positions: FEN parsing whose failure is reported as a test failure (the
// returned position is then the default one, so the test fails loudly, not
// mysteriously), and FENs that many tests share.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/fen.h"
#include "core/position.h"

namespace escaque::test {

// The well-known perft position (black pawn on h3).
inline constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

inline Position from_fen(const std::string& fen, bool chess960 = false) {
  Position pos;
  FenError error = parse_fen(fen, pos, FenOptions{chess960, true});
  EXPECT_FALSE(error) << fen << ": " << error.message;
  return pos;
}

}  // namespace escaque::test
