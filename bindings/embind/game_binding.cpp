// The per-move half of the Chess class's surface (bindings/js/api.mjs): plain exports that exchange
// packed bytes through the static io buffer (rules_io.h), compiled for speed: the random games through
// Chess (bench/anchors, --chess) make several of these calls per move, and an embind method call costs
// ~100 ns against ~8 ns for a plain export (bench/embind-call-cost.mjs; docs/benchmarks.md, "Session
// 27"). The rest of the game's calls are embind's GameHandle (game_embind.cpp).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "game_handle.h"
#include "rules_io.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/language.h"
#include "notation/san.h"
#include "core/uci_move.h"
#include "rules/game.h"



// ---------------------------------------------------------------- the hot path
//
// The calls an app makes per move (legal moves, play, undo, the state queries)
// exchange bytes with the wrapper through one static buffer (escaque_io): text
// in, packed move descriptions out, no allocation, no JS objects built on this
// side. Every export either succeeds completely or returns 0 with nothing
// changed; the wrapper then asks GameHandle's embind methods (game_embind.cpp), which build
// the error.
namespace escaque {
namespace {

using js::GameHandle;
using js::MoveFacts;
using js::handle_at;
using js::io;
using js::IO_BYTES;


// Language of a fast call: empty means English; unknown -> nullopt.
std::optional<Language> io_language(int at, int len) {
  if (len == 0) return Language::English;
  return parse_language(std::string_view(reinterpret_cast<const char*>(io + at), std::size_t(len)));
}

// Packed description of legal move m in pos (the fields of describe_move):
//   [0..1] id, little-endian   [2] from   [3] to (king's destination when castling)
//   [4] colour 0/1   [5] piece 0..5   [6] promotion piece or 255   [7] captured piece or 255
//   [8] castling rook's square or 255   [9] flags: 1 capture, 2 en passant, 4 castle,
//   8 king side, 16 promotion, 32 check, 64 checkmate   [10] UCI destination square
//   [11] SAN length n   [12..12+n) SAN bytes (UTF-8)
// Returns the bytes written, or 0 if they would not fit below `limit`.
constexpr int DESCRIPTION_HEADER = 12;
int write_description(const Position& pos, Move m, Language lang, std::uint8_t* out, const std::uint8_t* limit) {
  const MoveFacts f(pos, m);
  const std::string san = move_to_san(pos, m, lang);
  const int n = int(san.size());
  if (n > 255 || out + DESCRIPTION_HEADER + n > limit) return 0;
  out[0] = std::uint8_t(m.raw() & 0xFF);
  out[1] = std::uint8_t(m.raw() >> 8);
  out[2] = std::uint8_t(m.from());
  out[3] = std::uint8_t(f.kingTo);
  out[4] = std::uint8_t(color_of(f.moving));
  out[5] = std::uint8_t(type_of(f.moving));
  out[6] = f.promotion ? std::uint8_t(m.promotion()) : 255;
  out[7] = f.capture ? std::uint8_t(f.captured()) : 255;
  out[8] = f.castle ? std::uint8_t(m.to()) : 255;
  const char last = n ? san.back() : ' ';
  out[9] = std::uint8_t((f.capture ? 1 : 0) | (f.enPassant ? 2 : 0) | (f.castle ? 4 : 0) |
                        (f.castle && f.kingSide ? 8 : 0) | (f.promotion ? 16 : 0) |
                        (last == '+' || last == '#' ? 32 : 0) | (last == '#' ? 64 : 0));
  out[10] = std::uint8_t(f.castle && !pos.is_chess960() ? f.kingTo : m.to());
  out[11] = std::uint8_t(n);
  std::memcpy(out + DESCRIPTION_HEADER, san.data(), std::size_t(n));
  return DESCRIPTION_HEADER + n;
}

}  // namespace
}  // namespace escaque

extern "C" {

using escaque::js::GameHandle;
using escaque::js::io;

// The legal moves' ids (uint16) at io, in ascending order of their UCI text; their count (0 when the
// game is over).
EMSCRIPTEN_KEEPALIVE int escaque_move_ids(int game) {
  const GameHandle& h = escaque::handle_at(game);
  if (h.game().is_over()) return 0;
  const escaque::MoveList& list = h.legal();
  escaque::write_in_uci_order(h.game().position(), list, reinterpret_cast<std::uint16_t*>(io));
  return list.size;
}

// Descriptions of every legal move (in UCI order), back to back at io, SAN in the language
// named by the langLen bytes at io (unknown: English, as moves() always did).
// Their count, or -1 if they do not fit (never with 16 KB: at most 218 moves
// of 12 + a few SAN bytes; the wrapper would throw an INTERNAL EscaqueError).
EMSCRIPTEN_KEEPALIVE int escaque_moves(int game, int langLen) {
  const GameHandle& h = escaque::handle_at(game);
  const escaque::Language lang = escaque::io_language(0, langLen).value_or(escaque::Language::English);
  if (h.game().is_over()) return 0;
  const escaque::MoveList& list = h.legal();
  std::uint16_t ids[escaque::MAX_MOVES];
  escaque::write_in_uci_order(h.game().position(), list, ids);
  std::uint8_t* out = io;
  for (int i = 0; i < list.size; ++i) {
    const escaque::Move m(ids[i]);
    const int n = escaque::write_description(h.game().position(), m, lang, out, io + escaque::js::IO_BYTES);
    if (!n) return -1;
    out += n;
  }
  return list.size;
}

}  // extern "C"

namespace escaque::js {

int play_text(GameHandle& h, std::string_view text, std::string_view langText) {
  const std::optional<Language> lang = langText.empty() ? std::optional(Language::English) : parse_language(langText);
  Move m = Move::none();
  if (!h.game().is_over() && lang) {
    if (*lang == Language::English) m = match_uci(h.game().position(), h.legal(), text);
    if (m == Move::none()) {
      const SanResult s = parse_san(h.game().position(), text, *lang);
      if (s.ok()) m = s.move;
    }
  }
  if (m == Move::none()) return 0;
  // The text is read: its bytes in io may be written over.
  if (!write_description(h.game().position(), m, Language::English, io, io + IO_BYTES)) return 0;
  return h.play_legal(m) ? 1 : 0;
}

}  // namespace escaque::js

extern "C" {

// Plays the move `text` names (UCI, or lenient SAN in the language `lang`, "" for English): 1 with
// its description at io. text and lang are the textLen and langLen bytes at io (at most IO_TEXT_MAX
// each; longer ones take GameHandle's playText). Refused (the game is over, an unknown language, no
// such legal move): 0 with nothing changed, and GameHandle's playRefusal says why.
EMSCRIPTEN_KEEPALIVE int escaque_play(int game, int textLen, int langLen) {
  if (textLen < 0 || textLen > escaque::js::IO_TEXT_MAX || langLen < 0 || langLen > escaque::js::IO_TEXT_MAX) return 0;
  const char* at = reinterpret_cast<const char*>(io);
  return escaque::js::play_text(escaque::handle_at(game), std::string_view(at, std::size_t(textLen)),
                                std::string_view(at + textLen, std::size_t(langLen)));
}

// Takes back the last move: 1 with its description (in the position it was played from) at io.
// Refused (no move played): 0 with nothing changed, and GameHandle's undo says why.
EMSCRIPTEN_KEEPALIVE int escaque_undo(int game) {
  GameHandle& h = escaque::handle_at(game);
  const escaque::Move m = h.game().ply() ? h.game().history().back().move : escaque::Move::none();
  if (h.undo()) return 0;
  escaque::write_description(h.game().position(), m, escaque::Language::English, io, io + escaque::js::IO_BYTES);
  return 1;
}

// Replays the last undone move: 1 with its description at io. Refused (none undone, or the game
// is over): 0 with nothing changed, and GameHandle's redo says why.
EMSCRIPTEN_KEEPALIVE int escaque_redo(int game) {
  GameHandle& h = escaque::handle_at(game);
  const escaque::Position before = h.game().position();
  if (h.redo()) return 0;
  escaque::write_description(before, h.game().history().back().move, escaque::Language::English, io,
                             io + escaque::js::IO_BYTES);
  return 1;
}

// The FEN at io (ASCII); its length.
EMSCRIPTEN_KEEPALIVE int escaque_fen(int game) {
  const std::string fen = escaque::to_fen(escaque::handle_at(game).game().position());
  const int n = int(std::min<std::size_t>(fen.size(), escaque::js::IO_BYTES));
  std::memcpy(io, fen.data(), std::size_t(n));
  return n;
}

// State queries, one call each.
EMSCRIPTEN_KEEPALIVE int escaque_is_over(int game) { return escaque::handle_at(game).game().is_over(); }
EMSCRIPTEN_KEEPALIVE int escaque_in_check(int game) {
  return escaque::handle_at(game).game().position().in_check();
}
EMSCRIPTEN_KEEPALIVE int escaque_turn(int game) {
  return int(escaque::handle_at(game).game().position().side_to_move());
}
EMSCRIPTEN_KEEPALIVE int escaque_repetition_count(int game) {
  return escaque::handle_at(game).game().repetition_count();
}
EMSCRIPTEN_KEEPALIVE int escaque_can_claim_draw(int game) {
  const escaque::Game& g = escaque::handle_at(game).game();
  return g.can_claim_threefold() || g.can_claim_fifty_moves();
}
// OutcomeReason as an integer (0 = none): the wrapper only compares it with checkmate and stalemate.
EMSCRIPTEN_KEEPALIVE int escaque_outcome_reason(int game) {
  return int(escaque::handle_at(game).game().outcome().reason);
}

}  // extern "C"
