// What the Engine's setPosition (engine_exports.cpp) answers: the refusal of a move of the line, and
// the move an Engine answers with when its search has none yet.
// (The calling thread's last-resort move is the public Position's: engine.mjs.)
#pragma once

#include <string>

#include "rules_io.h"
#include "core/position.h"
#include "core/uci_move.h"

namespace escaque::js {

// Opens j as the {ok: false, ...} answer (left open: callers close it) for move `index` of the
// list, `text`, that did not play (ILLEGAL_MOVE | MOVE_SYNTAX | NO_SUCH_PIECE, "position.moves[i]
// \"text\": why", with index); a FEN that did not parse has rules_io.h's fen_failure.
void move_failure(ValOut& j, int index, std::string_view text, const UciMoveResult& m);

// The first legal move of `pos` (UCI), or "" when there is none.
std::string first_legal_move(const Position& pos);

}  // namespace escaque::js
