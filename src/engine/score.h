// Search values and tapered evaluation scores.
//
// A Value is a centipawn-like integer from the point of view of the side to
// move. Mate scores count plies: mate_in(3) is "mate after three more plies".
// The transposition table stores mate scores relative to the node where they
// were found (see value_to_tt), because the same position can be reached at
// different distances from the root.
#pragma once

#include <cstdint>

namespace escaque {

using Value = int;

constexpr int MAX_PLY = 128;  // deepest ply the search visits (stack arrays are sized by it)

constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;  // "no value stored"
// Any |value| at or above this is a mate score.
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
// Evaluation results always stay well below mate scores.
constexpr Value VALUE_EVAL_MAX = 20000;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY; }

// Mate scores become "distance from this node" when stored and "distance from
// the root" when read back.
constexpr Value value_to_tt(Value v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}
constexpr Value value_from_tt(Value v, int ply) {
  if (v == VALUE_NONE) return VALUE_NONE;
  return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= -VALUE_MATE_IN_MAX_PLY ? v + ply : v;
}

// A tapered score: one value for the middlegame, one for the endgame. The
// evaluation blends them by the amount of material left on the board.
struct S {
  int mg = 0, eg = 0;
  constexpr S() = default;
  constexpr S(int m, int e) : mg(m), eg(e) {}
  constexpr S operator+(S o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr S operator-(S o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr S operator-() const { return {-mg, -eg}; }
  constexpr S operator*(int k) const { return {mg * k, eg * k}; }
  constexpr S& operator+=(S o) { mg += o.mg; eg += o.eg; return *this; }
  constexpr S& operator-=(S o) { mg -= o.mg; eg -= o.eg; return *this; }
  constexpr bool operator==(const S&) const = default;
};

}  // namespace escaque
