// A fixed-size memory of states a fuzz target has already checked, for checks whose verdict
// depends on the state alone (and so is the same every time): a target skips such a check for a
// state that passed it before, and spends its time on states it has not checked yet.
//
// Exact, not probabilistic: a state is remembered by its whole object representation (every byte
// of it, compared with memcmp), never by a hash alone, so a state that differs in any member,
// however derived, is checked again. The hash only picks the slot. Direct-mapped: a state
// overwrites whatever was in its slot, so the memory stays bounded and a state evicted is simply
// checked again when it comes back. Allocation-free after construction (libFuzzer runs its leak
// check after any input that allocates more than it frees, and a growing set would make it do that
// on every new state).
//
// Replaying one input (a finding) starts with an empty memory, so a reproduction runs every check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>

namespace escaque::fuzz {

template <class State, std::size_t SLOTS = std::size_t(1) << 14>
class SeenStates {
  static_assert(std::is_trivially_copyable_v<State>, "states are remembered byte for byte");
  static_assert((SLOTS & (SLOTS - 1)) == 0, "SLOTS must be a power of two");

 public:
  SeenStates() : slots_(std::make_unique<Slot[]>(SLOTS)) {}

  // True when `state` passed before (and is still remembered); otherwise false, and it is
  // remembered from now on: call this only once the check has passed for it.
  bool seen(const State& state, std::uint64_t hash) const {
    const Slot& s = slots_[hash & (SLOTS - 1)];
    return s.used && std::memcmp(s.bytes, &state, sizeof(State)) == 0;
  }
  void remember(const State& state, std::uint64_t hash) {
    Slot& s = slots_[hash & (SLOTS - 1)];
    std::memcpy(s.bytes, &state, sizeof(State));
    s.used = true;
  }

 private:
  struct Slot {
    bool used = false;
    unsigned char bytes[sizeof(State)];
  };
  std::unique_ptr<Slot[]> slots_;
};

}  // namespace escaque::fuzz
