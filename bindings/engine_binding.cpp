// The WebAssembly side of the JS Engine class (bindings/engine.mjs): a UCI
// session that runs in a worker and learns about "stop" and "ponderhit" while
// its (synchronous) search runs.
//
// The worker's host thread cannot call into the worker while it searches, so
// it writes those signals into a SharedArrayBuffer; `poll`, a JS function of
// the worker, reads them and is called by the search every ~1000 nodes (about
// a millisecond). `writer` receives every info/bestmove line as it is made, so
// the worker can stream them to its host during the search.
//
// The engine module (dist/escaque-engine.{mjs,wasm}): loaded only by the Engine's
// worker, never by the main entry, so that a page that only needs the rules
// compiles the small rules module. Internal: used by bindings/engine-worker.mjs
// and tests/node/wasm-module.test.mjs only.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <vector>

#include "play_out.h"
#include "core/movegen.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "uci/uci_session.h"

namespace escaque {
namespace {

using emscripten::val;

using js::play_out;

// escaque::UciSession with a string-returning handle() (embind cannot pass
// the output buffer by reference) and the "quit was seen" flag kept here: the
// plain session of tests/node/wasm-module.test.mjs (no host signals), and the
// base of the Engine worker's session below.
class JsUciSession {
 public:
  // Handles one command; what it answers at once (not a host-signalled search's lines) is returned.
  std::string handle(const std::string& line) {
    std::string out;
    if (!session_.handle(line, out)) running_ = false;
    return out;
  }
  bool running() const { return running_; }

 protected:
  UciSession session_;

 private:
  bool running_ = true;
};

class JsEngineSession : public JsUciSession {
 public:
  // poll() -> 0 nothing, 1 stop, 2 ponderhit; writer(line) gets each output line with its '\n'.
  JsEngineSession(emscripten::val poll, emscripten::val writer) {
    session_.enable_host_signals(
        [poll] {
          switch (poll().as<int>()) {
            case 1: return UciSession::HostSignal::Stop;
            case 2: return UciSession::HostSignal::PonderHit;
            default: return UciSession::HostSignal::None;
          }
        },
        [writer](std::string_view line) { writer(std::string(line)); });
  }

  // Checks and keeps the root of the next search: {ok: true, legal: [uci...]} or a failure (play_out).
  val setRoot(const std::string& fen, bool chess960, const val& moves) {
    Position pos;
    val r = play_out(fen, chess960, moves, pos);
    if (!r["ok"].as<bool>()) return r;
    root_ = pos;
    val legal = val::array();
    for (Move m : legal_moves(pos)) legal.call<void>("push", move_to_uci(pos, m));
    r.set("legal", legal);
    return r;
  }

  // SAN of a line of UCI moves from the root (as far as it is legal).
  val san(const val& pv) const {
    val out = val::array();
    Position pos = root_;
    const unsigned n = pv["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) {
      UciMoveResult m = parse_uci_move(pos, pv[i].as<std::string>());
      if (m.error != UciMoveError::None) break;
      out.call<void>("push", move_to_san(pos, m.move));
      UndoInfo undo;
      pos.do_move(m.move, undo);
    }
    return out;
  }

 private:
  Position root_;
};

}  // namespace
}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque_engine) {
  emscripten::class_<escaque::JsUciSession>("UciSession")
      .constructor<>()
      .function("handle", &escaque::JsUciSession::handle)
      .function("running", &escaque::JsUciSession::running);
  // handle() and running() come from the base class.
  emscripten::class_<escaque::JsEngineSession, emscripten::base<escaque::JsUciSession>>("EngineSession")
      .constructor<emscripten::val, emscripten::val>()
      .function("setRoot", &escaque::JsEngineSession::setRoot)
      .function("san", &escaque::JsEngineSession::san);
}
