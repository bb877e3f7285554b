// The search behind the dead-position analysis.
//
// explore_reachable() visits every position reachable from pos (a graph
// search with a visited set, so cycles and transpositions cost nothing), not
// expanding positions the static analysis proves unwinnable. If it runs out of
// positions without meeting a mate by `winner`, no mate exists: a proof.
// Meeting one proves the opposite. It goes depth first, trying first the moves
// that look like progress towards a mate (the winner's pieces closing in on
// the loser's king, the loser's king walking towards them, the loser's units
// gathering round their king, promotions), so that in positions with mating
// material a helpmate is usually met within a few hundred positions: the
// order decides only how fast, never what is proven. At each of the winner's
// positions it also looks for a mate in one, which the order may not try first.
// It stops at a node budget.
#pragma once

#include "../core/position.h"

namespace escaque::dead {

enum class SearchResult { Mate, NoMate, Unknown };

struct SearchStats {
  int nodes = 0;
  int matePlies = 0;  // length of the line to the mate found, in plies (not the shortest)
};

SearchResult explore_reachable(const Position& pos, Color winner, int maxNodes, SearchStats& stats);

// A short attempt at a helpmate, for proving a position alive cheaply: the
// same search and order without the full static analysis after captures
// (only the material rules, which cost next to nothing). In the positions of
// ordinary games that analysis costs far more than the positions it saves,
// and a helpmate is usually met within a few dozen positions. A Mate is a
// real line of legal moves ending in mate by `winner`: a proof. Returns Mate,
// or Unknown when the budget runs out (or NoMate when every reachable
// position was visited, which only small positions allow).
SearchResult find_helpmate_quickly(const Position& pos, Color winner, int maxNodes, SearchStats& stats);

}  // namespace escaque::dead
