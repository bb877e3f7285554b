// The position a list of UCI moves leads to from a FEN, checked move by move:
// the engine module's EngineSession.setRoot (bindings/engine_binding.cpp). (The
// rules module has no embind: its escaque_any_legal_move, position_query_binding.cpp,
// plays the moves itself.)
#pragma once

#include <emscripten/val.h>

#include <string>

#include "js_result.h"
#include "core/fen.h"
#include "core/position.h"
#include "notation/uci_move.h"

namespace escaque::js {

// {ok: true} with `pos` set, or {ok: false, code: INVALID_FEN | ILLEGAL_MOVE | MOVE_SYNTAX |
// NO_SUCH_PIECE, message, index?} (`moves`: an array of UCI strings).
inline emscripten::val play_out(const std::string& fen, bool chess960, const emscripten::val& moves,
                                Position& pos) {
  FenOptions options;
  options.chess960 = chess960;
  if (FenError e = parse_fen(fen, pos, options)) {
    return fen_failure(e);
  }
  const unsigned n = moves["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    const std::string text = moves[i].as<std::string>();
    UciMoveResult m = parse_uci_move(pos, text);
    if (m.error != UciMoveError::None) {
      const char* code = m.error == UciMoveError::Syntax ? "MOVE_SYNTAX"
                         : m.error == UciMoveError::NoPiece ? "NO_SUCH_PIECE" : "ILLEGAL_MOVE";
      emscripten::val r = failure(code, "position.moves[" + std::to_string(i) + "] \"" + text + "\": " + m.message);
      r.set("index", i);
      return r;
    }
    UndoInfo undo;
    pos.do_move(m.move, undo);
  }
  return success();
}

}  // namespace escaque::js
