// Test positions: FEN parsing whose failure is reported as a test failure (the
// returned position is then the default one, so the test fails loudly, not
// mysteriously), moves played from a position the same way, and FENs that many
// tests share.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/position.h"
#include "core/uci_move.h"

namespace escaque::test {

// The well-known perft position (black pawn on h3).
inline constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

inline Position from_fen(const std::string& fen, bool chess960 = false) {
  Position pos;
  FenError error = parse_fen(fen, pos, FenOptions{chess960, true});
  EXPECT_FALSE(error) << fen << ": " << error.message;
  return pos;
}

// Plays the moves (UCI notation) from pos, each one reported as a test failure when it is not
// legal there; returns the keys of the positions before each move (the game history a GUI's
// "position ... moves" gives the engine).
inline std::vector<Key> play(Position& pos, std::initializer_list<const char*> moves) {
  std::vector<Key> keys;
  for (const char* text : moves) {
    UciMoveResult r = parse_uci_move(pos, text);
    EXPECT_EQ(r.error, UciMoveError::None) << text << ": " << r.message;
    keys.push_back(pos.key());
    UndoInfo undo;
    pos.do_move(r.move, undo);
  }
  return keys;
}

}  // namespace escaque::test
