#include "engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "book.h"
#include "clock.h"
#include "nnue/network.h"

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define ESCAQUE_HAS_THREADS 1
#include <atomic>
#include <chrono>
#include <thread>
#endif

namespace escaque {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// Whole-word integer; false on anything else (also on overflow).
template <class Int>
bool parse_int(std::string_view s, Int& value) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

#ifdef ESCAQUE_HAS_THREADS
struct Engine::Thread {
  std::thread thread;
  std::atomic<bool> running{false};
  bool waitsForStop = false;  // infinite or ponder: ends only with stop/ponderhit
};
#else
struct Engine::Thread {};
#endif

Engine::Engine()
    // "Use NNUE" starts on where the module carries the network (native builds, escaque-engine.wasm and
    // escaque-engine-scalar.wasm) and off where it has the empty one (escaque.wasm, which refuses it).
    : useNnue_(nnue::has_default_network()),
      strengthEntropy_(std::uint64_t(now_ms()) ^ reinterpret_cast<std::uintptr_t>(this)),
      tt_(std::make_unique<TranspositionTable>()),
      searcher_(std::make_unique<Searcher>(*tt_)) {
  pos_.set_startpos();
}

Engine::~Engine() { stop(); }

// ---------------------------------------------------------------------------
// How searches run
// ---------------------------------------------------------------------------

bool Engine::enable_threads() {
#ifdef ESCAQUE_HAS_THREADS
  if (!thread_) thread_ = std::make_unique<Thread>();
  return true;
#else
  return false;
#endif
}

void Engine::set_host_poll(HostPoll poll) { hostPoll_ = std::move(poll); }

bool Engine::searching() const {
#ifdef ESCAQUE_HAS_THREADS
  return thread_ && thread_->running.load();
#else
  return false;
#endif
}

bool Engine::waits_for_stop() const {
#ifdef ESCAQUE_HAS_THREADS
  return thread_ && thread_->waitsForStop;
#else
  return false;
#endif
}

void Engine::stop() {
#ifdef ESCAQUE_HAS_THREADS
  if (!thread_ || !thread_->thread.joinable()) return;
  searcher_->request_stop();
  thread_->thread.join();
#endif
}

void Engine::wait() {
#ifdef ESCAQUE_HAS_THREADS
  if (thread_ && thread_->thread.joinable()) thread_->thread.join();
#endif
}

void Engine::ponderhit() {
  if (searching()) searcher_->ponderhit();
}

// ---------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------

PositionResult Engine::set_position(std::string_view fen, const std::vector<std::string_view>& moves, bool repair) {
  stop();
  PositionResult result;
  Position next;
  FenOptions options;
  options.chess960 = chess960_;
  if (repair) options.repairs = &result.notes;
  if (FenError e = parse_fen(fen, next, options)) {
    hasPosition_ = false;
    result.notes.clear();  // what was normalised on the way does not matter now
    result.error = PositionResult::Error::Fen;
    result.fen = std::move(e);
    return result;
  }
  return play_moves(next, moves, std::move(result));
}

PositionResult Engine::set_startpos(const std::vector<std::string_view>& moves) {
  stop();
  Position next;
  next.set_startpos();
  next.set_chess960(chess960_);
  return play_moves(next, moves, PositionResult());
}

PositionResult Engine::play_moves(Position next, const std::vector<std::string_view>& moves, PositionResult result) {
  std::vector<Key> keys;
  keys.reserve(moves.size());
  Square lastTo = SQ_NONE;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    UciMoveResult r = parse_uci_move(next, moves[i]);
    if (r.error != UciMoveError::None) {
      hasPosition_ = false;
      result.error = PositionResult::Error::Move;
      result.moveIndex = int(i);
      result.move = std::move(r);
      return result;
    }
    keys.push_back(next.key());
    lastTo = r.move.to();
    UndoInfo undo;
    next.do_move(r.move, undo);
  }
  set_position(next, std::move(keys), lastTo);
  return result;
}

void Engine::set_position(const Position& root, std::vector<Key> history, Square lastMoveTo) {
  stop();
  pos_ = root;
  gameKeys_ = std::move(history);
  lastMoveTo_ = lastMoveTo;
  hasPosition_ = true;
}

void Engine::clear_position() {
  stop();
  hasPosition_ = false;
}

void Engine::new_game() {
  stop();
  pos_.set_startpos();
  pos_.set_chess960(chess960_);
  gameKeys_.clear();
  lastMoveTo_ = SQ_NONE;
  hasPosition_ = true;
  tt_->clear();
  searcher_->clear_history();
}

// ---------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------

GoResult Engine::go(SearchLimits limits, SearchListener listener) {
  stop();  // one search at a time
  auto refuse = [](std::string why) {
    GoResult r;
    r.refusal = std::move(why);
    return r;
  };
  if (!hasPosition_) return refuse("no position is set (the last one given was refused)");
  const Color us = pos_.side_to_move();
  // "mate N" alone stops when the mate is found; where there is none, the depth cap keeps it
  // from running forever (a mate in N needs 2N-1 plies; the margin covers reductions).
  if (limits.mate > 0 && limits.depth == 0 && limits.nodes == 0 && limits.movetime == 0 && !limits.has_clock(us))
    limits.depth = 2 * limits.mate + 10;
  const bool bounded = limits.depth > 0 || limits.nodes > 0 || limits.movetime > 0 || limits.mate > 0 ||
                       limits.has_clock(us);
  // No limit at all: search until stop, as most engines do.
  if (!bounded) limits.infinite = true;

  GoResult done;
  done.searched = true;
  // The book answers at once, for any limit but those asking for analysis (infinite, ponder, mate,
  // searchmoves): a host that turned OwnBook on wants book moves played, not searched.
  if (ownBook_ && !limits.infinite && !limits.ponder && limits.mate == 0 && limits.searchmoves.empty()) {
    const std::uint64_t random = strength_.seed ? (strength_.seed * 0xD1B54A32D192ED03ull) ^ pos_.key()
                                                : StrengthRng(strengthEntropy_++).next();
    const Move book = pick_book_move(pos_, StrengthRng(random).next());
    if (book.is_ok()) {
      BestMove best;
      best.move = book;
      best.fromBook = true;
      if (listener.bestmove) listener.bestmove(best);
      return done;
    }
  }

#ifdef ESCAQUE_HAS_THREADS
  if (thread_) {
    searcher_->prepare(limits);
    thread_->running = true;
    thread_->waitsForStop = limits.infinite || limits.ponder;
    thread_->thread = std::thread([this, root = pos_, keys = gameKeys_, lastTo = lastMoveTo_, limits,
                                   listener = std::move(listener)] {
      run_search(root, keys, lastTo, limits, limits.infinite || limits.ponder, listener);
      thread_->running = false;
    });
    return done;
  }
#endif
  if (hostPoll_) {  // synchronous, but stop and ponderhit reach the search through the poll
    run_search(pos_, gameKeys_, lastMoveTo_, limits, false, listener);
    return done;
  }
  // A synchronous host cannot stop or ponderhit during the search.
  if (limits.ponder) return refuse("'ponder' needs a host that can send ponderhit/stop while searching");
  if (limits.infinite && !bounded)
    return refuse("'infinite' (or no limit) needs a host that can send stop while searching; give depth, nodes, "
                  "movetime, mate or a clock");
  limits.infinite = false;
  run_search(pos_, gameKeys_, lastMoveTo_, limits, false, listener);
  return done;
}

void Engine::run_search(const Position& root, const std::vector<Key>& keys, Square lastMoveTo, SearchLimits limits,
                        bool waitForStop, const SearchListener& listener) {
  StopHook hook;
  if (hostPoll_) {
    hook = [this] {
      HostSignal s = hostPoll_();
      if (s == HostSignal::PonderHit) searcher_->ponderhit();
      return s == HostSignal::Stop;
    };
  }
  SearchOptions options = searchOptions_;
  LevelParams level;
  const bool limited = strength_.limited();
  use_evaluation_for(limited);
  if (limited) {
    level = level_params(strength_.effective_elo());
    apply_level(level, limits, options);
  }
  SearchResult r = searcher_->search(root, keys, limits, options, listener.info, hook);
  BestMove best;
  best.move = r.bestMove;
  best.ponder = r.ponderMove;
  if (limited && !r.lines.empty()) {
    // A fixed seed gives the same move in the same position (reproducible games); seed 0
    // draws a fresh seed for every move.
    const std::uint64_t seed = strength_.seed ? (strength_.seed * 0x9E3779B97F4A7C15ull) ^ root.key()
                                              : StrengthRng(strengthEntropy_++).next();
    StrengthRng rng(seed);
    const Move chosen = choose_move(root, r.lines, level, rng, lastMoveTo);
    if (chosen != best.move) {
      best.move = chosen;
      best.ponder = Move::none();
    }
  }
#ifdef ESCAQUE_HAS_THREADS
  // In infinite and ponder mode the bestmove waits for stop (or ponderhit, after which the
  // search would have finished anyway).
  while (waitForStop && !searcher_->stop_requested() && (limits.infinite || searcher_->pondering()))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
#else
  (void)waitForStop;
#endif
  if (listener.bestmove) listener.bestmove(best);
}

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

const std::vector<OptionDescription>& Engine::option_descriptions() {
  static const std::vector<OptionDescription> options = [] {
    std::vector<OptionDescription> table = {
      {"Hash", OptionType::Spin, int(TranspositionTable::DEFAULT_MB), 1, int(TranspositionTable::MAX_MB)},
      {"Threads", OptionType::Spin, 1, 1, 1},
      {"MultiPV", OptionType::Spin, 1, 1, ENGINE_MAX_MULTIPV},
      {"Ponder", OptionType::Check, 0},
      {"Move Overhead", OptionType::Spin, 30, 0, ENGINE_MAX_MOVE_OVERHEAD},
      {"Clear Hash", OptionType::Button},
      {"Use NNUE", OptionType::Check, 0},  // on where the network is built in: below
      {"UCI_Chess960", OptionType::Check, 0},
      {"UCI_LimitStrength", OptionType::Check, 0},
      {"UCI_Elo", OptionType::Spin, STRENGTH_ELO_MAX, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX},
      {"Skill Level", OptionType::Spin, SKILL_LEVEL_MAX, 0, SKILL_LEVEL_MAX},
      {"Strength Seed", OptionType::Spin, 0, 0, ENGINE_MAX_STRENGTH_SEED},
      {"OwnBook", OptionType::Check, 0},
    };
    // "Use NNUE" starts on where the module carries the network. Set here, not in the list above, so
    // that escaque.wasm (where has_default_network() is false at link time) keeps the list a constant
    // and none of this code: 0.1 KB gzip of its size bar.
    if (nnue::has_default_network())
      for (OptionDescription& o : table)
        if (std::string_view(o.name) == "Use NNUE") o.defaultValue = 1;
    return table;
  }();
  return options;
}

const nnue::Network* Engine::network() const { return useNnue_ ? nnue::default_network() : nullptr; }

void Engine::use_evaluation_for(bool limited) {
  const nnue::Network* net = network_for(limited);
  if (net != searcher_->network()) {
    searcher_->set_network(net);
    tt_->clear();  // its static evaluations came from the other evaluation
  }
}

bool Engine::set_hash_mb(int megabytes) {
  stop();
  return megabytes >= 1 && tt_->resize(std::size_t(megabytes));
}

int Engine::hash_mb() const { return int(tt_->size_mb()); }

void Engine::clear_hash() {
  stop();
  tt_->clear();
}

OptionResult Engine::set_option(std::string_view name, std::string_view value) {
  stop();
  const std::string key = lower(name);  // option names are not case sensitive
  OptionResult result;
  auto refuse = [&](const std::string& expected) {
    result.status = OptionResult::Status::Refused;
    result.message = std::string(name) + ": invalid value '" + std::string(value) + "', expected " + expected +
                     "; option unchanged";
    return false;
  };
  auto parse_bool = [&](bool& target) {
    const std::string v = lower(value);
    if (v == "true") target = true;
    else if (v == "false") target = false;
    else return refuse("true or false");
    return true;
  };
  auto parse_spin = [&](int lo, int hi, int& target) {
    int v = 0;
    if (!parse_int(value, v) || v < lo || v > hi)
      return refuse("an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    target = v;
    return true;
  };

  if (key == "uci_chess960") {
    parse_bool(chess960_);
  } else if (key == "hash") {
    int mb = 0;
    if (parse_spin(1, int(TranspositionTable::MAX_MB), mb) && !set_hash_mb(mb)) {
      result.status = OptionResult::Status::Refused;
      result.message = std::string(name) + ": cannot allocate " + std::string(value) + " MiB; keeping " +
                       std::to_string(hash_mb()) + " MiB";
    }
  } else if (key == "threads") {
    int n = 1;
    parse_spin(1, 1, n);
  } else if (key == "multipv") {
    parse_spin(1, ENGINE_MAX_MULTIPV, searchOptions_.multiPV);
  } else if (key == "ponder") {
    parse_bool(ponderOption_);
  } else if (key == "move overhead") {
    parse_spin(0, ENGINE_MAX_MOVE_OVERHEAD, searchOptions_.moveOverheadMs);
  } else if (key == "uci_limitstrength") {
    parse_bool(strength_.limitStrength);
  } else if (key == "uci_elo" || key == "skill level") {
    // Out-of-range values are clamped (GUIs have their own ideas of the range), and said so;
    // anything that is not an integer is refused.
    const bool elo = key == "uci_elo";
    const int lo = elo ? STRENGTH_ELO_MIN : 0, hi = elo ? STRENGTH_ELO_MAX : SKILL_LEVEL_MAX;
    long long v = 0;
    if (!parse_int(value, v)) {
      refuse("an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    } else {
      const int clamped = int(std::clamp<long long>(v, lo, hi));
      if (clamped != v) {
        result.status = OptionResult::Status::Adjusted;
        result.message = std::string(name) + ": " + std::string(value) + " is outside " + std::to_string(lo) +
                         ".." + std::to_string(hi) + "; using " + std::to_string(clamped);
      }
      (elo ? strength_.elo : strength_.skillLevel) = clamped;
    }
  } else if (key == "strength seed") {
    int seed = 0;
    if (parse_spin(0, ENGINE_MAX_STRENGTH_SEED, seed)) strength_.seed = std::uint64_t(seed);
  } else if (key == "ownbook") {
    parse_bool(ownBook_);
  } else if (key == "use nnue") {
    bool on = useNnue_;
    if (parse_bool(on)) {
      if (on && !nnue::default_network()) {
        result.status = OptionResult::Status::Refused;
        result.message = std::string(name) +
                         ": this module has no network (the Engine's worker loads escaque-engine.wasm for it); "
                         "keeping the hand-written evaluation";
      } else {
        useNnue_ = on;
        use_evaluation_for(strength_.limited());
      }
    }
  } else if (key == "clear hash") {
    clear_hash();
  } else {
    result.status = OptionResult::Status::Unknown;
    result.message = "unknown option '" + std::string(name) + "'";
  }
  return result;
}

}  // namespace escaque
