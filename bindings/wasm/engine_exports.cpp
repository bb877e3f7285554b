// The search's side of the JS Engine class (bindings/engine.mjs, through
// bindings/engine-worker.mjs) and of the WASM UCI command line: UCI sessions
// as plain exports of the same module as the rules (escaque.wasm), so that a
// page that plays against the engine downloads and compiles one module.
//
// A session runs in a worker. Its search is synchronous and cannot be called
// into while it runs, so it learns about "stop" and "ponderhit" by asking the
// host: escaque_engine_poll, a function the worker provides, which reads the
// SharedArrayBuffer its host writes; the search calls it every ~1000 nodes
// (about a millisecond). escaque_engine_write receives every info/bestmove
// line as it is made, so that the worker can stream them to its host during
// the search. The rules runtime (bindings/escaque.mjs) provides both imports;
// outside a worker they answer "nothing" and drop the lines.
//
// Arguments and results go through the module's buffers (rules_io.h).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "play_out.h"
#include "rules_io.h"
#include "notation/san.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

extern "C" {
// Imports from the host: 0 nothing, 1 stop, 2 ponderhit; and one output line (with its '\n').
int escaque_engine_poll();
void escaque_engine_write(
    const char* text, int length);
}

namespace escaque::js {
namespace {

struct EngineSession {
  UciSession uci;
  bool running = true;  // false once "quit" was handled
  Position root;        // the root of the next search, as setRoot checked it
};

EngineSession* session_at(int at) { return &object_at<EngineSession>(at); }

}  // namespace
}  // namespace escaque::js

extern "C" {

using escaque::js::Args;
using escaque::js::JsonOut;
using escaque::js::session_at;

// A new session; with host_signals, its searches poll the host and stream their lines to it
// (the Engine's worker); without, "go" answers with all its lines at once and needs a limit
// (the plain session of tests/node/wasm-module.test.mjs).
EMSCRIPTEN_KEEPALIVE int escaque_engine_new(int host_signals) {
  auto* s = new escaque::js::EngineSession();
  if (host_signals) {
    s->uci.enable_host_signals(
        [] {
          switch (escaque_engine_poll()) {
            case 1: return escaque::UciSession::HostSignal::Stop;
            case 2: return escaque::UciSession::HostSignal::PonderHit;
            default: return escaque::UciSession::HostSignal::None;
          }
        },
        [](std::string_view line) { escaque_engine_write(line.data(), int(line.size())); });
  }
  return escaque::js::address_of(s);
}

EMSCRIPTEN_KEEPALIVE void escaque_engine_delete(int at) { delete session_at(at); }

// Arguments: one command line. Answers what the command replies at once (plain text, not JSON:
// not a host-signalled search's lines, which went to the host as they came); returns its length.
EMSCRIPTEN_KEEPALIVE int escaque_engine_handle(int at) {
  Args args;
  escaque::js::EngineSession* s = session_at(at);
  std::string out;
  if (!s->uci.handle(args.next(), out)) s->running = false;
  return escaque::js::finish_text(out);
}

// 0 once the session has handled "quit".
EMSCRIPTEN_KEEPALIVE int escaque_engine_running(int at) { return session_at(at)->running ? 1 : 0; }

// Arguments: the FEN, then the UCI moves played from it. Checks and keeps the root of the next
// search: {ok: true, fallback} (its first legal move, UCI, "" if none: what the host answers a
// stop it must force before the search has a move) or a failure (play_out.h); a failure keeps
// the old root.
EMSCRIPTEN_KEEPALIVE int escaque_engine_set_root(int at, int chess960) {
  Args args;
  escaque::Position pos;
  JsonOut j;
  if (!escaque::js::play_out(args, chess960 != 0, pos, j)) return escaque::js::finish(j);
  session_at(at)->root = pos;
  escaque::js::success(j);
  j.member("fallback", escaque::js::first_legal_move(pos));
  j.close('}');
  return escaque::js::finish(j);
}

// Arguments: UCI moves from the root. Their SAN, as a JSON array, as far as they are legal.
EMSCRIPTEN_KEEPALIVE int escaque_engine_san(int at) {
  Args args;
  escaque::Position pos = session_at(at)->root;
  JsonOut j;
  j.open('[');
  while (!args.done()) {
    const escaque::UciMoveResult m = escaque::parse_uci_move(pos, args.next());
    if (m.error != escaque::UciMoveError::None) break;
    j.string(escaque::move_to_san(pos, m.move));
    escaque::UndoInfo undo;
    pos.do_move(m.move, undo);
  }
  j.close(']');
  return escaque::js::finish(j);
}

}  // extern "C"
