// A UciSession driven line by line, as a GUI drives it: what the session answers to one line.
#pragma once

#include <string>

#include "uci/uci_session.h"

namespace escaque::test {

// The session's whole output for one input line ("" when it prints nothing).
inline std::string run(UciSession& s, const std::string& line) {
  std::string out;
  s.handle(line, out);
  return out;
}

}  // namespace escaque::test
