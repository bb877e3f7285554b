// The module's answers as JavaScript values, built in place through embind's val: the calls that
// are not on a per-move path answer plain objects ({ok: true, ...} or {ok: false, code, message,
// ...}: rules_io.h) that the JavaScript side reads as they are, with no text in between.
//
//   ValOut j;  j.open('{'); j.member("ok", true); j.close('}');  return j.value();
//
// Objects and arrays nest as they are opened and closed; inside an object each value follows its
// key(), inside an array values are appended. Compiled once (val_out.cpp), for size.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <vector>

namespace escaque::js {

class ValOut {
 public:
  using val = emscripten::val;

  void open(char bracket);
  void close(char bracket);
  void key(const char* name) { key_ = name; }
  void string(std::string_view s);
  void number(double v);
  void boolean(bool b);
  void null();
  // Any value made elsewhere (an object handle, a typed array).
  void value(val v) { put(std::move(v)); }

  // Shorthands for object members.
  void member(const char* name, std::string_view s) { key(name); string(s); }
  void member(const char* name, const char* s) { key(name); string(s); }
  void member(const char* name, const std::string& s) { key(name); string(s); }
  void member(const char* name, bool b) { key(name); boolean(b); }
  void member(const char* name, int v) { key(name); number(v); }
  void member(const char* name, double v) { key(name); number(v); }

  // The outermost value, once closed.
  val value() const { return done_; }

 private:
  struct Open {
    val container;
    int count;
  };
  std::vector<Open> open_;
  const char* key_ = nullptr;
  val done_ = val::undefined();

  void put(val v);
};

}  // namespace escaque::js
