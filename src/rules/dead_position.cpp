#include "dead_position.h"

#include <algorithm>

#include "../core/bitboard.h"
#include "../core/movegen.h"
#include "dead_cache.h"
#include "dead_static.h"
#include "helpmate_search.h"

namespace escaque {

namespace {

bool one_king_each(const Position& pos) {
  return popcount(pos.pieces(WHITE, KING)) == 1 && popcount(pos.pieces(BLACK, KING)) == 1;
}

MateAnalysis verdict(MateVerdict v, MateReason why, int nodes = 0) {
  MateAnalysis a;
  a.verdict = v;
  a.reason = why;
  a.nodes = nodes;
  return a;
}

// The search can prove "cannot" only by visiting every reachable position.
// Without pawns nothing is ever locked: kings and pieces roam, and the
// reachable set is out of any budget's reach unless almost every move is
// forced (the proofs met on 69 000 labelled positions took at most 20
// positions). A long search there could only find a helpmate, which changes
// nothing ("unknown" counts as "can" too), so it is kept short.
int search_budget(const Position& pos, const MateLimits& limits) {
  return pos.pieces(PAWN) ? limits.maxNodes : std::min(limits.maxNodes, limits.maxNodesWithoutPawns);
}

// Positions the quick attempt looks at per side before the full analysis.
// Tuned on the positions of random games (dead_bench --games, then
// --dead-only): 64, 256 and 1000 gave a mean of 0.28, 0.24 and 0.30 ms
// natively, against 0.37 ms without the attempt (docs/dead-positions.md).
constexpr int QUICK_HELPMATE_NODES = 256;

// A cheap proof that `side` can mate: a helpmate met by the short
// search (dead::find_helpmate_quickly). Only a "yes" is an answer; "no"
// means "not shown" and the full analysis decides. Sound because a helpmate
// found is a series of legal moves ending in mate by `side`, so the full
// analysis, which is sound, could never have answered "cannot" for it.
bool helpmate_found_quickly(const Position& pos, Color side) {
  if (!one_king_each(pos) || pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move()), pos.pieces()))
    return false;
  dead::SearchStats stats;
  return dead::find_helpmate_quickly(pos, side, QUICK_HELPMATE_NODES, stats) == dead::SearchResult::Mate;
}

}  // namespace

const char* mate_reason_name(MateReason reason) {
  switch (reason) {
    case MateReason::AlreadyMate: return "already-mate";
    case MateReason::GameOver: return "game-over";
    case MateReason::NoKing: return "no-king";
    case MateReason::Material: return "material";
    case MateReason::Blockade: return "blockade";
    case MateReason::Search: return "search";
    case MateReason::HelpmateFound: return "helpmate-found";
    case MateReason::Limit: return "limit";
  }
  return "?";
}

MateAnalysis analyse_checkmate(const Position& pos, Color side, const MateLimits& limits) {
  if (!one_king_each(pos) || pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move()),
                                             pos.pieces()))
    return verdict(MateVerdict::Unknown, MateReason::NoKing);
  if (!has_legal_move(pos)) {
    if (pos.in_check())
      return verdict(pos.side_to_move() == side ? MateVerdict::Cannot : MateVerdict::Can, MateReason::AlreadyMate);
    return verdict(MateVerdict::Cannot, MateReason::GameOver);
  }
  if (dead::material_cannot_mate(pos, side)) return verdict(MateVerdict::Cannot, MateReason::Material);
  if (dead::statically_unwinnable(pos, side)) return verdict(MateVerdict::Cannot, MateReason::Blockade);
  if (limits.maxNodes <= 0) return verdict(MateVerdict::Unknown, MateReason::Limit);
  dead::SearchStats stats;
  switch (dead::explore_reachable(pos, side, search_budget(pos, limits), stats)) {
    case dead::SearchResult::Mate: {
      MateAnalysis a = verdict(MateVerdict::Can, MateReason::HelpmateFound, stats.nodes);
      a.helpmatePlies = stats.matePlies;
      return a;
    }
    case dead::SearchResult::NoMate: return verdict(MateVerdict::Cannot, MateReason::Search, stats.nodes);
    case dead::SearchResult::Unknown: break;
  }
  return verdict(MateVerdict::Unknown, MateReason::Limit, stats.nodes);
}

bool can_checkmate(const Position& pos, Color side) {
  return helpmate_found_quickly(pos, side) || analyse_checkmate(pos, side).verdict != MateVerdict::Cannot;
}

bool can_checkmate_static(const Position& pos, Color side) {
  MateLimits none;
  none.maxNodes = 0;
  return analyse_checkmate(pos, side, none).verdict != MateVerdict::Cannot;
}

namespace {

bool analyse_dead(const Position& pos) {
  // Ordinary positions are alive, and a short helpmate attempt usually shows
  // it for one side or the other within a few dozen positions: first for the
  // side with more material (the side to move when equal), which more often
  // has a mate within reach (13 % less time than the side to move first).
  const Color first = dead::material(pos, ~pos.side_to_move()) > dead::material(pos, pos.side_to_move())
                          ? ~pos.side_to_move() : pos.side_to_move();
  for (Color c : {first, ~first})
    if (helpmate_found_quickly(pos, c)) return false;
  // Then a quick look at both sides: when either side has a helpmate that
  // is easy to find, the other side's full analysis is never needed.
  MateLimits quick;
  quick.maxNodes = 2000;
  const MateLimits full;
  MateVerdict verdicts[COLOR_NB];
  for (Color c : {WHITE, BLACK}) {
    verdicts[c] = analyse_checkmate(pos, c, quick).verdict;
    if (verdicts[c] == MateVerdict::Can) return false;
  }
  // A side left unknown gets the full budget, unless that is the budget it just had (positions
  // without pawns, search_budget): the same search would only say "unknown" again.
  const bool sameBudget = search_budget(pos, full) == search_budget(pos, quick);
  for (Color c : {WHITE, BLACK})
    if (verdicts[c] == MateVerdict::Unknown && (sameBudget || analyse_checkmate(pos, c, full).verdict != MateVerdict::Cannot))
      return false;
  return true;
}

}  // namespace

bool is_dead_position(const Position& pos) {
  bool dead;
  if (dead::cached_verdict(pos, dead)) return dead;
  dead = analyse_dead(pos);
  dead::remember_verdict(pos, dead);
  return dead;
}

bool is_insufficient_material(const Position& pos) {
  if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
  Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
  if (popcount(minors) <= 1) return true;
  if (pos.pieces(KNIGHT)) return false;
  Bitboard bishops = pos.pieces(BISHOP);
  return !(bishops & LIGHT_SQUARES_BB) || !(bishops & DARK_SQUARES_BB);
}

}  // namespace escaque
