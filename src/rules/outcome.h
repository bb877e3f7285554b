// How a game ended: the result, the rule that ended it, and its names for
// PGN and for people.
//
// Outcome is a small trivially copyable value; every string it hands out is
// static, so reporting an outcome never allocates (except describe(), which
// composes a sentence for display).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../core/types.h"

namespace escaque {

// Every way a game can end under the FIDE Laws of Chess (2023). The article
// each one comes from is in rule_description() and docs/rules.md.
enum class OutcomeReason : std::uint8_t {
  None,                               // the game is still in progress
  Checkmate,                          // Art. 5.1.1
  Stalemate,                          // Art. 5.2.1
  DeadPosition,                       // Art. 5.2.2
  FivefoldRepetition,                 // Art. 9.6.1, automatic
  SeventyFiveMoves,                   // Art. 9.6.2, automatic
  ThreefoldRepetition,                // Art. 9.2, claimed
  FiftyMoves,                         // Art. 9.3, claimed
  Agreement,                          // Art. 5.2.3 and 9.1
  Resignation,                        // Art. 5.1.2
  ResignationVsInsufficientMaterial,  // Art. 5.1.2: resigned, but the opponent could never mate: draw
  Timeout,                            // Art. 6.9
  TimeoutVsInsufficientMaterial,      // Art. 6.9: flag fell, but the opponent could never mate: draw
};

struct Outcome {
  const char* result = "*";  // "1-0", "0-1", "1/2-1/2" or "*" (PGN Result tag)
  OutcomeReason reason = OutcomeReason::None;
  std::optional<Color> winner;  // set only for decisive results
  // The player whose act ended the game: who resigned, whose flag fell, who
  // claimed the draw, who accepted the offer. Empty for outcomes the board
  // decides by itself (mate, stalemate, dead position, 75 moves, fivefold).
  std::optional<Color> by;

  bool is_over() const { return reason != OutcomeReason::None; }
  bool is_draw() const { return is_over() && !winner; }

  static Outcome ongoing() { return Outcome{}; }
  static Outcome win(Color winner, OutcomeReason reason, std::optional<Color> by = std::nullopt) {
    return Outcome{winner == WHITE ? "1-0" : "0-1", reason, winner, by};
  }
  static Outcome draw(OutcomeReason reason, std::optional<Color> by = std::nullopt) {
    return Outcome{"1/2-1/2", reason, std::nullopt, by};
  }

  bool operator==(const Outcome& o) const {
    return reason == o.reason && winner == o.winner && by == o.by;  // result follows from these
  }
};

// Short stable identifier: "checkmate", "fivefold-repetition", ... ("none"
// while in progress). Meant for APIs and logs.
const char* reason_name(OutcomeReason reason);

// The PGN standard's Termination tag value (PGN spec 9.8.1): "normal" for
// every ending the Laws of Chess decide on the board or by the players,
// "time forfeit" for flag falls, "unterminated" while in progress.
const char* pgn_termination(OutcomeReason reason);

// The rule in words with its FIDE article, e.g.
// "Draw by fivefold repetition (FIDE Art. 9.6.1)".
const char* rule_description(OutcomeReason reason);

// A full sentence naming the players, e.g. "Black wins by checkmate (FIDE
// Art. 5.1.1)" or "Draw: White's flag fell, but Black cannot checkmate by any
// series of legal moves (FIDE Art. 6.9)".
std::string describe(const Outcome& outcome);

}  // namespace escaque
