#include "uci_session.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "../core/fen.h"
#include "../core/perft.h"
#include "../engine/bench.h"
#include "../engine/book.h"
#include "../engine/clock.h"
#include "../engine/eval.h"
#include "../core/uci_move.h"

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define ESCAQUE_HAS_THREADS 1
#include <atomic>
#include <chrono>
#include <thread>
#endif

namespace escaque {

namespace {

// Blanks between words; '\r' and '\n' included so that a line handed over
// with its line ending (as some front ends do) still parses.
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
constexpr const char* BLANKS = " \t\r\n";

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !is_blank(s[j])) ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

// The rest of the line after the first word.
std::string_view rest_after_word(std::string_view s) {
  size_t i = s.find_first_not_of(BLANKS);
  if (i == std::string_view::npos) return {};
  size_t j = s.find_first_of(BLANKS, i);
  if (j == std::string_view::npos) return {};
  return s.substr(j + 1);
}

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

constexpr int MAX_MULTIPV = 256;
constexpr int MAX_MOVE_OVERHEAD = 5000;
constexpr int MAX_STRENGTH_SEED = 2147483647;

}  // namespace

#ifdef ESCAQUE_HAS_THREADS
struct UciSession::Async {
  AsyncWriter writer;
  std::thread thread;
  std::atomic<bool> running{false};
  bool waitsForStop = false;  // infinite or ponder: ends only with stop/ponderhit
};
#else
struct UciSession::Async {
  AsyncWriter writer;
};
#endif

UciSession::UciSession()
    : strengthEntropy_(std::uint64_t(now_ms()) ^ reinterpret_cast<std::uintptr_t>(this)),
      tt_(std::make_unique<TranspositionTable>()),
      searcher_(std::make_unique<Searcher>(*tt_)) {
  pos_.set_startpos();
}

UciSession::~UciSession() { stop_search(); }

bool UciSession::enable_async(AsyncWriter writer) {
#ifdef ESCAQUE_HAS_THREADS
  if (!async_) async_ = std::make_unique<Async>();
  async_->writer = std::move(writer);
  return true;
#else
  (void)writer;
  return false;
#endif
}

bool UciSession::searching() const {
#ifdef ESCAQUE_HAS_THREADS
  return async_ && async_->running.load();
#else
  return false;
#endif
}

void UciSession::stop_search() {
#ifdef ESCAQUE_HAS_THREADS
  if (!async_ || !async_->thread.joinable()) return;
  searcher_->request_stop();
  async_->thread.join();
#endif
}

void UciSession::wait_for_search() {
#ifdef ESCAQUE_HAS_THREADS
  if (async_ && async_->thread.joinable()) async_->thread.join();
#endif
}

void UciSession::finish() {
#ifdef ESCAQUE_HAS_THREADS
  if (async_ && async_->waitsForStop) stop_search();
  else wait_for_search();
#endif
}

void UciSession::enable_host_signals(HostPoll poll, AsyncWriter writer) {
  hostPoll_ = std::move(poll);
  hostWriter_ = std::move(writer);
}

void UciSession::emit(std::string_view line) {
  if (syncOut_) syncOut_->append(line);
  else if (hostWriter_) hostWriter_(line);
  else if (async_ && async_->writer) async_->writer(line);
}

bool UciSession::handle(std::string_view line, std::string& out) {
  auto words = split_words(line);
  if (words.empty()) return true;
  std::string_view cmd = words[0];

  // Commands answered while a search runs.
  if (cmd == "isready") {
    out += "readyok\n";
    return true;
  }
  if (cmd == "stop") {
    stop_search();
    return true;
  }
  if (cmd == "ponderhit") {
    if (searching()) searcher_->ponderhit();
    return true;
  }
  if (cmd == "quit") {
    stop_search();
    return false;
  }
  // Everything else changes or reads state the search uses: finish it first.
  stop_search();

  if (cmd == "uci") {
    out += "id name escaque\nid author the escaque developers\n";
    out += "option name Hash type spin default " + std::to_string(TranspositionTable::DEFAULT_MB) +
           " min 1 max " + std::to_string(TranspositionTable::MAX_MB) + "\n";
    out += "option name Threads type spin default 1 min 1 max 1\n";
    out += "option name MultiPV type spin default 1 min 1 max " + std::to_string(MAX_MULTIPV) + "\n";
    out += "option name Ponder type check default false\n";
    out += "option name Move Overhead type spin default 30 min 0 max " + std::to_string(MAX_MOVE_OVERHEAD) + "\n";
    out += "option name Clear Hash type button\n";
    out += "option name UCI_Chess960 type check default false\n";
    out += "option name UCI_LimitStrength type check default false\n";
    out += "option name UCI_Elo type spin default " + std::to_string(STRENGTH_ELO_MAX) + " min " +
           std::to_string(STRENGTH_ELO_MIN) + " max " + std::to_string(STRENGTH_ELO_MAX) + "\n";
    out += "option name Skill Level type spin default " + std::to_string(SKILL_LEVEL_MAX) + " min 0 max " +
           std::to_string(SKILL_LEVEL_MAX) + "\n";
    out += "option name Strength Seed type spin default 0 min 0 max " + std::to_string(MAX_STRENGTH_SEED) + "\n";
    out += "option name OwnBook type check default false\n";
    out += "uciok\n";
  } else if (cmd == "ucinewgame") {
    pos_.set_startpos();
    pos_.set_chess960(chess960_);
    gameKeys_.clear();
    lastMoveTo_ = SQ_NONE;
    tt_->clear();
    searcher_->clear_history();
  } else if (cmd == "position") {
    cmd_position(rest_after_word(line), out);
  } else if (cmd == "go") {
    cmd_go(rest_after_word(line), out);
  } else if (cmd == "setoption") {
    cmd_setoption(rest_after_word(line), out);
  } else if (cmd == "d") {
    cmd_display(out);
  } else if (cmd == "eval") {
    out += "info string static evaluation " + std::to_string(evaluate(pos_)) +
           " cp (side to move), not searched\n";
  } else if (cmd == "bench") {
    cmd_bench(rest_after_word(line), out);
  } else {
    out += "info string unknown command '" + std::string(cmd) + "'\n";
  }
  return true;
}

void UciSession::cmd_setoption(std::string_view args, std::string& out) {
  auto w = split_words(args);
  // setoption name <id> [value <x>]
  std::string name, value;
  size_t i = 0;
  if (i < w.size() && w[i] == "name") ++i;
  for (; i < w.size() && w[i] != "value"; ++i) name += (name.empty() ? "" : " ") + std::string(w[i]);
  if (i < w.size() && w[i] == "value") ++i;
  for (; i < w.size(); ++i) value += (value.empty() ? "" : " ") + std::string(w[i]);
  const std::string key = lower(name);  // UCI option names are not case sensitive

  auto bad_value = [&](const std::string& expected) {
    out += "info string setoption " + name + ": invalid value '" + value + "', expected " + expected +
           "; option unchanged\n";
  };
  auto parse_bool = [&](bool& target) {
    std::string v = lower(value);
    if (v == "true") target = true;
    else if (v == "false") target = false;
    else return bad_value("true or false"), false;
    return true;
  };
  auto parse_spin = [&](int lo, int hi, int& target) {
    int v = 0;
    if (!parse_int(value, v) || v < lo || v > hi)
      return bad_value("an integer from " + std::to_string(lo) + " to " + std::to_string(hi)), false;
    target = v;
    return true;
  };

  if (key == "uci_chess960") {
    // Applies from the next "position" or "ucinewgame": re-labelling the
    // loaded position could give two moves the same name (a Chess960
    // castling b1c1 and the king's step b1c1 in standard notation).
    parse_bool(chess960_);
  } else if (key == "hash") {
    int mb = 0;
    if (parse_spin(1, int(TranspositionTable::MAX_MB), mb) && !tt_->resize(std::size_t(mb)))
      out += "info string setoption Hash: cannot allocate " + value + " MiB; keeping " +
             std::to_string(tt_->size_mb()) + " MiB\n";
  } else if (key == "threads") {
    int n = 1;
    parse_spin(1, 1, n);
  } else if (key == "multipv") {
    parse_spin(1, MAX_MULTIPV, searchOptions_.multiPV);
  } else if (key == "ponder") {
    parse_bool(ponderOption_);
  } else if (key == "move overhead") {
    parse_spin(0, MAX_MOVE_OVERHEAD, searchOptions_.moveOverheadMs);
  } else if (key == "uci_limitstrength") {
    parse_bool(strength_.limitStrength);
  } else if (key == "uci_elo" || key == "skill level") {
    // Out-of-range values are clamped (GUIs have their own ideas of the
    // range), and said so; anything that is not an integer is refused.
    const bool elo = key == "uci_elo";
    const int lo = elo ? STRENGTH_ELO_MIN : 0, hi = elo ? STRENGTH_ELO_MAX : SKILL_LEVEL_MAX;
    long long v = 0;
    if (!parse_int(value, v)) {
      bad_value("an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    } else {
      int clamped = int(std::clamp<long long>(v, lo, hi));
      if (clamped != v)
        out += "info string setoption " + name + ": " + value + " is outside " + std::to_string(lo) + ".." +
               std::to_string(hi) + "; using " + std::to_string(clamped) + "\n";
      (elo ? strength_.elo : strength_.skillLevel) = clamped;
    }
  } else if (key == "strength seed") {
    int seed = 0;
    if (parse_spin(0, MAX_STRENGTH_SEED, seed)) strength_.seed = std::uint64_t(seed);
  } else if (key == "ownbook") {
    parse_bool(ownBook_);
  } else if (key == "clear hash") {
    tt_->clear();
  } else {
    out += "info string unknown option '" + name + "'\n";
  }
}

void UciSession::cmd_position(std::string_view args, std::string& out) {
  auto w = split_words(args);
  if (w.empty()) {
    out += "info string position: expected 'startpos' or 'fen <FEN>'\n";
    return;
  }
  Position next;
  size_t i = 0;
  if (w[0] == "startpos") {
    next.set_startpos();
    next.set_chess960(chess960_);
    i = 1;
  } else if (w[0] == "fen") {
    std::string fen;
    for (i = 1; i < w.size() && w[i] != "moves"; ++i) fen += (i > 1 ? " " : "") + std::string(w[i]);
    FenOptions opts;
    opts.chess960 = chess960_;
    if (FenError e = parse_fen(fen, next, opts)) {
      out += "info string " + e.message + "\n";
      return;  // position unchanged
    }
  } else {
    out += "info string position: expected 'startpos' or 'fen <FEN>', got '" + std::string(w[0]) + "'\n";
    return;
  }
  std::vector<Key> keys;
  Square lastTo = SQ_NONE;
  if (i < w.size() && w[i] == "moves") {
    const size_t first = i + 1;
    for (++i; i < w.size(); ++i) {
      UciMoveResult r = parse_uci_move(next, w[i]);
      if (r.error != UciMoveError::None) {
        out += "info string " + r.message + " (move " + std::to_string(i - first + 1) +
               " of the list); position unchanged\n";
        return;
      }
      keys.push_back(next.key());
      lastTo = r.move.to();
      UndoInfo undo;
      next.do_move(r.move, undo);
    }
  }
  pos_ = next;
  gameKeys_ = std::move(keys);
  lastMoveTo_ = lastTo;
}

void UciSession::cmd_go(std::string_view args, std::string& out) {
  auto w = split_words(args);
  if (w.size() >= 2 && w[0] == "perft") {
    int depth = std::atoi(std::string(w[1]).c_str());
    if (depth < 1 || depth > 20) {
      out += "info string go perft: depth must be 1..20\n";
      return;
    }
    std::uint64_t total = 0;
    for (auto& [m, n] : perft_divide(pos_, depth)) {
      out += move_to_uci(pos_, m) + ": " + std::to_string(n) + "\n";
      total += n;
    }
    out += "\nNodes searched: " + std::to_string(total) + "\n";
    return;
  }

  SearchLimits limits;
  auto fail = [&](const std::string& why) { out += "info string go: " + why + "; not searching\n"; };
  auto is_keyword = [](std::string_view t) {
    static const char* const kw[] = {"wtime", "btime",    "winc",     "binc",     "movestogo", "depth", "nodes",
                                     "mate",  "movetime", "infinite", "ponder",   "searchmoves", "perft"};
    return std::any_of(std::begin(kw), std::end(kw), [&](const char* k) { return t == k; });
  };
  for (size_t i = 0; i < w.size(); ++i) {
    std::string_view t = w[i];
    if (t == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (t == "ponder") {
      limits.ponder = true;
      continue;
    }
    if (t == "searchmoves") {
      for (++i; i < w.size() && !is_keyword(w[i]); ++i) {
        UciMoveResult r = parse_uci_move(pos_, w[i]);
        if (r.error != UciMoveError::None) return fail("searchmoves: " + r.message);
        limits.searchmoves.push_back(r.move);
      }
      --i;
      continue;
    }
    if (!is_keyword(t) || t == "perft") return fail("unknown or misplaced parameter '" + std::string(t) + "'");
    if (i + 1 >= w.size()) return fail("'" + std::string(t) + "' needs a number");
    std::string_view v = w[++i];
    std::int64_t n = 0;
    if (!parse_int(v, n)) return fail("'" + std::string(t) + "' needs an integer, got '" + std::string(v) + "'");
    bool clock = t == "wtime" || t == "btime";
    if (!clock && n < 0) return fail("'" + std::string(t) + "' must not be negative");
    // A clock already below zero (some GUIs send that) means "move at once".
    if (t == "wtime") limits.time[WHITE] = std::max<std::int64_t>(n, 0);
    else if (t == "btime") limits.time[BLACK] = std::max<std::int64_t>(n, 0);
    else if (t == "winc") limits.inc[WHITE] = n;
    else if (t == "binc") limits.inc[BLACK] = n;
    else if (t == "movestogo") limits.movestogo = int(std::min<std::int64_t>(n, 1000));
    else if (t == "depth") limits.depth = int(std::min<std::int64_t>(n, MAX_PLY));
    else if (t == "nodes") limits.nodes = std::uint64_t(n);
    else if (t == "movetime") limits.movetime = n;
    else if (t == "mate") limits.mate = int(std::min<std::int64_t>(n, MAX_PLY / 2));
  }
  const Color us = pos_.side_to_move();
  // "go mate N" alone stops when the mate is found; where there is none, the
  // depth cap keeps it from running forever (a mate in N needs 2N-1 plies;
  // the margin covers reductions).
  if (limits.mate > 0 && limits.depth == 0 && limits.nodes == 0 && limits.movetime == 0 && !limits.has_clock(us))
    limits.depth = 2 * limits.mate + 10;
  const bool bounded = limits.depth > 0 || limits.nodes > 0 || limits.movetime > 0 || limits.mate > 0 ||
                       limits.has_clock(us);
  // A bare "go" searches until "stop", as most engines do.
  if (!bounded) limits.infinite = true;

  // The book answers at once, for any limit but those asking for analysis (infinite, ponder, mate,
  // searchmoves): a GUI that turned OwnBook on wants book moves played, not searched.
  if (ownBook_ && !limits.infinite && !limits.ponder && limits.mate == 0 && limits.searchmoves.empty()) {
    const std::uint64_t random = strength_.seed ? (strength_.seed * 0xD1B54A32D192ED03ull) ^ pos_.key()
                                                : StrengthRng(strengthEntropy_++).next();
    const Move book = pick_book_move(pos_, StrengthRng(random).next());
    if (book.is_ok()) {
      const std::string uci = move_to_uci(pos_, book);
      // One line per write: host writers take one line at a time.
      for (const std::string& line : {"info string book move " + uci + "\n", "bestmove " + uci + "\n"}) {
        if (async_ || hostPoll_) emit(line);
        else out += line;
      }
      return;
    }
  }

  if (async_) {
#ifdef ESCAQUE_HAS_THREADS
    searcher_->prepare(limits);
    async_->running = true;
    async_->waitsForStop = limits.infinite || limits.ponder;
    async_->thread = std::thread([this, root = pos_, keys = gameKeys_, limits] {
      run_search(root, keys, limits, limits.infinite || limits.ponder);
      async_->running = false;
    });
#endif
    return;
  }
  if (hostPoll_) {  // synchronous, but "stop" and "ponderhit" reach the search through the poll
    run_search(pos_, gameKeys_, limits, false);
    return;
  }
  // Synchronous hosts cannot send "stop" or "ponderhit" during the search.
  if (limits.ponder) return fail("'ponder' needs a host that can send ponderhit/stop while searching");
  if (limits.infinite && !bounded)
    return fail("'infinite' (or no limit) needs a host that can send stop while searching; give depth, nodes, "
                "movetime, mate or a clock");
  limits.infinite = false;
  syncOut_ = &out;
  run_search(pos_, gameKeys_, limits, false);
  syncOut_ = nullptr;
}

void UciSession::run_search(Position root, std::vector<Key> keys, SearchLimits limits, bool waitForStop) {
  auto info = [this](std::string_view l) {
    std::string line(l);
    line += '\n';
    emit(line);
  };
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
  if (limited) {
    level = level_params(strength_.effective_elo());
    apply_level(level, limits, options);
  }
  SearchResult r = searcher_->search(root, keys, limits, options, info, hook);
  if (limited && !r.lines.empty()) {
    // A fixed seed gives the same move in the same position (reproducible
    // games); seed 0 draws a fresh seed for every move.
    const std::uint64_t seed = strength_.seed ? (strength_.seed * 0x9E3779B97F4A7C15ull) ^ root.key()
                                              : StrengthRng(strengthEntropy_++).next();
    StrengthRng rng(seed);
    const Move chosen = choose_move(root, r.lines, level, rng, lastMoveTo_);
    if (chosen != r.bestMove) {
      r.bestMove = chosen;
      r.ponderMove = Move::none();
    }
  }
#ifdef ESCAQUE_HAS_THREADS
  // UCI: in infinite and ponder mode bestmove waits for "stop" (or "ponderhit",
  // after which the search would have finished anyway).
  while (waitForStop && !searcher_->stop_requested() && (limits.infinite || searcher_->pondering()))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
#else
  (void)waitForStop;
#endif
  std::string line = "bestmove ";
  if (!r.bestMove.is_ok()) {
    line += "(none)";
  } else {
    line += move_to_uci(root, r.bestMove);
    if (r.ponderMove.is_ok()) {
      Position next = root;
      UndoInfo undo;
      next.do_move(r.bestMove, undo);
      line += " ponder " + move_to_uci(next, r.ponderMove);
    }
  }
  emit(line + "\n");
}

void UciSession::cmd_bench(std::string_view args, std::string& out) {
  auto w = split_words(args);
  int depth = BENCH_DEFAULT_DEPTH;
  if (!w.empty() && (!parse_int(w[0], depth) || depth < 1 || depth > 64)) {
    out += "info string bench: depth must be an integer from 1 to 64, got '" + std::string(w[0]) + "'\n";
    return;
  }
  BenchResult r = run_bench(depth, [&](std::string_view l) {
    out.append(l);
    out += '\n';
  });
  std::int64_t ms = std::max<std::int64_t>(1, r.timeMs);
  out += "\nTotal time (ms): " + std::to_string(r.timeMs) + "\n";
  out += "Nodes/second: " + std::to_string(r.nodes * 1000 / std::uint64_t(ms)) + "\n";
  out += "Nodes searched: " + std::to_string(r.nodes) + "\n";
}

// Plain appends, no std::ostringstream: streams pull libc++'s iostreams and
// locales into the WebAssembly module (over 100 KB of code) for this one command.
void UciSession::cmd_display(std::string& out) const {
  const char* const rule = "\n +---+---+---+---+---+---+---+---+\n";
  out += rule;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      out += " | ";
      out += piece_to_char(pos_.piece_on(make_square(f, r)));
    }
    out += " | ";
    out += char('1' + r);
    out += rule;
  }
  out += "   a   b   c   d   e   f   g   h\n\nFen: ";
  out += to_fen(pos_);
  out += "\nKey: ";
  // 16 upper-case hex digits, written by hand: snprintf would bring printf's formatter
  // (~5 KB) into the WebAssembly module for this one line.
  const std::uint64_t key = pos_.key();
  for (int shift = 60; shift >= 0; shift -= 4) out += "0123456789ABCDEF"[(key >> shift) & 15];
  out += "\nCheckers:";
  for (Bitboard b = pos_.checkers(); b;) {
    out += ' ';
    out += square_name(pop_lsb(b));
  }
  out += "\n";
}

}  // namespace escaque
