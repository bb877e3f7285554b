// The shape of the evaluation network (docs/engine.md, "NNUE evaluation"):
//
//   768 inputs per perspective (colour relative to the perspective x 6 piece
//   types x 64 squares, the board flipped for Black) -> HIDDEN accumulator
//   values per perspective (int16, updated incrementally) -> squared clipped
//   ReLU, clamp(x, 0, QA)^2 -> the side to move's half then the other's
//   (2 x HIDDEN) -> one output, from one of OUTPUT_BUCKETS output layers chosen
//   by the number of pieces on the board. Quantisation: feature weights and
//   biases x QA, output weights x QB, output bias x QA*QB; the sum of
//   clamp(x, 0, QA)^2 x weight is divided by QA, the bias added, and the result
//   times SCALE / (QA*QB) is centipawns.
//
// The trainer (tools/nnue/train.cpp) uses these same definitions.
#pragma once

#include "../../core/types.h"

namespace escaque::nnue {

constexpr int INPUTS = 768;
constexpr int HIDDEN = 128;
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int SCALE = 400;
constexpr int OUTPUT_BUCKETS = 8;

// The output layer for a position with `pieces` pieces (kings included, 2..32): 4 piece counts each.
constexpr int output_bucket(int pieces) { return pieces <= 2 ? 0 : pieces >= 32 ? OUTPUT_BUCKETS - 1 : (pieces - 2) / 4; }

// Input index of piece pc on square s, seen from `perspective`.
constexpr int feature(Color perspective, Piece pc, Square s) {
  const int relative = color_of(pc) != perspective;
  const int sq = perspective == WHITE ? int(s) : int(s) ^ 56;
  return (relative * 6 + type_of(pc)) * 64 + sq;
}

}  // namespace escaque::nnue
