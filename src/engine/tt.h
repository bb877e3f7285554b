// Transposition table: a fixed-size hash table of search results, shared by
// all searches of one engine instance.
//
// Memory is allocated once, when the size is set (UCI option Hash), never
// during a search. Buckets of four 16-byte entries fill one 64-byte cache
// line. Each entry keeps the full 64-bit key, so a hit is practically never a
// different position; the move it holds is still checked against the legal
// moves before use.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../core/types.h"
#include "score.h"

namespace escaque {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  Key key;
  std::uint16_t move;
  std::int16_t value;  // mate scores relative to this node (value_to_tt)
  std::int16_t eval;   // static evaluation, VALUE_NONE if in check
  std::uint8_t depth;  // depth + DEPTH_OFFSET so that quiescence entries fit
  std::uint8_t genBound;  // generation (6 bits) << 2 | bound (2 bits)

  Bound bound() const { return Bound(genBound & 3); }
};
static_assert(sizeof(TTEntry) == 16);

// What a probe found, already decoded.
struct TTHit {
  bool found = false;
  Move move;
  Value value = VALUE_NONE;  // from this node's view: caller applies value_from_tt
  Value eval = VALUE_NONE;
  int depth = -99;
  Bound bound = BOUND_NONE;
};

class TranspositionTable {
 public:
  static constexpr int DEPTH_OFFSET = 8;  // stored depth = depth + 8, so depth -8..247 fit
  static constexpr std::size_t DEFAULT_MB = 16;
  static constexpr std::size_t MAX_MB = 4096;

  TranspositionTable();
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Sets the size in MiB (rounded down to a power-of-two number of buckets)
  // and clears the table. Returns false, leaving the table as it was, if the
  // memory cannot be had.
  bool resize(std::size_t megabytes);
  std::size_t size_mb() const { return (bucketCount_ * sizeof(Bucket)) >> 20; }
  void clear();
  // Called once per search so that old entries become preferred victims.
  void new_search() { generation_ = std::uint8_t(generation_ % 63 + 1); }  // cycles 1..63

  TTHit probe(Key key) const;
  void store(Key key, Value value, Bound bound, int depth, Move move, Value eval);
  // Permille of sampled entries written by the current search (UCI hashfull).
  int hashfull() const;

 private:
  struct alignas(64) Bucket {
    TTEntry entries[4];
  };
  Bucket* bucket_for(Key key) const { return &buckets_[key & (bucketCount_ - 1)]; }

  Bucket* buckets_ = nullptr;
  std::size_t bucketCount_ = 0;
  std::uint8_t generation_ = 1;
};

}  // namespace escaque
