// Two small queries of the rules module (dist/escaque.{mjs,wasm}): the legal
// moves of a FEN for web/legal-moves.html, and the Engine's last-resort move.
// The rest of the rules module's surface is in game_binding.cpp,
// position_binding.cpp and position_query_binding.cpp; the search and the UCI
// session are in the separate engine module (engine_binding.cpp). Callers go
// through bindings/loader.mjs and treat these names as internal.
//
// Nothing here may abort the module: every failure is reported as a value.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "play_out.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/uci_move.h"

namespace escaque {
namespace {

// {ok: true, moves: ["e2e4", ...]} or {ok: false, error: "<FenError message>"}.
emscripten::val legal_moves_uci(const std::string& fen) {
  emscripten::val result = emscripten::val::object();
  Position pos;
  if (FenError e = parse_fen(fen, pos)) {
    result.set("ok", false);
    result.set("error", e.message);
    return result;
  }
  emscripten::val moves = emscripten::val::array();
  for (Move m : legal_moves(pos)) moves.call<void>("push", move_to_uci(pos, m));
  result.set("ok", true);
  result.set("moves", moves);
  return result;
}

// The first legal move (UCI) after `moves` from `fen`, or "" (none, or a bad position): the
// answer of last resort to a stop that comes before the Engine's worker has one (bindings/engine.mjs).
std::string any_legal_move(const std::string& fen, bool chess960, const emscripten::val& moves) {
  Position pos;
  if (!js::play_out(fen, chess960, moves, pos)["ok"].as<bool>()) return "";
  MoveList list = legal_moves(pos);
  return list.size ? move_to_uci(pos, list.moves[0]) : "";
}

}  // namespace
}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque) {
  emscripten::function("legalMovesUci", &escaque::legal_moves_uci);
  emscripten::function("engineAnyLegalMove", &escaque::any_legal_move);
}
