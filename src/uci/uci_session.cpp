#include "uci_session.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "../core/fen.h"
#include "../core/perft.h"
#include "../engine/bench.h"
#include "../engine/eval.h"
#include "../engine/nnue/accumulator.h"
#include "../core/uci_move.h"

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

// Whole-word integer; false on anything else (also on overflow).
template <class Int>
bool parse_int(std::string_view s, Int& value) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && p == s.data() + s.size();
}

constexpr const char* NO_POSITION_NOTE = "; no position now: 'go' waits for a valid 'position'";

}  // namespace

std::string format_uci_info(const Position& root, const SearchInfo& info) {
  std::string s = "info depth " + std::to_string(info.depth);
  if (info.depth == 0) return s + " score " + uci_score(info.score);  // the root has no legal move
  s += " seldepth " + std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) + " score " +
       uci_score(info.score);
  if (info.bound == BOUND_LOWER) s += " lowerbound";
  if (info.bound == BOUND_UPPER) s += " upperbound";
  s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " hashfull " +
       std::to_string(info.hashfull) + " time " + std::to_string(info.timeMs) + " pv";
  Position p = root;
  for (Move m : info.pv) {
    s += " " + move_to_uci(p, m);
    UndoInfo undo;
    p.do_move(m, undo);
  }
  return s;
}

std::string format_uci_bestmove(const Position& root, const BestMove& best) {
  std::string line = "bestmove ";
  if (!best.move.is_ok()) return line + "(none)";
  line += move_to_uci(root, best.move);
  if (best.ponder.is_ok()) {
    Position next = root;
    UndoInfo undo;
    next.do_move(best.move, undo);
    line += " ponder " + move_to_uci(next, best.ponder);
  }
  return line;
}

bool UciSession::enable_async(AsyncWriter writer) {
  if (!engine_.enable_threads()) return false;
  writer_ = std::move(writer);
  return true;
}

void UciSession::finish() {
  if (engine_.waits_for_stop()) engine_.stop();
  else engine_.wait();
}

void UciSession::enable_host_signals(HostPoll poll, AsyncWriter writer) {
  engine_.set_host_poll(std::move(poll));
  writer_ = std::move(writer);
}

void UciSession::emit(std::string_view line) {
  if (syncOut_) syncOut_->append(line);
  else if (writer_) writer_(line);
}

bool UciSession::need_position(const char* command, std::string& out) const {
  if (engine_.has_position()) return true;
  out += std::string("info string ") + command + ": no position is set (the last one given was refused)\n";
  return false;
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
    engine_.stop();
    return true;
  }
  if (cmd == "ponderhit") {
    engine_.ponderhit();
    return true;
  }
  if (cmd == "quit") {
    engine_.stop();
    return false;
  }
  // Everything else changes or reads state the search uses: finish it first.
  engine_.stop();

  if (cmd == "uci") {
    cmd_uci(out);
  } else if (cmd == "ucinewgame") {
    engine_.new_game();
  } else if (cmd == "position") {
    cmd_position(rest_after_word(line), out);
  } else if (cmd == "go") {
    cmd_go(rest_after_word(line), out);
  } else if (cmd == "setoption") {
    cmd_setoption(rest_after_word(line), out);
  } else if (cmd == "d") {
    if (need_position("d", out)) cmd_display(out);
  } else if (cmd == "eval") {
    if (need_position("eval", out)) cmd_eval(out);
  } else if (cmd == "bench") {
    cmd_bench(rest_after_word(line), out);
  } else {
    out += "info string unknown command '" + std::string(cmd) + "'\n";
  }
  return true;
}

void UciSession::cmd_uci(std::string& out) const {
  out += std::string("id name ") + Engine::NAME + "\nid author " + Engine::AUTHOR + "\n";
  for (const OptionDescription& o : Engine::option_descriptions()) {
    out += std::string("option name ") + o.name + " type ";
    switch (o.type) {
      case OptionType::Spin:
        out += "spin default " + std::to_string(o.defaultValue) + " min " + std::to_string(o.min) + " max " +
               std::to_string(o.max) + "\n";
        break;
      case OptionType::Check:
        out += o.defaultValue ? "check default true\n" : "check default false\n";
        break;
      case OptionType::Button:
        out += "button\n";
        break;
    }
  }
  out += "uciok\n";
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
  const OptionResult r = engine_.set_option(name, value);
  if (r.status == OptionResult::Status::Unknown) out += "info string " + r.message + "\n";
  else if (r.status != OptionResult::Status::Set) out += "info string setoption " + r.message + "\n";
}

void UciSession::cmd_position(std::string_view args, std::string& out) {
  auto w = split_words(args);
  std::vector<std::string_view> moves;
  auto read_moves = [&](size_t i) {
    if (i < w.size() && w[i] == "moves") moves.assign(w.begin() + std::ptrdiff_t(i) + 1, w.end());
  };
  PositionResult r;
  if (w.empty()) {
    engine_.clear_position();  // a refused position leaves none
    out += std::string("info string position: expected 'startpos' or 'fen <FEN>'") + NO_POSITION_NOTE + "\n";
    return;
  }
  if (w[0] == "startpos") {
    read_moves(1);
    r = engine_.set_startpos(moves);
  } else if (w[0] == "fen") {
    std::string fen;
    size_t i = 1;
    for (; i < w.size() && w[i] != "moves"; ++i) fen += (i > 1 ? " " : "") + std::string(w[i]);
    read_moves(i);
    r = engine_.set_position(fen, moves, true);
  } else {
    engine_.clear_position();
    out += "info string position: expected 'startpos' or 'fen <FEN>', got '" + std::string(w[0]) + "'" +
           NO_POSITION_NOTE + "\n";
    return;
  }
  for (const std::string& note : r.notes) out += "info string position: " + note + "\n";
  if (r.error == PositionResult::Error::Fen) {
    out += "info string " + r.fen.message + NO_POSITION_NOTE + "\n";
  } else if (r.error == PositionResult::Error::Move) {
    out += "info string " + r.move.message + " (move " + std::to_string(r.moveIndex + 1) + " of the list)" +
           NO_POSITION_NOTE + "\n";
  }
}

void UciSession::cmd_go(std::string_view args, std::string& out) {
  auto w = split_words(args);
  if (w.size() >= 2 && w[0] == "perft") {
    int depth = std::atoi(std::string(w[1]).c_str());
    if (depth < 1 || depth > 20) {
      out += "info string go perft: depth must be 1..20\n";
      return;
    }
    if (!need_position("go perft", out)) return;
    Position pos = engine_.position();  // perft_divide plays moves on it
    std::uint64_t total = 0;
    for (auto& [m, n] : perft_divide(pos, depth)) {
      out += move_to_uci(pos, m) + ": " + std::to_string(n) + "\n";
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
      if (!engine_.has_position()) return fail("no position is set (the last one given was refused)");
      for (++i; i < w.size() && !is_keyword(w[i]); ++i) {
        UciMoveResult r = parse_uci_move(engine_.position(), w[i]);
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

  // The lines are named from the searched position (a copy: the search may run on a thread).
  SearchListener listener;
  listener.info = [this, root = engine_.position()](const SearchInfo& info) {
    std::string line = format_uci_info(root, info);
    line += '\n';
    emit(line);
  };
  listener.bestmove = [this, root = engine_.position()](const BestMove& best) {
    // One line per write: host writers take one line at a time.
    if (best.fromBook) emit("info string book move " + move_to_uci(root, best.move) + "\n");
    emit(format_uci_bestmove(root, best) + "\n");
  };
  if (!writer_) syncOut_ = &out;  // a plain synchronous session answers in `out`
  GoResult r = engine_.go(std::move(limits), std::move(listener));
  syncOut_ = nullptr;
  if (!r.searched) fail(r.refusal);
}

void UciSession::cmd_bench(std::string_view args, std::string& out) {
  auto w = split_words(args);
  int depth = BENCH_DEFAULT_DEPTH;
  if (!w.empty() && (!parse_int(w[0], depth) || depth < 1 || depth > 64)) {
    out += "info string bench: depth must be an integer from 1 to 64, got '" + std::string(w[0]) + "'\n";
    return;
  }
  BenchResult r = run_bench(
      depth,
      [&](std::string_view l) {
        out.append(l);
        out += '\n';
      },
      engine_.network());
  std::int64_t ms = std::max<std::int64_t>(1, r.timeMs);
  out += "\nTotal time (ms): " + std::to_string(r.timeMs) + "\n";
  out += "Nodes/second: " + std::to_string(r.nodes * 1000 / std::uint64_t(ms)) + "\n";
  out += "Nodes searched: " + std::to_string(r.nodes) + "\n";
}

// The static evaluation a search with the current options would start from: the network's at full
// strength with "Use NNUE" on, else the hand-written one (limited levels always use that).
void UciSession::cmd_eval(std::string& out) const {
  const Position& pos = engine_.position();
  const nnue::Network* net = engine_.network_for(engine_.strength().limited());
  int value = 0;
  if (net) {
    nnue::Accumulator acc;
    nnue::refresh(*net, pos, acc);
    value = nnue::evaluate(*net, acc, pos);
  } else {
    value = evaluate(pos);
  }
  out += "info string static evaluation " + std::to_string(value) + " cp (side to move, " +
         (net ? "network" : "hand-written evaluation") + "), not searched\n";
}

// Plain appends, no std::ostringstream: streams pull libc++'s iostreams and
// locales into the WebAssembly module (over 100 KB of code) for this one command.
void UciSession::cmd_display(std::string& out) const {
  const Position& pos = engine_.position();
  const char* const rule = "\n +---+---+---+---+---+---+---+---+\n";
  out += rule;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      out += " | ";
      out += piece_to_char(pos.piece_on(make_square(f, r)));
    }
    out += " | ";
    out += char('1' + r);
    out += rule;
  }
  out += "   a   b   c   d   e   f   g   h\n\nFen: ";
  out += to_fen(pos);
  out += "\nKey: ";
  // 16 upper-case hex digits, written by hand: snprintf would bring printf's formatter
  // (~5 KB) into the WebAssembly module for this one line.
  const std::uint64_t key = pos.key();
  for (int shift = 60; shift >= 0; shift -= 4) out += "0123456789ABCDEF"[(key >> shift) & 15];
  out += "\nCheckers:";
  for (Bitboard b = pos.checkers(); b;) {
    out += ' ';
    out += square_name(pop_lsb(b));
  }
  out += "\n";
}

}  // namespace escaque
