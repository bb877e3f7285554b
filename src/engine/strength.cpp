#include "strength.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "see.h"
#include "small_math.h"

namespace escaque {

int StrengthSettings::effective_elo() const {
  if (limitStrength) return std::clamp(elo, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX);
  return skill_level_to_elo(skillLevel);
}

int skill_level_to_elo(int skill) {
  if (skill >= SKILL_LEVEL_MAX) return STRENGTH_ELO_MAX + 1;
  skill = std::max(skill, 0);
  return STRENGTH_ELO_MIN + skill * (STRENGTH_ELO_MAX - STRENGTH_ELO_MIN) / (SKILL_LEVEL_MAX - 1);
}

namespace {

// Calibration: the Elo a player should have -> the "internal rating" that the
// parameter formula below needs to play at that Elo; linear between the knots.
// Measured against Stockfish 15.1's own UCI_Elo levels, the anchors of the match
// ladder (docs/benchmarks.md, "Strength levels"): Stockfish picks its weakened
// move at a fixed depth and these levels search a fixed node budget, so both
// sides' strength is independent of the machine's load (an earlier calibration
// against time-bound Phalanx on a loaded machine was ~350 Elo off). The knots
// from 1300 up lie on a straight-line fit of five measured (internal, Elo)
// pairs (slope 0.89 Elo per internal point); 1000 interpolates the pooled
// results of two low levels against Stockfish 1350; 600 continues the line
// from 1000 to an earlier self-play result (internal -690 played ~530).
struct Knot {
  double elo, internal;
};
constexpr Knot CALIBRATION[] = {
    {600, -480}, {1000, 1000}, {1300, 1427}, {1500, 1652}, {2000, 2216}, {2200, 2442},
};

double internal_rating(int elo) {
  const int n = int(std::size(CALIBRATION));
  if (elo <= CALIBRATION[0].elo) return CALIBRATION[0].internal;
  for (int i = 1; i < n; ++i) {
    const Knot a = CALIBRATION[i - 1], b = CALIBRATION[i];
    if (elo <= b.elo) return a.internal + (elo - a.elo) * (b.internal - a.internal) / (b.elo - a.elo);
  }
  return CALIBRATION[n - 1].internal;
}

}  // namespace

// x runs from 0 at internal rating 600 to 1 at 2400 (and below 0 under 600).
// The node budget grows geometrically (each doubling of the search is worth
// a roughly constant number of Elo points), while the choice gets sharper:
// fewer candidates, a lower temperature, fewer careless moves.
LevelParams level_params(int elo) {
  elo = std::clamp(elo, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX);
  const double x = (internal_rating(elo) - 600.0) / 1800.0;
  // Above internal 2400 only the node budget keeps growing (two candidates at 10 cp stay).
  const double weak = std::max(0.0, 1.0 - x);
  LevelParams p;
  p.nodes = std::max<std::uint64_t>(20, std::uint64_t(std::llround(30.0 * small_math::exp2(12.0 * x))));
  p.candidates = int(std::lround(2.0 + 6.0 * weak));
  p.temperatureCp = int(std::lround(10.0 + 190.0 * weak * std::sqrt(weak)));
  p.carelessPermille = int(std::lround(150.0 * weak * weak));
  return p;
}

const std::vector<NamedLevel>& named_levels() {
  static const std::vector<NamedLevel> levels = {
      {"beginner", 600}, {"novice", 900},  {"casual", 1200}, {"club", 1500},
      {"strong club", 1800}, {"expert", 2100}, {"full strength", 0},
  };
  return levels;
}

std::uint64_t StrengthRng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void apply_level(const LevelParams& level, SearchLimits& limits, SearchOptions& options) {
  limits.softNodes = level.nodes;
  options.multiPV = std::max(options.multiPV, level.candidates);
}

namespace {

// Scores far beyond material (mates) are squashed so that a mate is chosen
// (almost) always, without overflowing the exponent; a shorter mate is much
// more obvious than a longer one (a mate in one is never "equal" to a mate in
// two, which would let a level wander about a won position).
double choice_score(Value v) {
  if (v >= VALUE_MATE_IN_MAX_PLY) return 3000.0 + 1000.0 / std::max(1, VALUE_MATE - v);
  if (v <= -VALUE_MATE_IN_MAX_PLY) return -3000.0 - 1000.0 / std::max(1, VALUE_MATE + v);
  return std::clamp(double(v), -2500.0, 2500.0);
}

// How obvious a move is to a human, in units of the level's temperature (so
// it matters where the choice is noisy and fades where it is sharp):
// recapturing on the square the opponent just took on comes first, then
// captures that do not lose material, then checks.
double naturalness(const Position& pos, Move m, Square lastMoveTo) {
  if (pos.is_capture(m) && see_ge(pos, m, 0)) return m.to() == lastMoveTo ? 2.0 : 0.7;
  if (pos.gives_check(m)) return 0.35;
  return 0.0;
}

}  // namespace

Move choose_move(const Position& root, const std::vector<RootLine>& lines, const LevelParams& level,
                 StrengthRng& rng, Square lastMoveTo) {
  if (lines.empty()) return Move::none();
  // Only lines with a real score from the completed iteration take part.
  int n = 0;
  while (n < int(lines.size()) && n < std::max(level.candidates, 1) && lines[n].score != VALUE_NONE &&
         lines[n].score > -VALUE_INFINITE)
    ++n;
  if (n <= 1 || level.temperatureCp <= 0) return lines[0].move;

  double temperature = level.temperatureCp;
  if (rng.uniform() * 1000.0 < level.carelessPermille) temperature *= 3.0;

  const double best = choice_score(lines[0].score);
  double weights[256];
  n = std::min(n, 256);
  double total = 0.0;
  for (int i = 0; i < n; ++i) {
    const double s = (choice_score(lines[i].score) - best) / temperature + naturalness(root, lines[i].move, lastMoveTo);
    weights[i] = small_math::exp(std::min(s, 50.0));
    total += weights[i];
  }
  double r = rng.uniform() * total;
  for (int i = 0; i < n; ++i) {
    if (r < weights[i]) return lines[i].move;
    r -= weights[i];
  }
  return lines[n - 1].move;
}

}  // namespace escaque
