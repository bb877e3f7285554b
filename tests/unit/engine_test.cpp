// The Engine facade (src/engine/engine.h): what its listener reports as data
// (SearchInfo fields, mate scores, bounds, MultiPV indices), stop on a thread
// and through a host's poll, options, positions it refuses or normalises,
// book and strength-limited moves.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../support/positions.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

namespace escaque {
namespace {

using test::KIWIPETE;

// Everything one search reported.
struct Recorder {
  std::vector<SearchInfo> infos;
  std::vector<BestMove> bests;
  std::mutex mutex;
  SearchListener listener() {
    return {[this](const SearchInfo& i) {
              std::lock_guard<std::mutex> lock(mutex);
              infos.push_back(i);
            },
            [this](const BestMove& b) {
              std::lock_guard<std::mutex> lock(mutex);
              bests.push_back(b);
            }};
  }
};

SearchLimits depth_limit(int d) {
  SearchLimits l;
  l.depth = d;
  return l;
}

// Every move of `pv` legal in turn from `root`.
bool line_is_legal(Position p, const std::vector<Move>& pv) {
  for (Move m : pv) {
    if (!legal_moves(p).contains(m)) return false;
    UndoInfo undo;
    p.do_move(m, undo);
  }
  return true;
}

TEST(EngineFacade, SearchInfoFieldsAreFilledAndConsistent) {
  Engine e;
  ASSERT_TRUE(e.set_position(KIWIPETE, {}, false).ok());
  Recorder r;
  GoResult g = e.go(depth_limit(7), r.listener());
  ASSERT_TRUE(g.searched) << g.refusal;
  ASSERT_EQ(r.bests.size(), 1u);
  ASSERT_FALSE(r.infos.empty());
  int lastDepth = 0;
  std::uint64_t lastNodes = 0;
  std::set<int> depths;
  for (const SearchInfo& i : r.infos) {
    EXPECT_GE(i.depth, lastDepth);
    EXPECT_GE(i.nodes, lastNodes);
    EXPECT_GE(i.seldepth, 1);
    EXPECT_EQ(i.multipv, 1);
    EXPECT_GE(i.hashfull, 0);
    EXPECT_LE(i.hashfull, 1000);
    EXPECT_GE(i.timeMs, 0);
    EXPECT_FALSE(i.pv.empty());
    EXPECT_TRUE(line_is_legal(e.position(), i.pv));
    EXPECT_FALSE(i.is_mate());
    lastDepth = i.depth;
    lastNodes = i.nodes;
    depths.insert(i.depth);
  }
  EXPECT_EQ(depths, (std::set<int>{1, 2, 3, 4, 5, 6, 7}));
  const SearchInfo& last = r.infos.back();
  EXPECT_EQ(last.bound, BOUND_EXACT);
  EXPECT_EQ(last.pv.front(), r.bests[0].move) << "the final PV starts with the move played";
  EXPECT_FALSE(r.bests[0].fromBook);
  // The UCI front end prints the same data.
  const std::string line = format_uci_info(e.position(), last);
  EXPECT_EQ(line.rfind("info depth 7 seldepth " + std::to_string(last.seldepth) + " multipv 1 score cp " +
                           std::to_string(last.score) + " nodes " + std::to_string(last.nodes),
                       0),
            0u)
      << line;
}

TEST(EngineFacade, MateScoresForBothSidesAndTheMatedRoot) {
  Engine e;
  Recorder mates;
  ASSERT_TRUE(e.set_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {}, false).ok());
  e.go(depth_limit(4), mates.listener());
  const SearchInfo& win = mates.infos.back();
  EXPECT_TRUE(win.is_mate());
  EXPECT_EQ(win.mate_moves(), 1);
  EXPECT_EQ(win.bound, BOUND_EXACT);
  EXPECT_EQ(move_to_uci(e.position(), mates.bests[0].move), "a1a8");

  // Black to move can only walk into Rh8#: mated in one. (Depth 9: at depth 4 the search of
  // this position does not yet see the mate; a finding noted in docs/engine.md.)
  Recorder mated;
  ASSERT_TRUE(e.set_position("k7/8/1K6/8/8/8/8/7R b - - 0 1", {}, false).ok());
  e.go(depth_limit(9), mated.listener());
  const SearchInfo& loss = mated.infos.back();
  EXPECT_TRUE(loss.is_mate());
  EXPECT_EQ(loss.mate_moves(), -1);
  EXPECT_EQ(format_uci_info(e.position(), loss).find(" score mate -1 "), format_uci_info(e.position(), loss).find(" score "));

  // A root without legal moves: one report of depth 0 with the score only, and no move.
  Recorder none;
  ASSERT_TRUE(e.set_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", {}, false).ok());
  e.go(depth_limit(3), none.listener());
  ASSERT_EQ(none.infos.size(), 1u);
  EXPECT_EQ(none.infos[0].depth, 0);
  EXPECT_TRUE(none.infos[0].is_mate());
  EXPECT_EQ(none.infos[0].mate_moves(), 0);
  EXPECT_TRUE(none.infos[0].pv.empty());
  EXPECT_EQ(format_uci_info(e.position(), none.infos[0]), "info depth 0 score mate 0");
  ASSERT_EQ(none.bests.size(), 1u);
  EXPECT_FALSE(none.bests[0].move.is_ok());
  EXPECT_EQ(format_uci_bestmove(e.position(), none.bests[0]), "bestmove (none)");
}

TEST(EngineFacade, BoundsAreReportedAsBoundsAndFormattedAsUci) {
  Position pos;
  ASSERT_FALSE(parse_fen(KIWIPETE, pos));
  SearchInfo i;
  i.depth = 9;
  i.seldepth = 14;
  i.multipv = 2;
  i.score = 35;
  i.nodes = 1000;
  i.nps = 500;
  i.timeMs = 2;
  i.hashfull = 7;
  i.pv = {legal_moves(pos).moves[0]};
  i.bound = BOUND_LOWER;
  const std::string first = move_to_uci(pos, i.pv[0]);
  EXPECT_EQ(format_uci_info(pos, i),
            "info depth 9 seldepth 14 multipv 2 score cp 35 lowerbound nodes 1000 nps 500 hashfull 7 time 2 pv " + first);
  i.bound = BOUND_UPPER;
  i.score = -(VALUE_MATE - 5);  // mated in 5 plies: 2 moves
  EXPECT_EQ(i.mate_moves(), -2);
  EXPECT_NE(format_uci_info(pos, i).find(" score mate -2 upperbound nodes "), std::string::npos);

  // A real search: any failed-high or failed-low report is followed by an exact one at its depth.
  Engine e;
  e.set_position(KIWIPETE, {}, false);
  Recorder r;
  e.go(depth_limit(9), r.listener());
  for (std::size_t k = 0; k < r.infos.size(); ++k) {
    const SearchInfo& info = r.infos[k];
    if (info.bound == BOUND_EXACT) continue;
    EXPECT_TRUE(info.bound == BOUND_LOWER || info.bound == BOUND_UPPER);
    bool exactLater = false;
    for (std::size_t m = k + 1; m < r.infos.size(); ++m)
      exactLater = exactLater || (r.infos[m].depth == info.depth && r.infos[m].bound == BOUND_EXACT);
    EXPECT_TRUE(exactLater) << "depth " << info.depth;
  }
}

TEST(EngineFacade, MultiPvReportsEachLineWithItsIndexBestFirst) {
  Engine e;
  e.set_multipv(3);
  e.set_position(KIWIPETE, {}, false);
  Recorder r;
  e.go(depth_limit(5), r.listener());
  for (int depth = 1; depth <= 5; ++depth) {
    std::vector<const SearchInfo*> exact;
    for (const SearchInfo& i : r.infos)
      if (i.depth == depth && i.bound == BOUND_EXACT) exact.push_back(&i);
    ASSERT_EQ(exact.size(), 3u) << "depth " << depth;
    std::set<std::uint16_t> firsts;
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(exact[std::size_t(k)]->multipv, k + 1);
      firsts.insert(exact[std::size_t(k)]->pv.front().raw());
      if (k) {
        EXPECT_GE(exact[std::size_t(k - 1)]->score, exact[std::size_t(k)]->score);
      }
    }
    EXPECT_EQ(firsts.size(), 3u) << "three different first moves at depth " << depth;
  }
}

TEST(EngineFacade, StopOnAThreadAnswersOnceWithALegalMove) {
  Engine e;
  ASSERT_TRUE(e.enable_threads());
  e.set_position(KIWIPETE, {}, false);
  Recorder r;
  SearchLimits limits;
  limits.infinite = true;
  ASSERT_TRUE(e.go(limits, r.listener()).searched);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(e.searching());
  EXPECT_TRUE(e.waits_for_stop());
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    EXPECT_TRUE(r.bests.empty()) << "an infinite search waits for stop";
  }
  e.stop();
  EXPECT_FALSE(e.searching());
  ASSERT_EQ(r.bests.size(), 1u);
  EXPECT_TRUE(legal_moves(e.position()).contains(r.bests[0].move));
  e.stop();  // nothing running: nothing happens
  EXPECT_EQ(r.bests.size(), 1u);
}

TEST(EngineFacade, HostPollStopsAndPonderhitsASynchronousSearch) {
  Engine e;
  int polls = 0;
  e.set_host_poll([&] { return ++polls >= 30 ? Engine::HostSignal::Stop : Engine::HostSignal::None; });
  e.set_position(KIWIPETE, {}, false);
  Recorder r;
  SearchLimits limits;
  limits.infinite = true;
  ASSERT_TRUE(e.go(limits, r.listener()).searched);
  EXPECT_EQ(polls, 30);
  ASSERT_EQ(r.bests.size(), 1u);
  EXPECT_TRUE(legal_moves(e.position()).contains(r.bests[0].move));

  // A ponder search goes on after ponderhit and ends on its own clock.
  polls = 0;
  e.set_host_poll([&] { return ++polls == 20 ? Engine::HostSignal::PonderHit : Engine::HostSignal::None; });
  Recorder p;
  SearchLimits ponder;
  ponder.ponder = true;
  ponder.time[WHITE] = ponder.time[BLACK] = 300;
  ASSERT_TRUE(e.go(ponder, p.listener()).searched);
  EXPECT_GE(polls, 20);
  EXPECT_EQ(p.bests.size(), 1u);
}

TEST(EngineFacade, SynchronousEngineRefusesWhatCannotBeStopped) {
  Engine e;
  Recorder r;
  SearchLimits infinite;
  infinite.infinite = true;
  GoResult g = e.go(infinite, r.listener());
  EXPECT_FALSE(g.searched);
  EXPECT_NE(g.refusal.find("'infinite'"), std::string::npos) << g.refusal;
  SearchLimits ponder;
  ponder.ponder = true;
  ponder.depth = 3;
  g = e.go(ponder, r.listener());
  EXPECT_FALSE(g.searched);
  EXPECT_NE(g.refusal.find("'ponder'"), std::string::npos) << g.refusal;
  EXPECT_TRUE(r.infos.empty());
  EXPECT_TRUE(r.bests.empty());
  // "mate 2" alone is bounded by a depth cap and stops at the mate.
  e.set_position("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", {}, false);
  SearchLimits mate;
  mate.mate = 2;
  ASSERT_TRUE(e.go(mate, r.listener()).searched);
  EXPECT_EQ(r.infos.back().mate_moves(), 2);
}

TEST(EngineFacade, RefusedPositionsLeaveNoPositionAndSayWhere) {
  Engine e;
  PositionResult bad = e.set_position("8/8/8 w - - 0 1", {}, true);
  EXPECT_EQ(bad.error, PositionResult::Error::Fen);
  EXPECT_EQ(bad.fen.kind, FenErrorKind::BoardRankCount);
  EXPECT_FALSE(e.has_position());
  Recorder r;
  GoResult g = e.go(depth_limit(2), r.listener());
  EXPECT_FALSE(g.searched);
  EXPECT_NE(g.refusal.find("no position"), std::string::npos);
  EXPECT_TRUE(r.bests.empty());

  PositionResult moves = e.set_startpos({"e2e4", "e7e5", "e1e3"});
  EXPECT_EQ(moves.error, PositionResult::Error::Move);
  EXPECT_EQ(moves.moveIndex, 2);
  EXPECT_EQ(moves.move.error, UciMoveError::Illegal);
  EXPECT_FALSE(e.has_position());

  EXPECT_TRUE(e.set_startpos({"e2e4"}).ok());
  EXPECT_TRUE(e.has_position());
  EXPECT_EQ(to_fen(e.position()), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  e.clear_position();
  EXPECT_FALSE(e.has_position());
  e.new_game();
  EXPECT_EQ(to_fen(e.position()), START_FEN);
}

TEST(EngineFacade, RepairIsOptInAndNamed) {
  Engine e;
  const char* fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 4 3";
  PositionResult strict = e.set_position(fen, {}, false);
  EXPECT_EQ(strict.fen.kind, FenErrorKind::EnPassantSquare) << "strict: refused as the core refuses it";
  EXPECT_FALSE(e.has_position());
  PositionResult lenient = e.set_position(fen, {"e5f6"}, true);
  ASSERT_TRUE(lenient.ok());
  ASSERT_EQ(lenient.notes.size(), 1u);
  EXPECT_NE(lenient.notes[0].find("halfmove clock 4"), std::string::npos) << lenient.notes[0];
  EXPECT_EQ(to_fen(e.position()), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

TEST(EngineFacade, GameHistoryFromMovesDetectsRepetition) {
  Engine e;
  ASSERT_TRUE(e.set_position("1n5k/8/8/8/8/8/8/1Q4K1 w - - 0 1",
                             {"g1f2", "h8g8", "f2g1", "g8h8", "g1f2", "h8g8", "f2g1"}, false)
                  .ok());
  Recorder r;
  e.go(depth_limit(8), r.listener());
  EXPECT_EQ(move_to_uci(e.position(), r.bests[0].move), "g8h8");
  EXPECT_EQ(r.infos.back().score, 0);
}

TEST(EngineFacade, OptionsByNameAndTyped) {
  Engine e;
  std::set<std::string> names;
  for (const OptionDescription& o : Engine::option_descriptions()) names.insert(o.name);
  for (const char* n : {"Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash", "UCI_Chess960",
                        "UCI_LimitStrength", "UCI_Elo", "Skill Level", "Strength Seed", "OwnBook"})
    EXPECT_TRUE(names.count(n)) << n;

  EXPECT_EQ(e.set_option("hash", "8").status, OptionResult::Status::Set);
  EXPECT_EQ(e.hash_mb(), 8);
  OptionResult r = e.set_option("Hash", "lots");
  EXPECT_EQ(r.status, OptionResult::Status::Refused);
  EXPECT_EQ(r.message, "Hash: invalid value 'lots', expected an integer from 1 to 4096; option unchanged");
  EXPECT_EQ(e.hash_mb(), 8);
  r = e.set_option("UCI_Elo", "99");
  EXPECT_EQ(r.status, OptionResult::Status::Adjusted);
  EXPECT_EQ(e.strength().elo, STRENGTH_ELO_MIN);
  r = e.set_option("Nope", "1");
  EXPECT_EQ(r.status, OptionResult::Status::Unknown);
  EXPECT_EQ(r.message, "unknown option 'Nope'");
  EXPECT_EQ(e.set_option("Threads", "2").status, OptionResult::Status::Refused);
  EXPECT_EQ(e.set_option("Clear Hash", "").status, OptionResult::Status::Set);

  // Chess960 applies from the next position.
  EXPECT_EQ(e.set_option("UCI_Chess960", "true").status, OptionResult::Status::Set);
  EXPECT_TRUE(e.chess960());
  EXPECT_TRUE(e.set_position("4k3/8/8/8/8/8/8/RK6 w A - 0 1", {"b1a1"}, false).ok());
  e.set_chess960(false);
  EXPECT_FALSE(e.set_position("4k3/8/8/8/8/8/8/RK6 w A - 0 1", {}, false).ok());

  // MultiPV by name reaches the search.
  e.set_position(KIWIPETE, {}, false);
  EXPECT_EQ(e.set_option("MultiPV", "2").status, OptionResult::Status::Set);
  Recorder rec;
  e.go(depth_limit(3), rec.listener());
  bool second = false;
  for (const SearchInfo& i : rec.infos) second = second || i.multipv == 2;
  EXPECT_TRUE(second);
}

TEST(EngineFacade, BookMovesComeFromTheEngineWithoutASearch) {
  Engine e;
  e.set_own_book(true);
  e.set_startpos({"e2e4"});
  Recorder r;
  SearchLimits clock;
  clock.time[WHITE] = clock.time[BLACK] = 60000;
  ASSERT_TRUE(e.go(clock, r.listener()).searched);
  EXPECT_TRUE(r.infos.empty()) << "a book move is not searched";
  ASSERT_EQ(r.bests.size(), 1u);
  EXPECT_TRUE(r.bests[0].fromBook);
  EXPECT_TRUE(legal_moves(e.position()).contains(r.bests[0].move));
  // Analysis (infinite, mate, searchmoves) never answers from the book.
  Recorder a;
  SearchLimits depth = depth_limit(3);
  depth.searchmoves = {legal_moves(e.position()).moves[0]};
  e.go(depth, a.listener());
  EXPECT_FALSE(a.infos.empty());
  EXPECT_FALSE(a.bests[0].fromBook);
}

TEST(EngineFacade, StrengthLimitedChoiceIsTheEnginesAndReproducible) {
  auto play = [](int seed) {
    Engine e;
    StrengthSettings s;
    s.limitStrength = true;
    s.elo = 800;
    s.seed = std::uint64_t(seed);
    e.set_strength(s);
    e.set_position(KIWIPETE, {}, false);
    Recorder r;
    e.go(depth_limit(20), r.listener());
    EXPECT_EQ(r.bests.size(), 1u);
    EXPECT_TRUE(legal_moves(e.position()).contains(r.bests[0].move));
    // A weak level looks only so far: its node budget ends the search long before depth 20.
    EXPECT_LT(r.infos.back().depth, 20);
    return r.bests[0].move;
  };
  EXPECT_EQ(play(7), play(7));
}

}  // namespace
}  // namespace escaque
