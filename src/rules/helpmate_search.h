// Searches behind the dead-position analysis.
//
//  - explore_reachable(): visits every position reachable from pos (a graph
//    search with a visited set, so cycles and transpositions cost nothing),
//    not expanding positions the static analysis proves unwinnable. If it
//    runs out of positions without meeting a mate by `winner`, no mate
//    exists: a proof. Meeting one is a proof of the opposite.
//  - find_helpmate(): a goal-directed, incomplete helpmate search (both sides
//    cooperate; moves that bring the winner's pieces to the loser's king,
//    and the loser's king to an edge, first). Finding a mate is a proof that
//    one exists; not finding one proves nothing.
// Both stop at a node budget.
#pragma once

#include "../core/position.h"

namespace escaque::dead {

enum class SearchResult { Mate, NoMate, Unknown };

struct SearchStats {
  int nodes = 0;
  int matePlies = 0;  // length of the mate found, in plies
};

SearchResult explore_reachable(const Position& pos, Color winner, int maxNodes, SearchStats& stats);

SearchResult find_helpmate(const Position& pos, Color winner, int maxNodes, SearchStats& stats);

}  // namespace escaque::dead
