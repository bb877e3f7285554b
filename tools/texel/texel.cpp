// Texel's tuning method for the evaluation weights, regularised.
//
// Given positions labelled with the result of the game they came from
// (escaque-datagen), minimise the mean squared error between the result and
// sigmoid(K * eval), eval from White's view; K is fitted on the hand-set
// weights first and then held fixed.
//
// Not every entry of EvalWeights is free: a first run that moved every one of
// them overfit (held-out error flat, implausible values). Instead a few
// hundred *knobs* are tuned, each a fixed pattern added to the hand-set
// weights: piece values; piece-square tables as a per-rank plus a per-file
// (left-right symmetric) correction; the slope and bend of each mobility curve;
// the pawn, piece, threat and king-shelter terms. Each knob has bounds (a
// bonus stays a bonus) and the loss has an L2 penalty pulling every knob back
// to the hand-set value, with its strength lambda chosen on held-out games.
// Mop-up, the known-draw scaling, the king-attack unit counts and tempo are
// not tuned.
//
// The evaluation is linearised around the hand-set weights once (finite
// differences of every knob on every position, stored sparse), Adam then works
// on that linear model, and the result is checked with the real evaluation.
//
//   escaque-texel [--max N] [--holdout PERCENT] [--iterations N] [--lambdas L1,L2,...] [--blend B]
//                 DATA.txt... > weights.inc
//
// --blend B (default 1): train on B x result + (1 - B) x sigmoid(K x search
// score) where the data has datagen's score; errors are always reported, and
// lambda chosen, against the game results alone.
//
// Positions are deduplicated (first occurrence kept); games whose id hashes
// into the held-out percentage are kept apart. Progress and the figures go to
// stderr; the chosen weights are printed as C++ for eval_weights_tuned.inc
// (only the fields that differ from the hand-set values).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/fen.h"
#include "engine/eval.h"

using namespace escaque;

namespace {

constexpr int NUM_INTS = int(sizeof(EvalWeights) / sizeof(int));

struct Sample {
  Position pos;
  float result;
  float score = NAN;  // datagen's search score, White's view; NaN if the file has none
};

// A tunable direction in weight space: weights = hand-set + theta * pattern.
struct Knob {
  std::string name;
  std::vector<std::pair<int, double>> pattern;  // (flat int index, coefficient)
  double lo, hi;      // bounds of theta
  double step;        // finite-difference step
  PieceType psqtPiece = NO_PIECE_TYPE;  // psqt knobs: only positions with this piece on `squares`
  std::uint64_t squares = 0;
};

int flat_index(const EvalWeights& w, const int* p) { return int(p - reinterpret_cast<const int*>(&w)); }

int* flat(EvalWeights& w) { return reinterpret_cast<int*>(&w); }

// Bounds for a knob moving one int of hand-set value v: by at most `range`,
// and never across zero (a penalty stays a penalty, a bonus a bonus).
void bounded(Knob& k, int v, double range) {
  k.lo = -range;
  k.hi = range;
  if (v > 0) k.lo = std::max(k.lo, -double(v));
  if (v < 0) k.hi = std::min(k.hi, -double(v));
}

std::vector<Knob> make_knobs(const EvalWeights& base) {
  std::vector<Knob> knobs;
  auto single = [&](const std::string& name, const int* p, double range, double step = 8) {
    Knob k;
    k.name = name;
    k.pattern = {{flat_index(base, p), 1.0}};
    k.step = step;
    bounded(k, *p, range);
    knobs.push_back(k);
  };
  auto pair = [&](const std::string& name, const S& s, double range) {
    single(name + ".mg", &s.mg, range);
    single(name + ".eg", &s.eg, range);
  };
  static const char* PIECE[] = {"P", "N", "B", "R", "Q", "K"};
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    pair(std::string("pieceValue.") + PIECE[pt], base.pieceValue[pt], 80);

  // Piece-square tables: a correction per rank and per file pair (a/h, b/g, c/f, d/e).
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
    for (int phase = 0; phase < 2; ++phase) {
      for (int r = 0; r < 8; ++r) {
        if (pt == PAWN && (r == 0 || r == 7)) continue;
        Knob k;
        k.name = std::string("psqt.") + PIECE[pt] + ".rank" + char('1' + r) + (phase ? ".eg" : ".mg");
        for (int f = 0; f < 8; ++f) {
          k.pattern.push_back({flat_index(base, &base.psqt[pt][r * 8 + f].mg) + phase, 1.0});
          k.squares |= 1ULL << (r * 8 + f);
        }
        k.lo = -30, k.hi = 30, k.step = 8, k.psqtPiece = pt;
        knobs.push_back(k);
      }
      for (int e = 0; e < 4; ++e) {
        Knob k;
        k.name = std::string("psqt.") + PIECE[pt] + ".file" + char('a' + e) + char('h' - e) + (phase ? ".eg" : ".mg");
        for (int r = 0; r < 8; ++r) {
          if (pt == PAWN && (r == 0 || r == 7)) continue;
          for (int f : {e, 7 - e}) {
            k.pattern.push_back({flat_index(base, &base.psqt[pt][r * 8 + f].mg) + phase, 1.0});
            k.squares |= 1ULL << (r * 8 + f);
          }
        }
        k.lo = -30, k.hi = 30, k.step = 8, k.psqtPiece = pt;
        knobs.push_back(k);
      }
    }

  // Mobility: slope (linear, centred so it does not duplicate the piece value)
  // and bend (0 at both ends, largest in the middle) of each curve.
  auto mobility = [&](const std::string& name, const S* table, int n) {
    for (int phase = 0; phase < 2; ++phase) {
      Knob slope, bend;
      slope.name = name + ".slope" + (phase ? ".eg" : ".mg");
      bend.name = name + ".bend" + (phase ? ".eg" : ".mg");
      for (int i = 0; i < n; ++i) {
        double x = double(i) / (n - 1);
        int idx = flat_index(base, &table[i].mg) + phase;
        slope.pattern.push_back({idx, x - 0.5});
        bend.pattern.push_back({idx, 4 * x * (1 - x)});
      }
      slope.lo = bend.lo = -40, slope.hi = bend.hi = 40, slope.step = bend.step = 16;
      knobs.push_back(slope);
      knobs.push_back(bend);
    }
  };
  mobility("knightMobility", base.knightMobility, 9);
  mobility("bishopMobility", base.bishopMobility, 14);
  mobility("rookMobility", base.rookMobility, 15);
  mobility("queenMobility", base.queenMobility, 28);

  pair("isolatedPawn", base.isolatedPawn, 20);
  pair("doubledPawn", base.doubledPawn, 20);
  pair("backwardPawn", base.backwardPawn, 20);
  for (int r = 1; r <= 6; ++r) {
    pair("connectedPawn" + std::to_string(r), base.connectedPawn[r], 20);
    pair("passedPawn" + std::to_string(r), base.passedPawn[r], 40);
  }
  for (int phase = 0; phase < 2; ++phase) {
    Knob k;  // scales the whole blocked-passer row (shape kept)
    k.name = std::string("passedBlocked.scale") + (phase ? ".eg" : ".mg");
    for (int r = 1; r <= 6; ++r) {
      const int* p = &base.passedBlocked[r].mg + phase;
      if (*p) k.pattern.push_back({flat_index(base, p), *p / 40.0});
    }
    k.lo = -30, k.hi = 30, k.step = 10;  // at most +-75% of each entry
    knobs.push_back(k);
  }
  single("passedKingTheirs", &base.passedKingTheirs, 4, 2);
  single("passedKingOurs", &base.passedKingOurs, 4, 2);
  pair("passedUnopposedPath", base.passedUnopposedPath, 16);
  pair("bishopPair", base.bishopPair, 25);
  pair("rookOpenFile", base.rookOpenFile, 20);
  pair("rookSemiOpenFile", base.rookSemiOpenFile, 15);
  pair("knightOutpost", base.knightOutpost, 20);
  pair("bishopOutpost", base.bishopOutpost, 15);
  pair("minorBehindPawn", base.minorBehindPawn, 10);
  pair("threatByPawn", base.threatByPawn, 30);
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    pair(std::string("threatByMinor.") + PIECE[pt], base.threatByMinor[pt], 30);
  for (PieceType pt : {KNIGHT, BISHOP, QUEEN})
    pair(std::string("threatByRook.") + PIECE[pt], base.threatByRook[pt], 30);
  pair("hangingPiece", base.hangingPiece, 20);
  single("kingDangerQuadratic", &base.kingDangerQuadratic, 10, 4);
  single("kingDangerLinearEg", &base.kingDangerLinearEg, 20, 8);
  for (int i = 0; i < 3; ++i) single("shieldPawn" + std::to_string(i + 1) + ".mg", &base.shieldPawn[i].mg, 15);
  single("kingOpenFile.mg", &base.kingOpenFile.mg, 15);
  return knobs;
}

EvalWeights apply_knobs(const EvalWeights& base, const std::vector<Knob>& knobs, const std::vector<double>& theta) {
  std::vector<double> delta(NUM_INTS, 0.0);
  for (size_t k = 0; k < knobs.size(); ++k)
    for (auto [idx, c] : knobs[k].pattern) delta[idx] += theta[k] * c;
  EvalWeights w = base;
  int* v = flat(w);
  for (int i = 0; i < NUM_INTS; ++i) v[i] += int(std::lround(delta[i]));
  return w;
}

double white_eval(const Position& pos, const EvalWeights& w) {
  int e = evaluate(pos, w);
  return pos.side_to_move() == WHITE ? e : -e;
}

double sigmoid(double K, double e) { return 1.0 / (1.0 + std::pow(10.0, -K * e / 400.0)); }

double mse(const std::vector<Sample>& data, const EvalWeights& w, double K) {
  double sum = 0;
  for (const Sample& s : data) {
    double d = s.result - sigmoid(K, white_eval(s.pos, w));
    sum += d * d;
  }
  return sum / double(data.size());
}

// The linearised evaluation of one data set: e(theta) = e0 + sum_k J_k theta_k.
struct Linear {
  std::vector<float> e0, result;
  std::vector<std::uint32_t> start;  // row starts into knob/coef
  std::vector<std::uint16_t> knob;
  std::vector<float> coef;
};

bool knob_touches(const Knob& k, const Position& pos) {
  if (k.psqtPiece == NO_PIECE_TYPE) return true;
  Bitboard white = pos.pieces(WHITE, k.psqtPiece), black = pos.pieces(BLACK, k.psqtPiece);
  // Black reads the tables through the vertical mirror (square ^ 56).
  Bitboard blackRelative = 0;
  for (Bitboard b = black; b;) blackRelative |= 1ULL << (int(pop_lsb(b)) ^ 56);
  return (white | blackRelative) & k.squares;
}

Linear linearise(const std::vector<Sample>& data, const EvalWeights& base, const std::vector<Knob>& knobs) {
  std::vector<EvalWeights> shifted;
  for (size_t k = 0; k < knobs.size(); ++k) {
    std::vector<double> theta(knobs.size(), 0.0);
    theta[k] = knobs[k].step;
    shifted.push_back(apply_knobs(base, knobs, theta));
  }
  Linear L;
  L.start.push_back(0);
  for (size_t i = 0; i < data.size(); ++i) {
    const Position& pos = data[i].pos;
    double e0 = white_eval(pos, base);
    L.e0.push_back(float(e0));
    L.result.push_back(data[i].result);
    for (size_t k = 0; k < knobs.size(); ++k) {
      if (!knob_touches(knobs[k], pos)) continue;
      double d = white_eval(pos, shifted[k]) - e0;
      if (d != 0) {
        L.knob.push_back(std::uint16_t(k));
        L.coef.push_back(float(d / knobs[k].step));
      }
    }
    L.start.push_back(std::uint32_t(L.knob.size()));
    if ((i + 1) % 100000 == 0) std::fprintf(stderr, "  linearised %zu positions\n", i + 1);
  }
  return L;
}

// Mean squared error of the linear model against `target` (the game results
// unless given); adds its gradient to grad if given.
double linear_mse(const Linear& L, const std::vector<double>& theta, double K, std::vector<double>* grad,
                  const std::vector<float>* target = nullptr) {
  const std::vector<float>& y = target ? *target : L.result;
  const double c = K * std::log(10.0) / 400.0;
  double sum = 0;
  const size_t n = L.e0.size();
  for (size_t i = 0; i < n; ++i) {
    double e = L.e0[i];
    for (std::uint32_t j = L.start[i]; j < L.start[i + 1]; ++j) e += L.coef[j] * theta[L.knob[j]];
    double p = 1.0 / (1.0 + std::exp(-c * e));
    double d = y[i] - p;
    sum += d * d;
    if (grad) {
      double g = -2.0 * d * p * (1 - p) * c / double(n);
      for (std::uint32_t j = L.start[i]; j < L.start[i + 1]; ++j) (*grad)[L.knob[j]] += g * L.coef[j];
    }
  }
  return sum / double(n);
}

// Adam on the linear model with the L2 pull toward theta = 0 (the hand-set
// weights), each knob's penalty scaled by its range so that wide and narrow
// knobs are pulled alike; theta is projected back into its bounds every step.
std::vector<double> fit(const Linear& L, const std::vector<float>& target, const std::vector<Knob>& knobs, double K,
                        double lambda, int iterations) {
  const size_t m = knobs.size();
  std::vector<double> theta(m, 0.0), mom(m, 0.0), var(m, 0.0);
  const double b1 = 0.9, b2 = 0.999, eps = 1e-12;
  for (int it = 1; it <= iterations; ++it) {
    std::vector<double> grad(m, 0.0);
    linear_mse(L, theta, K, &grad, &target);
    const double lr = 1.0 * (it < iterations / 2 ? 1.0 : 0.3);
    for (size_t k = 0; k < m; ++k) {
      double range = std::max(knobs[k].hi - knobs[k].lo, 1.0) / 2;
      grad[k] += 2 * lambda * theta[k] / (range * range);
      mom[k] = b1 * mom[k] + (1 - b1) * grad[k];
      var[k] = b2 * var[k] + (1 - b2) * grad[k] * grad[k];
      double mh = mom[k] / (1 - std::pow(b1, it)), vh = var[k] / (1 - std::pow(b2, it));
      theta[k] = std::clamp(theta[k] - lr * mh / (std::sqrt(vh) + eps), knobs[k].lo, knobs[k].hi);
    }
  }
  return theta;
}

void print_changed(EvalWeights& w, const EvalWeights& base) {
  std::printf("// Generated by tools/texel (escaque-texel); do not edit by hand.\n");
  EvalWeights b = base;
  std::vector<std::pair<int*, int>> baseFields;
  for_each_weight(b, [&](const char*, int* data, int count, bool) { baseFields.push_back({data, count}); });
  size_t i = 0;
  for_each_weight(w, [&](const char* name, int* data, int count, bool) {
    const int* old = baseFields[i++].first;
    if (std::memcmp(data, old, sizeof(int) * size_t(count)) == 0) return;
    std::printf("set(w.%s, {", name);
    for (int j = 0; j < count; ++j) std::printf("%s%d", j == 0 ? "" : j % 16 == 0 ? ",\n    " : ", ", data[j]);
    std::printf("});\n");
  });
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  size_t maxPositions = 2000000;
  int holdoutPercent = 20;
  std::vector<double> lambdas = {0.0, 1e-5, 3e-5, 1e-4, 3e-4};
  int iterations = 400;
  double blend = 1.0;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--max" && i + 1 < argc) maxPositions = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--holdout" && i + 1 < argc) holdoutPercent = std::atoi(argv[++i]);
    else if (a == "--iterations" && i + 1 < argc) iterations = std::atoi(argv[++i]);
    else if (a == "--blend" && i + 1 < argc) blend = std::atof(argv[++i]);
    else if (a == "--lambdas" && i + 1 < argc) {
      lambdas.clear();
      std::string list = argv[++i];
      for (size_t p = 0; p < list.size();) {
        size_t q = list.find(',', p);
        lambdas.push_back(std::atof(list.substr(p, q - p).c_str()));
        p = q == std::string::npos ? list.size() : q + 1;
      }
    } else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr,
                 "usage: %s [--max N] [--holdout PERCENT] [--iterations N] [--lambdas L,...] [--blend B] DATA.txt... > out.inc\n",
                 argv[0]);
    return 2;
  }
  std::vector<Sample> train, holdout;
  std::unordered_set<Key> seen;
  size_t lines = 0, duplicates = 0, bad = 0;
  std::unordered_set<long> trainGames, holdoutGames;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", file.c_str());
      return 1;
    }
    std::string line;
    while (std::getline(in, line) && train.size() + holdout.size() < maxPositions) {
      ++lines;
      size_t a = line.find(';'), b = line.find(';', a + 1);
      if (a == std::string::npos || b == std::string::npos) {
        ++bad;
        continue;
      }
      Sample s;
      if (parse_fen(line.substr(0, a), s.pos)) {
        ++bad;
        continue;
      }
      if (!seen.insert(s.pos.key()).second) {
        ++duplicates;
        continue;
      }
      s.result = float(std::atof(line.c_str() + a + 1));
      long game = std::atol(line.c_str() + b + 1);
      size_t c = line.find(';', b + 1);
      if (c != std::string::npos) s.score = float(std::atof(line.c_str() + c + 1));
      bool held = mix(std::uint64_t(game)) % 100 < std::uint64_t(holdoutPercent);
      (held ? holdoutGames : trainGames).insert(game);
      (held ? holdout : train).push_back(s);
    }
  }
  std::fprintf(stderr, "%zu lines: %zu training positions (%zu games), %zu held out (%zu games), %zu duplicates, %zu bad\n",
               lines, train.size(), trainGames.size(), holdout.size(), holdoutGames.size(), duplicates, bad);

  const EvalWeights base = make_hand_set_weights();
  std::vector<Knob> knobs = make_knobs(base);
  std::fprintf(stderr, "%zu knobs\n", knobs.size());
  Linear Ltrain = linearise(train, base, knobs);
  Linear Lhold = linearise(holdout, base, knobs);
  std::fprintf(stderr, "linear model: %.1f non-zero terms per position\n",
               double(Ltrain.knob.size()) / double(train.size()));

  std::vector<double> zero(knobs.size(), 0.0);
  double lo = 0.2, hi = 3.0;
  for (int i = 0; i < 50; ++i) {
    double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
    if (linear_mse(Ltrain, zero, a, nullptr) < linear_mse(Ltrain, zero, b, nullptr)) hi = b;
    else lo = a;
  }
  const double K = (lo + hi) / 2;
  const double baseTrain = mse(train, base, K), baseHold = mse(holdout, base, K);
  std::fprintf(stderr, "K = %.4f; hand-set weights: train MSE %.6f, held-out MSE %.6f\n", K, baseTrain, baseHold);

  // The training target: the game result, or a blend of it with the
  // datagen search's verdict on the position (less noisy than one game's
  // result; blend = weight of the result).
  std::vector<float> target = Ltrain.result;
  size_t blended = 0;
  for (size_t i = 0; i < train.size(); ++i)
    if (blend < 1.0 && !std::isnan(train[i].score)) {
      target[i] = float(blend * train[i].result + (1 - blend) * sigmoid(K, train[i].score));
      ++blended;
    }
  if (blend < 1.0)
    std::fprintf(stderr, "target: %.2f x result + %.2f x sigmoid(K x search score) on %zu positions\n", blend,
                 1 - blend, blended);

  double bestHold = baseHold;
  std::vector<double> bestTheta = zero;
  double bestLambda = -1;
  for (double lambda : lambdas) {
    std::vector<double> theta = fit(Ltrain, target, knobs, K, lambda, iterations);
    EvalWeights w = apply_knobs(base, knobs, theta);
    double tr = mse(train, w, K), ho = mse(holdout, w, K);
    std::fprintf(stderr, "lambda %g: linear model train %.6f held-out %.6f; real eval train %.6f held-out %.6f\n",
                 lambda, linear_mse(Ltrain, theta, K, nullptr), linear_mse(Lhold, theta, K, nullptr), tr, ho);
    if (ho < bestHold) bestHold = ho, bestTheta = theta, bestLambda = lambda;
  }
  if (bestLambda < 0) {
    std::fprintf(stderr, "no lambda improved the held-out error: keeping the hand-set weights\n");
  } else {
    std::fprintf(stderr, "chosen lambda %g: held-out MSE %.6f -> %.6f\n", bestLambda, baseHold, bestHold);
    for (size_t k = 0; k < knobs.size(); ++k)
      if (std::fabs(bestTheta[k]) >= 0.5)
        std::fprintf(stderr, "  %-28s %+6.1f%s\n", knobs[k].name.c_str(), bestTheta[k],
                     bestTheta[k] <= knobs[k].lo + 1e-9 || bestTheta[k] >= knobs[k].hi - 1e-9 ? "  (at bound)" : "");
  }
  EvalWeights w = apply_knobs(base, knobs, bestTheta);
  print_changed(w, base);
  return 0;
}
