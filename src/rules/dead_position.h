// Dead positions (FIDE Art. 5.2.2 / 9.6) and the flag-fall rule (Art. 6.9):
// can a side still checkmate by *any* series of legal moves, the opponent
// cooperating?
//
// Answers are sound: "cannot" is returned only when it is proven. Whenever the
// analysis is not sure, it answers "can mate" (the safe side: a game is never
// declared drawn, nor a flag fall excused, while a mate is possible).
// The method and its limits are documented in docs/dead-positions.md.
#pragma once

#include "../core/position.h"

namespace escaque {

// True unless it is proven that `side` can never deliver checkmate from pos.
bool can_checkmate(const Position& pos, Color side);

// Neither side can ever checkmate: the game is drawn at once (Art. 9.6.2).
bool is_dead_position(const Position& pos);

// The narrow, material-only notion many libraries call "insufficient
// material" (K v K, K+minor v K, bishops all on one colour), kept for
// compatibility APIs. Sound but far weaker than is_dead_position().
bool is_insufficient_material(const Position& pos);

}  // namespace escaque
