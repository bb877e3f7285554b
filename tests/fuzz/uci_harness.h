// What uci_session_fuzz and uci_move_fuzz share: one UciSession kept for the whole run and brought
// back to a known state before each input, and the bounds that keep a command line cheap without
// bypassing the session's own parsing (see bounded()).
//
// Why one session: a fresh UciSession (its Engine) allocates and clears a 16 MiB hash table and
// the search's history tables; done per input, that was nearly all of a run's time (uci_move_fuzz
// made 8 executions a second). The session is reset by the session itself, through its public
// handle(line, out): every option the "uci" command lists is set to its listed default (Hash to
// 1 MiB), then "ucinewgame" and "position startpos" (the option lines only after an input with a
// setoption line, ucinewgame only after one that searched: the rest cannot change them). A "quit"
// ends the input; a host would end there and the next host start a fresh session: the same session,
// reset in full before the next input (after_quit()), stands in for that fresh one (making one per
// quit was again a 16 MiB allocation, and libFuzzer soon learns to put "quit" in most inputs).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "uci/uci_session.h"

namespace escaque::fuzz {

// The bounds bounded() applies.
constexpr const char* NODE_CAP = " nodes 100";
constexpr int MAX_PERFT = 2;
constexpr int MAX_HASH_MB = 8;

// The session's blanks between words (uci_session.cpp): a line handed over with its ending parses.
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

inline std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> w;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !is_blank(s[j])) ++j;
    if (j > i) w.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return w;
}

inline std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

inline bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// atoi's reading of a word ("3x" is 3), saturated: what the session's perft depth would be.
inline long long leading_number(std::string_view s) {
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  long long v = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) v = std::min<long long>(v * 10 + (s[i] - '0'), 1000000);
  return negative ? -v : v;
}

// Replaces the k-th word of line (as words_of counts them) by `by`.
inline std::string replace_word(std::string_view line, std::size_t k, std::string_view by) {
  std::size_t i = 0, n = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    if (j > i && n++ == k) return std::string(line.substr(0, i)) + std::string(by) + std::string(line.substr(j));
    i = j;
  }
  return std::string(line);
}

enum class LineKind { Other, Search };

// The bounded version of a command line, and whether it is a search:
//  - "go": NODE_CAP is appended (the last value of a parameter counts, so this caps any
//    depth/movetime/clock/mate/infinite search); "go perft N" gets N <= MAX_PERFT;
//  - "setoption" lines mentioning "hash": integers above MAX_HASH_MB become MAX_HASH_MB (4 GiB is
//    a legal value, and an out-of-memory report, not a finding, in a fuzzer);
//  - "bench" with an integer depth or none (a fixed benchmark of 16 MiB clears and depth 12) runs
//    as "bench 0", its error path; other arguments go through as written.
inline std::string bounded(std::string_view line, LineKind& kind) {
  kind = LineKind::Other;
  std::vector<std::string> w = words_of(line);
  if (w.empty()) return std::string(line);
  if (w[0] == "go") {
    kind = LineKind::Search;
    std::string out(line);
    if (w.size() >= 2 && w[1] == "perft" && w.size() >= 3 && leading_number(w[2]) > MAX_PERFT)
      out = replace_word(line, 2, std::to_string(MAX_PERFT));
    return out + NODE_CAP;
  }
  if (w[0] == "bench") {
    if (w.size() == 1) return std::string(line) + " 0";
    if (all_digits(w[1])) return replace_word(line, 1, "0");
    return std::string(line);
  }
  if (w[0] == "setoption" && lower(line).find("hash") != std::string::npos) {
    std::string out(line);
    for (std::size_t k = 1; k < w.size(); ++k) {
      std::string_view v = w[k];
      if (!v.empty() && (v[0] == '+' || v[0] == '-')) v.remove_prefix(1);
      if (all_digits(v) && (v.size() > 4 || std::stoi(std::string(v)) > MAX_HASH_MB))
        out = replace_word(out, k, std::to_string(MAX_HASH_MB));
    }
    return out;
  }
  return std::string(line);
}

struct UciHarness {
  std::unique_ptr<UciSession> session;
  std::vector<std::string> optionDefaults;  // "setoption name X value <default>" for every option
  // What the last input may have changed: the options (a setoption line), the hash table and the
  // search's history (a go or bench line). Only that is reset before the next input.
  bool optionsChanged = true, searched = true;

  UciHarness() {
    session = std::make_unique<UciSession>();
    std::string out;
    FUZZ_REQUIRE(session->handle("uci", out), "'uci' ended the session");
    FUZZ_REQUIRE(out.find("uciok\n") != std::string::npos, "'uci' without uciok: " + out);
    optionDefaults.clear();
    // "option name <name...> type <type> default <value...> [min ..] [max ..] [var ..]"
    std::size_t start = 0;
    while (start < out.size()) {
      std::size_t end = out.find('\n', start);
      if (end == std::string::npos) end = out.size();
      std::vector<std::string> w = words_of(std::string_view(out).substr(start, end - start));
      start = end + 1;
      if (w.size() < 4 || w[0] != "option" || w[1] != "name") continue;
      std::size_t k = 2;
      std::string name, type, value;
      for (; k < w.size() && w[k] != "type"; ++k) name += (name.empty() ? "" : " ") + w[k];
      if (k + 1 < w.size()) type = w[k + 1];
      for (k += 2; k < w.size() && w[k] != "default"; ++k) {
      }
      for (++k; k < w.size() && w[k] != "min" && w[k] != "max" && w[k] != "var"; ++k)
        value += (value.empty() ? "" : " ") + w[k];
      if (type == "button") continue;
      if (value == "<empty>") value.clear();  // how engines announce an empty string default
      if (lower(name) == "hash") value = "1";
      optionDefaults.push_back("setoption name " + name + " value " + value);
    }
    FUZZ_REQUIRE(!optionDefaults.empty(), "'uci' lists no options: " + out);
    optionsChanged = searched = true;
    to_defaults();
  }

  // The input ended with "quit": everything is reset before the next one.
  void after_quit() { optionsChanged = searched = true; }

  void send_quietly(const std::string& line) {
    std::string out;
    session->handle(line, out);
    // Setting an option to the default the session itself announced is never refused.
    FUZZ_REQUIRE(out.empty(), "'" + line + "' was answered: " + out);
  }

  void to_defaults() {
    if (optionsChanged)
      for (const std::string& line : optionDefaults) send_quietly(line);
    if (searched || optionsChanged) send_quietly("ucinewgame");  // clears the hash table and history
    send_quietly("position startpos");
    optionsChanged = searched = false;
  }

  // Notes what a line (as sent) may change, for the next to_defaults().
  void note(std::string_view line) {
    std::vector<std::string> w = words_of(line);
    if (w.empty()) return;
    if (w[0] == "setoption") optionsChanged = true;
    if (w[0] == "go" || w[0] == "bench") searched = true;
  }

  void check_ready(std::string_view after) {
    std::string out;
    FUZZ_REQUIRE(session->handle("isready", out), "'isready' ended the session");
    FUZZ_REQUIRE(out == "readyok\n", "after '" + std::string(after) + "', isready answered '" + out + "'");
  }
};

}  // namespace escaque::fuzz
