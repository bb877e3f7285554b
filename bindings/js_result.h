// The engine module's embind results (the rules module answers JSON instead,
// rules_io.h). The result objects every binding returns instead of throwing (a C++
// exception must not cross into JavaScript, and an abort would kill the
// runtime): {ok: true, ...} or {ok: false, code, message, ...}; the wrapper
// (bindings/index.mjs, check()) turns the latter into an EscaqueError.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "core/fen.h"

namespace escaque::js {

inline emscripten::val success() {
  emscripten::val r = emscripten::val::object();
  r.set("ok", true);
  return r;
}

inline emscripten::val failure(const char* code, const std::string& message) {
  emscripten::val r = emscripten::val::object();
  r.set("ok", false);
  r.set("code", std::string(code));
  r.set("message", message);
  return r;
}

// A FEN that did not parse: INVALID_FEN with the parser's message and the offset of the fault.
inline emscripten::val fen_failure(const FenError& e) {
  emscripten::val r = failure("INVALID_FEN", e.message);
  r.set("offset", int(e.offset));
  return r;
}

}  // namespace escaque::js
