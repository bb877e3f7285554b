// Strength levels: the UCI options (parsed, clamped, refused), the Elo ->
// parameter mapping, and the play itself: legal moves only, mates in one
// found at middle levels, recaptures preferred, reproducible with a seed,
// weaker levels measurably worse (average centipawn loss against a deeper
// search) yet far better than random moves, and full strength untouched.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "../support/perft_data.h"
#include "../support/positions.h"
#include "../support/uci_lines.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "engine/bench.h"
#include "engine/search.h"
#include "engine/strength.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

using namespace escaque;

namespace {

using test::run;

std::string bestmove_of(const std::string& out) {
  size_t at = out.rfind("bestmove ");
  if (at == std::string::npos) return "(no bestmove in: " + out + ")";
  size_t end = out.find_first_of(" \n", at + 9);
  return out.substr(at + 9, end - at - 9);
}

void set_level(UciSession& s, int elo, int seed) {
  EXPECT_EQ(run(s, "setoption name UCI_LimitStrength value true"), "");
  EXPECT_EQ(run(s, "setoption name UCI_Elo value " + std::to_string(elo)), "");
  EXPECT_EQ(run(s, "setoption name Strength Seed value " + std::to_string(seed)), "");
}

// The move a level plays in a position (fresh hash and histories).
std::string level_move(int elo, int seed, const std::string& fen, const std::string& moves = "") {
  UciSession s;
  set_level(s, elo, seed);
  run(s, "ucinewgame");
  EXPECT_EQ(run(s, "position fen " + fen + (moves.empty() ? "" : " moves " + moves)), "");
  return bestmove_of(run(s, "go depth 64"));
}

using test::from_fen;

// ---------------------------------------------------------------------------
// Options and mapping
// ---------------------------------------------------------------------------

TEST(Strength, OptionsAreAdvertised) {
  UciSession s;
  std::string out = run(s, "uci");
  EXPECT_NE(out.find("option name UCI_LimitStrength type check default false\n"), std::string::npos) << out;
  EXPECT_NE(out.find("option name UCI_Elo type spin default 2200 min 600 max 2200\n"), std::string::npos) << out;
  EXPECT_NE(out.find("option name Skill Level type spin default 20 min 0 max 20\n"), std::string::npos) << out;
  EXPECT_NE(out.find("option name Strength Seed type spin default 0 min 0 max 2147483647\n"), std::string::npos);
}

TEST(Strength, EloAndSkillAreClampedWithANoteAndGarbageIsRefused) {
  UciSession s;
  EXPECT_EQ(run(s, "setoption name UCI_Elo value 150"),
            "info string setoption UCI_Elo: 150 is outside 600..2200; using 600\n");
  EXPECT_EQ(run(s, "setoption name uci_elo value 9000"),
            "info string setoption uci_elo: 9000 is outside 600..2200; using 2200\n");
  EXPECT_EQ(run(s, "setoption name Skill Level value -3"),
            "info string setoption Skill Level: -3 is outside 0..20; using 0\n");
  EXPECT_EQ(run(s, "setoption name Skill Level value 99999999999999999999"),
            "info string setoption Skill Level: invalid value '99999999999999999999', expected an integer from 0 "
            "to 20; option unchanged\n");
  EXPECT_EQ(run(s, "setoption name UCI_Elo value 1500x"),
            "info string setoption UCI_Elo: invalid value '1500x', expected an integer from 600 to 2200; option "
            "unchanged\n");
  EXPECT_EQ(run(s, "setoption name UCI_LimitStrength value yes"),
            "info string setoption UCI_LimitStrength: invalid value 'yes', expected true or false; option "
            "unchanged\n");
  EXPECT_EQ(run(s, "setoption name Strength Seed value -1"),
            "info string setoption Strength Seed: invalid value '-1', expected an integer from 0 to 2147483647; "
            "option unchanged\n");
  EXPECT_EQ(run(s, "setoption name UCI_Elo value 1234"), "");
  EXPECT_EQ(run(s, "setoption name Skill Level value 7"), "");
}

TEST(Strength, EffectiveEloFollowsLimitStrengthThenSkillLevel) {
  StrengthSettings st;
  EXPECT_FALSE(st.limited()) << "full strength by default";
  st.elo = 1000;
  EXPECT_FALSE(st.limited()) << "UCI_Elo alone does not limit (UCI_LimitStrength is off)";
  st.skillLevel = 0;
  EXPECT_TRUE(st.limited());
  EXPECT_EQ(st.effective_elo(), STRENGTH_ELO_MIN);
  st.limitStrength = true;
  EXPECT_EQ(st.effective_elo(), 1000) << "UCI_Elo wins over Skill Level";
  st.elo = 100;
  EXPECT_EQ(st.effective_elo(), STRENGTH_ELO_MIN);
  EXPECT_EQ(skill_level_to_elo(0), STRENGTH_ELO_MIN);
  EXPECT_EQ(skill_level_to_elo(19), STRENGTH_ELO_MAX);
  EXPECT_GT(skill_level_to_elo(20), STRENGTH_ELO_MAX) << "20 = full strength";
  for (int k = 1; k < 20; ++k) EXPECT_GT(skill_level_to_elo(k), skill_level_to_elo(k - 1));
}

TEST(Strength, ParametersGetStrongerWithElo) {
  LevelParams prev = level_params(STRENGTH_ELO_MIN);
  EXPECT_GE(prev.nodes, 20u) << "even the weakest level completes a one-ply search with captures";
  EXPECT_GE(prev.candidates, 4);
  for (int elo = STRENGTH_ELO_MIN + 50; elo <= STRENGTH_ELO_MAX; elo += 50) {
    LevelParams p = level_params(elo);
    EXPECT_GE(p.nodes, prev.nodes) << elo;
    EXPECT_TRUE(p.nodes > prev.nodes || p.temperatureCp < prev.temperatureCp) << elo << ": no stronger";
    EXPECT_LE(p.candidates, prev.candidates) << elo;
    EXPECT_LE(p.temperatureCp, prev.temperatureCp) << elo;
    EXPECT_LE(p.carelessPermille, prev.carelessPermille) << elo;
    prev = p;
  }
  // Out-of-range Elo is clamped, not extrapolated.
  EXPECT_EQ(level_params(0).nodes, level_params(STRENGTH_ELO_MIN).nodes);
  EXPECT_EQ(level_params(5000).nodes, level_params(STRENGTH_ELO_MAX).nodes);
}

TEST(Strength, NamedLevelsAreOrderedAndInRange) {
  const auto& levels = named_levels();
  ASSERT_GE(levels.size(), 6u);
  EXPECT_EQ(levels.front().name, "beginner");
  EXPECT_EQ(levels.back().elo, 0) << "the last one is full strength";
  for (size_t i = 0; i + 1 < levels.size(); ++i) {
    EXPECT_GE(levels[i].elo, STRENGTH_ELO_MIN) << levels[i].name;
    EXPECT_LE(levels[i].elo, STRENGTH_ELO_MAX) << levels[i].name;
    if (i > 0) {
      EXPECT_GT(levels[i].elo, levels[i - 1].elo) << levels[i].name;
    }
  }
}

// ---------------------------------------------------------------------------
// choose_move on its own
// ---------------------------------------------------------------------------

TEST(Strength, ChoiceStaysAmongTheCandidatesAndPrefersBetterMoves) {
  Position pos;
  pos.set_startpos();
  const MoveList legal = legal_moves(pos);
  std::vector<RootLine> lines;
  const int scores[] = {40, 35, 20, -150, -400};
  for (int i = 0; i < 5; ++i) lines.push_back({legal.moves[i], scores[i]});
  LevelParams level = level_params(1500);
  level.candidates = 4;  // the fifth line is not a candidate
  int count[5] = {};
  for (int seed = 1; seed <= 2000; ++seed) {
    StrengthRng rng(seed);
    Move m = choose_move(pos, lines, level, rng, SQ_NONE);
    int i = 0;
    while (i < 5 && lines[i].move != m) ++i;
    ASSERT_LT(i, 4) << "chose a move outside the candidates";
    ++count[i];
  }
  EXPECT_GT(count[0], count[2]);
  EXPECT_GT(count[1], count[3]);
  EXPECT_GT(count[3], 0) << "a weak level sometimes plays the bad move";
  EXPECT_LT(count[3], 400);
  // Full sharpness (temperature 0) always takes the best line.
  LevelParams sharp = level;
  sharp.temperatureCp = 0;
  StrengthRng rng(7);
  EXPECT_EQ(choose_move(pos, lines, sharp, rng, SQ_NONE), lines[0].move);
  EXPECT_EQ(choose_move(pos, {}, level, rng, SQ_NONE), Move::none());
}

TEST(Strength, AMateIsAlwaysChosenOverMaterialAtMiddleLevels) {
  Position pos;
  pos.set_startpos();
  const MoveList legal = legal_moves(pos);
  std::vector<RootLine> lines = {{legal.moves[0], mate_in(1)}, {legal.moves[1], 900}, {legal.moves[2], 880}, {legal.moves[3], 870}};
  for (int seed = 1; seed <= 500; ++seed) {
    StrengthRng rng(seed);
    ASSERT_EQ(choose_move(pos, lines, level_params(1500), rng, SQ_NONE), legal.moves[0]) << seed;
  }
}

// ---------------------------------------------------------------------------
// Playing through the UCI session
// ---------------------------------------------------------------------------

TEST(Strength, LimitedLevelsOnlyPlayLegalMovesInWholeGames) {
  // Self-play, levels 600 against 1400 and 1000 against 1800, both colours, to the end or 120 plies.
  const int pairs[][2] = {{600, 1400}, {1000, 1800}, {1400, 600}};
  // The sanitizer run (ESCAQUE_PERFT_MAX_NODES set) plays the first pairing only: same code, a third
  // of the time; the plain build plays all three.
  const int played = test::perft_node_cap() ? 1 : 3;
  int seed = 11;
  for (int i = 0; i < played; ++i) {
    auto [white, black] = pairs[i];
    UciSession w, b;
    set_level(w, white, seed++);
    set_level(b, black, seed++);
    std::string moves;
    Position pos;
    pos.set_startpos();
    for (int ply = 0; ply < 120; ++ply) {
      UciSession& s = ply % 2 == 0 ? w : b;
      ASSERT_EQ(run(s, "position startpos" + (moves.empty() ? "" : " moves" + moves)), "");
      std::string bm = bestmove_of(run(s, "go depth 64"));
      if (count_legal_moves(pos) == 0) {
        EXPECT_EQ(bm, "(none)");
        break;
      }
      UciMoveResult r = parse_uci_move(pos, bm);
      ASSERT_EQ(r.error, UciMoveError::None) << white << "/" << black << " ply " << ply << ": " << bm << " after"
                                             << moves;
      UndoInfo undo;
      pos.do_move(r.move, undo);
      moves += " " + bm;
      if (pos.rule50() >= 100) break;
    }
  }
}

TEST(Strength, MateInOneIsFoundAtMiddleLevels) {
  struct Case {
    const char* fen;
    const char* mate;
  } cases[] = {
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"},                        // back rank
      {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "f3f7"},  // scholar's mate
      {"k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"},
  };
  for (int elo : {1200, 1500, 1800}) {
    for (int c = 0; c < 3; ++c) {
      for (int seed = 1; seed <= 5; ++seed)
        EXPECT_EQ(level_move(elo, seed, cases[c].fen), cases[c].mate) << elo << " " << cases[c].fen << " " << seed;
    }
  }
}

TEST(Strength, RecapturesArePreferredAtLowLevels) {
  // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6: Black recaptures (dxc6 or bxc6) almost always.
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  int recaptures = 0;
  const int tries = 20;
  for (int seed = 1; seed <= tries; ++seed) {
    std::string m = level_move(900, seed, fen, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6");
    recaptures += m == "d7c6" || m == "b7c6";
  }
  EXPECT_GE(recaptures, tries * 3 / 4);
}

TEST(Strength, AFixedSeedReplaysTheSameMovesAndSeedsDiffer) {
  const std::string fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  std::vector<std::string> first, again, other;
  for (int seed = 1; seed <= 8; ++seed) {
    first.push_back(level_move(1000, seed, fen));
    again.push_back(level_move(1000, seed, fen));
    other.push_back(level_move(1000, seed + 100, fen));
  }
  EXPECT_EQ(first, again);
  std::map<std::string, int> distinct;
  for (auto& m : first) ++distinct[m];
  for (auto& m : other) ++distinct[m];
  EXPECT_GE(distinct.size(), 2u) << "a weak level varies its moves between seeds";
}

TEST(Strength, FullStrengthIsUnchangedWhenNotLimited) {
  const std::string fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  auto search = [&](UciSession& s) {
    run(s, "ucinewgame");
    run(s, "position fen " + fen);
    std::string out = run(s, "go depth 9");
    // Drop the time-dependent fields: compare depth, score, nodes and pv.
    std::string kept;
    for (size_t at = 0; at < out.size();) {
      size_t end = out.find('\n', at);
      std::string line = out.substr(at, end - at);
      for (const char* f : {" nps ", " time "}) {
        size_t p = line.find(f);
        if (p != std::string::npos) line.erase(p, line.find(' ', p + std::string(f).size()) - p);
      }
      kept += line + "\n";
      at = end + 1;
    }
    return kept;
  };
  UciSession plain, touched;
  run(touched, "setoption name UCI_Elo value 700");
  run(touched, "setoption name Strength Seed value 5");
  run(touched, "setoption name UCI_LimitStrength value true");
  run(touched, "setoption name UCI_LimitStrength value false");
  EXPECT_EQ(search(plain), search(touched));
  run(touched, "setoption name Skill Level value 3");
  EXPECT_NE(search(plain), search(touched)) << "Skill Level below 20 limits strength";
}

// Average centipawn loss of a level over positions and seeds, against a
// depth-7 reference search of the move played (searchmoves) and of the best move.
struct LossMeter {
  TranspositionTable tt;
  Searcher searcher{tt};
  std::map<std::pair<std::string, std::string>, Value> cache;

  Value score(const std::string& fen, Move m) {
    auto key = std::make_pair(fen, m.is_ok() ? std::to_string(m.raw()) : std::string("best"));
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    tt.clear();
    searcher.clear_history();
    SearchLimits limits;
    limits.depth = 7;
    if (m.is_ok()) limits.searchmoves = {m};
    Value v = searcher.search(from_fen(fen), {}, limits, SearchOptions{}, nullptr).score;
    v = std::clamp(v, -1500, 1500);  // mates count as a big but finite loss
    return cache[key] = v;
  }
  int loss(const std::string& fen, const std::string& uci) {
    Position pos = from_fen(fen);
    UciMoveResult r = parse_uci_move(pos, uci);
    EXPECT_EQ(r.error, UciMoveError::None) << fen << " " << uci;
    return std::max(0, score(fen, Move::none()) - score(fen, r.move));
  }
};

std::vector<std::string> loss_positions() {
  // The bench set minus its bare endgames (where every move loses little).
  std::vector<std::string> v;
  for (const std::string& fen : bench_positions())
    if (popcount(from_fen(fen).pieces()) >= 12) v.push_back(fen);
  return v;
}

TEST(Strength, WeakerLevelsLoseMoreCentipawnsButFarFewerThanRandomMoves) {
  // 13 positions x 2 seeds was too few: one different choice moves an average
  // by tens of centipawns, and the tuned weights flipped 600 and 1200 (81 vs
  // 95) on those 26 moves; over 4 seeds the order is clear. The top level is
  // not in the list: it searches far deeper than the depth-7 reference, which
  // then counts its better moves as losses (2200 measured 31 against 18 for
  // 1800 after the session-4 calibration gave it ~150k nodes).
  const int kSeeds = 4;
  LossMeter meter;
  const auto positions = loss_positions();
  ASSERT_GE(positions.size(), 10u);
  const int levels[] = {600, 1000, 1400, 1800};
  double acpl[4] = {};
  for (int i = 0; i < 4; ++i) {
    int total = 0, n = 0;
    for (const std::string& fen : positions)
      for (int seed = 1; seed <= kSeeds; ++seed) {
        total += meter.loss(fen, level_move(levels[i], seed, fen));
        ++n;
      }
    acpl[i] = double(total) / n;
  }
  // A "player" choosing uniformly among the legal moves.
  int total = 0, n = 0;
  StrengthRng rng(3);
  for (const std::string& fen : positions) {
    Position pos = from_fen(fen);
    MoveList legal = legal_moves(pos);
    Move m = legal.moves[int(rng.next() % legal.size)];
    total += meter.loss(fen, move_to_uci(pos, m));
    ++n;
  }
  const double randomAcpl = double(total) / n;
  std::printf("average centipawn loss (depth-7 reference, %zu positions x %d seeds): 600 %.0f, 1000 %.0f, "
              "1400 %.0f, 1800 %.0f; uniform random move %.0f\n",
              positions.size(), kSeeds, acpl[0], acpl[1], acpl[2], acpl[3], randomAcpl);
  EXPECT_GT(acpl[0], acpl[1]);
  EXPECT_GT(acpl[1], acpl[2]);
  EXPECT_GT(acpl[2], acpl[3]);
  // A beginner loses a lot, but clearly less than random moves (which hang
  // pieces all the time); from "casual" up it is less than half.
  EXPECT_LT(acpl[0], randomAcpl * 0.7) << "even the weakest level is far from random";
  EXPECT_LT(acpl[1], randomAcpl * 0.55);
}

}  // namespace
