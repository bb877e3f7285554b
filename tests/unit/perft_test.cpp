// perft against the reference counts of tests/data/perft.epd (computed by
// Stockfish), perft_divide, and the `go perft` output of the UCI front end.
//
// Release builds check every depth of every line. ESCAQUE_PERFT_MAX_NODES=N
// skips the depths whose expected count exceeds N (the sanitizer run uses it);
// the skipped depths are reported, never silently dropped.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>

#include "../support/perft_data.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

namespace escaque {
namespace {

std::vector<test::PerftCase> load_cases() {
  std::string error;
  auto cases = test::load_perft_file(test::perft_file_path(), error);
  EXPECT_FALSE(cases.empty()) << error;
  return cases;
}

Position parse_case(const test::PerftCase& c) {
  Position pos;
  FenError e = parse_fen(c.fen, pos, FenOptions{c.chess960, true});
  EXPECT_FALSE(e) << "line " << c.line << ": " << e.message;
  return pos;
}

TEST(PerftData, EveryLineParsesAndListsEveryDepth) {
  auto cases = load_cases();
  int chess960 = 0;
  for (const auto& c : cases) {
    ASSERT_FALSE(c.counts.empty()) << "line " << c.line;
    Position pos = parse_case(c);
    // The independent FEN reader must see the same position.
    auto board = ref::board_from_fen(c.fen, c.chess960);
    ASSERT_TRUE(board.has_value()) << "line " << c.line;
    EXPECT_EQ(ref::differences(*board, pos), "") << "line " << c.line;
    // Counts of zero only for positions without moves, and then only D1.
    if (c.counts[0] == 0) {
      EXPECT_EQ(c.counts.size(), 1u) << "line " << c.line;
    }
    chess960 += c.chess960;
  }
  std::cout << "[ perft data ] " << cases.size() << " positions, " << chess960 << " of them Chess960\n";
}

TEST(Perft, EveryDepthOfEveryLine) {
  auto cases = load_cases();
  const std::uint64_t cap = test::perft_node_cap();
  std::uint64_t nodes = 0;
  int checked = 0, skipped = 0;
  auto start = std::chrono::steady_clock::now();
  for (const auto& c : cases) {
    Position pos = parse_case(c);
    const Position original = pos;
    for (size_t d = 1; d <= c.counts.size(); ++d) {
      if (cap && c.counts[d - 1] > cap) {
        skipped += int(c.counts.size() - d + 1);
        break;
      }
      EXPECT_EQ(perft(pos, int(d)), c.counts[d - 1]) << "line " << c.line << " depth " << d << ": " << c.fen;
      nodes += c.counts[d - 1];
      ++checked;
    }
    EXPECT_TRUE(pos == original) << "perft must leave the position as it found it (line " << c.line << ")";
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[ perft ] " << cases.size() << " positions, " << checked << " depths checked";
  if (cap) std::cout << ", " << skipped << " depths above ESCAQUE_PERFT_MAX_NODES=" << cap << " skipped";
  std::cout << ", " << nodes << " nodes in " << secs << " s (" << (secs > 0 ? nodes / secs / 1e6 : 0)
            << " Mnodes/s)\n";
  if (!cap) {
    EXPECT_EQ(skipped, 0);
  }
}

// The slow reference board recomputes the shallow counts on its own: a check
// on the data file and on the reference at once.
TEST(Perft, ReferenceBoardAgreesWithTheDataAtShallowDepths) {
  auto cases = load_cases();
  const std::uint64_t budget = test::perft_node_cap() ? 2000 : 20000;
  std::uint64_t nodes = 0;
  for (const auto& c : cases) {
    auto board = ref::board_from_fen(c.fen, c.chess960);
    ASSERT_TRUE(board.has_value()) << "line " << c.line;
    for (size_t d = 1; d <= c.counts.size() && c.counts[d - 1] <= budget; ++d) {
      EXPECT_EQ(ref::perft(*board, int(d)), c.counts[d - 1]) << "line " << c.line << " depth " << d;
      nodes += c.counts[d - 1];
    }
  }
  std::cout << "[ reference perft ] " << nodes << " nodes\n";
}

TEST(Perft, DivideSumsToPerftAndCoversEveryLegalMove) {
  auto cases = load_cases();
  for (const auto& c : cases) {
    if (c.counts.size() < 2) continue;
    Position pos = parse_case(c);
    int depth = c.counts.size() >= 3 && c.counts[2] < 200000 ? 3 : 2;
    auto divide = perft_divide(pos, depth);
    MoveList legal = legal_moves(pos);
    ASSERT_EQ(int(divide.size()), legal.size) << "line " << c.line;
    std::uint64_t sum = 0;
    for (size_t i = 0; i < divide.size(); ++i) {
      auto [m, n] = divide[i];
      EXPECT_EQ(m, legal.moves[i]) << "divide lists the moves in generation order";
      Position child = pos;
      UndoInfo undo;
      child.do_move(m, undo);
      EXPECT_EQ(n, perft(child, depth - 1)) << "line " << c.line << " move " << move_to_uci(pos, m);
      sum += n;
    }
    EXPECT_EQ(sum, c.counts[depth - 1]) << "line " << c.line;
  }
}

TEST(Perft, DepthZeroAndMatedPositions) {
  Position pos;
  pos.set_startpos();
  EXPECT_EQ(perft(pos, 0), 1u);
  EXPECT_TRUE(perft_divide(pos, 1).size() == 20);
  Position mate;
  ASSERT_FALSE(parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", mate));
  EXPECT_EQ(perft(mate, 1), 0u);
  EXPECT_EQ(perft(mate, 4), 0u);
  EXPECT_TRUE(perft_divide(mate, 3).empty());
}

// ---- `go perft` through the UCI front end ----

struct GoPerftOutput {
  std::map<std::string, std::uint64_t> perMove;
  std::uint64_t total = 0;
  std::string problem;  // empty when the format is exactly as specified
};

// Expected: "<uci>: <n>" per root move, then one blank line, then
// "Nodes searched: <N>", and nothing else.
GoPerftOutput parse_go_perft(const std::string& text) {
  GoPerftOutput r;
  std::istringstream in(text);
  std::string line;
  bool blankSeen = false, totalSeen = false;
  while (std::getline(in, line)) {
    if (totalSeen) {
      r.problem = "text after the total: '" + line + "'";
      return r;
    }
    if (line.empty()) {
      if (blankSeen) r.problem = "two blank lines";
      blankSeen = true;
      continue;
    }
    if (blankSeen) {
      const std::string prefix = "Nodes searched: ";
      if (line.rfind(prefix, 0) != 0 || line.size() == prefix.size() ||
          line.find_first_not_of("0123456789", prefix.size()) != std::string::npos) {
        r.problem = "expected 'Nodes searched: N', got '" + line + "'";
        return r;
      }
      r.total = std::stoull(line.substr(prefix.size()));
      totalSeen = true;
      continue;
    }
    size_t colon = line.find(": ");
    if (colon == std::string::npos || colon < 4 || colon > 5 ||
        line.find_first_not_of("0123456789", colon + 2) != std::string::npos || line.size() == colon + 2) {
      r.problem = "expected '<move>: <count>', got '" + line + "'";
      return r;
    }
    if (!r.perMove.emplace(line.substr(0, colon), std::stoull(line.substr(colon + 2))).second)
      r.problem = "move listed twice: " + line;
  }
  if (!totalSeen && r.problem.empty()) r.problem = "no 'Nodes searched' line";
  if (text.empty() || text.back() != '\n') r.problem = "output does not end with a newline";
  return r;
}

std::string session_perft(const test::PerftCase& c, int depth) {
  UciSession session;
  std::string out;
  session.handle(std::string("setoption name UCI_Chess960 value ") + (c.chess960 ? "true" : "false"), out);
  session.handle("position fen " + c.fen, out);
  EXPECT_EQ(out, "") << "setting up line " << c.line;
  out.clear();
  session.handle("go perft " + std::to_string(depth), out);
  return out;
}

TEST(UciGoPerft, DivideFormatAndCounts) {
  auto cases = load_cases();
  int checked = 0;
  for (const auto& c : cases) {
    int depth = 0;
    while (depth < int(c.counts.size()) && depth < 4 && c.counts[depth] <= 500000) ++depth;
    if (depth == 0) continue;
    std::string text = session_perft(c, depth);
    GoPerftOutput out = parse_go_perft(text);
    ASSERT_EQ(out.problem, "") << "line " << c.line << ":\n" << text;
    EXPECT_EQ(out.total, c.counts[depth - 1]) << "line " << c.line;
    // One line per legal move, named as UCI names it, with the child's count.
    Position pos = parse_case(c);
    MoveList legal = legal_moves(pos);
    EXPECT_EQ(int(out.perMove.size()), legal.size) << "line " << c.line;
    std::uint64_t sum = 0;
    for (Move m : legal) {
      std::string name = move_to_uci(pos, m);
      auto it = out.perMove.find(name);
      if (it == out.perMove.end()) {
        ADD_FAILURE() << "line " << c.line << ": no output line for " << name;
        continue;
      }
      Position child = pos;
      UndoInfo undo;
      child.do_move(m, undo);
      EXPECT_EQ(it->second, perft(child, depth - 1)) << "line " << c.line << " " << name;
      sum += it->second;
    }
    EXPECT_EQ(sum, out.total) << "line " << c.line;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(UciGoPerft, NoMovesGivesAnEmptyDivide) {
  UciSession session;
  std::string out;
  session.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", out);
  session.handle("go perft 3", out);
  EXPECT_EQ(out, "\nNodes searched: 0\n");
}

TEST(UciGoPerft, CastlingNamedPerMode) {
  // Standard: e1g1; Chess960: king takes rook, e1h1.
  test::PerftCase c;
  c.fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  GoPerftOutput standard = parse_go_perft(session_perft(c, 1));
  EXPECT_EQ(standard.perMove.count("e1g1"), 1u);
  EXPECT_EQ(standard.perMove.count("e1c1"), 1u);
  EXPECT_EQ(standard.perMove.count("e1h1"), 0u);
  c.chess960 = true;
  GoPerftOutput chess960 = parse_go_perft(session_perft(c, 1));
  EXPECT_EQ(chess960.perMove.count("e1h1"), 1u);
  EXPECT_EQ(chess960.perMove.count("e1a1"), 1u);
  EXPECT_EQ(chess960.perMove.count("e1g1"), 0u);
  EXPECT_EQ(standard.total, 26u);
  EXPECT_EQ(chess960.total, 26u);
}

TEST(UciGoPerft, BadDepthsAreRejectedWithAMessage) {
  for (const char* cmd : {"go perft 0", "go perft -1", "go perft 21", "go perft x"}) {
    UciSession session;
    std::string out;
    session.handle(cmd, out);
    EXPECT_NE(out.find("depth must be 1..20"), std::string::npos) << cmd << " -> " << out;
    EXPECT_EQ(out.find("Nodes searched"), std::string::npos) << cmd;
  }
}

// ---- the native binary prints exactly what the session prints ----

// The binary sits next to the tests directory of the build tree
// (<build>/escaque-uci, tests in <build>/tests/); ESCAQUE_UCI_BINARY overrides.
std::string uci_binary_path() {
  if (const char* p = std::getenv("ESCAQUE_UCI_BINARY"); p && *p) return p;
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return {};
  std::string path(self, size_t(n));
  for (int up = 0; up < 2; ++up) path = path.substr(0, path.rfind('/'));
  return path + "/escaque-uci";
}

std::string run_binary(const std::string& binary, const std::vector<std::string>& args) {
  std::string cmd = "'" + binary + "'";
  for (const auto& a : args) cmd += " '" + a + "'";
  std::string out;
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) return "popen failed";
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  pclose(f);
  return out;
}

TEST(UciGoPerft, NativeBinaryPrintsTheSame) {
  std::string binary = uci_binary_path();
  ASSERT_EQ(access(binary.c_str(), X_OK), 0)
      << "cannot run " << binary << " (build the escaque-uci target, or set ESCAQUE_UCI_BINARY)";
  auto cases = load_cases();
  int compared = 0;
  for (const auto& c : cases) {
    if (c.counts.size() < 3 || c.counts[2] > 200000) continue;
    if (compared >= 6) break;
    std::vector<std::string> cmds = {
        std::string("setoption name UCI_Chess960 value ") + (c.chess960 ? "true" : "false"),
        "position fen " + c.fen, "go perft 3", "quit"};
    UciSession session;
    std::string expected;
    for (const auto& cmd : cmds) session.handle(cmd, expected);
    EXPECT_EQ(run_binary(binary, cmds), expected) << "line " << c.line;
    ++compared;
  }
  EXPECT_GT(compared, 0);
}

}  // namespace
}  // namespace escaque
