// How the module (dist/escaque.wasm) and its JavaScript side exchange
// data: plain exports (no embind) and three buffers in WebAssembly memory.
//
//   io      16 KB, static: the per-move calls' packed bytes (moves, move ids, SAN,
//           FEN), both ways, no allocation (game_binding.cpp, position_binding.cpp)
//   input   grows as needed: the arguments of the other calls, as a sequence of
//           (uint32 little-endian byte length, UTF-8 bytes) strings written by
//           the wrapper (escaque_input(n) returns where to write n bytes)
//   output  grows as needed: their result as JSON text (escaque_output() is where
//           it starts; each call returns its length), read with JSON.parse
//
// Results are {ok: true, ...} or {ok: false, code, message, ...}: nothing here
// throws or aborts on bad input; the wrapper turns failures into EscaqueErrors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "json_out.h"
#include "core/fen.h"

namespace escaque::js {

constexpr int IO_BYTES = 16384;
// Text arguments longer than this take the JSON calls (never the case for real moves).
constexpr int IO_TEXT_MAX = 256;
extern std::uint8_t io[IO_BYTES];

// Reads the strings the wrapper packed into the input buffer, in order; past the end, "".
class Args {
 public:
  Args();
  std::string_view next();
  std::string text() { return std::string(next()); }
  bool done() const;

 private:
  std::size_t at_ = 0;
};

// A game, position or UCI session is its address in WebAssembly memory on the JS side: the
// handle an export returns (address_of) and takes back (object_at).
inline int address_of(const void* object) { return int(reinterpret_cast<std::uintptr_t>(object)); }
template <typename T>
T& object_at(int address) {
  return *reinterpret_cast<T*>(std::uintptr_t(address));
}

// Makes `text` the call's output; returns its length for the export to return.
int finish_text(std::string_view text);
// The same for j's JSON text.
inline int finish(JsonOut& j) { return finish_text(j.text); }

inline void success(JsonOut& j) {
  j.open('{');
  j.member("ok", true);
}
// An object {ok: false, code, message ...} left open for more members; finish() closes nothing,
// so callers close it.
inline void failure(JsonOut& j, const char* code, std::string_view message) {
  j.open('{');
  j.member("ok", false);
  j.member("code", code);
  j.member("message", message);
}
// The whole {ok: false, code, message} answer.
inline int fail(const char* code, std::string_view message) {
  JsonOut j;
  failure(j, code, message);
  j.close('}');
  return finish(j);
}
inline int succeed() {
  JsonOut j;
  success(j);
  j.close('}');
  return finish(j);
}
// A FEN that did not parse: INVALID_FEN with the parser's message, the offset of the fault, its
// kind (fen_error_name: KingCount, OpponentInCheck, ...) and its detail (the why alone). Left open,
// as failure() is; fen_fail is the whole answer.
inline void fen_failure(JsonOut& j, const FenError& e) {
  failure(j, "INVALID_FEN", e.message);
  j.member("offset", int(e.offset));
  j.member("kind", fen_error_name(e.kind));
  j.member("detail", e.detail);
}
inline int fen_fail(const FenError& e) {
  JsonOut j;
  fen_failure(j, e);
  j.close('}');
  return finish(j);
}

}  // namespace escaque::js
