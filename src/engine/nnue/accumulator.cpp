#include "accumulator.h"

#include "simd.h"

namespace escaque::nnue {

namespace {

struct PieceSquare {
  Piece piece;
  Square square;
};

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color p : {WHITE, BLACK}) {
    simd::copy(acc.values[p], net.ftBias);
    for (Bitboard b = pos.pieces(); b; b &= b - 1) {
      const Square s = lsb(b);
      simd::add_row(acc.values[p], &net.ftWeights[feature(p, pos.piece_on(s), s) * HIDDEN]);
    }
  }
}

void update(const Network& net, const Position& before, Move m, const Accumulator& parent, Accumulator& child) {
  const Color us = before.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece pc = before.piece_on(from);
  PieceSquare added[2] = {}, removed[2] = {};
  int addCount = 0, removeCount = 0;
  if (m.kind() == CASTLING) {  // "king takes rook": `to` is the rook's square
    const bool kingSide = to > from;
    removed[removeCount++] = {pc, from};
    removed[removeCount++] = {before.piece_on(to), to};
    added[addCount++] = {pc, Position::castling_king_to(us, kingSide)};
    added[addCount++] = {before.piece_on(to), Position::castling_rook_to(us, kingSide)};
  } else {
    removed[removeCount++] = {pc, from};
    added[addCount++] = {m.kind() == PROMOTION ? make_piece(us, m.promotion()) : pc, to};
    if (m.kind() == EN_PASSANT) {
      const Square capsq = Square(us == WHITE ? to - 8 : to + 8);
      removed[removeCount++] = {before.piece_on(capsq), capsq};
    } else if (!before.empty(to)) {
      removed[removeCount++] = {before.piece_on(to), to};
    }
  }
  for (Color p : {WHITE, BLACK}) {
    const std::int16_t* add0 = &net.ftWeights[feature(p, added[0].piece, added[0].square) * HIDDEN];
    const std::int16_t* sub0 = &net.ftWeights[feature(p, removed[0].piece, removed[0].square) * HIDDEN];
    if (addCount == 1 && removeCount == 1) {
      simd::add_sub(child.values[p], parent.values[p], add0, sub0);
    } else if (addCount == 1) {
      const std::int16_t* sub1 = &net.ftWeights[feature(p, removed[1].piece, removed[1].square) * HIDDEN];
      simd::add_sub_sub(child.values[p], parent.values[p], add0, sub0, sub1);
    } else {
      const std::int16_t* add1 = &net.ftWeights[feature(p, added[1].piece, added[1].square) * HIDDEN];
      const std::int16_t* sub1 = &net.ftWeights[feature(p, removed[1].piece, removed[1].square) * HIDDEN];
      simd::add_add_sub_sub(child.values[p], parent.values[p], add0, add1, sub0, sub1);
    }
  }
}

int evaluate(const Network& net, const Accumulator& acc, const Position& pos) {
  const Color us = pos.side_to_move();
  const int bucket = output_bucket(popcount(pos.pieces()));
  const std::int16_t* w = net.outWeights[bucket];
  // Each half's sum apart: together they could pass 2^31 for extreme weights.
  const std::int64_t squares = std::int64_t(simd::screlu_dot(acc.values[us], w)) +
                               simd::screlu_dot(acc.values[~us], w + HIDDEN);
  return int((squares / QA + net.outBias[bucket]) * SCALE / (QA * QB));
}

}  // namespace escaque::nnue
