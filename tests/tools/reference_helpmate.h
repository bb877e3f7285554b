// Reference helpmate search for checking the dead-position analysis: plain,
// exhaustive and independent of it (only the move generator is shared).
//
//  - helpmate_within(pos, winner, plies): is there a series of at most
//    `plies` legal moves ending in mate by `winner`? Full width, with a table
//    of positions already searched to at least the same depth.
//  - reachable_mate(pos, winner, maxNodes): visits every reachable position
//    (no pruning at all); says whether a mate by `winner` is among them, or
//    that the set was larger than maxNodes.
// Header-only: used by tests/unit/dead_position_test.cpp and dead_bench.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"

namespace escaque::reference {

inline bool is_mate_by(const Position& pos, Color winner) {
  return pos.side_to_move() != winner && pos.in_check() && !has_legal_move(pos);
}

class BoundedHelpmate {
 public:
  explicit BoundedHelpmate(Color winner) : winner_(winner) {}

  bool within(Position& pos, int plies) {
    if (!has_legal_move(pos)) return pos.in_check() && pos.side_to_move() != winner_;
    if (plies == 0) return false;
    auto it = searched_.find(pos.key());
    if (it != searched_.end() && it->second >= plies) return false;
    MoveList moves = legal_moves(pos);
    for (Move m : moves) {
      UndoInfo undo;
      pos.do_move(m, undo);
      bool mate = within(pos, plies - 1);
      pos.undo_move(m, undo);
      if (mate) return true;
    }
    searched_[pos.key()] = plies;
    return false;
  }
  std::size_t positions() const { return searched_.size(); }

 private:
  Color winner_;
  std::unordered_map<Key, int> searched_;
};

inline bool helpmate_within(const Position& start, Color winner, int plies) {
  Position pos = start;
  BoundedHelpmate search(winner);
  return search.within(pos, plies);
}

enum class Reachable { Mate, NoMate, TooLarge };

// Breadth-first over copies of positions: simple rather than fast.
inline Reachable reachable_mate(const Position& start, Color winner, std::size_t maxNodes) {
  std::unordered_set<Key> seen{start.key()};
  std::vector<Position> frontier{start};
  while (!frontier.empty()) {
    std::vector<Position> next;
    for (Position& pos : frontier) {
      if (is_mate_by(pos, winner)) return Reachable::Mate;
      MoveList moves = legal_moves(pos);
      for (Move m : moves) {
        UndoInfo undo;
        pos.do_move(m, undo);
        if (seen.insert(pos.key()).second) {
          if (seen.size() > maxNodes) return Reachable::TooLarge;
          next.push_back(pos);
        }
        pos.undo_move(m, undo);
      }
    }
    frontier.swap(next);
  }
  return Reachable::NoMate;
}

}  // namespace escaque::reference
