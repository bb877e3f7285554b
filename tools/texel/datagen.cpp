// Self-play data for Texel tuning: games of the engine against itself at a
// fixed node count per move (reproducible and independent of the machine's
// load), each starting with a few random plies for variety. Writes one line
// per kept position: "<FEN>;<result>;<game id>;<score>", result 1 / 0.5 / 0
// from White's point of view; the game id lets the tuner hold out whole games;
// score is the search's score of the position in centipawns, also from White's
// view (the tuner may blend it into the target).
//
//   escaque-datagen OUT.txt GAMES [NODES=5000] [SEED=1]
//
// Openings: 6..9 uniformly random plies, kept only if a search then scores
// the position within +-200 cp (random moves often just drop material; such
// games teach little about the evaluation's finer terms).
// Kept positions: after the opening, not in check, the engine's move is quiet,
// and the side to move has no capture that wins material by SEE (so the
// static evaluation is meaningful there, as in a quiescent position).
// Adjudication: a win when the score stays beyond +-1000 cp for 6 plies, a
// draw when it stays within +-15 cp for 12 plies after ply 80; otherwise the
// game runs to mate, stalemate, dead position, 50 moves, threefold or ply 400.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine/search.h"
#include "engine/see.h"
#include "rules/dead_position.h"
#include "random_opening.h"

using namespace escaque;

namespace {

bool has_winning_capture(const Position& pos) {
  MoveList ml = legal_moves(pos);
  for (int i = 0; i < ml.size; ++i) {
    Move m = ml.moves[i];
    if ((pos.is_capture(m) || m.kind() == PROMOTION) && see_ge(pos, m, 1)) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s OUT.txt GAMES [NODES] [SEED]\n", argv[0]);
    return 2;
  }
  const int games = std::atoi(argv[2]);
  const std::uint64_t nodes = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 5000;
  const unsigned seed = argc > 4 ? unsigned(std::atoi(argv[4])) : 1;
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) {
    std::perror(argv[1]);
    return 1;
  }
  TranspositionTable tt;
  tt.resize(16);
  Searcher searcher(tt);
  std::mt19937 rng(seed);
  SearchLimits limits;
  limits.nodes = nodes;
  long kept = 0;
  int played = 0;
  for (int g = 0; g < games; ++g) {
    tt.clear();
    searcher.clear_history();
    Position pos;
    std::vector<Key> keys;
    const int randomPlies = 6 + int(rng() % 4);
    if (!random_opening(pos, keys, randomPlies, rng)) continue;
    {
      SearchResult r = searcher.search(pos, keys, limits, {}, {});
      if (r.score > 200 || r.score < -200) continue;
    }
    ++played;
    const long gameId = long(seed) * 1000000 + g;
    std::vector<std::pair<std::string, int>> fens;
    double result = 0.5;
    int bigScoreStreak = 0, lastSign = 0, drawStreak = 0;
    for (int ply = 0;; ++ply) {
      if (!has_legal_move(pos)) {
        result = pos.in_check() ? (pos.side_to_move() == WHITE ? 0.0 : 1.0) : 0.5;
        break;
      }
      if (pos.rule50() >= 100 || is_dead_position(pos) || ply > 400) break;
      int reps = 0;
      for (Key k : keys) reps += k == pos.key();
      if (reps >= 2) break;
      SearchResult r = searcher.search(pos, keys, limits, {}, {});
      // Adjudicate clear wins to save time: a big score for several moves in a row.
      int sign = r.score > 1000 ? 1 : r.score < -1000 ? -1 : 0;
      int whiteSign = pos.side_to_move() == WHITE ? sign : -sign;
      bigScoreStreak = whiteSign != 0 && whiteSign == lastSign ? bigScoreStreak + 1 : 1;
      lastSign = whiteSign;
      if (whiteSign != 0 && bigScoreStreak >= 6) {
        result = whiteSign > 0 ? 1.0 : 0.0;
        break;
      }
      drawStreak = ply >= 80 && r.score >= -15 && r.score <= 15 ? drawStreak + 1 : 0;
      if (drawStreak >= 12) break;
      bool quiet = !pos.is_capture(r.bestMove) && r.bestMove.kind() != PROMOTION;
      if (!pos.in_check() && quiet && !is_mate_score(r.score) && !has_winning_capture(pos))
        fens.push_back({to_fen(pos), pos.side_to_move() == WHITE ? r.score : -r.score});
      keys.push_back(pos.key());
      UndoInfo u;
      pos.do_move(r.bestMove, u);
    }
    for (const auto& [fen, score] : fens) std::fprintf(out, "%s;%.1f;%ld;%d\n", fen.c_str(), result, gameId, score);
    kept += long(fens.size());
    if (played % 50 == 0) {
      std::fflush(out);
      std::fprintf(stderr, "%d games, %ld positions\n", played, kept);
    }
  }
  std::fclose(out);
  std::fprintf(stderr, "done: %d games, %ld positions\n", played, kept);
  return 0;
}
