// NNUE training data: self-play games of the engine at a fixed node count per
// move (reproducible whatever the machine's load), written as 32-byte records
// (training_record.h) in chunk files that survive an interruption.
//
//   escaque_nnue_datagen --out DIR [--first I=0] [--chunks N=1] [--games G=50] [--nodes N=6000] [--net 0|1]
//
// --net 1: the games are searched with the built-in network (src/engine/nnue/default.nnue) instead of
// the hand-written evaluation: data from the stronger engine, once a net is stronger. Give such runs a
// chunk range of their own (the seed is the chunk index, so the same index replays the same opening).
//
// Chunk c holds G games made with seed c and is written to DIR/chunk-<c>.tmp,
// then renamed to DIR/chunk-<c>.bin (six digits): a chunk that already exists
// is skipped, so re-running the same command resumes where it stopped.
//
// Openings: 8..10 uniformly random legal plies from the start position, kept
// only if a 2,000-node search scores the result within +-150 cp.
// Kept positions: from the 5th ply after the opening on, not in check, and
// the search's move neither a capture nor a promotion (quiet positions, whose
// static evaluation the score describes), and the score not a mate score.
// Adjudication: a win once the score stays beyond +-1500 cp (from White's
// view, same sign) for 6 plies in a row; a draw once it stays within +-10 cp
// for 12 plies after ply 80, at ply 400, by insufficient material, the
// 50-move rule or a threefold repetition; otherwise mate or stalemate.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "engine/nnue/network.h"
#include "engine/search.h"
#include "rules/dead_position.h"
#include "../texel/random_opening.h"
#include "training_record.h"

using namespace escaque;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string out;
  long first = 0, chunks = 1;
  int games = 50;
  std::uint64_t nodes = 6000;
  bool net = false;
};

bool parse_args(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) return std::fprintf(stderr, "option %s needs a value\n", a.c_str()), false;
    const char* v = argv[++i];
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    if (a == "--out") {
      o.out = v;
      continue;
    }
    if (*end || n < 0) return std::fprintf(stderr, "option %s: '%s' is not a non-negative number\n", a.c_str(), v), false;
    if (a == "--first") o.first = n;
    else if (a == "--chunks") o.chunks = n;
    else if (a == "--games" && n > 0) o.games = int(n);
    else if (a == "--nodes" && n > 0) o.nodes = std::uint64_t(n);
    else if (a == "--net" && n <= 1) o.net = n == 1;
    else return std::fprintf(stderr, "unknown option or bad value: %s %s\n", a.c_str(), v), false;
  }
  if (o.out.empty()) return std::fprintf(stderr, "--out DIR is required\n"), false;
  return true;
}

class GamePlayer {
 public:
  GamePlayer(std::uint64_t nodes, const nnue::Network* net) : searcher_(tt_) {
    tt_.resize(16);
    limits_.nodes = nodes;
    searcher_.set_network(net);
  }

  // Plays one game from a random opening; appends its kept positions. False when the opening was refused.
  bool play(std::mt19937& rng, std::vector<nnue_data::Record>& out) {
    tt_.clear();
    searcher_.clear_history();
    Position pos;
    std::vector<Key> keys;
    if (!random_opening(pos, keys, 8 + int(rng() % 3), rng)) return false;
    SearchLimits quick;
    quick.nodes = 2000;
    const SearchResult check = searcher_.search(pos, keys, quick, {}, {});
    if (check.score > 150 || check.score < -150) return false;

    struct Kept {
      Position pos;
      int whiteScore;
    };
    std::vector<Kept> kept;
    int result = 1;  // draw unless decided otherwise
    int winStreak = 0, lastSign = 0, drawStreak = 0;
    for (int ply = 0;; ++ply) {
      if (!has_legal_move(pos)) {
        if (pos.in_check()) result = pos.side_to_move() == WHITE ? 0 : 2;
        break;
      }
      if (pos.rule50() >= 100 || ply >= 400 || is_insufficient_material(pos)) break;
      int reps = 0;
      for (Key k : keys) reps += k == pos.key();
      if (reps >= 2) break;
      const SearchResult r = searcher_.search(pos, keys, limits_, {}, {});
      if (!r.bestMove.is_ok()) break;
      const int whiteScore = pos.side_to_move() == WHITE ? r.score : -r.score;
      const int sign = whiteScore > 1500 ? 1 : whiteScore < -1500 ? -1 : 0;
      winStreak = sign != 0 && sign == lastSign ? winStreak + 1 : 1;
      lastSign = sign;
      if (sign != 0 && winStreak >= 6) {
        result = sign > 0 ? 2 : 0;
        break;
      }
      drawStreak = ply >= 80 && whiteScore >= -10 && whiteScore <= 10 ? drawStreak + 1 : 0;
      if (drawStreak >= 12) break;
      const bool quiet = !pos.is_capture(r.bestMove) && r.bestMove.kind() != PROMOTION;
      if (ply >= 4 && quiet && !pos.in_check() && !is_mate_score(r.score)) kept.push_back({pos, whiteScore});
      keys.push_back(pos.key());
      UndoInfo u;
      pos.do_move(r.bestMove, u);
    }
    for (const Kept& k : kept) out.push_back(nnue_data::pack(k.pos, k.whiteScore, result));
    return true;
  }

 private:
  TranspositionTable tt_;
  Searcher searcher_;
  SearchLimits limits_;
};

bool write_chunk(const fs::path& dir, long index, const std::vector<nnue_data::Record>& records) {
  char name[32];
  std::snprintf(name, sizeof name, "chunk-%06ld", index);
  const fs::path tmp = dir / (std::string(name) + ".tmp"), final = dir / (std::string(name) + ".bin");
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return std::perror(tmp.c_str()), false;
  std::uint8_t buf[nnue_data::RECORD_BYTES];
  for (const auto& r : records) {
    nnue_data::encode(r, buf);
    if (std::fwrite(buf, 1, sizeof buf, f) != sizeof buf) {
      std::perror(tmp.c_str());
      std::fclose(f);
      return false;
    }
  }
  if (std::fflush(f) != 0 || std::fclose(f) != 0) return std::perror(tmp.c_str()), false;
  std::error_code ec;
  fs::rename(tmp, final, ec);
  if (ec) return std::fprintf(stderr, "rename %s: %s\n", tmp.c_str(), ec.message().c_str()), false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse_args(argc, argv, o)) {
    std::fprintf(stderr, "usage: %s --out DIR [--first I] [--chunks N] [--games G] [--nodes N] [--net 0|1]\n", argv[0]);
    return 2;
  }
  std::error_code ec;
  fs::create_directories(o.out, ec);
  if (ec) return std::fprintf(stderr, "cannot create %s: %s\n", o.out.c_str(), ec.message().c_str()), 1;
  const nnue::Network* net = o.net ? nnue::default_network() : nullptr;
  if (o.net && !net) return std::fprintf(stderr, "--net 1: this build has no usable built-in network\n"), 1;
  GamePlayer player(o.nodes, net);
  for (long c = o.first; c < o.first + o.chunks; ++c) {
    char name[32];
    std::snprintf(name, sizeof name, "chunk-%06ld.bin", c);
    if (fs::exists(fs::path(o.out) / name)) continue;
    const auto start = std::chrono::steady_clock::now();
    std::mt19937 rng(std::uint32_t(c) * 2654435761u + 1);
    std::vector<nnue_data::Record> records;
    int played = 0, refused = 0;
    while (played < o.games) {
      if (player.play(rng, records)) ++played;
      else if (++refused > 100 * o.games) break;  // cannot happen with sane settings; never loop forever
    }
    if (!write_chunk(o.out, c, records)) return 1;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("chunk %06ld: %d games, %zu positions, %.0f s (%.1f positions/s)\n", c, played, records.size(), secs,
                double(records.size()) / secs);
    std::fflush(stdout);
  }
  return 0;
}
