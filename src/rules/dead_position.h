// Dead positions (FIDE Art. 5.2.2 / 9.6) and the flag-fall rule (Art. 6.9):
// can a side still checkmate by *any* series of legal moves, the opponent
// cooperating (a helpmate)?
//
// Answers are sound: "cannot" is returned only when it is proven. Whenever the
// analysis is not sure, it answers "can mate" (the safe side: a game is never
// declared drawn, nor a flag fall excused, while a mate is possible).
// The method and its limits are documented in docs/dead-positions.md.
//
// Draw rules that end a game by themselves (75 moves, fivefold repetition)
// are not considered: like the Laws' "any possible series of legal moves",
// the analysis looks at the board only.
#pragma once

#include <cstdint>

#include "../core/position.h"

namespace escaque {

// True unless it is proven that `side` can never deliver checkmate from pos.
// Usually well under a millisecond; at worst the search's node limit (tens of
// milliseconds): fine per move or per flag fall, too slow for an engine's
// evaluation, which should use can_checkmate_static().
bool can_checkmate(const Position& pos, Color side);

// The same without any search: material rules and the reachability analysis
// only (a few microseconds). Still sound; proves fewer positions dead (not
// forced lines, nor small positions that need exploring).
bool can_checkmate_static(const Position& pos, Color side);

// Neither side can ever checkmate: the game is drawn at once (Art. 9.6.2).
// A short helpmate attempt runs first (a mate met shows the position alive),
// and the last 64 answers per thread are kept, keyed by the whole position
// the analysis sees: neither changes an answer (docs/dead-positions.md).
bool is_dead_position(const Position& pos);

// The narrow, material-only notion many libraries call "insufficient
// material" (K v K, K+minor v K, bishops all on one colour), kept for
// compatibility APIs. Sound but far weaker than is_dead_position().
bool is_insufficient_material(const Position& pos);

// ---- the analysis behind those answers ----

enum class MateVerdict : std::uint8_t {
  Cannot,   // proven: no series of legal moves ends in mate by this side
  Can,      // proven: a helpmate was found (or the position is mate already)
  Unknown,  // not decided within the limits; treat as "can"
};

// How the verdict was reached.
enum class MateReason : std::uint8_t {
  AlreadyMate,     // the position is checkmate (given or received)
  GameOver,        // stalemate: no move, so no mate ever
  NoKing,          // not exactly one king per side: nothing is analysed
  Material,        // the material can never mate, wherever it stands
  Blockade,        // the reachability analysis (locked pawns, confined pieces)
  Search,          // every line was followed until one of the above applied
  HelpmateFound,   // a helpmate was found by the search
  Limit,           // the node limit stopped the analysis
};

const char* mate_reason_name(MateReason reason);

struct MateAnalysis {
  MateVerdict verdict = MateVerdict::Unknown;
  MateReason reason = MateReason::Limit;
  int nodes = 0;          // positions visited by the searches
  int helpmatePlies = 0;  // length of the helpmate found (HelpmateFound only)
};

struct MateLimits {
  // Bound on positions visited by the search; past it the answer is Unknown.
  // 0: no search at all.
  // The default keeps 99% of positions (both sides) within about 40 ms
  // natively and 60 ms in WebAssembly, the worst case near 110 ms natively
  // (positions with very many moves each, both sides at the limit).
  int maxNodes = 80000;
  // The bound for positions without pawns (the smaller of the two applies):
  // nothing is locked there, so the search can prove "cannot" only in tiny
  // positions and a long search could only find a helpmate, which changes
  // no answer ("unknown" counts as "can" too). See dead_position.cpp. The
  // search proofs without pawns seen so far took at most 20 positions.
  int maxNodesWithoutPawns = 500;
};

MateAnalysis analyse_checkmate(const Position& pos, Color side, const MateLimits& limits = {});

}  // namespace escaque
