// Native UCI engine: reads commands from stdin, answers on stdout.
#include <iostream>
#include <string>

#include "uci_session.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  escaque::UciSession session;
  std::string out;
  // Commands given as arguments run first (e.g. `escaque-uci "go perft 5" quit`).
  for (int i = 1; i < argc; ++i) {
    bool more = session.handle(argv[i], out);
    std::cout << out << std::flush;
    out.clear();
    if (!more) return 0;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    bool more = session.handle(line, out);
    std::cout << out << std::flush;
    out.clear();
    if (!more) break;
  }
  return 0;
}
