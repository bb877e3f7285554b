// The quantised network's weights, and its file format (what the trainer
// exports and the engine embeds). All little-endian:
//
//   bytes 0..7    magic "ESQNNUE2" (squared clipped ReLU, output buckets)
//   bytes 8..11   uint32 number of inputs (768)
//   bytes 12..15  uint32 hidden size (HIDDEN)
//   bytes 16..19  uint32 number of output buckets (OUTPUT_BUCKETS)
//   then int16 feature weights [INPUTS][HIDDEN] (input-major), int16 feature
//   biases [HIDDEN], int16 output weights [OUTPUT_BUCKETS][2 * HIDDEN] (in each
//   bucket the side to move's half first), int32 output biases [OUTPUT_BUCKETS].
// Output weights must lie within +-127 (the trainer clips them): the kernels
// multiply them by clamp(x, 0, QA) in 16 bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "arch.h"

namespace escaque::nnue {

struct Network {
  alignas(64) std::int16_t ftWeights[INPUTS * HIDDEN];
  alignas(64) std::int16_t ftBias[HIDDEN];
  alignas(64) std::int16_t outWeights[OUTPUT_BUCKETS][2 * HIDDEN];
  std::int32_t outBias[OUTPUT_BUCKETS];
};

constexpr int MAX_OUTPUT_WEIGHT = 127;
constexpr std::size_t NETWORK_FILE_BYTES =
    20 + 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;

// Reads a weights file's bytes into `net`. False with a reason in `error` (and
// `net` unchanged) when the bytes are not a network of this build's shape, or an
// output weight lies outside +-MAX_OUTPUT_WEIGHT.
bool load_network(const std::uint8_t* data, std::size_t size, Network& net, std::string& error);
std::vector<std::uint8_t> save_network(const Network& net);

// The network built into the engine (src/engine/nnue/default.nnue); nullptr
// only if that file does not match this build's shape (a unit test checks it does).
const Network* default_network();
// Whether this build carries a usable network: true natively and in escaque-engine*.wasm, false in
// escaque.wasm (its empty network, cmake/nnue.cmake), where it costs no code.
bool has_default_network();

}  // namespace escaque::nnue
