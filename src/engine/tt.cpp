#include "tt.h"

#include <cstdlib>
#include <cstring>

namespace escaque {

TranspositionTable::TranspositionTable() { resize(DEFAULT_MB); }

TranspositionTable::~TranspositionTable() { std::free(buckets_); }

bool TranspositionTable::resize(std::size_t megabytes) {
  if (megabytes < 1) megabytes = 1;
  if (megabytes > MAX_MB) megabytes = MAX_MB;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= (megabytes << 20)) count *= 2;
  if (count == bucketCount_ && buckets_) {
    clear();
    return true;
  }
  void* memory = std::aligned_alloc(alignof(Bucket), count * sizeof(Bucket));
  if (!memory) return false;
  std::free(buckets_);
  buckets_ = static_cast<Bucket*>(memory);
  bucketCount_ = count;
  clear();
  return true;
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(buckets_), 0, bucketCount_ * sizeof(Bucket));
  generation_ = 1;
}

TTHit TranspositionTable::probe(Key key) const {
  TTHit hit;
  const Bucket* b = bucket_for(key);
  for (const TTEntry& e : b->entries) {
    if (e.key == key && e.genBound != 0) {
      hit.found = true;
      hit.move = Move(e.move);
      hit.value = e.value;
      hit.eval = e.eval;
      hit.depth = int(e.depth) - DEPTH_OFFSET;
      hit.bound = e.bound();
      return hit;
    }
  }
  return hit;
}

void TranspositionTable::store(Key key, Value value, Bound bound, int depth, Move move, Value eval) {
  Bucket* b = bucket_for(key);
  TTEntry* victim = nullptr;
  int worst = 1 << 30;
  for (TTEntry& e : b->entries) {
    if (e.key == key || e.genBound == 0) {
      victim = &e;
      break;
    }
    // Prefer replacing shallow entries and entries from earlier searches.
    int age = (generation_ - (e.genBound >> 2) + 63) % 63;
    int worth = int(e.depth) - 4 * age;
    if (worth < worst) {
      worst = worth;
      victim = &e;
    }
  }
  // Keep the old move when the new result has none for the same position.
  if (victim->key == key && victim->genBound != 0) {
    if (move == Move::none()) move = Move(victim->move);
    // A deeper exact result is worth more than a shallow bound from this search.
    if (bound != BOUND_EXACT && int(victim->depth) - DEPTH_OFFSET > depth + 3 &&
        (victim->genBound >> 2) == generation_)
      return;
  }
  victim->key = key;
  victim->move = move.raw();
  victim->value = std::int16_t(value);
  victim->eval = std::int16_t(eval);
  int d = depth + DEPTH_OFFSET;
  victim->depth = std::uint8_t(d < 0 ? 0 : d > 255 ? 255 : d);
  // The generation is never 0, so genBound == 0 marks an unused entry.
  victim->genBound = std::uint8_t((generation_ << 2) | bound);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  std::size_t samples = bucketCount_ < 250 ? bucketCount_ : 250;
  for (std::size_t i = 0; i < samples; ++i)
    for (const TTEntry& e : buckets_[i].entries)
      if (e.genBound != 0 && (e.genBound >> 2) == generation_) ++used;
  return int(used * 1000 / (samples * 4));
}

}  // namespace escaque
