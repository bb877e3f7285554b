// Position queries without a game or a handle around them, embind functions answering plain
// objects (val_out.h):
//
//   positionMoves / positionPerft: the legal moves (UCI + SAN)
//     and perft of a FEN, by the rules of movement alone. No game-ending rule
//     (dead position, repetition, move counters) empties the list, and the
//     plausibility checks of FEN are off (as for puzzles): what the move
//     generator needs is still checked (one king per side, the side not to move
//     not in check). Used by the public positionMoves()/perft() of
//     bindings/js/index.mjs, on which escaque/compat/chess.js builds.
//
// Nothing here throws or aborts: a bad FEN comes back as {ok: false, code, message, offset}.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "rules_io.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/san.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

// Parses fen with the plausibility checks off; the error (kind None if none).
FenError parse_loose(std::string_view fen, Position& pos) {
  FenOptions options;
  options.validate = false;
  return parse_fen(fen, pos, options);
}

}  // namespace
}  // namespace escaque

namespace escaque::js {
namespace {

// {ok, moves: "e2e4 e4 g1f3 Nf3 ..."}: one string (UCI, then English SAN, per move, in ascending
// order of the UCI text, as every move list of the package) instead of an object per move, as this
// is called once per position by the compat layer.
emscripten::val position_moves(const std::string& fen) {
  Position pos;
  if (FenError e = parse_loose(fen, pos)) return fen_fail(e);
  const MoveList list = legal_moves(pos);
  std::uint16_t ids[MAX_MOVES];
  write_in_uci_order(pos, list, ids);
  std::string text;
  for (int i = 0; i < list.size; ++i) {
    const Move m(ids[i]);
    if (!text.empty()) text += ' ';
    text += move_to_uci(pos, m);
    text += ' ';
    text += move_to_san(pos, m);
  }
  ValOut j;
  success(j);
  j.member("moves", text);
  j.close('}');
  return j.value();
}

// {ok, nodes} (exact below 2^53).
emscripten::val position_perft(const std::string& fen, int depth) {
  Position pos;
  if (FenError e = parse_loose(fen, pos)) return fen_fail(e);
  ValOut j;
  success(j);
  j.member("nodes", depth <= 0 ? 1.0 : double(perft(pos, depth)));
  j.close('}');
  return j.value();
}

}  // namespace
}  // namespace escaque::js

EMSCRIPTEN_BINDINGS(escaque_position_query) {
  emscripten::function("positionMoves", &escaque::js::position_moves);
  emscripten::function("positionPerft", &escaque::js::position_perft);
}
