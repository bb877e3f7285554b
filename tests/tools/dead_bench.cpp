// dead_bench: measures the dead-position analysis over a file of positions.
//
//   dead_bench FILE [--misses] [--limit N] [--list] [--dead-only]
//   dead_bench --verify N [--seed S] [--plies P] [--reach R]
//   dead_bench --games N [--seed S]
//
// FILE has one position a line: a FEN, optionally preceded by a two-letter
// label saying which sides can mate ("WB", "W-", "-B", "--"). Lines starting
// with '#' are skipped. Reports time per call of analyse_checkmate (median,
// 99th percentile, max), verdicts by reason and, for labelled lines, the
// agreement with the labels; any "cannot" where the label says "can" is a
// soundness failure, printed, and makes the exit status 1.
//
// --verify generates N random positions (few pieces, or locked pawn
// structures with a few pieces) and checks every "cannot" against the
// reference search of reference_helpmate.h: none in the whole reachable set
// when it has at most R positions (default 30000), else no helpmate within P
// plies (default 6). Any mate found is a soundness failure.
//
// --list prints every position's verdicts ("<W> <B> <dead> FEN", W and B one
// of can/cannot/unknown, dead 0 or 1) so that two versions can be compared
// line by line. --games prints the positions that the Chess class analyses
// in N seeded random games (the start, then every position after a capture
// or a pawn move): the workload of the random-game benchmarks. --dead-only
// times is_dead_position alone, in file order (as a game calls it), without
// the two per-side analyses before it.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "random_positions.h"
#include "reference_helpmate.h"
#include "rules/dead_position.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

using namespace escaque;

namespace {

// CPU time of this thread, in milliseconds: steadier than wall time on a
// shared machine. WebAssembly has no CPU clock of its own: under Node the
// process's CPU time (process.cpuUsage, all of Node's threads) stands in, and
// elsewhere wall time.
double cpu_ms() {
#ifdef __EMSCRIPTEN__
  const double nodeCpu = EM_ASM_DOUBLE({
    if (typeof process === 'undefined' || !process.cpuUsage) return -1;
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  });
  if (nodeCpu >= 0) return nodeCpu;
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
#else
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
#endif
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
  return v[i];
}

int verify(int count, std::uint64_t seed, int plies, std::size_t reach) {
  std::mt19937_64 rng(seed);
  int positions = 0, cannots = 0, closureChecked = 0, depthOnly = 0, failures = 0;
  while (positions < count) {
    bool wall = positions % 2 == 1;
    std::string fen = testing_positions::random_fen(rng, wall);
    Position pos;
    if (parse_fen(fen, pos)) continue;  // illegal draw (side not to move in check, ...)
    ++positions;
    for (Color c : {WHITE, BLACK}) {
      MateAnalysis a = analyse_checkmate(pos, c);
      if (a.verdict != MateVerdict::Cannot) continue;
      ++cannots;
      if (pos.pieces(c) == pos.pieces(c, KING)) continue;  // a lone king: nothing to check
      reference::Reachable all = reference::reachable_mate(pos, c, reach);
      bool mate = all == reference::Reachable::Mate;
      if (all == reference::Reachable::TooLarge) {
        ++depthOnly;
        mate = reference::helpmate_within(pos, c, plies);
      } else {
        ++closureChecked;
      }
      if (mate) {
        ++failures;
        std::cout << "UNSOUND " << (c == WHITE ? "white" : "black") << " (" << mate_reason_name(a.reason)
                  << "): " << fen << "\n";
      }
    }
  }
  std::printf("verify: %d positions, %d cannot-mate verdicts (%d with more than a king): %d checked over "
              "the whole reachable set, %d up to %d plies; UNSOUND %d\n",
              positions, cannots, closureChecked + depthOnly, closureChecked, depthOnly, plies, failures);
  return failures ? 1 : 0;
}

// The positions a Game analyses in random games (uniform random legal moves,
// at most 300 plies, stopping at the end of the game or a dead position).
int dump_games(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int g = 0; g < count; ++g) {
    Position pos;
    parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", pos);
    std::cout << to_fen(pos) << "\n";
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.size == 0) break;
      Move m = moves.moves[rng() % std::uint64_t(moves.size)];
      UndoInfo undo;
      pos.do_move(m, undo);
      if (pos.rule50() != 0) continue;
      std::cout << to_fen(pos) << "\n";
      if (is_dead_position(pos)) break;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: dead_bench FILE [--misses] [--limit N]\n"
                 "       dead_bench --verify N [--seed S] [--plies P] [--reach R]\n";
    return 2;
  }
  if (std::string(argv[1]) == "--verify") {
    int count = argc > 2 ? std::stoi(argv[2]) : 1000;
    std::uint64_t seed = 1;
    int plies = 6;
    std::size_t reach = 30000;
    for (int i = 3; i + 1 < argc; i += 2) {
      std::string a = argv[i];
      if (a == "--seed") seed = std::stoull(argv[i + 1]);
      else if (a == "--plies") plies = std::stoi(argv[i + 1]);
      else if (a == "--reach") reach = std::stoull(argv[i + 1]);
    }
    return verify(count, seed, plies, reach);
  }
  if (std::string(argv[1]) == "--games") {
    int count = argc > 2 ? std::stoi(argv[2]) : 100;
    std::uint64_t seed = argc > 4 && std::string(argv[3]) == "--seed" ? std::stoull(argv[4]) : 1;
    return dump_games(count, seed);
  }
  bool showMisses = false, list = false, deadOnly = false;
  MateLimits limits;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--misses") showMisses = true;
    else if (a == "--list") list = true;
    else if (a == "--dead-only") deadOnly = true;
    else if (a == "--limit" && i + 1 < argc) limits.maxNodes = std::stoi(argv[++i]);
    else {
      std::cerr << "dead_bench: unknown option '" << a << "'\n";
      return 2;
    }
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "dead_bench: cannot open '" << argv[1] << "'\n";
    return 2;
  }
  std::vector<double> callMs, positionMs, deadMs, foundNodes, provenNodes;
  int deadMismatch = 0;
  std::map<std::string, int> reasons;
  int positions = 0, labelled = 0, agree = 0, unsound = 0, missed = 0, cannotLabels = 0, provenCannot = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string label, fen = line;
    if (line.size() > 3 && line[2] == ' ' && (line[0] == 'W' || line[0] == '-') &&
        (line[1] == 'B' || line[1] == '-')) {
      label = line.substr(0, 2);
      fen = line.substr(3);
    }
    Position pos;
    FenOptions options;
    options.validate = false;  // composed positions may have "impossible" promotions
    if (FenError err = parse_fen(fen, pos, options)) {
      std::cerr << "skipped (" << err.message << "): " << fen << "\n";
      continue;
    }
    ++positions;
    if (deadOnly) {
      double t0 = cpu_ms();
      bool dead = is_dead_position(pos);
      deadMs.push_back(cpu_ms() - t0);
      if (list) std::cout << dead << " " << line << "\n";
      continue;
    }
    bool can[2];
    const char* verdictName[2];
    double total = 0;
    for (Color c : {WHITE, BLACK}) {
      double t0 = cpu_ms();
      MateAnalysis a = analyse_checkmate(pos, c, limits);
      double ms = cpu_ms() - t0;
      callMs.push_back(ms);
      total += ms;
      can[c] = a.verdict != MateVerdict::Cannot;
      verdictName[c] = a.verdict == MateVerdict::Cannot ? "cannot" : a.verdict == MateVerdict::Can ? "can" : "unknown";
      std::string key = std::string(a.verdict == MateVerdict::Cannot ? "cannot/"
                                    : a.verdict == MateVerdict::Can  ? "can/"
                                                                     : "unknown/") +
                        mate_reason_name(a.reason);
      ++reasons[key];
      if (a.reason == MateReason::HelpmateFound) foundNodes.push_back(a.nodes);
      if (a.reason == MateReason::Search) provenNodes.push_back(a.nodes);
      if (showMisses && a.reason == MateReason::Search) std::cout << "SEARCHED " << a.nodes << " " << ms << "\n";
      if (showMisses && ms > 30) std::cout << "SLOW " << ms << " ms " << a.nodes << " nodes " << mate_reason_name(a.reason) << " " << (c == WHITE ? "w " : "b ") << fen << "\n";
      if (!label.empty()) {
        bool labelCan = label[c] != '-';
        if (!labelCan) ++cannotLabels;
        if (!labelCan && !can[c]) ++provenCannot;
        if (labelCan && !can[c]) {
          ++unsound;
          std::cout << "UNSOUND " << (c == WHITE ? "white" : "black") << ": " << line << "\n";
        }
        if (!labelCan && can[c]) {
          ++missed;
          if (showMisses)
            std::cout << "MISS " << (c == WHITE ? "white" : "black") << " (" << mate_reason_name(a.reason)
                      << ", " << ms << " ms): " << line << "\n";
        }
      }
    }
    positionMs.push_back(total);
    if (limits.maxNodes == MateLimits{}.maxNodes) {
      double t0 = cpu_ms();
      bool dead = is_dead_position(pos);
      deadMs.push_back(cpu_ms() - t0);
      if (dead != (!can[WHITE] && !can[BLACK])) {
        ++deadMismatch;
        std::cout << "IS_DEAD_MISMATCH: " << line << "\n";
      }
      if (list) std::cout << verdictName[WHITE] << " " << verdictName[BLACK] << " " << dead << " " << line << "\n";
    }
    if (!label.empty()) {
      ++labelled;
      if ((label[0] != '-') == can[WHITE] && (label[1] != '-') == can[BLACK]) ++agree;
    }
  }
  std::printf("positions %d, calls %zu\n", positions, callMs.size());
  std::printf("per call ms: median %.4f  p90 %.4f  p99 %.4f  max %.3f\n", percentile(callMs, 0.5),
              percentile(callMs, 0.9), percentile(callMs, 0.99), percentile(callMs, 1.0));
  std::printf("per position (both sides) ms: median %.4f  p99 %.4f  max %.3f\n", percentile(positionMs, 0.5),
              percentile(positionMs, 0.99), percentile(positionMs, 1.0));
  if (!deadMs.empty())
    std::printf("is_dead_position ms: mean %.4f  median %.4f  p99 %.4f  max %.3f  (disagrees with the two calls: %d)\n",
                std::accumulate(deadMs.begin(), deadMs.end(), 0.0) / double(deadMs.size()), percentile(deadMs, 0.5),
                percentile(deadMs, 0.99), percentile(deadMs, 1.0), deadMismatch);
  std::printf("nodes to a helpmate: median %.0f  p90 %.0f  p99 %.0f;  to a search proof: median %.0f  p90 %.0f\n",
              percentile(foundNodes, 0.5), percentile(foundNodes, 0.9), percentile(foundNodes, 0.99),
              percentile(provenNodes, 0.5), percentile(provenNodes, 0.9));
  for (auto& [k, v] : reasons) std::printf("  %-28s %d\n", k.c_str(), v);
  if (labelled) {
    std::printf("labelled %d: agreement %d (%.2f%%); cannot-labels %d, proven %d, missed %d; UNSOUND %d\n",
                labelled, agree, 100.0 * agree / labelled, cannotLabels, provenCannot, missed, unsound);
  }
  return unsound ? 1 : 0;
}
