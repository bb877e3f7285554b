// The search's side of the JS Engine class (bindings/js/engine.mjs, through
// bindings/js/engine-worker.mjs) and of the WASM UCI command line: the Engine facade
// (src/engine/engine.h) as embind's class EngineHandle, in the modules that hold the search
// (escaque.wasm and the Engine's own, cmake/wasm.cmake).
//
// One session object holds an Engine and the UCI text session over it:
//  - the JS Engine's worker uses the structured calls: setPosition (FEN + UCI moves), go (numeric
//    limits), setOption, describe, newGame. A search's reports reach the host as data: each
//    SearchInfo as a value_object (PV in UCI and in SAN, both made here) handed to the host's
//    report(), and go's answer is the best move as an object. No UCI text passes between the JS
//    Engine and the search.
//  - the WASM UCI command line (bin/escaque-uci.mjs) and tests drive the text session with
//    handle(line); its lines stream to the host's write(). That session (src/uci/, and `bench`) is
//    compiled in only with ESCAQUE_UCI_TEXT: into the Engine's own modules, not into escaque.wasm.
//
// A session runs in a worker. Its search is synchronous and cannot be called into while it runs,
// so it learns about "stop" and "ponderhit" by asking the host: escaque_engine_poll, an import that
// the worker's host object answers from the SharedArrayBuffer its own host writes; the search calls
// it every ~1000 nodes (about a millisecond), so it stays a plain import. The host is the
// glue's Module.engineHost (bindings/js/runtime.mjs); without one a search is never stopped and
// its lines and reports are dropped.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

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
// The import from the host: 0 nothing, 1 stop, 2 ponderhit.
int escaque_engine_poll();
}

namespace escaque::js {
namespace {

using emscripten::val;

// The host's object (Module.engineHost), or undefined.
val host() { return val::module_property("engineHost"); }

// A score as the JS Engine reports it: {type: 'cp' | 'mate', value, bound: 'exact' | 'lower' | 'upper'}.
struct ScoreJs {
  std::string type;
  int value;
  std::string bound;
};

// One SearchInfo as data: {depth, seldepth, multipv, score, nodes, nps, hashfull, time, pv, san}, the
// PV in UCI and in SAN.
struct SearchInfoJs {
  int depth, seldepth, multipv;
  ScoreJs score;
  double nodes, nps;
  int hashfull;
  double time;
  val pv = val::array(), san = val::array();
};

const char* bound_name(Bound b) { return b == BOUND_LOWER ? "lower" : b == BOUND_UPPER ? "upper" : "exact"; }

SearchInfoJs info_of(const Position& root, const SearchInfo& info) {
  SearchInfoJs r;
  r.depth = info.depth;
  r.seldepth = info.seldepth;
  r.multipv = info.multipv;
  r.score = {info.is_mate() ? "mate" : "cp", info.is_mate() ? info.mate_moves() : int(info.score), bound_name(info.bound)};
  r.nodes = double(info.nodes);
  r.nps = double(info.nps);
  r.hashfull = info.hashfull;
  r.time = double(info.timeMs);
  Position p = root;
  int i = 0;
  for (Move m : info.pv) {
    r.pv.set(i, move_to_uci(p, m));
    r.san.set(i++, move_to_san(p, m));
    UndoInfo undo;
    p.do_move(m, undo);
  }
  return r;
}

// A number member of a JS object, or `none` when absent.
double number_or(const val& o, const char* name, double none) {
  const val v = o[name];
  return v.isNumber() ? v.as<double>() : none;
}

// An Engine and, with ESCAQUE_UCI_TEXT, the UCI text session over it.
class EngineHandle {
 public:
  // With host_signals, its searches poll the host (and, with the text session, stream their lines to
  // it: the Engine's worker); without, a text "go" answers with all its lines at once and needs a
  // limit (the plain session of tests/node/wasm-module.test.mjs).
  explicit EngineHandle(bool host_signals) {
    if (!host_signals) return;
    auto poll = [] {
      switch (escaque_engine_poll()) {
        case 1: return Engine::HostSignal::Stop;
        case 2: return Engine::HostSignal::PonderHit;
        default: return Engine::HostSignal::None;
      }
    };
#ifdef ESCAQUE_UCI_TEXT
    uci_.enable_host_signals(poll, [](std::string_view line) {
      const val h = host();
      if (!h.isUndefined()) h.call<void>("write", std::string(line));
    });
#else
    search_.set_host_poll(poll);
#endif
  }

#ifdef ESCAQUE_UCI_TEXT
  // One command line; what it answers at once (plain text: not a host-signalled search's lines,
  // which went to the host as they came).
  std::string handle(const std::string& line) {
    std::string out;
    if (!uci_.handle(line, out)) running_ = false;
    return out;
  }
  // False once the session has handled "quit".
  bool running() const { return running_; }
  Engine& engine() { return uci_.engine(); }
#else
  Engine& engine() { return search_; }
#endif

  // The FEN and the UCI moves played from it (a JS array of strings) set the root of the next search:
  // {ok: true, fallback} (its first legal move, UCI, "" if none: what the host answers a stop it must
  // force before the search has a move) or {ok: false, code: INVALID_FEN | ILLEGAL_MOVE | MOVE_SYNTAX |
  // NO_SUCH_PIECE, message, offset | index}; after a failure the engine has no position.
  val setPosition(const std::string& fen, bool chess960, const val& moveList) {
    const std::vector<std::string> texts = emscripten::vecFromJSArray<std::string>(moveList);
    const std::vector<std::string_view> moves(texts.begin(), texts.end());
    Engine& e = engine();
    e.set_chess960(chess960);
    const PositionResult r = e.set_position(fen, moves, false);
    ValOut j;
    if (r.error == PositionResult::Error::Fen) {
      fen_failure(j, r.fen);
    } else if (r.error == PositionResult::Error::Move) {
      move_failure(j, r.moveIndex, moves[std::size_t(r.moveIndex)], r.move);
    } else {
      success(j);
      j.member("fallback", first_legal_move(e.position()));
    }
    j.close('}');
    return j.value();
  }

  // Searches the position set last. limits: {depth, nodes, movetime, wtime, btime, winc, binc,
  // movestogo, mate, infinite, ponder, searchmoves} (exact integers, booleans, UCI strings; absent:
  // none); multipv: the lines to report (1..256). Each SearchInfo goes to the host's report() as it
  // comes; the answer is {ok: true, bestMove, ponder, bestMoveSan, ponderSan, book} (null moves when
  // the root has none) or {ok: false, code: INVALID_ARGUMENT, message} when nothing was searched.
  val go(const val& given, int multipv) {
    Engine& engine = this->engine();
    if (!engine.has_position()) return fail("INVALID_ARGUMENT", "no position is set");
    const Position root = engine.position();
    SearchLimits limits;
    limits.depth = int(number_or(given, "depth", 0));
    limits.nodes = std::uint64_t(number_or(given, "nodes", 0));
    limits.movetime = std::int64_t(number_or(given, "movetime", 0));
    limits.time[WHITE] = std::int64_t(number_or(given, "wtime", -1));
    limits.time[BLACK] = std::int64_t(number_or(given, "btime", -1));
    limits.inc[WHITE] = std::int64_t(number_or(given, "winc", 0));
    limits.inc[BLACK] = std::int64_t(number_or(given, "binc", 0));
    limits.movestogo = int(number_or(given, "movestogo", 0));
    limits.mate = int(number_or(given, "mate", 0));
    limits.infinite = given["infinite"].isTrue();
    limits.ponder = given["ponder"].isTrue();
    const val searchmoves = given["searchmoves"];
    if (!searchmoves.isUndefined()) {
      for (const std::string& text : emscripten::vecFromJSArray<std::string>(searchmoves)) {
        const UciMoveResult m = parse_uci_move(root, text);
        if (m.error != UciMoveError::None) return fail("INVALID_ARGUMENT", "searchmoves: " + m.message);
        limits.searchmoves.push_back(m.move);
      }
    }
    engine.set_multipv(multipv);

    BestMove best;
    SearchListener listener;
    const val h = host();
    listener.info = [&](const SearchInfo& info) {  // once per iteration and line: not a hot path
      if (!h.isUndefined() && !h["report"].isUndefined()) h.call<void>("report", info_of(root, info));
    };
    listener.bestmove = [&](const BestMove& b) { best = b; };
    const GoResult r = engine.go(limits, listener);
    if (!r.searched) return fail("INVALID_ARGUMENT", r.refusal);

    ValOut j;
    success(j);
    std::vector<Move> line;
    if (best.move.is_ok()) line.push_back(best.move);
    if (best.move.is_ok() && best.ponder.is_ok()) line.push_back(best.ponder);
    // Move i of the line (0: the best move, 1: the ponder move) in UCI or SAN, or null.
    const auto member = [&](const char* name, std::size_t i, bool san) {
      j.key(name);
      if (i >= line.size()) return j.null();
      Position at = root;
      for (std::size_t k = 0; k < i; ++k) {
        UndoInfo undo;
        at.do_move(line[k], undo);
      }
      j.string(san ? move_to_san(at, line[i]) : move_to_uci(at, line[i]));
    };
    member("bestMove", 0, false);
    member("ponder", 1, false);
    member("bestMoveSan", 0, true);
    member("ponderSan", 1, true);
    j.member("book", best.fromBook);
    j.close('}');
    return j.value();
  }

  // An option's name and its value as text ("" for a button). {ok: true} when set, {ok: true, note}
  // when set to a nearby value (clamped), or {ok: false, code: INVALID_OPTION | UNKNOWN_OPTION,
  // message} with the option unchanged.
  val setOption(const std::string& name, const std::string& value) {
    const OptionResult r = engine().set_option(name, value);
    using Status = OptionResult::Status;
    if (r.status == Status::Unknown) return fail("UNKNOWN_OPTION", r.message);
    if (r.status == Status::Refused) return fail("INVALID_OPTION", r.message);
    ValOut j;
    success(j);
    if (r.status == Status::Adjusted) j.member("note", r.message);
    j.close('}');
    return j.value();
  }

  // Forgets the game (start position, cleared hash table and statistics).
  void newGame() { engine().new_game(); }

  // {name, author, options: [{name, type: 'spin'|'check'|'button', default?, min?, max?}]}.
  static val describe() {
    ValOut j;
    j.open('{');
    j.member("name", Engine::NAME);
    j.member("author", Engine::AUTHOR);
    j.key("options");
    j.open('[');
    for (const OptionDescription& o : Engine::option_descriptions()) {
      j.open('{');
      j.member("name", o.name);
      switch (o.type) {
        case OptionType::Spin:
          j.member("type", "spin");
          j.member("default", o.defaultValue);
          j.member("min", o.min);
          j.member("max", o.max);
          break;
        case OptionType::Check:
          j.member("type", "check");
          j.member("default", o.defaultValue != 0);
          break;
        case OptionType::Button:
          j.member("type", "button");
          break;
      }
      j.close('}');
    }
    j.close(']');
    j.close('}');
    return j.value();
  }

 private:
#ifdef ESCAQUE_UCI_TEXT
  UciSession uci_;
  bool running_ = true;
#else
  Engine search_;
#endif
};

}  // namespace
}  // namespace escaque::js

EMSCRIPTEN_BINDINGS(escaque_engine) {
  using namespace emscripten;
  using escaque::js::EngineHandle;
  using escaque::js::ScoreJs;
  using escaque::js::SearchInfoJs;
  value_object<ScoreJs>("Score")
      .field("type", &ScoreJs::type)
      .field("value", &ScoreJs::value)
      .field("bound", &ScoreJs::bound);
  value_object<SearchInfoJs>("SearchInfo")
      .field("depth", &SearchInfoJs::depth)
      .field("seldepth", &SearchInfoJs::seldepth)
      .field("multipv", &SearchInfoJs::multipv)
      .field("score", &SearchInfoJs::score)
      .field("nodes", &SearchInfoJs::nodes)
      .field("nps", &SearchInfoJs::nps)
      .field("hashfull", &SearchInfoJs::hashfull)
      .field("time", &SearchInfoJs::time)
      .field("pv", &SearchInfoJs::pv)
      .field("san", &SearchInfoJs::san);
  class_<EngineHandle>("EngineHandle")
      .constructor<bool>()
#ifdef ESCAQUE_UCI_TEXT
      .function("handle", &EngineHandle::handle)
      .function("running", &EngineHandle::running)
#endif
      .function("setPosition", &EngineHandle::setPosition)
      .function("go", &EngineHandle::go)
      .function("setOption", &EngineHandle::setOption)
      .function("newGame", &EngineHandle::newGame)
      .class_function("describe", &EngineHandle::describe);
}
