// The UCI protocol as a line-in, text-out session: a thin text front end over
// the Engine (src/engine/engine.h). It parses command lines into positions,
// limits and options, hands them to the Engine, and prints what the Engine's
// listener reports as "info ..." and "bestmove ..." lines. No search logic
// and no position parser of its own live here. The native binary and the
// WASM command line (bin/escaque-uci.mjs) both drive this one class, so the
// two speak exactly the same protocol.
//
// Three ways to run "go" (the Engine's three modes):
//  - synchronous (the default): handle() searches and returns with the info
//    lines and "bestmove" in `out`. Needs a limit (depth, nodes, movetime,
//    mate or a clock); "go infinite" and "go ponder" are refused because no
//    "stop" could ever arrive.
//  - asynchronous (native hosts, after enable_async()): handle() starts the
//    search on a thread and returns at once; info and bestmove lines go to the
//    writer given, while "stop", "ponderhit", "isready" and "quit" are answered.
//  - synchronous with host signals (WASM in a worker, after enable_host_signals()):
//    handle() searches and returns, but the search polls the host for "stop" and
//    "ponderhit" (which another thread writes into shared memory) and streams its
//    lines to the host's writer; "go infinite" and "go ponder" are accepted.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "../engine/engine.h"

namespace escaque {

class UciSession {
 public:
  // Receives complete lines of output (each ending in '\n') from the search
  // thread; must be safe to call while the host writes its own output.
  using AsyncWriter = std::function<void(std::string_view)>;

  UciSession() = default;
  ~UciSession() = default;  // the Engine stops and joins a running search

  // Handles one command line, appending any reply lines (each ending in '\n')
  // to out. Returns false after "quit".
  bool handle(std::string_view line, std::string& out);

  // Runs searches on a thread from now on (only where threads exist).
  // Returns false if this build has no threads.
  bool enable_async(AsyncWriter writer);
  // Blocks until a running asynchronous search has printed its bestmove.
  void wait_for_search() { engine_.wait(); }
  // End of input: lets a bounded search finish, stops an infinite or ponder one.
  void finish();
  bool searching() const { return engine_.searching(); }

  // What a host without threads has received while a synchronous search runs.
  using HostSignal = Engine::HostSignal;
  using HostPoll = Engine::HostPoll;
  // From now on a synchronous "go" polls `poll` every ~1000 nodes and writes its
  // info and bestmove lines to `writer` as they come (not to handle()'s out).
  // The bestmove of "go infinite"/"go ponder" is written when the search ends;
  // holding it back until "stop"/"ponderhit" (as UCI wants) is the host's job.
  void enable_host_signals(HostPoll poll, AsyncWriter writer);

  // The engine this session drives.
  Engine& engine() { return engine_; }

 private:
  void cmd_uci(std::string& out) const;
  void cmd_position(std::string_view args, std::string& out);
  void cmd_go(std::string_view args, std::string& out);
  void cmd_setoption(std::string_view args, std::string& out);
  void cmd_display(std::string& out) const;
  void cmd_eval(std::string& out) const;
  void cmd_bench(std::string_view args, std::string& out);
  bool need_position(const char* command, std::string& out) const;

  Engine engine_;
  // Where the current search writes: `out` of handle(), the host's or the async writer.
  std::string* syncOut_ = nullptr;
  AsyncWriter writer_;  // host or async writer; empty for a plain synchronous session
  void emit(std::string_view line);
};

// The UCI text of a search report: "info depth 5 seldepth 7 multipv 1 score cp 23 ...".
// `root` is the searched position (the PV's moves are named from it). No newline.
std::string format_uci_info(const Position& root, const SearchInfo& info);
// "bestmove e2e4 ponder e7e5", or "bestmove (none)". No newline.
std::string format_uci_bestmove(const Position& root, const BestMove& best);

}  // namespace escaque
