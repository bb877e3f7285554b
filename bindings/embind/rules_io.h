// How the module's exports and their JavaScript side exchange data:
//
//   embind   the game, position and engine objects (class_ GameHandle, PositionHandle, EngineHandle:
//            bindings.cpp) and the answers of their calls: plain JavaScript objects built in place
//            (val_out.h, value_object), {ok: true, ...} or {ok: false, code, message, ...}
//   io       16 KB, static: the per-move calls' packed bytes (moves, move ids, SAN, FEN), both ways,
//            no allocation (game_binding.cpp, position_binding.cpp): plain exports, the hot path
//   input    grows as needed: the PGN reader's text (Args)
//
// Nothing here throws or aborts on bad input; the wrapper turns failures into EscaqueErrors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "val_out.h"
#include "core/fen.h"

namespace escaque::js {

constexpr int IO_BYTES = 16384;
// Text arguments longer than this take the embind calls (never the case for real moves).
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

inline void success(ValOut& j) {
  j.open('{');
  j.member("ok", true);
}
// An object {ok: false, code, message ...} left open for more members; value() closes nothing,
// so callers close it.
inline void failure(ValOut& j, const char* code, std::string_view message) {
  j.open('{');
  j.member("ok", false);
  j.member("code", code);
  j.member("message", message);
}
// The whole {ok: false, code, message} answer.
inline emscripten::val fail(const char* code, std::string_view message) {
  ValOut j;
  failure(j, code, message);
  j.close('}');
  return j.value();
}
inline emscripten::val succeed() {
  ValOut j;
  success(j);
  j.close('}');
  return j.value();
}
// A FEN that did not parse: INVALID_FEN with the parser's message, the offset of the fault, its
// kind (fen_error_name: KingCount, OpponentInCheck, ...) and its detail (the why alone). Left open,
// as failure() is; fen_fail is the whole answer.
inline void fen_failure(ValOut& j, const FenError& e) {
  failure(j, "INVALID_FEN", e.message);
  j.member("offset", int(e.offset));
  j.member("kind", fen_error_name(e.kind));
  j.member("detail", e.detail);
}
inline emscripten::val fen_fail(const FenError& e) {
  ValOut j;
  fen_failure(j, e);
  j.close('}');
  return j.value();
}

}  // namespace escaque::js
