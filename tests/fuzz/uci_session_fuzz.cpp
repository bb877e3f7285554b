// Fuzz target: UCI command lines into UciSession, through its public handle(line, out) only (so
// the target does not depend on how the session is built inside).
// Input: command lines separated by '\n' (each may hold anything: '\r', tabs, NULs, UTF-8).
// Invariants: no crash, no sanitizer report, no hang; after every line the session answers
// "isready" with exactly "readyok"; every reply is whole lines; a "go" always answers (bestmove
// or an info string saying why not).
//
// Keeping each run cheap and bounded, without bypassing the session's own parsing:
//  - one session for the whole run, brought back to a known state before each input by the
//    session itself (uci_harness.h); a "quit" ends the input, and the session is reset in full
//    before the next, standing in for a new host's fresh session;
//  - every line bounded by fuzz::bounded() (uci_harness.h: go capped at 100 nodes, perft at depth 2,
//    Hash at 8 MiB, bench to its error path);
//  - at most MAX_SEARCHES go lines per input run; the others are skipped.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "uci_harness.h"

using namespace escaque;

namespace {

constexpr std::size_t MAX_INPUT_BYTES = 1 << 13;
constexpr int MAX_SEARCHES = 4;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > MAX_INPUT_BYTES) return 0;
  static fuzz::UciHarness h;
  h.to_defaults();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  int searches = 0;
  std::size_t start = 0;
  while (start <= input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view raw = input.substr(start, end - start);
    start = end + 1;
    fuzz::LineKind kind;
    const std::string line = fuzz::bounded(raw, kind);
    if (kind == fuzz::LineKind::Search && ++searches > MAX_SEARCHES) continue;
    h.note(line);
    std::string out;
    const bool goOn = h.session->handle(line, out);
    FUZZ_REQUIRE(out.empty() || out.back() == '\n', "reply to '" + line + "' ends mid-line: " + out);
    if (kind == fuzz::LineKind::Search)
      FUZZ_REQUIRE(out.find("bestmove ") != std::string::npos || out.find("info string ") != std::string::npos ||
                        out.find("Nodes searched: ") != std::string::npos,
                   "'" + line + "' was not answered: '" + out + "'");
    if (!goOn) {  // "quit": the host would end here; the next input starts from a full reset
      h.after_quit();
      break;
    }
    h.check_ready(line);
  }
  return 0;
}
