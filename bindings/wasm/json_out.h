// A minimal JSON writer for the module's non-hot results: the wrapper
// (bindings/js/index.mjs) reads them with JSON.parse. Nothing here is on a per-move
// path (those exchange packed bytes, game_binding.cpp), so it favours small
// code over speed: one string that objects and arrays are appended to.
//
//   JsonOut j;  j.open('{'); j.key("ok"); j.boolean(true); j.close('}');
//
// Separators are written automatically: a value or key after another in the
// same object or array gets its comma.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace escaque::js {

class JsonOut {
 public:
  std::string text;

  void open(char bracket) {
    comma();
    text += bracket;
    first_ = true;
  }
  void close(char bracket) {
    text += bracket;
    first_ = false;
  }
  void key(const char* name) {
    comma();
    append_quoted(name);
    text += ':';
    first_ = true;  // the value follows without a comma
  }
  void string(std::string_view s) {
    comma();
    append_quoted(s);
  }
  void number(double v) {
    comma();
    // Integers (every number written here: counts, offsets, addresses, perft nodes below 2^53)
    // without a fraction; JSON.parse reads them back exactly.
    const bool negative = v < 0;
    std::uint64_t n = std::uint64_t(negative ? -v : v);
    char digits[24];
    int i = 0;
    do digits[i++] = char('0' + n % 10); while (n /= 10);
    if (negative) text += '-';
    while (i) text += digits[--i];
  }
  void boolean(bool b) {
    comma();
    text += b ? "true" : "false";
  }
  void null() {
    comma();
    text += "null";
  }

  // Shorthands for object members.
  void member(const char* name, std::string_view s) { key(name); string(s); }
  void member(const char* name, const char* s) { key(name); string(s); }
  void member(const char* name, const std::string& s) { key(name); string(s); }
  void member(const char* name, bool b) { key(name); boolean(b); }
  void member(const char* name, int v) { key(name); number(v); }
  void member(const char* name, double v) { key(name); number(v); }

 private:
  bool first_ = true;

  void comma() {
    if (!first_) text += ',';
    first_ = false;
  }
  void append_quoted(std::string_view s) {
    text += '"';
    std::size_t plain = 0;  // start of the run of characters that need no escape
    for (std::size_t i = 0; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c != '"' && c != '\\' && c >= 0x20) continue;  // UTF-8 passes through (read back as UTF-8)
      text.append(s.data() + plain, i - plain);
      plain = i + 1;
      if (c == '"' || c == '\\') {
        text += '\\';
        text += char(c);
      } else {
        text += "\\u00";
        text += "0123456789abcdef"[c >> 4];
        text += "0123456789abcdef"[c & 15];
      }
    }
    text.append(s.data() + plain, s.size() - plain);
    text += '"';
  }
};

}  // namespace escaque::js
