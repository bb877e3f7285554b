// The search's side of the JS Engine class (bindings/js/engine.mjs, through
// bindings/js/engine-worker.mjs) and of the WASM UCI command line: the Engine
// facade (src/engine/engine.h) as plain exports of the same module as the
// rules (escaque.wasm), so that a page that plays against the engine
// downloads and compiles one module.
//
// One session object holds an Engine and the UCI text session over it:
//  - the JS Engine's worker uses the structured calls: set_position (FEN + UCI
//    moves), go (numeric limits), set_option, describe, new_game. A search's
//    reports reach the host as data: each SearchInfo as a small JSON object
//    (PV in UCI and in SAN, both made here) through the import
//    escaque_engine_report, and go's answer is the bestmove as JSON. No UCI
//    text passes between the JS Engine and the search.
//  - the WASM UCI command line (bin/escaque-uci.mjs) and tests drive the text
//    session with escaque_engine_handle; its lines stream to the host through
//    escaque_engine_write. That session (src/uci/, and `bench`) is compiled in
//    only with ESCAQUE_UCI_TEXT: into dist/escaque-uci.wasm, the command line's
//    module, not into escaque.wasm, which pages load (cmake/wasm.cmake).
//
// A session runs in a worker. Its search is synchronous and cannot be called
// into while it runs, so it learns about "stop" and "ponderhit" by asking the
// host: escaque_engine_poll, a function the worker provides, which reads the
// SharedArrayBuffer its host writes; the search calls it every ~1000 nodes
// (about a millisecond). The rules runtime (bindings/js/escaque.mjs) provides the
// imports; outside a worker they answer "nothing" and drop what they get.
//
// Arguments and results go through the module's buffers (rules_io.h).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>
#include <vector>

#include "play_out.h"
#include "rules_io.h"
#include "engine/engine.h"
#include "notation/san.h"
#include "core/uci_move.h"
#ifdef ESCAQUE_UCI_TEXT
#include "uci/uci_session.h"
#endif

extern "C" {
// Imports from the host: 0 nothing, 1 stop, 2 ponderhit; one UCI output line (with its '\n');
// one search report as JSON.
int escaque_engine_poll();
void escaque_engine_write(const char* text, int length);
void escaque_engine_report(const char* json, int length);
}

namespace escaque::js {
namespace {

#ifdef ESCAQUE_UCI_TEXT
struct EngineSession {
  UciSession uci;
  bool running = true;  // false once "quit" was handled
  Engine& engine() { return uci.engine(); }
};
#else
struct EngineSession {
  Engine search;
  Engine& engine() { return search; }
};
#endif

EngineSession* session_at(int at) { return &object_at<EngineSession>(at); }

// The PV (or any line of moves from root) in UCI and SAN, as two members.
void write_line(JsonOut& j, const Position& root, const std::vector<Move>& moves) {
  j.key("pv");
  j.open('[');
  Position p = root;
  for (Move m : moves) {
    j.string(move_to_uci(p, m));
    UndoInfo undo;
    p.do_move(m, undo);
  }
  j.close(']');
  j.key("san");
  j.open('[');
  p = root;
  for (Move m : moves) {
    j.string(move_to_san(p, m));
    UndoInfo undo;
    p.do_move(m, undo);
  }
  j.close(']');
}

const char* bound_name(Bound b) { return b == BOUND_LOWER ? "lower" : b == BOUND_UPPER ? "upper" : "exact"; }

// {depth, seldepth, multipv, score: {type: 'cp'|'mate', value, bound}, nodes, nps, hashfull, time, pv, san}
void write_info(JsonOut& j, const Position& root, const SearchInfo& info) {
  j.open('{');
  j.member("depth", info.depth);
  j.member("seldepth", info.seldepth);
  j.member("multipv", info.multipv);
  j.key("score");
  j.open('{');
  j.member("type", info.is_mate() ? "mate" : "cp");
  j.member("value", info.is_mate() ? info.mate_moves() : int(info.score));
  j.member("bound", bound_name(info.bound));
  j.close('}');
  j.member("nodes", double(info.nodes));
  j.member("nps", double(info.nps));
  j.member("hashfull", info.hashfull);
  j.member("time", double(info.timeMs));
  write_line(j, root, info.pv);
  j.close('}');
}

}  // namespace
}  // namespace escaque::js

extern "C" {

using escaque::js::Args;
using escaque::js::JsonOut;
using escaque::js::session_at;

// A new session; with host_signals, its searches poll the host (and, with the text session, stream
// their lines to it: the Engine's worker); without, a text "go" answers with all its lines at once
// and needs a limit (the plain session of tests/node/wasm-module.test.mjs).
EMSCRIPTEN_KEEPALIVE int escaque_engine_new(int host_signals) {
  auto* s = new escaque::js::EngineSession();
  if (host_signals) {
    auto poll = [] {
      switch (escaque_engine_poll()) {
        case 1: return escaque::Engine::HostSignal::Stop;
        case 2: return escaque::Engine::HostSignal::PonderHit;
        default: return escaque::Engine::HostSignal::None;
      }
    };
#ifdef ESCAQUE_UCI_TEXT
    s->uci.enable_host_signals(poll, [](std::string_view line) { escaque_engine_write(line.data(), int(line.size())); });
#else
    s->search.set_host_poll(poll);
#endif
  }
  return escaque::js::address_of(s);
}

EMSCRIPTEN_KEEPALIVE void escaque_engine_delete(int at) { delete session_at(at); }

#ifdef ESCAQUE_UCI_TEXT
// ---- the UCI text session (the WASM command line) ----

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
#endif

// ---- the Engine facade (the JS Engine's worker) ----

// Arguments: the FEN, then the UCI moves played from it. Sets the root of the next search:
// {ok: true, fallback} (its first legal move, UCI, "" if none: what the host answers a stop it
// must force before the search has a move) or {ok: false, code: INVALID_FEN | ILLEGAL_MOVE |
// MOVE_SYNTAX | NO_SUCH_PIECE, message, offset | index}; after a failure the engine has no position.
EMSCRIPTEN_KEEPALIVE int escaque_engine_set_position(int at, int chess960) {
  Args args;
  escaque::Engine& engine = session_at(at)->engine();
  const std::string_view fen = args.next();
  std::vector<std::string_view> moves;
  while (!args.done()) moves.push_back(args.next());
  engine.set_chess960(chess960 != 0);
  const escaque::PositionResult r = engine.set_position(fen, moves, false);
  JsonOut j;
  if (r.error == escaque::PositionResult::Error::Fen) {
    escaque::js::fen_failure(j, r.fen);
  } else if (r.error == escaque::PositionResult::Error::Move) {
    escaque::js::move_failure(j, r.moveIndex, moves[std::size_t(r.moveIndex)], r.move);
  } else {
    escaque::js::success(j);
    j.member("fallback", escaque::js::first_legal_move(engine.position()));
  }
  j.close('}');
  return escaque::js::finish(j);
}

// Searches the position set last. Limits as numbers (exact integers; -1 = no clock for
// wtime/btime, 0 = not given for the others); flags: 1 infinite, 2 ponder; multipv: the lines
// to report (1..256). Arguments: the searchmoves (UCI), none for all moves.
// Each report goes to the host as it comes (escaque_engine_report); the answer is
// {ok: true, bestMove, ponder, bestMoveSan, ponderSan, book} (null moves when the root has
// none) or {ok: false, code: INVALID_ARGUMENT, message} when nothing was searched.
EMSCRIPTEN_KEEPALIVE int escaque_engine_go(int at, double depth, double nodes, double movetime, double wtime,
                                           double btime, double winc, double binc, double movestogo, double mate,
                                           int flags, int multipv) {
  Args args;
  escaque::Engine& engine = session_at(at)->engine();
  if (!engine.has_position()) return escaque::js::fail("INVALID_ARGUMENT", "no position is set");
  const escaque::Position root = engine.position();
  escaque::SearchLimits limits;
  limits.depth = int(depth);
  limits.nodes = std::uint64_t(nodes);
  limits.movetime = std::int64_t(movetime);
  limits.time[escaque::WHITE] = std::int64_t(wtime);
  limits.time[escaque::BLACK] = std::int64_t(btime);
  limits.inc[escaque::WHITE] = std::int64_t(winc);
  limits.inc[escaque::BLACK] = std::int64_t(binc);
  limits.movestogo = int(movestogo);
  limits.mate = int(mate);
  limits.infinite = (flags & 1) != 0;
  limits.ponder = (flags & 2) != 0;
  while (!args.done()) {
    const std::string_view text = args.next();
    const escaque::UciMoveResult m = escaque::parse_uci_move(root, text);
    if (m.error != escaque::UciMoveError::None)
      return escaque::js::fail("INVALID_ARGUMENT", "searchmoves: " + m.message);
    limits.searchmoves.push_back(m.move);
  }
  engine.set_multipv(multipv);

  escaque::BestMove best;
  escaque::SearchListener listener;
  listener.info = [&](const escaque::SearchInfo& info) {  // once per iteration and line: not a hot path
    JsonOut report;
    escaque::js::write_info(report, root, info);
    escaque_engine_report(report.text.data(), int(report.text.size()));
  };
  listener.bestmove = [&](const escaque::BestMove& b) { best = b; };
  const escaque::GoResult r = engine.go(limits, listener);
  if (!r.searched) return escaque::js::fail("INVALID_ARGUMENT", r.refusal);

  JsonOut j;
  escaque::js::success(j);
  std::vector<escaque::Move> line;
  if (best.move.is_ok()) line.push_back(best.move);
  if (best.move.is_ok() && best.ponder.is_ok()) line.push_back(best.ponder);
  // Move i of the line (0: the best move, 1: the ponder move) in UCI or SAN, or null.
  const auto member = [&](const char* name, std::size_t i, bool san) {
    j.key(name);
    if (i >= line.size()) return j.null();
    escaque::Position at = root;
    for (std::size_t k = 0; k < i; ++k) {
      escaque::UndoInfo undo;
      at.do_move(line[k], undo);
    }
    j.string(san ? escaque::move_to_san(at, line[i]) : escaque::move_to_uci(at, line[i]));
  };
  member("bestMove", 0, false);
  member("ponder", 1, false);
  member("bestMoveSan", 0, true);
  member("ponderSan", 1, true);
  j.member("book", best.fromBook);
  j.close('}');
  return escaque::js::finish(j);
}

// Arguments: an option's name and its value as text ("" for a button). {ok: true} when set,
// {ok: true, note} when set to a nearby value (clamped), or {ok: false, code: INVALID_OPTION |
// UNKNOWN_OPTION, message} with the option unchanged.
EMSCRIPTEN_KEEPALIVE int escaque_engine_set_option(int at) {
  Args args;
  const std::string name = args.text();
  const std::string value = args.text();
  const escaque::OptionResult r = session_at(at)->engine().set_option(name, value);
  using Status = escaque::OptionResult::Status;
  if (r.status == Status::Unknown) return escaque::js::fail("UNKNOWN_OPTION", r.message);
  if (r.status == Status::Refused) return escaque::js::fail("INVALID_OPTION", r.message);
  JsonOut j;
  escaque::js::success(j);
  if (r.status == Status::Adjusted) j.member("note", r.message);
  j.close('}');
  return escaque::js::finish(j);
}

// Forgets the game (start position, cleared hash table and statistics).
EMSCRIPTEN_KEEPALIVE void escaque_engine_new_game(int at) { session_at(at)->engine().new_game(); }

// {name, author, options: [{name, type: 'spin'|'check'|'button', default?, min?, max?}]}.
EMSCRIPTEN_KEEPALIVE int escaque_engine_describe() {
  JsonOut j;
  j.open('{');
  j.member("name", escaque::Engine::NAME);
  j.member("author", escaque::Engine::AUTHOR);
  j.key("options");
  j.open('[');
  for (const escaque::OptionDescription& o : escaque::Engine::option_descriptions()) {
    j.open('{');
    j.member("name", o.name);
    switch (o.type) {
      case escaque::OptionType::Spin:
        j.member("type", "spin");
        j.member("default", o.defaultValue);
        j.member("min", o.min);
        j.member("max", o.max);
        break;
      case escaque::OptionType::Check:
        j.member("type", "check");
        j.member("default", o.defaultValue != 0);
        break;
      case escaque::OptionType::Button:
        j.member("type", "button");
        break;
    }
    j.close('}');
  }
  j.close(']');
  j.close('}');
  return escaque::js::finish(j);
}

}  // extern "C"
