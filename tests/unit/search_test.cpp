// Search: mates found at the right distance, stalemate avoided, repetition and
// the fifty-move rule used, limits respected, bench deterministic, and the
// UCI front end's go/stop/ponderhit behaviour with the search on a thread.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../support/positions.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "engine/bench.h"
#include "engine/search.h"
#include "engine/see.h"
#include "engine/timeman.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

using namespace escaque;

namespace {

using test::from_fen;

struct SearchRig {
  TranspositionTable tt;
  Searcher searcher{tt};
  std::vector<std::string> infoLines;

  SearchResult run(const Position& pos, SearchLimits limits, const std::vector<Key>& history = {},
                   SearchOptions options = {}) {
    infoLines.clear();
    return searcher.search(pos, history, limits, options,
                           [this, &pos](const SearchInfo& i) { infoLines.push_back(format_uci_info(pos, i)); });
  }
  SearchResult depth(const Position& pos, int d, const std::vector<Key>& history = {}) {
    SearchLimits limits;
    limits.depth = d;
    return run(pos, limits, history);
  }
};

std::string uci(const Position& pos, Move m) { return move_to_uci(pos, m); }

using test::play;

bool is_stalemate_after(Position pos, Move m) {
  UndoInfo undo;
  pos.do_move(m, undo);
  return !pos.in_check() && !has_legal_move(pos);
}

}  // namespace

// ---------------------------------------------------------------------------
// Mates (distances confirmed with Stockfish 15.1)
// ---------------------------------------------------------------------------

TEST(Search, MateInOneBackRank) {
  SearchRig e;
  Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  SearchResult r = e.depth(pos, 6);
  EXPECT_EQ(uci(pos, r.bestMove), "d1d8");
  EXPECT_EQ(r.score, mate_in(1));
  EXPECT_EQ(uci_score(r.score), "mate 1");
}

TEST(Search, MateInTwoWithTwoRooks) {
  // 1.Ra7 (or 1.Rb7) Kg8 2.R to the eighth rank mate; no mate in one exists.
  SearchRig e;
  Position pos = from_fen("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1");
  SearchResult r = e.depth(pos, 8);
  EXPECT_EQ(r.score, mate_in(3));
  EXPECT_TRUE(uci(pos, r.bestMove) == "a1a7" || uci(pos, r.bestMove) == "b2b7") << uci(pos, r.bestMove);
}

TEST(Search, MateInTwoForBlack) {
  // 1...Rg1+ 2.Kxg1 Rf1 mate: the defending side's score is negative mate.
  SearchRig e;
  Position pos = from_fen("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1");
  SearchResult r = e.depth(pos, 8);
  EXPECT_EQ(uci(pos, r.bestMove), "g2g1");
  EXPECT_EQ(r.score, mate_in(3));
  // From White's side after 1...Rg1+, White is mated in 2 (Kxg1 forced, Rf1 mate): score -mate.
  Position after = pos;
  play(after, {"g2g1"});
  SearchResult w = e.depth(after, 8);
  EXPECT_EQ(w.score, mated_in(2));
  EXPECT_EQ(uci_score(w.score), "mate -1");
}

TEST(Search, MateInThreeKingHunt) {
  // 1...Bc5+ 2.Kxc5 Qb6+ 3.Kd5 Qd6 mate.
  SearchRig e;
  Position pos = from_fen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1");
  SearchResult r = e.depth(pos, 10);
  EXPECT_EQ(uci(pos, r.bestMove), "f8c5");
  EXPECT_EQ(r.score, mate_in(5));
  EXPECT_EQ(uci_score(r.score), "mate 3");
}

TEST(Search, GoMateStopsOnceTheMateIsFound) {
  SearchRig e;
  Position pos = from_fen("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1");
  SearchLimits limits;
  limits.mate = 2;
  SearchResult r = e.run(pos, limits);
  EXPECT_EQ(r.score, mate_in(3));
  EXPECT_LT(r.depth, 10);
}

TEST(Search, CheckmatedAndStalematedRoots) {
  SearchRig e;
  // Fool's mate: White is checkmated, no move to report.
  Position mated = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  SearchResult r = e.depth(mated, 5);
  EXPECT_FALSE(r.bestMove.is_ok());
  EXPECT_EQ(r.score, -VALUE_MATE);
  Position stalemate = from_fen("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1");
  r = e.depth(stalemate, 5);
  EXPECT_FALSE(r.bestMove.is_ok());
  EXPECT_EQ(r.score, VALUE_DRAW);
}

// ---------------------------------------------------------------------------
// Draws: stalemate, repetition, fifty-move rule
// ---------------------------------------------------------------------------

TEST(Search, WinningSideAvoidsStalemate) {
  // Qb6 and Qc7 would stalemate; the queen must win instead.
  SearchRig e;
  Position pos = from_fen("k7/8/3Q4/8/8/8/8/4K3 w - - 0 1");
  int stalemating = 0;
  for (Move m : legal_moves(pos)) stalemating += is_stalemate_after(pos, m);
  ASSERT_GE(stalemating, 2);
  for (int depth : {1, 2, 4, 8, 12}) {
    SearchResult r = e.depth(pos, depth);
    EXPECT_FALSE(is_stalemate_after(pos, r.bestMove)) << "depth " << depth << ": " << uci(pos, r.bestMove);
    EXPECT_GT(r.score, 500) << "depth " << depth;
  }
}

TEST(Search, LosingSideFindsPerpetualCheck) {
  // Black has queen and rook against a queen and threatens mate; White holds
  // the draw with 1.Qe8+ Kh7 2.Qh5+ Kg8 3.Qe8+ ... (Stockfish: 0.00).
  SearchRig e;
  Position pos = from_fen("6k1/6p1/8/8/8/8/qr6/4Q2K w - - 0 1");
  SearchResult r = e.depth(pos, 12);
  EXPECT_EQ(uci(pos, r.bestMove), "e1e8");
  EXPECT_EQ(r.score, VALUE_DRAW);
}

TEST(Search, LosingSideClaimsThreefoldRepetitionFromGameHistory) {
  // White (queen against knight) has repeated the position twice with king
  // moves; Black, lost otherwise, plays g8h8 to make the third occurrence.
  SearchRig e;
  Position pos = from_fen("1n5k/8/8/8/8/8/8/1Q4K1 w - - 0 1");
  std::vector<Key> history = play(pos, {"g1f2", "h8g8", "f2g1", "g8h8", "g1f2", "h8g8", "f2g1"});
  SearchResult r = e.depth(pos, 10, history);
  EXPECT_EQ(uci(pos, r.bestMove), "g8h8");
  EXPECT_EQ(r.score, VALUE_DRAW);
  // Without the history the same position is simply lost for Black.
  SearchResult fresh = e.depth(pos, 10);
  EXPECT_LT(fresh.score, -500);
}

TEST(Search, WinningSideAvoidsThreefoldRepetition) {
  // Colours of the material swapped: now Black is winning and must not repeat.
  SearchRig e;
  Position pos = from_fen("1q5k/8/8/8/8/8/8/1N4K1 w - - 0 1");
  std::vector<Key> history = play(pos, {"g1f2", "h8g8", "f2g1", "g8h8", "g1f2", "h8g8", "f2g1"});
  SearchResult r = e.depth(pos, 10, history);
  EXPECT_NE(uci(pos, r.bestMove), "g8h8");
  EXPECT_GT(r.score, 500);
}

TEST(Search, FiftyMoveRuleMakesAWinningPositionADraw) {
  // Halfmove clock 99: any move but a capture or pawn move ends the game drawn,
  // unless it mates. K+Q v K with no mate in one: a draw.
  SearchRig e;
  Position drawn = from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 99 80");
  SearchResult r = e.depth(drawn, 8);
  EXPECT_EQ(r.score, VALUE_DRAW);
  // The same material with a mate in one: mate takes precedence.
  Position mating = from_fen("7k/8/6K1/8/8/8/8/3Q4 w - - 99 80");
  r = e.depth(mating, 6);
  EXPECT_EQ(r.score, mate_in(1));
  EXPECT_EQ(uci(mating, r.bestMove), "d1d8");
  // With a fresh clock the K+Q v K position is winning.
  Position fresh = from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 80");
  EXPECT_GT(e.depth(fresh, 8).score, 500);
}

TEST(Search, DeadMaterialScoresZero) {
  SearchRig e;
  EXPECT_EQ(e.depth(from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), 8).score, VALUE_DRAW);
}

// ---------------------------------------------------------------------------
// Tactics
// ---------------------------------------------------------------------------

TEST(Search, WinsHangingMaterialAndAvoidsLosingIt) {
  SearchRig e;
  // The queen on h2 takes the rook on c2 along the second rank.
  Position pos = from_fen("8/8/8/3k4/8/8/2r4Q/K7 w - - 0 1");
  EXPECT_EQ(uci(pos, e.depth(pos, 6).bestMove), "h2c2");
  // Knight fork: Nc7+ wins the rook on a8. (Without White's pawn the result,
  // K+N v K, would be a dead draw, and the search rightly scores it 0.)
  Position fork = from_fen("r3k3/8/8/3N4/8/8/4P3/4K3 w - - 0 1");
  SearchResult r = e.depth(fork, 6);
  EXPECT_EQ(uci(fork, r.bestMove), "d5c7");
  EXPECT_GT(r.score, 200);
}

TEST(Search, StaticExchangeEvaluation) {
  // Pawn takes a defended knight: wins a knight for a pawn.
  Position p1 = from_fen("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1");
  Move exd6 = parse_uci_move(p1, "e5d6").move;
  EXPECT_TRUE(see_ge(p1, exd6, 0));
  EXPECT_TRUE(see_ge(p1, exd6, SEE_VALUE[KNIGHT]));
  EXPECT_FALSE(see_ge(p1, exd6, SEE_VALUE[KNIGHT] + 1));
  // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
  Position p2 = from_fen("4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1");
  Move qxd6 = parse_uci_move(p2, "d1d6").move;
  EXPECT_FALSE(see_ge(p2, qxd6, 0));
  EXPECT_TRUE(see_ge(p2, qxd6, SEE_VALUE[PAWN] - SEE_VALUE[QUEEN]));
  // Rook takes a rook defended by a rook, backed by our second rook (x-ray): R for R.
  Position p3 = from_fen("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1");
  Move rxd7 = parse_uci_move(p3, "d2d7").move;
  EXPECT_TRUE(see_ge(p3, rxd7, 0));
  EXPECT_FALSE(see_ge(p3, rxd7, 1));
}

// ---------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------

TEST(Search, RespectsDepthLimit) {
  SearchRig e;
  Position pos;
  pos.set_startpos();
  SearchResult r = e.depth(pos, 7);
  EXPECT_EQ(r.depth, 7);
  ASSERT_FALSE(e.infoLines.empty());
  EXPECT_EQ(e.infoLines.back().rfind("info depth 7 ", 0), 0u) << e.infoLines.back();
  for (const std::string& l : e.infoLines) EXPECT_EQ(l.find("info depth 8 "), std::string::npos);
}

TEST(Search, RespectsNodeLimit) {
  SearchRig e;
  Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  for (std::uint64_t limit : {1ull, 500ull, 20000ull}) {
    SearchLimits limits;
    limits.nodes = limit;
    SearchResult r = e.run(pos, limits);
    EXPECT_LE(r.nodes, limit);
    EXPECT_GE(r.nodes, limit);
    EXPECT_TRUE(legal_moves(pos).contains(r.bestMove)) << "a legal move even with " << limit << " nodes";
  }
}

TEST(Search, RespectsMoveTime) {
  // How long it takes on the wall clock depends on the machine's load: only that it ends by
  // itself (on its clock, not at the depth cap) and uses its time is checked here. The clock
  // plan is checked exactly in TimeManagement below.
  SearchRig e;
  Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  SearchLimits limits;
  limits.movetime = 300;
  auto t0 = std::chrono::steady_clock::now();
  SearchResult r = e.run(pos, limits);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(ms, 150);  // uses most of the time it was given (a lower bound: load only adds to it)
  EXPECT_LT(r.depth, MAX_PLY - 8) << "stopped by its clock";
  EXPECT_TRUE(r.bestMove.is_ok());
}

TEST(Search, ClockTimeIsNeverOverrun) {
  // Sudden death with little time left: the search stops on a plan well within the clock
  // (the plan's figures are checked in TimeManagement; wall-clock latency belongs to benchmarks).
  SearchRig e;
  Position pos = from_fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
  for (std::int64_t clock : {60, 300, 2000}) {
    SearchLimits limits;
    limits.time[WHITE] = limits.time[BLACK] = clock;
    const TimeBudget plan = plan_time(limits, WHITE, SearchOptions().moveOverheadMs);
    EXPECT_TRUE(plan.managed);
    EXPECT_LT(plan.hardMs, clock) << "clock " << clock;
    SearchResult r = e.run(pos, limits);
    EXPECT_LT(r.depth, MAX_PLY - 8) << "stopped by its clock " << clock;
    EXPECT_TRUE(r.bestMove.is_ok());
  }
}

TEST(TimeManagement, BudgetsStayWithinTheClock) {
  SearchLimits none;
  EXPECT_FALSE(plan_time(none, WHITE, 30).managed);  // depth/nodes/infinite: no clock limit
  SearchLimits movetime;
  movetime.movetime = 1000;
  TimeBudget b = plan_time(movetime, WHITE, 30);
  EXPECT_TRUE(b.managed);
  EXPECT_EQ(b.hardMs, 970);
  EXPECT_EQ(b.softMs, 970);
  for (std::int64_t clock : {0, 10, 100, 500, 1000, 1999, 2000, 5000, 60000, 600000}) {
    for (std::int64_t inc : {0, 50, 1000}) {
      for (int mtg : {0, 1, 2, 40}) {
        SearchLimits l;
        l.time[BLACK] = clock;
        l.inc[BLACK] = inc;
        l.movestogo = mtg;
        TimeBudget t = plan_time(l, BLACK, 30);
        ASSERT_TRUE(t.managed);
        EXPECT_GE(t.softMs, 1);
        EXPECT_LE(t.softMs, t.hardMs);
        const std::int64_t available = std::max<std::int64_t>(1, clock - 30);
        // Never more than the clock minus the overhead; a third of it unless it is the last move.
        EXPECT_LE(t.hardMs, std::max<std::int64_t>(1, mtg == 1 ? available * 9 / 10 : available / 3))
            << clock << "+" << inc << " mtg " << mtg;
        // Low clock: about the increment at most, so the clock does not drain.
        if (mtg != 1 && available < 2000) {
          EXPECT_LE(t.hardMs, std::max<std::int64_t>({1, inc, available / 8}));
        }
      }
    }
  }
  // The other side's clock is irrelevant.
  SearchLimits onlyWhite;
  onlyWhite.time[WHITE] = 1000;
  EXPECT_FALSE(plan_time(onlyWhite, BLACK, 30).managed);
}

TEST(Search, SearchMovesRestrictsTheRoot) {
  SearchRig e;
  Position pos;
  pos.set_startpos();
  SearchLimits limits;
  limits.depth = 6;
  limits.searchmoves = {parse_uci_move(pos, "a2a3").move, parse_uci_move(pos, "h2h4").move};
  SearchResult r = e.run(pos, limits);
  EXPECT_TRUE(uci(pos, r.bestMove) == "a2a3" || uci(pos, r.bestMove) == "h2h4");
}

TEST(Search, MultiPvReportsDistinctLinesInOrder) {
  SearchRig e;
  Position pos;
  pos.set_startpos();
  SearchLimits limits;
  limits.depth = 6;
  SearchOptions options;
  options.multiPV = 3;
  e.run(pos, limits, {}, options);
  std::vector<std::string> lastDepth;
  for (const std::string& l : e.infoLines)
    if (l.rfind("info depth 6 ", 0) == 0 && l.find("bound") == std::string::npos) lastDepth.push_back(l);
  ASSERT_EQ(lastDepth.size(), 3u);
  std::vector<std::string> firstMoves;
  int previousScore = 1 << 30;
  for (int i = 0; i < 3; ++i) {
    EXPECT_NE(lastDepth[i].find(" multipv " + std::to_string(i + 1) + " "), std::string::npos);
    size_t pv = lastDepth[i].find(" pv ");
    firstMoves.push_back(lastDepth[i].substr(pv + 4, 4));
    int score = std::stoi(lastDepth[i].substr(lastDepth[i].find("score cp ") + 9));
    EXPECT_LE(score, previousScore);
    previousScore = score;
  }
  EXPECT_NE(firstMoves[0], firstMoves[1]);
  EXPECT_NE(firstMoves[1], firstMoves[2]);
  EXPECT_NE(firstMoves[0], firstMoves[2]);
}

TEST(Search, BenchIsDeterministic) {
  BenchResult a = run_bench(7, {});
  BenchResult b = run_bench(7, {});
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.bestMoves, b.bestMoves);
  EXPECT_EQ(a.bestMoves.size(), bench_positions().size());
  EXPECT_GT(a.nodes, 10000u);
  // Every bench position is valid.
  for (const std::string& fen : bench_positions()) {
    Position pos;
    EXPECT_FALSE(parse_fen(fen, pos)) << fen;
  }
}

TEST(Search, SearchIsReproducibleAfterClearingState) {
  SearchRig e;
  Position pos = from_fen("r1b2rk1/2q1bppp/p2p1n2/npp1p3/3PP3/2P2N1P/PPB2PP1/RNBQR1K1 w - - 1 12");
  e.tt.clear();
  e.searcher.clear_history();
  SearchResult a = e.depth(pos, 9);
  e.tt.clear();
  e.searcher.clear_history();
  SearchResult b = e.depth(pos, 9);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.bestMove, b.bestMove);
  EXPECT_EQ(a.score, b.score);
}

// ---------------------------------------------------------------------------
// UCI front end
// ---------------------------------------------------------------------------

namespace {

// A session in asynchronous mode whose output is collected thread-safely.
struct AsyncSession {
  UciSession session;
  std::mutex mutex;
  std::string output;

  AsyncSession() {
    EXPECT_TRUE(session.enable_async([this](std::string_view t) {
      std::lock_guard<std::mutex> lock(mutex);
      output.append(t);
    }));
  }
  std::string send(const std::string& line) {
    std::string out;
    session.handle(line, out);
    std::lock_guard<std::mutex> lock(mutex);
    output += out;
    return out;
  }
  std::string text() {
    std::lock_guard<std::mutex> lock(mutex);
    return output;
  }
  bool has_bestmove() { return text().find("bestmove ") != std::string::npos; }
};

std::string bestmove_line(const std::string& text) {
  size_t p = text.rfind("bestmove ");
  if (p == std::string::npos) return "";
  return text.substr(p, text.find('\n', p) - p);
}

}  // namespace

TEST(Uci, StopDuringInfiniteSearchAnswersWithALegalMove) {
  // How fast stop is answered is a benchmark's figure (bench/stop-latency.mjs), not a test's.
  AsyncSession s;
  s.send("position startpos moves e2e4");
  s.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(s.has_bestmove()) << "infinite search must wait for stop";
  EXPECT_EQ(s.send("isready"), "readyok\n");  // answered while searching
  s.send("stop");  // returns once bestmove has been written
  std::string best = bestmove_line(s.text());
  ASSERT_FALSE(best.empty());
  Position pos;
  pos.set_startpos();
  play(pos, {"e2e4"});
  EXPECT_EQ(parse_uci_move(pos, best.substr(9, best.find(' ', 9) - 9)).error, UciMoveError::None) << best;
  EXPECT_NE(s.text().find("info depth "), std::string::npos);
  EXPECT_FALSE(s.session.searching());
}

TEST(Uci, InfiniteSearchThatEndsEarlyStillWaitsForStop) {
  AsyncSession s;
  // Mate in one: the search runs out of depth quickly, but bestmove waits for stop.
  s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  s.send("go infinite depth 3");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(s.has_bestmove());
  s.send("stop");
  EXPECT_EQ(bestmove_line(s.text()).substr(0, 13), "bestmove d1d8");
}

TEST(Uci, PonderhitSwitchesToTheClock) {
  AsyncSession s;
  s.send("position startpos moves e2e4 e7e5");
  s.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(s.has_bestmove()) << "no bestmove while pondering";
  s.send("ponderhit");
  // Now on our own clock: a move within the hard limit (a third of 2 s).
  s.session.wait_for_search();  // ends by itself: no stop is sent
  EXPECT_TRUE(s.has_bestmove());
}

TEST(Uci, StopDuringPonderGivesBestmove) {
  AsyncSession s;
  s.send("position startpos");
  s.send("go ponder wtime 10000 btime 10000");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  s.send("stop");
  EXPECT_TRUE(s.has_bestmove());
}

TEST(Uci, SynchronousGoAndItsLimits) {
  UciSession s;
  std::string out;
  s.handle("position startpos moves e2e4 e7e5 g1f3", out);
  out.clear();
  s.handle("go depth 5", out);
  EXPECT_NE(out.find("info depth 5 "), std::string::npos) << out;
  EXPECT_EQ(bestmove_line(out).rfind("bestmove ", 0), 0u);
  // Synchronous hosts cannot stop an infinite search: refused with a reason.
  out.clear();
  s.handle("go infinite", out);
  EXPECT_NE(out.find("info string go: 'infinite'"), std::string::npos) << out;
  EXPECT_EQ(out.find("bestmove"), std::string::npos);
  out.clear();
  s.handle("go depth x", out);
  EXPECT_NE(out.find("needs an integer, got 'x'"), std::string::npos) << out;
  out.clear();
  s.handle("go depth 3 searchmoves e2e4", out);
  EXPECT_NE(out.find("searchmoves"), std::string::npos) << out;  // e2e4 is not legal here (Black to move)
  out.clear();
  s.handle("go depth 4 searchmoves a7a6", out);
  EXPECT_NE(out.find("bestmove a7a6"), std::string::npos) << out;
}

TEST(Uci, OptionsAreAdvertisedAndValidated) {
  UciSession s;
  std::string out;
  s.handle("uci", out);
  for (const char* opt : {"option name Hash type spin default 16", "option name Threads type spin default 1 min 1 max 1",
                          "option name MultiPV", "option name Ponder type check", "option name Move Overhead",
                          "option name Clear Hash type button", "option name UCI_Chess960"})
    EXPECT_NE(out.find(opt), std::string::npos) << opt;
  out.clear();
  s.handle("setoption name Hash value 8", out);
  s.handle("setoption name Clear Hash", out);
  s.handle("setoption name MultiPV value 2", out);
  s.handle("setoption name Move Overhead value 100", out);
  EXPECT_EQ(out, "");
  s.handle("setoption name Threads value 4", out);
  EXPECT_NE(out.find("invalid value '4'"), std::string::npos) << out;
  out.clear();
  s.handle("setoption name Hash value lots", out);
  EXPECT_NE(out.find("invalid value 'lots'"), std::string::npos) << out;
  out.clear();
  s.handle("position startpos", out);
  s.handle("go depth 4", out);
  EXPECT_NE(out.find(" multipv 2 "), std::string::npos) << out;
}

TEST(Uci, BenchPrintsDeterministicNodeCountLast) {
  UciSession s;
  std::string a, b;
  s.handle("bench 6", a);
  s.handle("bench 6", b);
  auto last_line = [](const std::string& t) {
    std::string trimmed = t.substr(0, t.size() - 1);
    return trimmed.substr(trimmed.rfind('\n') + 1);
  };
  EXPECT_EQ(last_line(a).rfind("Nodes searched: ", 0), 0u) << last_line(a);
  EXPECT_EQ(last_line(a), last_line(b));
  EXPECT_NE(a.find("Nodes/second: "), std::string::npos);
}

TEST(Uci, GameHistoryFromPositionCommandDetectsRepetition) {
  // The same repetition test as above, through the protocol.
  UciSession s;
  std::string out;
  s.handle("position fen 1n5k/8/8/8/8/8/8/1Q4K1 w - - 0 1 moves g1f2 h8g8 f2g1 g8h8 g1f2 h8g8 f2g1", out);
  s.handle("go depth 8", out);
  EXPECT_NE(out.find("bestmove g8h8"), std::string::npos) << out;
  EXPECT_NE(out.find("score cp 0 "), std::string::npos);
}

TEST(Uci, LineEndingsMoveNumbersAndChess960Switch) {
  UciSession s;
  std::string out;
  s.handle("isready\r\n", out);
  s.handle("isready\n", out);
  EXPECT_EQ(out, "readyok\nreadyok\n");
  out.clear();
  s.handle("position startpos moves e2e4 e7e5 e1e3", out);
  EXPECT_NE(out.find("(move 3 of the list)"), std::string::npos) << out;
  // UCI_Chess960 applies from the next position: no two moves may share a name.
  out.clear();
  s.handle("setoption name UCI_Chess960 value true", out);
  s.handle("position fen 4k3/8/8/8/8/8/8/RK6 w A - 0 1", out);
  s.handle("setoption name UCI_Chess960 value false", out);
  s.handle("go perft 1", out);
  EXPECT_EQ(out.find("b1c1"), out.rfind("b1c1")) << out;
  EXPECT_NE(out.find("b1a1"), std::string::npos) << "still the loaded Chess960 position: " << out;
}
