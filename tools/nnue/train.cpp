// Trains the evaluation network (src/engine/nnue/arch.h) on the records of
// escaque_nnue_datagen and exports it quantised (src/engine/nnue/network.h).
//
//   escaque_nnue_train --data DIR --out FILE.nnue [--epochs 20] [--batch 4096] [--lr 0.001]
//                      [--lambda 0.75] [--decay 0] [--init FILE.nnue] [--init-features FILE.nnue] [--seed 1]
//                      [--max-positions N]
//
// Data: every DIR/chunk-*.bin; chunks whose index is 19 mod 20 are held out for
// validation (whole games, as a chunk holds whole games). Each training
// position is also used mirrored left-right (files a..h swapped) with
// probability 1/2: the records keep no castling rights, so the network sees
// nothing that mirroring changes.
// Target: lambda * sigmoid(score / SCALE) + (1 - lambda) * result, from the
// side to move's point of view; loss: squared error against sigmoid(output),
// output in units of SCALE centipawns. Adam; the learning rate falls by 10x
// over the last 30% of the epochs. Feature weights are clipped to +-1.98 so
// that the int16 accumulator cannot overflow (32 pieces x 1.98 x QA < 32767),
// output weights to +-1.98 so that they quantise within +-127 (network.h).
// The hidden layer is a squared clipped ReLU, clamp(x, 0, 1)^2, and each of the
// OUTPUT_BUCKETS output layers learns from the positions with its piece count.
// The exported network is the epoch with the lowest validation loss (the last
// one when there is no validation data): with little data the net overfits.
// --decay D shrinks every weight by lr * D per step (decoupled weight decay).
// --init starts from an exported network (continued training, new data).
// --init-features takes only the feature layer (weights and biases) from an
// ESQNNUE1 or ESQNNUE2 file: a new output shape starting from an older net.
// It also prints the hand-written evaluation's validation loss, the bar to beat.
// One thread: the machine is shared.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/nnue/accumulator.h"
#include "engine/nnue/network.h"
#include "network_file.h"
#include "training_record.h"

using namespace escaque;
using namespace escaque::nnue;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string data, out, init, initFeatures;
  int epochs = 20, batch = 4096;
  double lr = 0.001, lambda = 0.75, decay = 0;
  unsigned seed = 1;
  long maxPositions = 0;
};

bool parse_args(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return std::fprintf(stderr, "option %s needs a value\n", a.c_str()), false;
    const char* v = argv[++i];
    char* end = nullptr;
    if (a == "--data") o.data = v;
    else if (a == "--out") o.out = v;
    else if (a == "--init") o.init = v;
    else if (a == "--init-features") o.initFeatures = v;
    else if (a == "--lr" || a == "--lambda" || a == "--decay") {
      const double d = std::strtod(v, &end);
      if (*end || !(d >= 0) || (a == "--lambda" && d > 1)) return std::fprintf(stderr, "bad %s: %s\n", a.c_str(), v), false;
      (a == "--lr" ? o.lr : a == "--lambda" ? o.lambda : o.decay) = d;
    } else {
      const long n = std::strtol(v, &end, 10);
      if (*end || n <= 0) return std::fprintf(stderr, "option %s: '%s' is not a positive number\n", a.c_str(), v), false;
      if (a == "--epochs") o.epochs = int(n);
      else if (a == "--batch") o.batch = int(n);
      else if (a == "--seed") o.seed = unsigned(n);
      else if (a == "--max-positions") o.maxPositions = n;
      else return std::fprintf(stderr, "unknown option %s\n", a.c_str()), false;
    }
  }
  if (o.data.empty() || o.out.empty()) return std::fprintf(stderr, "--data DIR and --out FILE are required\n"), false;
  return true;
}

bool load_chunks(const Options& o, std::vector<nnue_data::Record>& train, std::vector<nnue_data::Record>& valid) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(o.data, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("chunk-", 0) == 0 && e.path().extension() == ".bin") files.push_back(e.path());
  }
  if (ec) return std::fprintf(stderr, "cannot read %s: %s\n", o.data.c_str(), ec.message().c_str()), false;
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    const long index = std::strtol(f.filename().string().c_str() + 6, nullptr, 10);
    std::ifstream in(f, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() % nnue_data::RECORD_BYTES != 0)
      return std::fprintf(stderr, "%s: %zu bytes is not a whole number of records\n", f.c_str(), bytes.size()), false;
    auto& dest = index % 20 == 19 ? valid : train;
    for (std::size_t at = 0; at < bytes.size(); at += nnue_data::RECORD_BYTES) {
      nnue_data::Record r;
      std::string error;
      if (!nnue_data::decode(&bytes[at], r, error))
        return std::fprintf(stderr, "%s: record %zu: %s\n", f.c_str(), at / nnue_data::RECORD_BYTES, error.c_str()),
               false;
      dest.push_back(r);
    }
    if (o.maxPositions && long(train.size()) >= o.maxPositions) break;
  }
  std::printf("data: %zu chunk files, %zu training positions, %zu validation positions\n", files.size(), train.size(),
              valid.size());
  return !train.empty();
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The target from the side to move's point of view.
float target(const nnue_data::Record& r, double lambda) {
  const double sign = r.sideToMove == 0 ? 1.0 : -1.0;
  const double score = sigmoid(sign * r.score / SCALE);
  const double result = r.sideToMove == 0 ? r.result / 2.0 : 1.0 - r.result / 2.0;
  return float(lambda * score + (1 - lambda) * result);
}

struct Features {
  int count = 0;  // pieces on the board, kings included
  int index[COLOR_NB][32];
};

// The active inputs of both perspectives; `mirror` swaps files a..h.
void features_of(const nnue_data::Record& r, bool mirror, Features& f) {
  f.count = 0;
  for (Bitboard b = r.occupancy; b; b &= b - 1, ++f.count) {
    const Piece pc = nnue_data::piece_at(r, f.count);
    const Square s = Square(int(lsb(b)) ^ (mirror ? 7 : 0));
    f.index[WHITE][f.count] = feature(WHITE, pc, s);
    f.index[BLACK][f.count] = feature(BLACK, pc, s);
  }
}

struct Model {
  std::vector<float> w1 = std::vector<float>(INPUTS * HIDDEN), b1 = std::vector<float>(HIDDEN),
                     w2 = std::vector<float>(OUTPUT_BUCKETS * 2 * HIDDEN), b2 = std::vector<float>(OUTPUT_BUCKETS);
};

struct Adam {
  std::vector<float> m, v;
  explicit Adam(std::size_t n) : m(n), v(n) {}
  void step(float* w, const float* g, std::size_t n, double lr, int t, float clip, double decay) {
    const float keep = float(1 - lr * decay);
    const double c1 = 1 - std::pow(0.9, t), c2 = 1 - std::pow(0.999, t);
    for (std::size_t i = 0; i < n; ++i) {
      m[i] = 0.9f * m[i] + 0.1f * g[i];
      v[i] = 0.999f * v[i] + 0.001f * g[i] * g[i];
      w[i] = keep * w[i] - float(lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8));
      w[i] = std::clamp(w[i], -clip, clip);
    }
  }
};

// Forward pass; fills the clipped hidden values (side to move's half first, before squaring) and returns
// the output of the position's bucket.
float forward(const Model& m, const Features& f, int stm, float* acc, float* hidden) {
  for (int p = 0; p < 2; ++p) {
    float* a = acc + p * HIDDEN;
    std::copy(m.b1.begin(), m.b1.end(), a);
    for (int i = 0; i < f.count; ++i) {
      const float* row = &m.w1[std::size_t(f.index[p][i]) * HIDDEN];
      for (int j = 0; j < HIDDEN; ++j) a[j] += row[j];
    }
  }
  const int bucket = output_bucket(f.count);
  const float* w2 = &m.w2[std::size_t(bucket) * 2 * HIDDEN];
  float out = m.b2[bucket];
  for (int half = 0; half < 2; ++half) {
    const float* a = acc + (half == 0 ? stm : 1 - stm) * HIDDEN;
    for (int j = 0; j < HIDDEN; ++j) {
      const float h = std::clamp(a[j], 0.0f, 1.0f);
      hidden[half * HIDDEN + j] = h;
      out += h * h * w2[half * HIDDEN + j];
    }
  }
  return out;
}

double validation_loss(const Model& m, const std::vector<nnue_data::Record>& valid, double lambda) {
  std::vector<float> acc(2 * HIDDEN), hidden(2 * HIDDEN);
  Features f;
  double sum = 0;
  for (const auto& r : valid) {
    features_of(r, false, f);
    const double p = sigmoid(forward(m, f, r.sideToMove, acc.data(), hidden.data()));
    sum += (p - target(r, lambda)) * (p - target(r, lambda));
  }
  return valid.empty() ? 0 : sum / double(valid.size());
}

void quantise(const Model& m, Network& net) {
  auto q16 = [](double x) { return std::int16_t(std::clamp(std::lround(x), -32767L, 32767L)); };
  for (int i = 0; i < INPUTS * HIDDEN; ++i) net.ftWeights[i] = q16(m.w1[i] * QA);
  for (int i = 0; i < HIDDEN; ++i) net.ftBias[i] = q16(m.b1[i] * QA);
  for (int b = 0; b < OUTPUT_BUCKETS; ++b) {
    for (int i = 0; i < 2 * HIDDEN; ++i)
      net.outWeights[b][i] = std::int16_t(std::clamp(std::lround(m.w2[b * 2 * HIDDEN + i] * QB),
                                                     long(-MAX_OUTPUT_WEIGHT), long(MAX_OUTPUT_WEIGHT)));
    net.outBias[b] = std::int32_t(std::lround(double(m.b2[b]) * QA * QB));
  }
}

void dequantise(const Network& net, Model& m) {
  for (int i = 0; i < INPUTS * HIDDEN; ++i) m.w1[i] = float(net.ftWeights[i]) / QA;
  for (int i = 0; i < HIDDEN; ++i) m.b1[i] = float(net.ftBias[i]) / QA;
  for (int b = 0; b < OUTPUT_BUCKETS; ++b) {
    for (int i = 0; i < 2 * HIDDEN; ++i) m.w2[b * 2 * HIDDEN + i] = float(net.outWeights[b][i]) / QB;
    m.b2[b] = float(double(net.outBias[b]) / (QA * QB));
  }
}

// The feature layer of an ESQNNUE1 (16-byte header) or ESQNNUE2 (20-byte header) file of this build's
// INPUTS x HIDDEN: both store the feature weights then the biases right after the header.
bool read_feature_layer(const std::string& path, Model& m) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const bool v1 = bytes.size() >= 16 && std::memcmp(bytes.data(), "ESQNNUE1", 8) == 0;
  const bool v2 = bytes.size() >= 20 && std::memcmp(bytes.data(), "ESQNNUE2", 8) == 0;
  const std::size_t header = v1 ? 16 : 20, need = header + 2 * std::size_t(INPUTS * HIDDEN + HIDDEN);
  auto u32 = [&](std::size_t at) { return std::uint32_t(bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16 | bytes[at + 3] << 24); };
  if ((!v1 && !v2) || bytes.size() < need || u32(8) != std::uint32_t(INPUTS) || u32(12) != std::uint32_t(HIDDEN))
    return std::fprintf(stderr, "%s: not an ESQNNUE1/ESQNNUE2 network of shape %dx%d\n", path.c_str(), INPUTS, HIDDEN), false;
  auto i16 = [&](std::size_t k) { return std::int16_t(std::uint16_t(bytes[header + 2 * k] | bytes[header + 2 * k + 1] << 8)); };
  for (std::size_t k = 0; k < std::size_t(INPUTS * HIDDEN); ++k) m.w1[k] = float(i16(k)) / QA;
  for (int k = 0; k < HIDDEN; ++k) m.b1[k] = float(i16(std::size_t(INPUTS * HIDDEN + k))) / QA;
  return true;
}

// The exported network's loss on the validation set through the engine's own integer code.
double quantised_validation_loss(const Network& net, const std::vector<nnue_data::Record>& valid, double lambda) {
  Position pos;
  Accumulator acc;
  double sum = 0;
  for (const auto& r : valid) {
    nnue_data::unpack(r, pos);
    refresh(net, pos, acc);
    const double p = sigmoid(double(evaluate(net, acc, pos)) / SCALE);
    sum += (p - target(r, lambda)) * (p - target(r, lambda));
  }
  return valid.empty() ? 0 : sum / double(valid.size());
}

// The hand-written evaluation's loss on the same positions: the bar a net has to beat.
double hand_written_validation_loss(const std::vector<nnue_data::Record>& valid, double lambda) {
  Position pos;
  double sum = 0;
  for (const auto& r : valid) {
    nnue_data::unpack(r, pos);
    const double p = sigmoid(double(evaluate(pos)) / SCALE);
    sum += (p - target(r, lambda)) * (p - target(r, lambda));
  }
  return valid.empty() ? 0 : sum / double(valid.size());
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse_args(argc, argv, o)) {
    std::fprintf(stderr, "usage: %s --data DIR --out FILE.nnue [--epochs E] [--batch B] [--lr LR] [--lambda L] "
                         "[--decay D] [--init FILE.nnue] [--init-features FILE.nnue] [--seed S] [--max-positions N]\n", argv[0]);
    return 2;
  }
  std::vector<nnue_data::Record> train, valid;
  if (!load_chunks(o, train, valid)) return std::fprintf(stderr, "no training data in %s\n", o.data.c_str()), 1;

  std::mt19937 rng(o.seed);
  Model model;
  auto net = std::make_unique<Network>();
  if (!o.init.empty()) {
    if (!read_network_file(o.init, *net)) return 1;
    dequantise(*net, model);
    std::printf("init: %s\n", o.init.c_str());
  } else {
    std::normal_distribution<float> w1(0.0f, 0.1f), w2(0.0f, 0.05f);
    for (float& w : model.w1) w = w1(rng);
    for (float& w : model.w2) w = w2(rng);
    if (!o.initFeatures.empty()) {
      if (!read_feature_layer(o.initFeatures, model)) return 1;
      std::printf("feature layer from: %s\n", o.initFeatures.c_str());
    }
  }
  std::printf("validation loss at start %.6f (the hand-written evaluation's: %.6f)\n",
              validation_loss(model, valid, o.lambda), hand_written_validation_loss(valid, o.lambda));

  std::vector<float> gw1(model.w1.size()), gb1(HIDDEN), gw2(model.w2.size()), gb2(OUTPUT_BUCKETS);
  Adam adamW1(gw1.size()), adamB1(HIDDEN), adamW2(gw2.size()), adamB2(OUTPUT_BUCKETS);
  std::vector<float> acc(2 * HIDDEN), hidden(2 * HIDDEN), dacc(HIDDEN);
  std::vector<std::uint32_t> order(train.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  Features f;
  int step = 0, bestEpoch = 0;
  double bestLoss = 1e9;
  Model best = model;
  const float w1Clip = 1.98f, w2Clip = 1.98f;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    const auto start = std::chrono::steady_clock::now();
    const double lr = epoch > o.epochs * 0.7 ? o.lr / 10 : o.lr;
    std::shuffle(order.begin(), order.end(), rng);
    double trainLoss = 0;
    for (std::size_t at = 0; at < order.size(); at += std::size_t(o.batch)) {
      const std::size_t end = std::min(order.size(), at + std::size_t(o.batch));
      std::fill(gw1.begin(), gw1.end(), 0.0f);
      std::fill(gb1.begin(), gb1.end(), 0.0f);
      std::fill(gw2.begin(), gw2.end(), 0.0f);
      std::fill(gb2.begin(), gb2.end(), 0.0f);
      for (std::size_t k = at; k < end; ++k) {
        const nnue_data::Record& r = train[order[k]];
        features_of(r, rng() & 1, f);
        const int stm = r.sideToMove;
        const double p = sigmoid(forward(model, f, stm, acc.data(), hidden.data()));
        const double t = target(r, o.lambda);
        trainLoss += (p - t) * (p - t);
        const float g = float(2 * (p - t) * p * (1 - p) / double(end - at));
        const int bucket = output_bucket(f.count);
        const float* w2 = &model.w2[std::size_t(bucket) * 2 * HIDDEN];
        float* g2 = &gw2[std::size_t(bucket) * 2 * HIDDEN];
        gb2[bucket] += g;
        for (int j = 0; j < 2 * HIDDEN; ++j) g2[j] += g * hidden[j] * hidden[j];
        for (int half = 0; half < 2; ++half) {
          const int persp = half == 0 ? stm : 1 - stm;
          const float* a = acc.data() + persp * HIDDEN;
          const float* h = hidden.data() + half * HIDDEN;
          for (int j = 0; j < HIDDEN; ++j)
            dacc[j] = a[j] > 0.0f && a[j] < 1.0f ? 2 * g * h[j] * w2[half * HIDDEN + j] : 0.0f;
          for (int j = 0; j < HIDDEN; ++j) gb1[j] += dacc[j];
          for (int i = 0; i < f.count; ++i) {
            float* row = &gw1[std::size_t(f.index[persp][i]) * HIDDEN];
            for (int j = 0; j < HIDDEN; ++j) row[j] += dacc[j];
          }
        }
      }
      ++step;
      adamW1.step(model.w1.data(), gw1.data(), gw1.size(), lr, step, w1Clip, o.decay);
      adamB1.step(model.b1.data(), gb1.data(), HIDDEN, lr, step, w1Clip, 0);
      adamW2.step(model.w2.data(), gw2.data(), gw2.size(), lr, step, w2Clip, o.decay);
      adamB2.step(model.b2.data(), gb2.data(), OUTPUT_BUCKETS, lr, step, 1e6f, 0);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double validLoss = validation_loss(model, valid, o.lambda);
    std::printf("epoch %d: lr %.5f train loss %.6f validation loss %.6f (%.0f s)\n", epoch, lr,
                trainLoss / double(train.size()), validLoss, secs);
    std::fflush(stdout);
    if (valid.empty() || validLoss < bestLoss) {
      bestLoss = validLoss;
      bestEpoch = epoch;
      best = model;
    }
  }
  model = best;
  std::printf("best epoch %d\n", bestEpoch);

  quantise(model, *net);
  const std::vector<std::uint8_t> bytes = save_network(*net);
  const std::string tmp = o.out + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) return std::fprintf(stderr, "cannot write %s\n", tmp.c_str()), 1;
  }
  std::error_code ec;
  fs::rename(tmp, o.out, ec);
  if (ec) return std::fprintf(stderr, "rename %s: %s\n", tmp.c_str(), ec.message().c_str()), 1;
  Network check;
  if (!read_network_file(o.out, check)) return 1;
  std::printf("exported %s (%zu bytes); quantised validation loss %.6f (float %.6f)\n", o.out.c_str(), bytes.size(),
              quantised_validation_loss(check, valid, o.lambda), validation_loss(model, valid, o.lambda));
  return 0;
}
