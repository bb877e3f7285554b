// Position queries without a game or a handle around them, each a plain export
// answering JSON (rules_io.h):
//
//   escaque_position_moves / escaque_position_perft: the legal moves (UCI + SAN)
//     and perft of a FEN, by the rules of movement alone. No game-ending rule
//     (dead position, repetition, move counters) empties the list, and the
//     plausibility checks of FEN are off (as for puzzles): what the move
//     generator needs is still checked (one king per side, the side not to move
//     not in check). Used by the public positionMoves()/perft() of
//     bindings/js/index.mjs, on which escaque/compat/chess.js builds.
//
// Nothing here throws or aborts: a bad FEN comes back as {ok: false, code, message, offset}.
#include <emscripten/emscripten.h>

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

extern "C" {

using escaque::js::Args;
using escaque::js::JsonOut;

// Arguments: the FEN. {ok, moves: "e2e4 e4 g1f3 Nf3 ..."}: one string (UCI, then English SAN, per
// move, in ascending order of the UCI text, as every move list of the package) instead of an object
// per move, as this is called once per position by the compat layer.
EMSCRIPTEN_KEEPALIVE int escaque_position_moves() {
  Args args;
  escaque::Position pos;
  if (escaque::FenError e = escaque::parse_loose(args.next(), pos)) return escaque::js::fen_fail(e);
  const escaque::MoveList list = escaque::legal_moves(pos);
  std::uint16_t ids[escaque::MAX_MOVES];
  escaque::write_in_uci_order(pos, list, ids);
  std::string text;
  for (int i = 0; i < list.size; ++i) {
    const escaque::Move m(ids[i]);
    if (!text.empty()) text += ' ';
    text += escaque::move_to_uci(pos, m);
    text += ' ';
    text += escaque::move_to_san(pos, m);
  }
  JsonOut j;
  escaque::js::success(j);
  j.member("moves", text);
  j.close('}');
  return escaque::js::finish(j);
}

// Arguments: the FEN. {ok, nodes} (exact below 2^53).
EMSCRIPTEN_KEEPALIVE int escaque_position_perft(int depth) {
  Args args;
  escaque::Position pos;
  if (escaque::FenError e = escaque::parse_loose(args.next(), pos)) return escaque::js::fen_fail(e);
  JsonOut j;
  escaque::js::success(j);
  j.member("nodes", depth <= 0 ? 1.0 : double(escaque::perft(pos, depth)));
  j.close('}');
  return escaque::js::finish(j);
}

}  // extern "C"
