// The embeddable engine: a position, options, and searches that report as
// data (SearchInfo, BestMove) to a listener. Every front end drives this one
// class: the UCI text session (src/uci/uci_session.h) and the WebAssembly
// exports behind the JavaScript Engine (bindings/embind/engine_exports.cpp). No UCI
// text is made or read here; what a front end prints is its own business.
//
//   Engine engine;
//   engine.set_position(fen, {"e2e4", "e7e5"});
//   SearchLimits limits;  limits.depth = 12;
//   engine.go(limits, {[](const SearchInfo& i) { ... }, [](const BestMove& b) { ... }});
//
// Three ways a search runs (a host picks one before its first go):
//  - synchronous (the default): go() searches and returns after the listener
//    got the bestmove. It needs a limit: infinite and ponder are refused, as
//    nothing could stop them.
//  - on a thread (enable_threads(), native hosts): go() returns at once; the
//    listener is called on the search thread; stop() and ponderhit() act on
//    it. The bestmove of an infinite or ponder search waits for stop() (or
//    ponderhit()), as UCI wants.
//  - synchronous with host signals (set_host_poll(), WebAssembly in a worker):
//    go() searches and returns, but the search polls the host every ~1000
//    nodes for stop and ponderhit. infinite and ponder are accepted; their
//    bestmove comes when the search ends (holding it is the host's job).
//
// Strength limits (UCI_LimitStrength, UCI_Elo, Skill Level) and the opening
// book (OwnBook) are applied here, so every front end plays the same moves.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../core/fen.h"
#include "../core/position.h"
#include "../core/uci_move.h"
#include "limits.h"
#include "search.h"
#include "search_info.h"
#include "strength.h"
#include "tt.h"

namespace escaque {

constexpr int ENGINE_MAX_MULTIPV = 256;
constexpr int ENGINE_MAX_MOVE_OVERHEAD = 5000;
constexpr int ENGINE_MAX_STRENGTH_SEED = 2147483647;

// The move a search (or the book) chose.
struct BestMove {
  Move move;          // Move::none() when the root has no legal move
  Move ponder;        // the expected reply, or Move::none()
  bool fromBook = false;
};

struct SearchListener {
  InfoListener info;                              // each report, as it comes
  std::function<void(const BestMove&)> bestmove;  // once per search, last
};

// What set_position() made of its input.
struct PositionResult {
  enum class Error { None, Fen, Move };
  Error error = Error::None;
  FenError fen;                    // Error::Fen: the parser's verdict
  int moveIndex = -1;              // Error::Move: which move of the list (0-based)
  UciMoveResult move;              // Error::Move: the move parser's verdict
  std::vector<std::string> notes;  // contradictions that were normalised (FenOptions::repairs)
  bool ok() const { return error == Error::None; }
};

// The answer of go().
struct GoResult {
  bool searched = false;  // false: refused, nothing reported
  std::string refusal;    // why (e.g. "no position is set ..."), when refused
};

// Named options (the UCI option set), for front ends that take names and values.
enum class OptionType { Spin, Check, Button };
struct OptionDescription {
  const char* name;
  OptionType type;
  int defaultValue = 0;  // Spin: the number; Check: 0 or 1
  int min = 0, max = 0;  // Spin only
};
struct OptionResult {
  enum class Status { Set, Adjusted, Refused, Unknown };
  Status status = Status::Set;
  // Adjusted/Refused: "<name>: <what and why>"; Unknown: "unknown option '<name>'".
  std::string message;
};

class Engine {
 public:
  enum class HostSignal { None, Stop, PonderHit };
  using HostPoll = std::function<HostSignal()>;

  static constexpr const char* NAME = "escaque";
  static constexpr const char* AUTHOR = "the escaque developers";

  Engine();
  ~Engine();  // stops and joins a running search
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // ---- how searches run (see the top of this file) ----
  bool enable_threads();  // false where this build has no threads
  void set_host_poll(HostPoll poll);

  // ---- the position ----
  // A FEN (Chess960 ones with the chess960 option on) and UCI moves played from it.
  // With `repair`, contradictions that have one playable reading (an en passant square
  // no pawn can take, or with a non-zero halfmove clock) are normalised and described
  // in the result's notes; without, they are refused as the core's parser refuses them.
  // On failure the engine has NO position until the next successful call: a following
  // go() is refused rather than searching an older position.
  PositionResult set_position(std::string_view fen, const std::vector<std::string_view>& moves, bool repair);
  PositionResult set_startpos(const std::vector<std::string_view>& moves);
  // A position already set up, with the keys of the game's earlier positions (oldest
  // first; for repetitions) and where the last move went (SQ_NONE if unknown).
  void set_position(const Position& root, std::vector<Key> history = {}, Square lastMoveTo = SQ_NONE);
  // Leaves no position (a host that refused a position command of its own).
  void clear_position();
  bool has_position() const { return hasPosition_; }
  const Position& position() const { return pos_; }  // meaningful only with has_position()

  // ---- searching ----
  GoResult go(SearchLimits limits, SearchListener listener);
  void stop();       // stops a search on a thread and waits for its bestmove
  void ponderhit();  // a ponder search goes on as a normal one, on its clock
  void wait();       // waits for a search on a thread to report its bestmove
  bool searching() const;
  bool waits_for_stop() const;  // the running search is infinite or ponder

  // ---- options ----
  static const std::vector<OptionDescription>& option_descriptions();
  // By name (case-insensitive) with the value as text; buttons take no value.
  OptionResult set_option(std::string_view name, std::string_view value);
  bool set_hash_mb(int megabytes);  // false: not allocated, the old table kept
  int hash_mb() const;
  void set_multipv(int lines) { searchOptions_.multiPV = lines; }
  void set_move_overhead(int ms) { searchOptions_.moveOverheadMs = ms; }
  // Applies from the next set_position or new_game (re-reading the loaded position
  // could give two moves one name).
  void set_chess960(bool on) { chess960_ = on; }
  bool chess960() const { return chess960_; }
  void set_strength(const StrengthSettings& s) { strength_ = s; }
  const StrengthSettings& strength() const { return strength_; }
  void set_own_book(bool on) { ownBook_ = on; }
  // The network full-strength searches evaluate with ("Use NNUE", on by default where the network is
  // built in: natively and in escaque-engine*.wasm, not in escaque.wasm), nullptr for the hand-written
  // evaluation. A search at a limited strength (UCI_LimitStrength, Skill Level) always evaluates by
  // hand: the levels are calibrated with that evaluation (docs/engine.md, "Strength levels").
  const nnue::Network* network() const;
  // The network a search at full or limited strength evaluates with: network(), or nullptr (the
  // hand-written evaluation) when limited. The one place that rule lives (searches, UCI's `eval`).
  const nnue::Network* network_for(bool limited) const { return limited ? nullptr : network(); }
  void clear_hash();
  // Forgets the game: the start position, an empty hash table and statistics.
  void new_game();

 private:
  void run_search(const Position& root, const std::vector<Key>& keys, Square lastMoveTo, SearchLimits limits,
                  bool waitForStop, const SearchListener& listener);
  PositionResult play_moves(Position next, const std::vector<std::string_view>& moves, PositionResult result);
  // Gives the searcher the evaluation a search at full or limited strength uses (the hash table is
  // cleared on a change: its static evaluations came from the other one).
  void use_evaluation_for(bool limited);

  Position pos_;
  bool hasPosition_ = true;
  std::vector<Key> gameKeys_;  // keys of the positions before pos_ in the current game
  Square lastMoveTo_ = SQ_NONE;  // where the last move of the game went
  bool chess960_ = false;
  bool ponderOption_ = false;  // UCI "Ponder": the host may ponder; nothing changes here
  bool ownBook_ = false;
  bool useNnue_;  // UCI "Use NNUE", for full-strength searches: on where the network is built in
  SearchOptions searchOptions_;
  StrengthSettings strength_;
  std::uint64_t strengthEntropy_;  // per-move seeds when the strength seed is 0
  std::unique_ptr<TranspositionTable> tt_;
  std::unique_ptr<Searcher> searcher_;
  HostPoll hostPoll_;

  struct Thread;  // only in builds with threads
  std::unique_ptr<Thread> thread_;
};

}  // namespace escaque
