// The search: iterative deepening over a principal-variation alpha-beta
// search with aspiration windows, a transposition table, quiescence search,
// and the usual pruning and reduction techniques (documented in
// docs/engine.md).
//
// It is single-threaded and never blocks: it runs until a limit is reached,
// polling (every ~1000 nodes) an atomic stop flag, the clock, and an optional
// host hook. A native host runs it on a thread and sets the flag; a WebAssembly
// host without threads can stop it through the hook. No memory is allocated
// per node: the stack of ply data and all tables live in the Searcher object.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../core/position.h"
#include "eval_weights.h"
#include "history.h"
#include "limits.h"
#include "movepick.h"
#include "nnue/accumulator.h"
#include "score.h"
#include "search_info.h"
#include "timeman.h"
#include "tt.h"

namespace escaque {

struct SearchOptions {
  int multiPV = 1;
  int moveOverheadMs = 30;
};

// One root move of the last completed iteration, with its score.
struct RootLine {
  Move move;
  Value score = VALUE_NONE;
};

struct SearchResult {
  Move bestMove;        // Move::none() if the root has no legal move
  Move ponderMove;      // expected reply, or Move::none()
  Value score = VALUE_NONE;
  int depth = 0;        // last completed iteration
  std::uint64_t nodes = 0;
  std::int64_t timeMs = 0;
  // The MultiPV lines (best first) of the last completed iteration: what a
  // strength-limited player chooses from.
  std::vector<RootLine> lines;
};

// Polled every ~1000 nodes; returning true stops the search as "stop" would.
using StopHook = std::function<bool()>;

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Forget the learned move-ordering statistics (ucinewgame, bench).
  void clear_history();

  // Searches root. `gameKeys` are the keys of the positions of the game before
  // root, oldest first (for repetition detection); root itself is not included.
  SearchResult search(const Position& root, const std::vector<Key>& gameKeys, const SearchLimits& limits,
                      const SearchOptions& options, const InfoListener& info, const StopHook& hook = {});

  // Thread-safe controls for a search running on another thread.
  //
  // A host that starts the search on another thread calls prepare() first, so
  // that a "stop" or "ponderhit" arriving before the thread gets going is not
  // lost; search() calls it itself otherwise.
  void prepare(const SearchLimits& limits);
  void request_stop() { stopRequested_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const { return stopRequested_.load(std::memory_order_relaxed); }
  void ponderhit();
  bool pondering() const { return pondering_.load(std::memory_order_relaxed); }
  std::uint64_t nodes() const { return nodes_; }

  // The evaluation weights this searcher plays with (default_weights() unless
  // set): lets a tool play two weight sets against each other in one process.
  // The weights must outlive the searcher.
  void set_eval_weights(const EvalWeights& weights) { weights_ = &weights; }
  // The network to evaluate with (nnue/), or nullptr for the hand-written
  // evaluation (the default). The network must outlive the searcher; a
  // transposition table filled under the other evaluation holds its static
  // evaluations, so clear it when switching.
  void set_network(const nnue::Network* net) { net_ = net; }
  const nnue::Network* network() const { return net_; }

 private:
  struct RootMove;
  struct Frame;
  template <bool PvNode>
  Value negamax(int ply, int depth, Value alpha, Value beta, bool cutNode);
  template <bool PvNode>
  Value quiescence(int ply, Value alpha, Value beta);
  bool should_stop();
  // Makes a move in pos_ at `ply`, keeping the network's accumulator for ply + 1 (when one is used).
  void make_move(int ply, Move m, UndoInfo& undo);
  Value static_eval(int ply) const;
  // The static evaluation moved by what the searches learned of this pawn structure (History).
  std::int16_t& correction_entry() const;  // this position's slot: side to move, pawn structure
  Value corrected_eval(Value raw) const;
  void update_correction(Value raw, Value searched, int depth);
  bool is_draw(int ply) const;
  void push_key(Key k);
  void pop_key() { --keyCount_; }
  void update_quiet_stats(int ply, Move best, int bonus, const Move* quiets, int quietCount);
  void update_capture_stats(Move best, int bonus, const Move* captures, int captureCount);
  void report_iteration(int depth, const InfoListener& info);
  // Fills info_ for root line `index` and hands it to `info`.
  void report_line(int index, int depth, Value score, Bound bound, const InfoListener& info);
  std::int64_t elapsed_ms() const;

  TranspositionTable& tt_;
  std::unique_ptr<History> history_;
  std::unique_ptr<Frame[]> frames_;  // MAX_PLY + 4 entries; frame(ply) = frames_[ply + 2]
  Frame* frame(int ply) const;
  template <bool PvNode>
  Frame* enter_node(int ply);

  // Keys of the game and of the current search path, newest last.
  static constexpr int KEY_CAPACITY = 1024 + MAX_PLY + 8;
  Key keys_[KEY_CAPACITY];
  bool keyRepeatsEarlier_[KEY_CAPACITY];  // game part only: this key occurred before it, too
  int keyCount_ = 0;
  int rootKeyIndex_ = 0;

  Position pos_;
  std::vector<RootMove> rootMoves_;
  int pvIndex_ = 0;
  int rootDepth_ = 0;
  int selDepth_ = 0;
  std::uint64_t nodes_ = 0;
  int pollCountdown_ = 0;
  bool stopped_ = false;
  SearchLimits limits_;
  SearchOptions options_;
  TimeBudget budget_;
  std::atomic<std::int64_t> startMs_{0};
  std::atomic<bool> stopRequested_{false};
  std::atomic<bool> pondering_{false};
  bool prepared_ = false;
  StopHook hook_;
  SearchInfo info_;  // reused for every report (its PV keeps its capacity)
  const EvalWeights* weights_ = &default_weights();
  const nnue::Network* net_ = nullptr;
  std::unique_ptr<nnue::Accumulator[]> accumulators_;  // MAX_PLY + 4 entries, one per ply
};

// Formats a score for UCI: "cp 23" or "mate -3" (SearchInfo::mate_moves).
std::string uci_score(Value v);

}  // namespace escaque
