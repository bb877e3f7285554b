// Human strength levels: UCI_LimitStrength / UCI_Elo, Skill Level and the
// named levels of the app, all mapped onto one mechanism.
//
// A limited level plays like a weaker human rather than a randomised engine:
//  - it looks only so far: a node budget per move (a few dozen nodes at the
//    bottom, i.e. one ply plus captures; ~10^5 near the top) gives the
//    horizon blunders of a human of that strength (missed two-move tactics,
//    a piece left where a simple combination wins it);
//  - it chooses among the few best moves of that shallow search (MultiPV),
//    by a softmax over their scores with an Elo-dependent temperature, with
//    a bias towards "natural" moves (recaptures, captures that do not lose
//    material, checks), and now and then a careless moment (a much higher temperature
//    for one move), so it sometimes misses a recapture or hangs a piece, but
//    every move it plays was one of its search's top candidates.
// The choice is a pure function of the candidates, the position and a seed,
// so a fixed seed replays the same game.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "../core/position.h"
#include "search.h"

namespace escaque {

// The calibrated range of UCI_Elo (see docs/engine.md, "Strength levels").
constexpr int STRENGTH_ELO_MIN = 600;
constexpr int STRENGTH_ELO_MAX = 2200;
constexpr int SKILL_LEVEL_MAX = 20;  // 20 = full strength

// What the UCI options ask for.
struct StrengthSettings {
  bool limitStrength = false;  // UCI_LimitStrength
  int elo = STRENGTH_ELO_MAX;  // UCI_Elo, used when limitStrength
  int skillLevel = SKILL_LEVEL_MAX;  // Skill Level; below 20 it limits strength too
  std::uint64_t seed = 0;      // Strength Seed: 0 = a different game every time

  // Whether any limit applies.
  bool limited() const { return limitStrength || skillLevel < SKILL_LEVEL_MAX; }
  // The Elo actually played: UCI_Elo when UCI_LimitStrength is on (it wins
  // over Skill Level), else the Elo of the skill level, clamped to the range.
  int effective_elo() const;
};

// Skill Level 0..19 spread evenly over STRENGTH_ELO_MIN..STRENGTH_ELO_MAX
// (20 = full strength, reported as STRENGTH_ELO_MAX + 1).
int skill_level_to_elo(int skill);

// The parameters of one level.
struct LevelParams {
  std::uint64_t nodes = 0;  // node budget per move (SearchLimits::softNodes)
  int candidates = 1;       // MultiPV lines to choose from
  int temperatureCp = 0;    // softmax temperature over the candidates' scores
  int carelessPermille = 0; // chance of a careless move (temperature x3)
};

// `elo` is clamped to STRENGTH_ELO_MIN..STRENGTH_ELO_MAX.
LevelParams level_params(int elo);

// Named levels for the app.
struct NamedLevel {
  std::string_view name;
  int elo;  // 0 = full strength (no limit)
};
const std::vector<NamedLevel>& named_levels();

// A small deterministic generator (splitmix64).
class StrengthRng {
 public:
  explicit StrengthRng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }  // [0, 1)

 private:
  std::uint64_t state_;
};

// Applies a level to the limits of one search: the node budget (on top of any
// clock or other limit, so a level never thinks longer than full strength
// would) and the number of MultiPV lines.
void apply_level(const LevelParams& level, SearchLimits& limits, SearchOptions& options);

// Picks the move to play among the search's lines (best first). Returns
// Move::none() only if there are no lines. `lastMoveTo` is the square the
// opponent's last move went to (a recapture there is the most natural move
// of all), or SQ_NONE.
Move choose_move(const Position& root, const std::vector<RootLine>& lines, const LevelParams& level,
                 StrengthRng& rng, Square lastMoveTo);

}  // namespace escaque
