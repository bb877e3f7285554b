// The JavaScript surface of the WebAssembly module (dist/escaque.mjs).
//
// Deliberately small for now: a UCI session (what bin/escaque-uci.mjs drives)
// and one query the web page needs. The package API proper will be designed
// on top of the core later; callers should go through bindings/loader.mjs and
// treat these names as internal.
//
// Nothing here may abort the module: every failure is reported as a value.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/uci_move.h"
#include "uci/uci_session.h"

namespace escaque {
namespace {

// escaque::UciSession with a string-returning handle() (embind cannot pass
// the output buffer by reference) and the "quit was seen" flag kept here.
class JsUciSession {
 public:
  std::string handle(const std::string& line) {
    std::string out;
    if (!session_.handle(line, out)) running_ = false;
    return out;
  }
  bool running() const { return running_; }

 private:
  UciSession session_;
  bool running_ = true;
};

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

}  // namespace
}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque) {
  emscripten::class_<escaque::JsUciSession>("UciSession")
      .constructor<>()
      .function("handle", &escaque::JsUciSession::handle)
      .function("running", &escaque::JsUciSession::running);
  emscripten::function("legalMovesUci", &escaque::legal_moves_uci);
}
