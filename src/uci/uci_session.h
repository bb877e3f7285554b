// The UCI protocol as a line-in, text-out session. The native binary and the
// WASM command line (bin/escaque-uci.mjs) both drive this one class, so the
// two speak exactly the same protocol.
//
// Two ways to run "go":
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
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../core/position.h"
#include "../engine/search.h"
#include "../engine/strength.h"
#include "../engine/tt.h"

namespace escaque {

class UciSession {
 public:
  // Receives complete lines of output (each ending in '\n') from the search
  // thread; must be safe to call while the host writes its own output.
  using AsyncWriter = std::function<void(std::string_view)>;

  UciSession();
  ~UciSession();  // stops and joins a running search

  // Handles one command line, appending any reply lines (each ending in '\n')
  // to out. Returns false after "quit".
  bool handle(std::string_view line, std::string& out);

  // Runs searches on a thread from now on (only where threads exist).
  // Returns false if this build has no threads.
  bool enable_async(AsyncWriter writer);
  // Blocks until a running asynchronous search has printed its bestmove.
  void wait_for_search();
  // End of input: lets a bounded search finish, stops an infinite or ponder one.
  void finish();
  bool searching() const;

  // What a host without threads has received while a synchronous search runs.
  enum class HostSignal { None, Stop, PonderHit };
  using HostPoll = std::function<HostSignal()>;
  // From now on a synchronous "go" polls `poll` every ~1000 nodes and writes its
  // info and bestmove lines to `writer` as they come (not to handle()'s out).
  // The bestmove of "go infinite"/"go ponder" is written when the search ends;
  // holding it back until "stop"/"ponderhit" (as UCI wants) is the host's job.
  void enable_host_signals(HostPoll poll, AsyncWriter writer);

 private:
  void cmd_position(std::string_view args, std::string& out);
  void cmd_go(std::string_view args, std::string& out);
  void cmd_setoption(std::string_view args, std::string& out);
  void cmd_display(std::string& out) const;
  void cmd_bench(std::string_view args, std::string& out);
  void stop_search();
  // Runs one search to the end and writes its output (on whichever thread).
  void run_search(Position root, std::vector<Key> keys, SearchLimits limits, bool waitForStop);

  Position pos_;
  std::vector<Key> gameKeys_;  // keys of the positions before pos_ in the current game
  bool chess960_ = false;
  bool ponderOption_ = false;
  bool ownBook_ = false;  // UCI option OwnBook: play from src/engine/book.cpp while in book
  SearchOptions searchOptions_;
  StrengthSettings strength_;
  Square lastMoveTo_ = SQ_NONE;      // where the last move of `position ... moves` went
  std::uint64_t strengthEntropy_;    // per-move seeds when Strength Seed is 0
  std::unique_ptr<TranspositionTable> tt_;
  std::unique_ptr<Searcher> searcher_;

  struct Async;  // thread state, only in builds with threads
  std::unique_ptr<Async> async_;
  // Where the current search writes: `out` of handle() or the async writer.
  std::string* syncOut_ = nullptr;
  void emit(std::string_view line);
  HostPoll hostPoll_;        // set by enable_host_signals()
  AsyncWriter hostWriter_;
};

}  // namespace escaque
