// The network's vector kernels over HIDDEN int16 values: AVX2 natively where
// the compiler targets it, WebAssembly SIMD128 where the module is built with
// -msimd128, plain loops otherwise (which compilers vectorise for SSE2). All
// three give the same integers, so searches stay deterministic across builds.
#pragma once

#include <cstdint>

#include "arch.h"

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace escaque::nnue::simd {

static_assert(HIDDEN % 16 == 0, "the kernels work on 16 values at a time");
static_assert(std::int64_t(HIDDEN) * QA * QA * 127 < (std::int64_t(1) << 31), "screlu_dot's sum fits in 32 bits");

inline void copy(std::int16_t* dst, const std::int16_t* src) {
  for (int i = 0; i < HIDDEN; ++i) dst[i] = src[i];
}

inline void add_row(std::int16_t* acc, const std::int16_t* row) {
  for (int i = 0; i < HIDDEN; ++i) acc[i] = std::int16_t(acc[i] + row[i]);
}

inline void add_sub(std::int16_t* dst, const std::int16_t* src, const std::int16_t* a, const std::int16_t* s) {
  for (int i = 0; i < HIDDEN; ++i) dst[i] = std::int16_t(src[i] + a[i] - s[i]);
}

inline void add_sub_sub(std::int16_t* dst, const std::int16_t* src, const std::int16_t* a, const std::int16_t* s1,
                        const std::int16_t* s2) {
  for (int i = 0; i < HIDDEN; ++i) dst[i] = std::int16_t(src[i] + a[i] - s1[i] - s2[i]);
}

inline void add_add_sub_sub(std::int16_t* dst, const std::int16_t* src, const std::int16_t* a1, const std::int16_t* a2,
                            const std::int16_t* s1, const std::int16_t* s2) {
  for (int i = 0; i < HIDDEN; ++i) dst[i] = std::int16_t(src[i] + a1[i] + a2[i] - s1[i] - s2[i]);
}

// sum over i of clamp(acc[i], 0, QA)^2 * w[i], for |w[i]| <= 127: clamp * w fits in 16 bits, and the
// sum in 32 (HIDDEN * 255 * 255 * 127 < 2^31 for HIDDEN = 128).
inline std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < HIDDEN; i += 16) {
    __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i));
    v = _mm256_min_epi16(_mm256_max_epi16(v, zero), qa);
    const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  return _mm_cvtsi128_si32(s);
#elif defined(__wasm_simd128__)
  const v128_t zero = wasm_i16x8_splat(0), qa = wasm_i16x8_splat(QA);
  v128_t sum = wasm_i32x4_splat(0);
  for (int i = 0; i < HIDDEN; i += 8) {
    v128_t v = wasm_v128_load(acc + i);
    v = wasm_i16x8_min(wasm_i16x8_max(v, zero), qa);
    sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_i16x8_mul(v, wasm_v128_load(w + i)), v));
  }
  return wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) + wasm_i32x4_extract_lane(sum, 2) +
         wasm_i32x4_extract_lane(sum, 3);
#else
  std::int32_t sum = 0;
  for (int i = 0; i < HIDDEN; ++i) {
    const int v = acc[i] < 0 ? 0 : acc[i] > QA ? QA : acc[i];
    sum += v * w[i] * v;
  }
  return sum;
#endif
}

}  // namespace escaque::nnue::simd
