// The Game half of the JavaScript surface, apart from the per-move calls (game_binding.cpp):
// embind's class GameHandle with construction from FEN, Chess960 and PGN, SAN parsing with its
// errors, history, outcome, claims, offers, PGN export. Each answers a plain object (val_out.h);
// nothing here aborts or throws across the boundary: every failure comes back as {ok: false, code,
// message, ...}, which the wrapper maps to an EscaqueError. Not on a per-move path: compiled for
// size (cmake/wasm.cmake).
#include <emscripten/bind.h>
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
using emscripten::val;
using js::ValOut;
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

val from_game_error(const GameError& e) {
  return e ? js::fail(game_error_code(e.kind), e.message) : js::succeed();
}

const char* color_name(Color c) { return c == WHITE ? "w" : "b"; }
std::string_view piece_letter(PieceType pt) { return std::string_view(&"pnbrqk"[pt], 1); }

// The plain-object description of legal move m in pos (before it is played), left open for more
// members (describe_move closes it).
void open_move(ValOut& j, const Position& pos, Move m, Language lang) {
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
}
void describe_move(ValOut& j, const Position& pos, Move m, Language lang) {
  open_move(j, pos, m, lang);
  j.close('}');
}

std::optional<Language> language_of(std::string_view code) { return parse_language(code); }

val unknown_language(std::string_view lang) {
  return js::fail("INVALID_ARGUMENT", "unknown language \"" + std::string(lang) + "\"");
}

// {ok: true, game} for a new game: its handle is the caller's (delete()).
val created(GameHandle* handle) {
  ValOut j;
  js::success(j);
  j.key("game");
  j.value(val(handle));
  j.close('}');
  return j.value();
}

std::string over_message(const GameHandle& h);

// Finds the move `text` names (lenient SAN in `lang`, or UCI) without
// playing it: {ok, move: <description>} or a failure with candidates.
val parse(const GameHandle& h, std::string_view text, std::string_view lang) {
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  const Position& pos = h.game().position();
  SanResult s = parse_san(pos, text, *l);
  ValOut j;
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
  return j.value();
}

// The moves played, as SAN strings in `lang`, or as descriptions (with the FEN before and
// after each) when verbose.
val history(const GameHandle& h, bool verbose, std::string_view lang) {
  const Language l = language_of(lang).value_or(Language::English);
  ValOut j;
  j.open('[');
  Position pos = h.game().start_position();
  std::string before = verbose ? to_fen(pos) : std::string();
  for (const PlyRecord& rec : h.game().history()) {
    if (verbose) {
      // The description, with the FENs before and after the move.
      open_move(j, pos, rec.move, l);
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
  return j.value();
}

val outcome(const GameHandle& h) {
  const Outcome& o = h.game().outcome();
  ValOut j;
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
  return j.value();
}

// ---- claims and other endings ----
val claim_draw(GameHandle& h, int intendedId) {
  h.changed();  // a refused claim with an intended move plays it
  ClaimResult c;
  if (intendedId < 0) {
    c = h.game().claim_draw();
  } else {
    const Move m(static_cast<std::uint16_t>(intendedId));
    c = h.game().claim_draw_with_move(m);
  }
  if (c.error) return from_game_error(c.error);
  ValOut j;
  js::success(j);
  j.member("granted", c.granted);
  j.member("grounds", reason_name(c.grounds));
  j.member("intendedMovePlayed", c.intendedMovePlayed);
  j.member("explanation", c.explanation);
  j.close('}');
  return j.value();
}

// ---- PGN ----
// clocks: remaining milliseconds after each move (may be fewer than the moves); tags: [[name,
// value], ...].
val pgn(const GameHandle& h, const std::string& lang, const val& clocks, const val& tags, int lineWidth) {
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  std::vector<std::int64_t> clockMillis;
  for (double c : emscripten::vecFromJSArray<double>(clocks)) {
    clockMillis.push_back(c < 0 ? 0 : c > double(std::int64_t(1) << 52) ? std::int64_t(1) << 52 : std::int64_t(c));
  }
  std::vector<PgnTag> given;
  const int n = tags["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    PgnTag t{tags[i][0].as<std::string>(), tags[i][1].as<std::string>()};
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
  ValOut j;
  js::success(j);
  j.member("text", written.text);
  j.close('}');
  return j.value();
}

val headers(const GameHandle& h) {
  ValOut j;
  j.open('[');
  for (const PgnTag& t : h.tags()) {
    j.open('[');
    j.string(t.name);
    j.string(t.value);
    j.close(']');
  }
  j.close(']');
  return j.value();
}

std::string over_message(const GameHandle& h) {
  return std::string("the game is over: ") + describe(h.game().outcome());
}


// The first game of a PGN text, its mainline played: {ok, game} or PGN_PARSE with where.
val game_from_pgn(std::string_view text, std::string_view lang) {
  std::optional<Language> l = language_of(lang);
  if (!l) return unknown_language(lang);
  PgnReadOptions options;
  options.language = *l;
  PgnReadResult read = read_pgn(text, options);
  if (!read.ok()) {
    const PgnError& e = read.errors.front();
    ValOut j;
    js::failure(j, "PGN_PARSE", e.message);
    j.member("kind", pgn_error_name(e.kind));
    j.member("line", e.line);
    j.member("column", e.column);
    j.close('}');
    return j.value();
  }
  if (read.games.empty()) return js::fail("PGN_PARSE", "the PGN text holds no game");
  PgnImport imported = import_pgn_game(read.games.front());
  if (!imported.ok()) return js::fail("PGN_PARSE", imported.error);
  GameHandle* handle = new GameHandle(std::move(imported.game));
  handle->tags() = read.games.front().tags;
  handle->importedTermination = imported.termination;
  handle->importedPly = handle->game().ply();
  ValOut j;
  js::success(j);
  j.key("game");
  j.value(val(handle));
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
  return j.value();
}

}  // namespace

val js::game_error_answer(const GameError& e) { return from_game_error(e); }

val js::play_refusal(const GameHandle& h, std::string_view text, std::string_view lang) {
  if (h.game().is_over()) return fail("GAME_OVER", over_message(h));
  return parse(h, text, lang.empty() ? "en" : lang);  // an unknown language, or the SAN parser's refusal
}

}  // namespace escaque

namespace escaque::js {
namespace {

// The other endings and the draw offers, by colour (0 white, 1 black).
val act(GameHandle& h, GameError (Game::*what)(Color), int color) {
  h.changed();
  return from_game_error((h.game().*what)(Color(color)));
}

val game_from_fen(const std::string& fen, bool chess960) {
  Position pos;
  FenOptions options;
  options.chess960 = chess960;
  if (FenError e = parse_fen(fen, pos, options)) return fen_fail(e);
  return created(new GameHandle(Game(pos)));
}

val game_chess960(int index) {
  std::optional<Game> g = Game::chess960(index);
  if (!g) return fail("INVALID_ARGUMENT", "Chess960 index " + std::to_string(index) + " is not 0..959");
  return created(new GameHandle(std::move(*g)));
}

// 64 characters a1, b1, ..., h8: FEN piece letters, '.' for an empty square.
std::string board(const GameHandle& h) {
  const Position& pos = h.game().position();
  std::string squares(64, '.');
  for (int s = 0; s < 64; ++s) {
    const Piece p = pos.piece_on(Square(s));
    if (p != NO_PIECE) squares[std::size_t(s)] = piece_to_char(p);
  }
  return squares;
}

// 'w' or 'b', whose draw offer stands; '' when none.
std::string draw_offer(const GameHandle& h) {
  const auto& offer = h.game().draw_offer();
  return offer ? color_name(*offer) : "";
}

}  // namespace
}  // namespace escaque::js

EMSCRIPTEN_BINDINGS(escaque_game) {
  using namespace emscripten;
  using namespace escaque;
  using js::GameHandle;
  class_<GameHandle>("GameHandle")
      .constructor<>()
      // The game at an address a plain export made (escaque_game_unpark); the handle owns it.
      .class_function("at", optional_override([](int address) { return &js::handle_at(address); }),
                      allow_raw_pointers())
      .class_function("fromFen", &js::game_from_fen)
      .class_function("chess960", &js::game_chess960)
      .class_function("fromPgn", optional_override([](const std::string& text, const std::string& lang) {
                        return game_from_pgn(text, lang);
                      }))
      // The key of the per-move exports (game_binding.cpp).
      .function("address", optional_override([](const GameHandle& h) { return js::address_of(&h); }))
      .function("copy", optional_override([](const GameHandle& h) { return new GameHandle(h); }), allow_raw_pointers())
      .function("isChess960", optional_override([](const GameHandle& h) { return h.game().position().is_chess960(); }))
      .function("parse", optional_override([](const GameHandle& h, const std::string& text, const std::string& lang) {
                  return parse(h, text, lang);
                }))
      .function("history", optional_override([](const GameHandle& h, bool verbose, const std::string& lang) {
                  return history(h, verbose, lang);
                }))
      .function("board", &js::board)
      .function("isDeadPosition", optional_override([](const GameHandle& h) { return is_dead_position(h.game().position()); }))
      .function("isInsufficientMaterial",
                optional_override([](const GameHandle& h) { return is_insufficient_material(h.game().position()); }))
      .function("canCheckmate", optional_override([](const GameHandle& h, int color) {
                  return can_checkmate(h.game().position(), Color(color));
                }))
      .function("outcome", optional_override([](const GameHandle& h) { return outcome(h); }))
      .function("claimDraw", optional_override([](GameHandle& h, int intendedId) { return claim_draw(h, intendedId); }))
      .function("drawOffer", &js::draw_offer)
      .function("resign", optional_override([](GameHandle& h, int c) { return js::act(h, &Game::resign, c); }))
      .function("flag", optional_override([](GameHandle& h, int c) { return js::act(h, &Game::flag, c); }))
      .function("offerDraw", optional_override([](GameHandle& h, int c) { return js::act(h, &Game::offer_draw, c); }))
      .function("acceptDraw", optional_override([](GameHandle& h, int c) { return js::act(h, &Game::accept_draw, c); }))
      .function("declineDraw", optional_override([](GameHandle& h, int c) { return js::act(h, &Game::decline_draw, c); }))
      .function("pgn", &pgn)
      .function("headers", optional_override([](const GameHandle& h) { return headers(h); }))
      // A move text too long for the exchange buffer: as escaque_play (game_binding.cpp).
      .function("playText", optional_override([](GameHandle& h, const std::string& text, const std::string& lang) {
                  return js::play_text(h, text, lang);
                }))
      // Takes back or replays a move: {ok: true} or the refusal. The per-move path is escaque_undo and
      // escaque_redo, which describe the move; these tell why they refused.
      .function("undo", optional_override([](GameHandle& h) { return js::game_error_answer(h.undo()); }))
      .function("redo", optional_override([](GameHandle& h) { return js::game_error_answer(h.redo()); }))
      // The answer to a move text that could not be played (escaque_play): the game is over, the
      // language unknown, or the SAN parser's refusal with the moves it could mean.
      .function("playRefusal", optional_override([](const GameHandle& h, const std::string& text, const std::string& lang) {
                  return js::play_refusal(h, text, lang);
                }));
}
