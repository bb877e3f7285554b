// Position queries without a game around them: the legal moves (UCI + SAN) and perft
// of a FEN, by the rules of movement alone. No game-ending rule (dead
// position, repetition, move counters) empties the list, and the plausibility
// checks of FEN are off (as for puzzles): what the move generator needs is
// still checked (one king per side, the side not to move not in check).
//
// Used by the public positionMoves()/perft() of bindings/index.mjs, on which
// escaque/compat/chess.js builds. Like game_binding.cpp, nothing here throws
// or aborts: a bad FEN comes back as {ok: false, code, message, offset}.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "js_result.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/san.h"
#include "notation/uci_move.h"

namespace escaque {
namespace {

using emscripten::val;

// Parses fen with the plausibility checks off; the error (kind None if none).
FenError parse_loose(const std::string& fen, Position& pos) {
  FenOptions options;
  options.validate = false;
  return parse_fen(fen, pos, options);
}

using js::fen_failure;

// {ok, moves: "e2e4 e4 g1f3 Nf3 ..."}: one string (UCI, then English SAN, per
// move, in generation order) instead of an object per move, as this is called
// once per position by the compat layer.
val position_moves(const std::string& fen) {
  Position pos;
  if (FenError e = parse_loose(fen, pos)) return fen_failure(e);
  std::string text;
  for (Move m : legal_moves(pos)) {
    if (!text.empty()) text += ' ';
    text += move_to_uci(pos, m);
    text += ' ';
    text += move_to_san(pos, m);
  }
  val r = js::success();
  r.set("moves", text);
  return r;
}

// {ok, nodes} with nodes a double (exact below 2^53).
val position_perft(const std::string& fen, int depth) {
  Position pos;
  if (FenError e = parse_loose(fen, pos)) return fen_failure(e);
  val r = js::success();
  r.set("nodes", depth <= 0 ? 1.0 : double(perft(pos, depth)));
  return r;
}

}  // namespace
}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque_position_query) {
  emscripten::function("positionMoves", &escaque::position_moves);
  emscripten::function("positionPerft", &escaque::position_perft);
}
