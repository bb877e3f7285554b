// Fixed-node self-play match between two evaluations, in one process: the
// result does not depend on the machine's load, so it can be run on a busy
// machine and repeated exactly.
//
//   escaque-match BASE CANDIDATE [--openings N=100] [--first I=0] [--nodes N=20000] [--seed S=1]
//
// An evaluation is "hand" (the hand-set weights), "default" (the hand-written
// evaluation the engine plays with: hand-set + eval_weights_tuned.inc), a path
// to a file in the format escaque-texel prints (set(w.field, {...}); lines
// applied over the hand-set weights), or a network: "nnue:default" (the one
// built in, src/engine/nnue/default.nnue) or "nnue:PATH" (a file the NNUE
// trainer wrote), e.g. a new net against the built-in one:
//   escaque-match nnue:default nnue:.cache/nnue/net.nnue --nodes 6000
//
// Openings I .. I+N-1 are made from the seed: 8 uniformly random plies, kept
// only if a 20,000-node search with the hand-set weights scores them within
// +-80 cp. Each opening is played twice, the candidate once with each colour.
// Adjudication: a win when the mover's score stays beyond +-1000 cp for 8
// plies in a row (both engines agreeing), a draw when it stays within +-10 cp
// for 20 plies after ply 100, or at ply 600; otherwise mate, stalemate, dead
// position, 50 moves, threefold.
//
// Prints one line per game pair and finally
//   "games G wins W draws D losses L" (from the candidate's point of view)
// followed by the score and Elo with a 95% interval (tools/texel/match.sh
// runs two of these in parallel and adds them up).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine/nnue/network.h"
#include "engine/search.h"
#include "rules/dead_position.h"
#include "../nnue/network_file.h"
#include "random_opening.h"

using namespace escaque;

namespace {

bool load_weights(const std::string& spec, EvalWeights& w) {
  if (spec == "hand") {
    w = make_hand_set_weights();
    return true;
  }
  if (spec == "default") {
    w = make_default_weights();
    return true;
  }
  w = make_hand_set_weights();
  std::ifstream in(spec);
  if (!in) {
    std::fprintf(stderr, "cannot read weights file %s\n", spec.c_str());
    return false;
  }
  std::string line, part;
  int lineNo = 0;
  while (std::getline(in, part)) {
    ++lineNo;
    line = part;
    // A long set() statement spans several lines: join them up to its "});".
    while (line.rfind("set(w.", 0) == 0 && line.find("});") == std::string::npos && std::getline(in, part)) {
      ++lineNo;
      line += part;
    }
    if (line.rfind("set(w.", 0) != 0) continue;
    size_t comma = line.find(','), open = line.find('{'), close = line.find('}');
    if (comma == std::string::npos || open == std::string::npos || close == std::string::npos) {
      std::fprintf(stderr, "%s:%d: malformed set() line\n", spec.c_str(), lineNo);
      return false;
    }
    std::string name = line.substr(6, comma - 6);
    std::vector<int> values;
    for (const char* p = line.c_str() + open + 1; p < line.c_str() + close;) {
      char* end;
      long v = std::strtol(p, &end, 10);
      if (end == p) break;
      values.push_back(int(v));
      p = end;
      while (*p == ',' || *p == ' ') ++p;
    }
    bool found = false;
    for_each_weight(w, [&](const char* field, int* data, int count, bool) {
      if (name != field) return;
      found = true;
      if (int(values.size()) == count) std::memcpy(data, values.data(), sizeof(int) * values.size());
      else found = false;
    });
    if (!found) {
      std::fprintf(stderr, "%s:%d: no field %s with %zu values\n", spec.c_str(), lineNo, name.c_str(), values.size());
      return false;
    }
  }
  return true;
}

// A network spec, "nnue:default" (the built-in network) or "nnue:PATH" (a network file).
std::unique_ptr<nnue::Network> load_net(const std::string& spec) {
  const std::string path = spec.substr(5);
  if (path == "default") {
    if (nnue::has_default_network()) return std::make_unique<nnue::Network>(*nnue::default_network());
    std::fprintf(stderr, "this build has no network built in\n");
    return nullptr;
  }
  auto net = std::make_unique<nnue::Network>();
  return nnue::read_network_file(path, *net) ? std::move(net) : nullptr;
}

struct Player {
  TranspositionTable tt;
  std::unique_ptr<Searcher> searcher;
  Player(const EvalWeights& w, const nnue::Network* net) {
    tt.resize(16);
    searcher = std::make_unique<Searcher>(tt);
    searcher->set_eval_weights(w);
    searcher->set_network(net);
  }
  void new_game() {
    tt.clear();
    searcher->clear_history();
  }
};

// Result from White's point of view: 1, 0.5 or 0.
double play(Player& white, Player& black, const Position& start, const std::vector<Key>& openingKeys,
            std::uint64_t nodes) {
  white.new_game();
  black.new_game();
  Position pos = start;
  std::vector<Key> keys = openingKeys;
  SearchLimits limits;
  limits.nodes = nodes;
  int winStreak = 0, lastSign = 0, drawStreak = 0;
  for (int ply = 0; ply < 600; ++ply) {
    if (!has_legal_move(pos)) return pos.in_check() ? (pos.side_to_move() == WHITE ? 0.0 : 1.0) : 0.5;
    if (pos.rule50() >= 100 || is_dead_position(pos)) return 0.5;
    int reps = 0;
    for (Key k : keys) reps += k == pos.key();
    if (reps >= 2) return 0.5;
    Player& mover = pos.side_to_move() == WHITE ? white : black;
    SearchResult r = mover.searcher->search(pos, keys, limits, {}, {});
    int white_score = pos.side_to_move() == WHITE ? r.score : -r.score;
    int sign = white_score >= 1000 ? 1 : white_score <= -1000 ? -1 : 0;
    winStreak = sign != 0 && sign == lastSign ? winStreak + 1 : 1;
    lastSign = sign;
    if (sign != 0 && winStreak >= 8) return sign > 0 ? 1.0 : 0.0;
    drawStreak = ply >= 100 && std::abs(white_score) <= 10 ? drawStreak + 1 : 0;
    if (drawStreak >= 20) return 0.5;
    keys.push_back(pos.key());
    UndoInfo u;
    pos.do_move(r.bestMove, u);
  }
  return 0.5;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s BASE CANDIDATE [--openings N] [--first I] [--nodes N] [--seed S]\n", argv[0]);
    return 2;
  }
  int openings = 100, first = 0;
  std::uint64_t nodes = 20000;
  unsigned seed = 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--openings") openings = std::atoi(argv[i + 1]);
    else if (a == "--first") first = std::atoi(argv[i + 1]);
    else if (a == "--nodes") nodes = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--seed") seed = unsigned(std::atoi(argv[i + 1]));
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  // Each side: a network ("nnue:...", searched with the default weights beside it) or a weight set.
  EvalWeights baseW = make_default_weights(), candW = make_default_weights();
  std::unique_ptr<nnue::Network> baseNet, candNet;
  const auto load = [](const std::string& spec, EvalWeights& w, std::unique_ptr<nnue::Network>& net) {
    if (spec.rfind("nnue:", 0) != 0) return load_weights(spec, w);
    net = load_net(spec);
    return net != nullptr;
  };
  if (!load(argv[1], baseW, baseNet) || !load(argv[2], candW, candNet)) return 1;
  const EvalWeights hand = make_hand_set_weights();
  Player base(baseW, baseNet.get()), cand(candW, candNet.get()), judge(hand, nullptr);
  int wins = 0, draws = 0, losses = 0;
  for (int o = first; o < first + openings; ++o) {
    // Each opening from its own seed, so a range split across processes
    // gives the same openings as one run.
    std::mt19937 rng(seed * 1000003u + unsigned(o));
    Position pos;
    std::vector<Key> keys;
    for (int attempt = 0;; ++attempt) {
      if (!random_opening(pos, keys, 8, rng)) continue;
      judge.new_game();
      SearchLimits limits;
      limits.nodes = 20000;
      SearchResult r = judge.searcher->search(pos, keys, limits, {}, {});
      if (r.score >= -80 && r.score <= 80) break;
    }
    double candAsWhite = play(cand, base, pos, keys, nodes);
    double candAsBlack = 1.0 - play(base, cand, pos, keys, nodes);
    for (double s : {candAsWhite, candAsBlack}) (s == 1.0 ? wins : s == 0.0 ? losses : draws)++;
    std::printf("opening %d %s: candidate %.1f as white, %.1f as black\n", o, to_fen(pos).c_str(), candAsWhite,
                candAsBlack);
    std::fflush(stdout);
  }
  int games = wins + draws + losses;
  double score = (wins + 0.5 * draws) / games;
  std::printf("games %d wins %d draws %d losses %d\n", games, wins, draws, losses);
  std::printf("score %.1f%%\n", 100 * score);
  return 0;
}
