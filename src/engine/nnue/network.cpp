#include "network.h"

#include <cstring>
#include <memory>

namespace escaque::nnue {

namespace {

constexpr char MAGIC[8] = {'E', 'S', 'Q', 'N', 'N', 'U', 'E', '1'};

std::uint32_t read_u32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}
void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}
const std::uint8_t* read_i16s(const std::uint8_t* p, std::int16_t* out, int n) {
  for (int i = 0; i < n; ++i, p += 2) out[i] = std::int16_t(std::uint16_t(p[0] | p[1] << 8));
  return p;
}
void put_i16s(std::vector<std::uint8_t>& out, const std::int16_t* v, int n) {
  for (int i = 0; i < n; ++i) {
    out.push_back(std::uint8_t(std::uint16_t(v[i]) & 0xff));
    out.push_back(std::uint8_t(std::uint16_t(v[i]) >> 8));
  }
}

}  // namespace

bool load_network(const std::uint8_t* data, std::size_t size, Network& net, std::string& error) {
  if (size < 16 || std::memcmp(data, MAGIC, 8) != 0) return error = "not an escaque network (no ESQNNUE1 header)", false;
  const std::uint32_t inputs = read_u32(data + 8), hidden = read_u32(data + 12);
  if (inputs != std::uint32_t(INPUTS) || hidden != std::uint32_t(HIDDEN))
    return error = "network shape " + std::to_string(inputs) + "x" + std::to_string(hidden) + ", this build needs " +
                   std::to_string(INPUTS) + "x" + std::to_string(HIDDEN),
           false;
  if (size != NETWORK_FILE_BYTES)
    return error = "network file has " + std::to_string(size) + " bytes, expected " +
                   std::to_string(NETWORK_FILE_BYTES),
           false;
  auto next = std::make_unique<Network>();
  const std::uint8_t* p = data + 16;
  p = read_i16s(p, next->ftWeights, INPUTS * HIDDEN);
  p = read_i16s(p, next->ftBias, HIDDEN);
  p = read_i16s(p, next->outWeights, 2 * HIDDEN);
  next->outBias = std::int32_t(read_u32(p));
  std::memcpy(&net, next.get(), sizeof net);
  return true;
}

std::vector<std::uint8_t> save_network(const Network& net) {
  std::vector<std::uint8_t> out(MAGIC, MAGIC + 8);
  out.reserve(NETWORK_FILE_BYTES);
  put_u32(out, INPUTS);
  put_u32(out, HIDDEN);
  put_i16s(out, net.ftWeights, INPUTS * HIDDEN);
  put_i16s(out, net.ftBias, HIDDEN);
  put_i16s(out, net.outWeights, 2 * HIDDEN);
  put_u32(out, std::uint32_t(net.outBias));
  return out;
}

}  // namespace escaque::nnue
