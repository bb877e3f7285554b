#include <memory>
#include <string>

#include "network.h"

namespace escaque::nnue {

// The bytes of src/engine/nnue/default.nnue (a source CMake generates: cmake/nnue.cmake).
extern const unsigned char DEFAULT_NETWORK_BYTES[];
extern const std::size_t DEFAULT_NETWORK_SIZE;

const Network* default_network() {
  static const std::unique_ptr<Network> net = [] {
    auto n = std::make_unique<Network>();
    std::string error;
    if (!load_network(DEFAULT_NETWORK_BYTES, DEFAULT_NETWORK_SIZE, *n, error)) n.reset();
    return n;
  }();
  return net.get();
}

// The size first: a constant the link-time optimiser sees, so escaque.wasm keeps no loading code for this.
bool has_default_network() { return DEFAULT_NETWORK_SIZE != 0 && default_network() != nullptr; }

}  // namespace escaque::nnue
