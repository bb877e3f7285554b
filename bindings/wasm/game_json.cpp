// The Game half of the JavaScript surface, apart from the per-move calls
// (game_binding.cpp): construction from FEN, Chess960 and PGN, SAN parsing with
// its errors, history, outcome, claims, offers, PGN export. Each takes its text
// arguments from the input buffer and answers JSON (rules_io.h); nothing here
// aborts or throws across the boundary: every failure comes back as
// {ok: false, code, message, ...}, which the wrapper maps to an EscaqueError.
// Not on a per-move path: compiled for size (cmake/wasm.cmake).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game_handle.h"
#include "rules_io.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "notation/language.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "core/uci_move.h"
#include "rules/dead_position.h"
#include "rules/game.h"

namespace escaque {
namespace {

using js::GameHandle;
using js::Args;
using js::JsonOut;
using js::MoveFacts;

const char* game_error_code(GameErrorKind kind) {
  switch (kind) {
    case GameErrorKind::GameOver: return "GAME_OVER";
    case GameErrorKind::IllegalMove: return "ILLEGAL_MOVE";
    case GameErrorKind::NothingToUndo: return "NOTHING_TO_UNDO";
    case GameErrorKind::NothingToRedo: return "NOTHING_TO_REDO";
    case GameErrorKind::NoDrawOffer: return "NO_DRAW_OFFER";
    case GameErrorKind::OwnDrawOffer: return "OWN_DRAW_OFFER";
    case GameErrorKind::DrawOfferStands: return "DRAW_OFFER_STANDS";
    case GameErrorKind::AgreementTooEarly: return "AGREEMENT_TOO_EARLY";
    case GameErrorKind::None: break;
  }
  return "OK";
}

const char* san_error_code(SanError e) {
  switch (e) {
    case SanError::Empty: return "EMPTY_MOVE";
    case SanError::Syntax: return "MOVE_SYNTAX";
    case SanError::NoSuchPiece: return "NO_SUCH_PIECE";
    case SanError::Illegal: return "ILLEGAL_MOVE";
    case SanError::Ambiguous: return "AMBIGUOUS_MOVE";
    case SanError::WrongPromotion: return "WRONG_PROMOTION";
    case SanError::NotStandard: return "NOT_STANDARD";
    case SanError::None: break;
  }
  return "OK";
}

int from_game_error(const GameError& e) {
  return e ? js::fail(game_error_code(e.kind), e.message) : js::succeed();
}

const char* color_name(Color c) { return c == WHITE ? "w" : "b"; }
std::string_view piece_letter(PieceType pt) { return std::string_view(&"pnbrqk"[pt], 1); }

// The plain-object description of legal move m in pos (before it is played), as one JSON object.
void describe_move(JsonOut& j, const Position& pos, Move m, Language lang) {
  const MoveFacts f(pos, m);
  const std::string san = move_to_san(pos, m, lang);
  j.open('{');
  j.member("id", int(m.raw()));
  j.member("from", square_name(m.from()));
  j.member("to", square_name(f.kingTo));
  j.member("color", color_name(color_of(f.moving)));
  j.member("piece", piece_letter(type_of(f.moving)));
  if (f.promotion) j.member("promotion", piece_letter(m.promotion()));
  if (f.capture) j.member("captured", piece_letter(f.captured()));
  if (f.castle) j.member("rookFrom", square_name(m.to()));
  j.member("san", san);
  j.member("uci", move_to_uci(pos, m));
  j.key("flags");
  j.open('{');
  j.member("capture", f.capture);
  j.member("enPassant", f.enPassant);
  j.key("castle");
  if (f.castle) j.string(f.kingSide ? "king" : "queen");
  else j.boolean(false);
  j.member("promotion", f.promotion);
  const char last = san.empty() ? ' ' : san.back();
  j.member("check", last == '+' || last == '#');
  j.member("checkmate", last == '#');
  j.close('}');
  j.close('}');
}

std::optional<Language> language_of(std::string_view code) { return parse_language(code); }

int unknown_language(std::string_view lang) {
  return js::fail("INVALID_ARGUMENT", "unknown language \"" + std::string(lang) + "\"");
}

// {ok: true, <name>: address} for a new handle.
int created(const char* name, const void* handle) {
  JsonOut j;
  js::success(j);
  j.member(name, js::address_of(handle));
  j.close('}');
  return js::finish(j);
}

std::string over_message(const GameHandle& h);

// Finds the move `text` names (lenient SAN in `lang`, or UCI) without
// playing it: {ok, move: <description>} or a failure with candidates.
int parse(const GameHandle& h, std::string_view text, std::string_view lang) {
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  const Position& pos = h.game().position();
  SanResult s = parse_san(pos, text, *l);
  JsonOut j;
  if (!s.ok()) {
    js::failure(j, san_error_code(s.kind), s.message);
    j.key("candidates");
    j.open('[');
    for (Move m : s.candidates) j.string(move_to_san(pos, m, *l));
    j.close(']');
    if (s.offset >= 0) j.member("offset", s.offset);
  } else {
    js::success(j);
    j.key("move");
    describe_move(j, pos, s.move, *l);
  }
  j.close('}');
  return js::finish(j);
}

// The moves played, as SAN strings in `lang`, or as descriptions (with the FEN before and
// after each) when verbose.
int history(const GameHandle& h, bool verbose, std::string_view lang) {
  const Language l = language_of(lang).value_or(Language::English);
  JsonOut j;
  j.open('[');
  Position pos = h.game().start_position();
  std::string before = verbose ? to_fen(pos) : std::string();
  for (const PlyRecord& rec : h.game().history()) {
    if (verbose) {
      // The description, reopened for the FENs before and after the move.
      describe_move(j, pos, rec.move, l);
      j.text.pop_back();
      UndoInfo undo;
      pos.do_move(rec.move, undo);
      std::string after = to_fen(pos);
      j.member("before", before);
      j.member("after", after);
      j.close('}');
      before = std::move(after);
    } else {
      j.string(move_to_san(pos, rec.move, l));
      UndoInfo undo;
      pos.do_move(rec.move, undo);
    }
  }
  j.close(']');
  return js::finish(j);
}

int outcome(const GameHandle& h) {
  const Outcome& o = h.game().outcome();
  JsonOut j;
  j.open('{');
  j.member("result", o.result);
  j.member("reason", reason_name(o.reason));
  j.key("winner");
  if (o.winner) j.string(color_name(*o.winner));
  else j.null();
  j.key("by");
  if (o.by) j.string(color_name(*o.by));
  else j.null();
  j.member("termination", pgn_termination(o.reason));
  // Moves were played on after this automatic draw (an imported historical game): where it happened.
  if (h.game().ended_at_ply() >= 0) j.member("endedAtPly", h.game().ended_at_ply());
  j.member("description", o.is_over() ? describe(o) : std::string("Game in progress"));
  j.close('}');
  return js::finish(j);
}

// ---- claims and other endings ----
int claim_draw(GameHandle& h, int intendedId) {
  h.changed();  // a refused claim with an intended move plays it
  ClaimResult c;
  if (intendedId < 0) {
    c = h.game().claim_draw();
  } else {
    const Move m(static_cast<std::uint16_t>(intendedId));
    c = h.game().claim_draw_with_move(m);
  }
  if (c.error) return from_game_error(c.error);
  JsonOut j;
  js::success(j);
  j.member("granted", c.granted);
  j.member("grounds", reason_name(c.grounds));
  j.member("intendedMovePlayed", c.intendedMovePlayed);
  j.member("explanation", c.explanation);
  j.close('}');
  return js::finish(j);
}

// ---- PGN ----
// Arguments: the language, the clocks (remaining milliseconds after each move, decimal integers
// separated by spaces; may be fewer than the moves), then tag names and values, alternately.
int pgn(const GameHandle& h, Args& args, int lineWidth) {
  const std::string_view lang = args.next();
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  std::vector<std::int64_t> clockMillis;
  const std::string_view clocks = args.next();
  for (std::size_t i = 0; i < clocks.size();) {
    std::int64_t v = 0;
    while (i < clocks.size() && clocks[i] != ' ') {
      if (v < (std::int64_t(1) << 52)) v = v * 10 + (clocks[i] - '0');
      ++i;
    }
    clockMillis.push_back(v);
    ++i;
  }
  std::vector<PgnTag> given;
  while (!args.done()) {
    PgnTag t{args.text(), args.text()};
    if (t.name == "Result" && t.value != "1-0" && t.value != "0-1" && t.value != "1/2-1/2" && t.value != "*")
      return js::fail("INVALID_ARGUMENT", "pgn: the Result header must be 1-0, 0-1, 1/2-1/2 or *, got \"" +
                                              t.value + "\"");
    given.push_back(std::move(t));
  }
  std::vector<PgnTag> allTags = h.tags();
  for (const PgnTag& t : given) {
    bool replaced = false;
    for (PgnTag& existing : allTags) {
      if (existing.name == t.name) { existing.value = t.value; replaced = true; }
    }
    if (!replaced) allTags.push_back(t);
  }
  PgnFromGame from = pgn_from_game(h.game(), allTags, clockMillis);
  if (!from.ok()) return js::fail("INVALID_ARGUMENT", from.error);
  // An imported game that still ends where the file said keeps the file's Termination.
  if (!h.importedTermination.empty() && h.game().is_over() && h.game().ply() == h.importedPly)
    from.pgn.set_tag("Termination", h.importedTermination);
  // What the caller gives wins over what the game derives (docs/api.md), Result included: the
  // termination marker follows it.
  for (const PgnTag& t : given) {
    from.pgn.set_tag(t.name, t.value);
    if (t.name == "Result") from.pgn.result = t.value;
  }
  PgnWriteOptions options;
  options.language = *l;
  options.lineWidth = lineWidth;
  PgnWriteResult written = write_pgn(from.pgn, options);
  if (!written.ok()) return js::fail("INVALID_ARGUMENT", written.error);
  JsonOut j;
  js::success(j);
  j.member("text", written.text);
  j.close('}');
  return js::finish(j);
}

int headers(const GameHandle& h) {
  JsonOut j;
  j.open('[');
  for (const PgnTag& t : h.tags()) {
    j.open('[');
    j.string(t.name);
    j.string(t.value);
    j.close(']');
  }
  j.close(']');
  return js::finish(j);
}

std::string over_message(const GameHandle& h) {
  return std::string("the game is over: ") + describe(h.game().outcome());
}


// The first game of a PGN text, its mainline played: {ok, game} or PGN_PARSE with where.
int game_from_pgn(std::string_view text, std::string_view lang) {
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  PgnReadOptions options;
  options.language = *l;
  PgnReadResult read = read_pgn(text, options);
  if (!read.ok()) {
    const PgnError& e = read.errors.front();
    JsonOut j;
    js::failure(j, "PGN_PARSE", e.message);
    j.member("kind", pgn_error_name(e.kind));
    j.member("line", e.line);
    j.member("column", e.column);
    j.close('}');
    return js::finish(j);
  }
  if (read.games.empty()) return js::fail("PGN_PARSE", "the PGN text holds no game");
  PgnImport imported = import_pgn_game(read.games.front());
  if (!imported.ok()) return js::fail("PGN_PARSE", imported.error);
  GameHandle* handle = new GameHandle(std::move(imported.game));
  handle->tags() = read.games.front().tags;
  handle->importedTermination = imported.termination;
  handle->importedPly = handle->game().ply();
  JsonOut j;
  js::success(j);
  j.member("game", js::address_of(handle));
  j.key("warnings");
  j.open('[');
  for (const PgnWarning& w : imported.warnings) {
    j.open('{');
    j.member("kind", w.kind);
    j.member("message", w.message);
    j.close('}');
  }
  j.close(']');
  j.close('}');
  return js::finish(j);
}

}  // namespace

int js::game_error_answer(const GameError& e) { return from_game_error(e); }

int js::play_refusal(const GameHandle& h, std::string_view text, std::string_view lang) {
  if (h.game().is_over()) return fail("GAME_OVER", over_message(h));
  return parse(h, text, lang.empty() ? "en" : lang);  // an unknown language, or the SAN parser's refusal
}

}  // namespace escaque

extern "C" {

using escaque::js::GameHandle;
using escaque::js::handle_at;
using escaque::js::io;
using escaque::js::Args;

// ---------------------------------------------------------------- the rest (JSON answers)

// Lifecycle: a game is its address.
EMSCRIPTEN_KEEPALIVE int escaque_game_new() { return escaque::js::address_of(new GameHandle()); }
EMSCRIPTEN_KEEPALIVE void escaque_game_delete(int game) { delete &handle_at(game); }
EMSCRIPTEN_KEEPALIVE int escaque_game_clone(int game) {
  return escaque::js::address_of(new GameHandle(handle_at(game)));
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_chess960(int game) {
  return handle_at(game).game().position().is_chess960();
}

// Arguments: the FEN. {ok, game} or INVALID_FEN.
EMSCRIPTEN_KEEPALIVE int escaque_game_from_fen(int chess960) {
  Args args;
  escaque::Position pos;
  escaque::FenOptions options;
  options.chess960 = chess960 != 0;
  if (escaque::FenError e = escaque::parse_fen(args.next(), pos, options)) return escaque::js::fen_fail(e);
  return escaque::created("game", new GameHandle(escaque::Game(pos)));
}

EMSCRIPTEN_KEEPALIVE int escaque_game_chess960(int index) {
  std::optional<escaque::Game> g = escaque::Game::chess960(index);
  if (!g) {
    return escaque::js::fail("INVALID_ARGUMENT", "Chess960 index " + std::to_string(index) + " is not 0..959");
  }
  return escaque::created("game", new GameHandle(std::move(*g)));
}

// Arguments: the PGN text, the language of its piece letters.
EMSCRIPTEN_KEEPALIVE int escaque_game_from_pgn() {
  Args args;
  const std::string_view text = args.next();
  return escaque::game_from_pgn(text, args.next());
}

// Arguments: the move text, the language.
EMSCRIPTEN_KEEPALIVE int escaque_game_parse(int game) {
  Args args;
  const std::string_view text = args.next();
  return escaque::parse(handle_at(game), text, args.next());
}
// Arguments: the language.
EMSCRIPTEN_KEEPALIVE int escaque_game_history(int game, int verbose) {
  Args args;
  return escaque::history(handle_at(game), verbose != 0, args.next());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_outcome(int game) { return escaque::outcome(handle_at(game)); }
EMSCRIPTEN_KEEPALIVE int escaque_game_claim_draw(int game, int intendedId) {
  return escaque::claim_draw(handle_at(game), intendedId);
}
// The other endings and the draw offers, by colour (0 white, 1 black).
enum GameAct { RESIGN, FLAG, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW };
EMSCRIPTEN_KEEPALIVE int escaque_game_act(int game, int act, int color) {
  escaque::Game& g = handle_at(game).game();
  handle_at(game).changed();
  const escaque::Color c = escaque::Color(color);
  switch (act) {
    case RESIGN: return escaque::from_game_error(g.resign(c));
    case FLAG: return escaque::from_game_error(g.flag(c));
    case OFFER_DRAW: return escaque::from_game_error(g.offer_draw(c));
    case ACCEPT_DRAW: return escaque::from_game_error(g.accept_draw(c));
    default: return escaque::from_game_error(g.decline_draw(c));
  }
}
// Arguments: see GameHandle::pgn.
EMSCRIPTEN_KEEPALIVE int escaque_game_pgn(int game, int lineWidth) {
  Args args;
  return escaque::pgn(handle_at(game), args, lineWidth);
}
EMSCRIPTEN_KEEPALIVE int escaque_game_headers(int game) { return escaque::headers(handle_at(game)); }

// 64 bytes at io, a1, b1, ..., h8: FEN piece letters, '.' for an empty square.
EMSCRIPTEN_KEEPALIVE int escaque_game_board(int game) {
  const escaque::Position& pos = handle_at(game).game().position();
  for (int s = 0; s < 64; ++s) {
    const escaque::Piece p = pos.piece_on(escaque::Square(s));
    io[s] = std::uint8_t(p == escaque::NO_PIECE ? '.' : escaque::piece_to_char(p));
  }
  return 64;
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_dead_position(int game) {
  return escaque::is_dead_position(handle_at(game).game().position());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_insufficient_material(int game) {
  return escaque::is_insufficient_material(handle_at(game).game().position());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_can_checkmate(int game, int color) {
  return escaque::can_checkmate(handle_at(game).game().position(), escaque::Color(color));
}
// The colour whose draw offer stands (0 white, 1 black), or -1.
EMSCRIPTEN_KEEPALIVE int escaque_game_draw_offer(int game) {
  const auto& offer = handle_at(game).game().draw_offer();
  return offer ? int(*offer) : -1;
}

}  // extern "C"
