#include "uci_session.h"

#include <chrono>
#include <sstream>
#include <vector>

#include "../core/fen.h"
#include "../core/perft.h"
#include "../notation/uci_move.h"

namespace escaque {

namespace {

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r') ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

// The rest of the line after the first word.
std::string_view rest_after_word(std::string_view s) {
  size_t i = s.find_first_not_of(" \t");
  if (i == std::string_view::npos) return {};
  size_t j = s.find_first_of(" \t", i);
  if (j == std::string_view::npos) return {};
  return s.substr(j + 1);
}

}  // namespace

UciSession::UciSession() { pos_.set_startpos(); }

bool UciSession::handle(std::string_view line, std::string& out) {
  auto words = split_words(line);
  if (words.empty()) return true;
  std::string_view cmd = words[0];
  if (cmd == "uci") {
    out += "id name escaque\nid author the escaque developers\n";
    out += "option name UCI_Chess960 type check default false\n";
    out += "uciok\n";
  } else if (cmd == "isready") {
    out += "readyok\n";
  } else if (cmd == "ucinewgame") {
    pos_.set_startpos();
    pos_.set_chess960(chess960_);
  } else if (cmd == "position") {
    cmd_position(rest_after_word(line), out);
  } else if (cmd == "go") {
    cmd_go(rest_after_word(line), out);
  } else if (cmd == "setoption") {
    cmd_setoption(rest_after_word(line), out);
  } else if (cmd == "d") {
    cmd_display(out);
  } else if (cmd == "quit") {
    return false;
  } else if (cmd == "stop" || cmd == "ponderhit") {
    // Nothing runs asynchronously yet.
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
  if (name == "UCI_Chess960") {
    chess960_ = value == "true";
    pos_.set_chess960(chess960_);
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
  if (i < w.size() && w[i] == "moves") {
    for (++i; i < w.size(); ++i) {
      UciMoveResult r = parse_uci_move(next, w[i]);
      if (r.error != UciMoveError::None) {
        out += "info string " + r.message + " (move " + std::to_string(i) + " of the list); position unchanged\n";
        return;
      }
      UndoInfo undo;
      next.do_move(r.move, undo);
    }
  }
  pos_ = next;
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
  out += "info string search is not available yet; supported: go perft <depth>\n";
}

void UciSession::cmd_display(std::string& out) const {
  std::ostringstream s;
  s << "\n +---+---+---+---+---+---+---+---+\n";
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) s << " | " << piece_to_char(pos_.piece_on(make_square(f, r)));
    s << " | " << (r + 1) << "\n +---+---+---+---+---+---+---+---+\n";
  }
  s << "   a   b   c   d   e   f   g   h\n\nFen: " << to_fen(pos_) << "\nKey: ";
  char key[17];
  std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(pos_.key()));
  s << key << "\nCheckers:";
  for (Bitboard b = pos_.checkers(); b;) s << ' ' << square_name(pop_lsb(b));
  s << "\n";
  out += s.str();
}

}  // namespace escaque
