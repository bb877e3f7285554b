// Fuzz target: UCI move parsing, alone and through UciSession's `position` command.
// Input: "<option byte><FEN>\n<move text>[\n<more tokens>]". An unparsable
// FEN falls back to the start position (or Chess960 start position
// option-byte-chosen), so the move parser always gets exercised.
// The session is the shared one of uci_harness.h, reset to its defaults before each input (a
// UciSession made per input spent nearly all the run's time allocating and clearing its 16 MiB hash
// table). The tail lines go through fuzz::bounded() like uci_session_fuzz's, except that lines with
// "go" are skipped (a search is uci_session_fuzz's business).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "fuzz_check.h"
#include "uci_harness.h"

using namespace escaque;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  fuzz::PositionAndText in = fuzz::split_position_input(data, size);
  Position& pos = in.pos;
  const bool chess960 = in.chess960;
  std::string_view moveText = in.text;
  size_t nl2 = moveText.find('\n');
  std::string_view tail = nl2 == std::string_view::npos ? std::string_view() : moveText.substr(nl2 + 1);
  if (nl2 != std::string_view::npos) moveText = moveText.substr(0, nl2);

  const Position before = pos;
  UciMoveResult r = parse_uci_move(pos, moveText);
  FUZZ_REQUIRE(pos == before, "parse_uci_move changed the position");
  MoveList legal = legal_moves(pos);
  if (r.error == UciMoveError::None) {
    FUZZ_REQUIRE(r.message.empty(), "success with a message");
    FUZZ_REQUIRE(legal.contains(r.move), "parsed move is not legal: " + std::string(moveText));
    std::string back = move_to_uci(pos, r.move);
    UciMoveResult again = parse_uci_move(pos, back);
    FUZZ_REQUIRE(again.error == UciMoveError::None && again.move == r.move,
                 "UCI round trip failed: " + back);
  } else {
    FUZZ_REQUIRE(!r.message.empty(), "error without a message");
    FUZZ_REQUIRE(r.move == Move::none(), "error with a move");
    // Whatever move_to_uci writes must be accepted: an error means no legal move is written that way.
    for (Move m : legal) FUZZ_REQUIRE(move_to_uci(pos, m) != moveText, "rejected a legal move's own name");
  }

  // The same text through the UCI session: never crashes; a rejected move
  // list says so and leaves no position (never a stale one: issue 17), an
  // accepted one a position to show.
  static fuzz::UciHarness h;
  h.to_defaults();
  UciSession& session = *h.session;
  std::string out;
  // Set on every input (not left to the reset, which would then set every option each time).
  h.send_quietly(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
  session.handle("position fen " + to_fen(pos) + " moves " + std::string(moveText) + " " + std::string(tail),
                 out);
  const bool refused = out.find("; no position now") != std::string::npos;
  out.clear();
  session.handle("d", out);
  if (refused)
    FUZZ_REQUIRE(out.rfind("info string d: no position is set", 0) == 0, "a refused position left one to show");
  else
    FUZZ_REQUIRE(out.find("Fen: ") != std::string::npos, "'d' printed no FEN");
  // Arbitrary lines as commands, bounded as in uci_session_fuzz, except `go` (a deep perft would
  // only be a timeout). After each, the session still answers isready.
  std::string_view lines = tail;
  while (!lines.empty()) {
    size_t e = lines.find('\n');
    std::string_view raw = lines.substr(0, e);
    if (raw.find("go") == std::string_view::npos) {
      fuzz::LineKind kind;
      const std::string line = fuzz::bounded(raw, kind);
      h.note(line);
      out.clear();
      if (!session.handle(line, out)) {  // "quit": the next input starts from a full reset
        h.after_quit();
        break;
      }
      h.check_ready(line);
    }
    if (e == std::string_view::npos) break;
    lines = lines.substr(e + 1);
  }
  return 0;
}
