#include "helpmate_search.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../core/check_info.h"
#include "../core/movegen.h"
#include "dead_static.h"

namespace escaque::dead {

namespace {

// Set of position keys, cleared in O(1) by bumping a generation stamp. One
// per thread, grown on demand and then reused, so a search allocates nothing
// once warm.
class VisitedSet {
 public:
  void reset(int expected) {
    std::size_t want = 1024;
    while (want < std::size_t(expected) * 2) want *= 2;
    if (want > slots_.size()) {
      slots_.assign(want, Slot{});
      generation_ = 0;
    }
    if (++generation_ == 0) {  // wrapped: old stamps could look current
      slots_.assign(slots_.size(), Slot{});
      generation_ = 1;
    }
    mask_ = slots_.size() - 1;
  }
  bool contains(Key key) const {
    for (std::size_t i = std::size_t(key) & mask_; slots_[i].stamp == generation_; i = (i + 1) & mask_)
      if (slots_[i].key == key) return true;
    return false;
  }
  void prefetch(Key key) const {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&slots_[std::size_t(key) & mask_]);
#endif
  }
  // False if the key was already there.
  bool insert(Key key) {
    std::size_t i = std::size_t(key) & mask_;
    while (slots_[i].stamp == generation_) {
      if (slots_[i].key == key) return false;
      i = (i + 1) & mask_;
    }
    slots_[i] = Slot{key, generation_};
    return true;
  }

 private:
  // Key and stamp side by side: a probe touches one cache line.
  struct Slot {
    Key key = 0;
    std::uint32_t stamp = 0;
  };
  std::vector<Slot> slots_;
  std::uint32_t generation_ = 0;
  std::size_t mask_ = 0;
};

// One level of the explicit DFS stack: the move that led here (to undo it on
// the way back) and this node's moves, kept in a shared pool: [begin, next)
// tried, [next, end) still to try.
struct Frame {
  Move move;
  UndoInfo undo;
  int begin, next, end;
};

// A move of a node with its MoveOrder::rank.
struct RankedMove {
  std::int32_t rank;
  Move move;
};

struct ExploreScratch {
  VisitedSet visited;
  // In use: [0, end of the top frame). Only grown, never shrunk, so that a
  // node's moves are not zeroed before being written.
  std::vector<RankedMove> pool;
  std::vector<Frame> frames;
};

ExploreScratch& scratch() {
  thread_local ExploreScratch s;
  return s;
}

// Steps from s to the nearest edge of the board (0 on the edge, 3 in the centre).
int edge_distance(Square s) {
  int f = file_of(s), r = rank_of(s);
  return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

// Ordering for the search: moves that look like progress towards a mate by
// the winner first. Only the order depends on this; what is proven does not.
// The quick attempt also sends the loser's king towards the edge, where mates
// are, and more strongly towards the winner's king (with the mate-in-one test:
// a median of 20 positions to a helpmate on random games' positions, 68
// before; docs/dead-positions.md); the exhaustive search keeps the order its
// node budgets were set with.
class MoveOrder {
 public:
  MoveOrder(const Position& pos, Color winner, bool quick)
      : quick_(quick), pos_(pos),
        winnerMoves_(pos.side_to_move() == winner),
        target_(pos.king_square(~winner)),
        winnerKing_(pos.king_square(winner)),
        toTarget_(tables::distance[target_]) {}

  int score(Move m) const {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos_.piece_on(from));
    // What m captures: a unit on `to` (castling's `to` is the king's own rook), or a pawn en passant.
    const Piece onTo = pos_.piece_on(to);
    const bool capture = m.kind() == EN_PASSANT || (onTo != NO_PIECE && m.kind() != CASTLING);
    int score = m.kind() == PROMOTION ? (m.promotion() == QUEEN ? 100 : 20) : 0;
    if (winnerMoves_) {
      // The winner: captures, and pieces closing in on the loser's king.
      if (capture) score += 30 + UNIT_VALUE[onTo == NO_PIECE ? PAWN : type_of(onTo)];
      score += pt != PAWN ? 10 * (toTarget_[from] - toTarget_[to]) : 3;
    } else if (pt == KING) {
      // The loser's king walks towards the winner's king (and so its pieces).
      score += (quick_ ? 15 : 10) * (square_distance(from, winnerKing_) - square_distance(to, winnerKing_));
      if (quick_) score += 5 * (edge_distance(from) - edge_distance(to));
      if (capture) score -= 40;
    } else {
      // The loser's other units gather round their king, out of the way.
      if (capture) score -= 40;
      if (toTarget_[to] == 1) score += 8;
      if (pt == PAWN) score += 2;
    }
    return score;
  }

  // The order the search tries a node's moves in: best score first, ties in
  // generation order (which the searches' results are tuned with), as one
  // integer, distinct for each move of a node: the score and the move's index
  // in the list (0..255).
  std::int32_t rank(Move m, int index) const { return std::int32_t((score(m) + 1024) << 8) | (255 - index); }

 private:
  bool quick_;
  const Position& pos_;
  bool winnerMoves_;
  Square target_, winnerKing_;
  const std::uint8_t* toTarget_;  // king steps from each square to target_
};

// The key of the position after m, without making m, for the common moves
// (false: make the move to know). Most moves of an exhaustive search lead to
// positions already visited, so skipping do/undo for them pays.
bool key_after(const Position& pos, Move m, Key& key) {
  if (pos.castling_rights() || m.kind() == CASTLING || m.kind() == EN_PASSANT) return false;
  const Square from = m.from(), to = m.to();
  const Piece pc = pos.moved_piece(m);
  if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16) return false;  // may set an e.p. square
  Key k = pos.key() ^ zobrist::sideToMove ^ zobrist::psq[pc][from];
  if (pos.en_passant_square() != SQ_NONE) k ^= zobrist::enPassantFile[file_of(pos.en_passant_square())];
  if (!pos.empty(to)) k ^= zobrist::psq[pos.piece_on(to)][to];
  k ^= zobrist::psq[m.kind() == PROMOTION ? make_piece(pos.side_to_move(), m.promotion()) : pc][to];
  key = k;
  return true;
}

// After m, a check by the side to move (not castling, not en passant), can
// the checked king step to a square that is neither its own unit's nor
// attacked? Most checks leave one, and this finds it without making m.
bool king_can_step_after(const Position& pos, Move m) {
  const Color winner = pos.side_to_move(), loser = ~winner;
  const Square from = m.from(), to = m.to(), king = pos.king_square(loser);
  const PieceType moved = m.kind() == PROMOTION ? m.promotion() : type_of(pos.piece_on(from));
  // The board after m, without the king (it cannot hide behind itself).
  const Bitboard occupied = ((pos.pieces() ^ square_bb(from)) | square_bb(to)) ^ square_bb(king);
  const Bitboard others = pos.pieces(winner) ^ square_bb(from);  // the winner's units but the one moved
  const Bitboard movedAttacks = moved == PAWN ? pawn_attacks(winner, to) : attacks_bb(moved, to, occupied);
  // Its own units block it, but one on `to` has just been taken.
  for (Bitboard steps = king_attacks(king) & ~(pos.pieces(loser) & ~square_bb(to)) & ~movedAttacks; steps;)
    if (!(pos.attackers_to(pop_lsb(steps), occupied) & others)) return true;
  return false;
}

// True if the side to move, whose legal moves are `moves`, can mate at once.
// Both searches ask it at each of the winner's nodes: a depth-first walk often
// passes by a mate in one without its order picking the mating move, and then
// walks on for thousands of plies. (It only ends a search earlier with a mate
// that is there; what the search proves otherwise does not change.)
bool mates_in_one(Position& pos, const MoveList& moves) {
  const CheckInfo checks(pos);
  for (const Move m : moves) {
    if (!checks.gives_check(pos, m)) continue;
    if ((m.kind() == NORMAL || m.kind() == PROMOTION) && king_can_step_after(pos, m)) continue;
    UndoInfo undo;
    pos.do_move(m, undo);
    const bool mate = !has_legal_move(pos);
    pos.undo_move(m, undo);
    if (mate) return true;
  }
  return false;
}

// Both searches: explore_reachable proves as well as finds (the full static
// analysis after captures), find_helpmate_quickly mostly finds.
SearchResult search(const Position& root, Color winner, int maxNodes, SearchStats& stats, bool quick) {
  ExploreScratch& s = scratch();
  Position pos = root;
  s.visited.reset(maxNodes);
  s.visited.insert(pos.key());
  s.frames.clear();

  auto push_frame = [&](Move move, const UndoInfo& undo, MoveList& moves) {
    if (!quick) {
      // Moves to positions already visited are dropped first (most are, in an
      // exhaustive search); the rest are checked again when tried. Keys first,
      // probes after: the probes (mostly cache misses in a large table) are
      // independent then, so the processor overlaps them. The quick search
      // meets few visited positions and tries few moves of a node: it leaves
      // them all to the check when tried (the same moves are tried, in the
      // same order).
      Key keys[MAX_MOVES];
      bool known[MAX_MOVES];
      for (int i = 0; i < moves.size; ++i) {
        known[i] = key_after(pos, moves.moves[i], keys[i]);
        if (known[i]) s.visited.prefetch(keys[i]);
      }
      int kept = 0;
      for (int i = 0; i < moves.size; ++i)
        if (!(known[i] && s.visited.contains(keys[i]))) moves.moves[kept++] = moves.moves[i];
      moves.size = kept;
    }
    // Ranked now, picked best first when tried (try_next): a node is mostly
    // left after a few of its moves, so sorting them all would be wasted.
    const MoveOrder order(pos, winner, quick);
    const int begin = s.frames.empty() ? 0 : s.frames.back().end;
    if (s.pool.size() < std::size_t(begin + moves.size)) s.pool.resize(std::max(2 * s.pool.size(), std::size_t(begin + MAX_MOVES)));
    RankedMove* pooled = s.pool.data() + begin;
    for (int i = 0; i < moves.size; ++i) pooled[i] = {order.rank(moves.moves[i], i), moves.moves[i]};
    s.frames.push_back(Frame{move, undo, begin, begin, begin + moves.size});
  };
  // The best-ranked move of `top` not tried yet (moved to its `next` slot).
  auto try_next = [&](Frame& top) {
    RankedMove* const moves = s.pool.data();
    int best = top.next;
    for (int i = top.next + 1; i < top.end; ++i)
      if (moves[i].rank > moves[best].rank) best = i;
    std::swap(moves[best], moves[top.next]);
    return moves[top.next++].move;
  };
  {
    MoveList rootMoves = legal_moves(pos);
    if (pos.side_to_move() == winner && mates_in_one(pos, rootMoves)) {
      stats.matePlies = 1;
      return SearchResult::Mate;
    }
    push_frame(Move::none(), UndoInfo{}, rootMoves);
  }

  // Depth-first, iteratively (the path can be as long as the reachable set).
  while (!s.frames.empty()) {
    Frame& top = s.frames.back();
    if (top.next == top.end) {
      Move back = top.move;
      UndoInfo undo = top.undo;
      s.frames.pop_back();
      if (!s.frames.empty()) pos.undo_move(back, undo);
      continue;
    }
    Move m = try_next(top);
    // The full static analysis is worth its cost only after a change of
    // material: a king or piece moving inside its region, or a pawn moving
    // inside its cone, rarely changes its verdict (skipping it is always sound).
    const bool structural = pos.is_capture(m) || m.kind() == PROMOTION;
    UndoInfo undo;
    Key childKey;
    if (key_after(pos, m, childKey)) {
      if (!s.visited.insert(childKey)) continue;
      pos.do_move(m, undo);
    } else {
      pos.do_move(m, undo);
      if (!s.visited.insert(pos.key())) {
        pos.undo_move(m, undo);
        continue;
      }
    }
    if (++stats.nodes > maxNodes) return SearchResult::Unknown;
    MoveList moves = legal_moves(pos);
    if (moves.size == 0) {
      if (pos.in_check() && pos.side_to_move() != winner) {
        stats.matePlies = int(s.frames.size());
        return SearchResult::Mate;
      }
      pos.undo_move(m, undo);  // stalemate, or the winner mated: a dead end
      continue;
    }
    if (structural && !quick ? statically_unwinnable(pos, winner) : material_cannot_mate(pos, winner)) {
      pos.undo_move(m, undo);
      continue;
    }
    if (pos.side_to_move() == winner && mates_in_one(pos, moves)) {
      stats.matePlies = int(s.frames.size()) + 1;
      return SearchResult::Mate;
    }
    push_frame(m, undo, moves);
  }
  return SearchResult::NoMate;
}

}  // namespace

SearchResult explore_reachable(const Position& root, Color winner, int maxNodes, SearchStats& stats) {
  return search(root, winner, maxNodes, stats, false);
}

SearchResult find_helpmate_quickly(const Position& root, Color winner, int maxNodes, SearchStats& stats) {
  return search(root, winner, maxNodes, stats, true);
}

}  // namespace escaque::dead
