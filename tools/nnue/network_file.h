// Reading a network file (the trainer's output, src/engine/nnue/default.nnue) for the native tools: the
// trainer (--init, and the check of what it wrote) and the fixed-node match (tools/texel/match.cpp). The
// engine itself never reads files: its network is built in.
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/nnue/network.h"

namespace escaque::nnue {

// Loads `path` into `net` with the engine's loader; on failure prints why (the path and the loader's
// message) and returns false.
inline bool read_network_file(const std::string& path, Network& net) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string error;
  if (!in.good() && !in.eof()) return std::fprintf(stderr, "cannot read %s\n", path.c_str()), false;
  if (!load_network(bytes.data(), bytes.size(), net, error))
    return std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str()), false;
  return true;
}

}  // namespace escaque::nnue
