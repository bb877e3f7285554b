// The UCI protocol as a line-in, text-out session. The native binary and the
// WASM command line (bin/escaque-uci.mjs) both drive this one class, so the
// two speak exactly the same protocol.
#pragma once

#include <string>
#include <string_view>

#include "../core/position.h"

namespace escaque {

class UciSession {
 public:
  UciSession();

  // Handles one command line, appending any reply lines (each ending in '\n')
  // to out. Returns false after "quit".
  bool handle(std::string_view line, std::string& out);

 private:
  void cmd_position(std::string_view args, std::string& out);
  void cmd_go(std::string_view args, std::string& out);
  void cmd_setoption(std::string_view args, std::string& out);
  void cmd_display(std::string& out) const;

  Position pos_;
  bool chess960_ = false;
};

}  // namespace escaque
