// Native UCI engine: reads commands from stdin, answers on stdout. Searches
// run on a thread so that "stop", "ponderhit" and "isready" are answered
// while the engine thinks.
#include <iostream>
#include <mutex>
#include <string>

#include "uci_session.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // std::cin is tied to std::cout: every read would flush std::cout from this
  // thread, outside the output mutex, racing with the search thread's writes
  // (seen as a duplicated info line now and then).
  std::cin.tie(nullptr);
  escaque::UciSession session;
  std::string out;
  // Commands given as arguments run first, synchronously (e.g.
  // `escaque-uci "go perft 5" quit` or `escaque-uci bench`).
  for (int i = 1; i < argc; ++i) {
    bool more = session.handle(argv[i], out);
    std::cout << out << std::flush;
    out.clear();
    if (!more) return 0;
  }
  std::mutex outputMutex;  // the search thread and this loop both print
  session.enable_async([&](std::string_view text) {
    std::lock_guard<std::mutex> lock(outputMutex);
    std::cout << text << std::flush;
  });
  std::string line;
  bool more = true;
  while (more && std::getline(std::cin, line)) {
    more = session.handle(line, out);
    if (!out.empty()) {
      std::lock_guard<std::mutex> lock(outputMutex);
      std::cout << out << std::flush;
      out.clear();
    }
  }
  // End of input: let a bounded search finish and print its move (so that
  // `echo "go depth 8" | escaque-uci` works); an infinite one is stopped.
  if (more) session.finish();
  return 0;
}
