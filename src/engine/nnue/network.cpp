#include "network.h"

#include <cstring>
#include <memory>

namespace escaque::nnue {

namespace {

constexpr char MAGIC[8] = {'E', 'S', 'Q', 'N', 'N', 'U', 'E', '2'};

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
  if (size >= 8 && std::memcmp(data, MAGIC, 7) == 0 && data[7] == '1')
    return error = "an ESQNNUE1 network (clipped ReLU, one output): this build reads ESQNNUE2", false;
  if (size < 20 || std::memcmp(data, MAGIC, 8) != 0) return error = "not an escaque network (no ESQNNUE2 header)", false;
  const std::uint32_t inputs = read_u32(data + 8), hidden = read_u32(data + 12), buckets = read_u32(data + 16);
  if (inputs != std::uint32_t(INPUTS) || hidden != std::uint32_t(HIDDEN) || buckets != std::uint32_t(OUTPUT_BUCKETS))
    return error = "network shape " + std::to_string(inputs) + "x" + std::to_string(hidden) + "x" +
                   std::to_string(buckets) + ", this build needs " + std::to_string(INPUTS) + "x" +
                   std::to_string(HIDDEN) + "x" + std::to_string(OUTPUT_BUCKETS),
           false;
  if (size != NETWORK_FILE_BYTES)
    return error = "network file has " + std::to_string(size) + " bytes, expected " +
                   std::to_string(NETWORK_FILE_BYTES),
           false;
  auto next = std::make_unique<Network>();
  const std::uint8_t* p = data + 20;
  p = read_i16s(p, next->ftWeights, INPUTS * HIDDEN);
  p = read_i16s(p, next->ftBias, HIDDEN);
  for (auto& bucket : next->outWeights) {
    p = read_i16s(p, bucket, 2 * HIDDEN);
    for (std::int16_t w : bucket)
      if (w < -MAX_OUTPUT_WEIGHT || w > MAX_OUTPUT_WEIGHT)
        return error = "output weight " + std::to_string(w) + " outside +-" + std::to_string(MAX_OUTPUT_WEIGHT), false;
  }
  for (std::int32_t& b : next->outBias) {
    b = std::int32_t(read_u32(p));
    p += 4;
  }
  std::memcpy(&net, next.get(), sizeof net);
  return true;
}

std::vector<std::uint8_t> save_network(const Network& net) {
  std::vector<std::uint8_t> out(MAGIC, MAGIC + 8);
  out.reserve(NETWORK_FILE_BYTES);
  put_u32(out, INPUTS);
  put_u32(out, HIDDEN);
  put_u32(out, OUTPUT_BUCKETS);
  put_i16s(out, net.ftWeights, INPUTS * HIDDEN);
  put_i16s(out, net.ftBias, HIDDEN);
  for (const auto& bucket : net.outWeights) put_i16s(out, bucket, 2 * HIDDEN);
  for (std::int32_t b : net.outBias) put_u32(out, std::uint32_t(b));
  return out;
}

}  // namespace escaque::nnue
