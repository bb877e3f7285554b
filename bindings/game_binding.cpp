// The Game half of the JavaScript surface: class GameHandle wraps escaque::Game
// for bindings/escaque.mjs (the public Chess class). Internal: names here may
// change; users go through the JS wrapper, which validates every argument's
// type before calling in.
//
// Nothing here may abort the module or throw across the boundary: every
// failure comes back as a plain object {ok: false, code, message, ...} that
// the wrapper maps to an EscaqueError subclass. Results are copied into plain
// JS values, so callers never hold C++ memory except the handle itself.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <optional>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/language.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "rules/dead_position.h"
#include "rules/game.h"

namespace escaque {
namespace {

using emscripten::val;

val failure(const char* code, const std::string& message) {
  val r = val::object();
  r.set("ok", false);
  r.set("code", std::string(code));
  r.set("message", message);
  return r;
}

val success() {
  val r = val::object();
  r.set("ok", true);
  return r;
}

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
  return e ? failure(game_error_code(e.kind), e.message) : success();
}

std::string color_name(Color c) { return c == WHITE ? "w" : "b"; }
std::string piece_letter(PieceType pt) { return std::string(1, "pnbrqk"[pt]); }

// The plain-object description of legal move m in pos (before it is played).
val describe_move(const Position& pos, Move m, Language lang) {
  val r = val::object();
  const Piece moving = pos.piece_on(m.from());
  const bool castle = m.kind() == CASTLING;
  const bool enPassant = m.kind() == EN_PASSANT;
  const bool promotion = m.kind() == PROMOTION;
  const Piece target = pos.piece_on(m.to());
  const bool capture = enPassant || (!castle && target != NO_PIECE);
  const std::string uci = move_to_uci(pos, m);
  const std::string san = move_to_san(pos, m, lang);
  r.set("id", int(m.raw()));
  r.set("from", square_name(m.from()));
  // Castling is stored king-takes-rook; "to" is where the king lands (g or c file), also in Chess960.
  const bool kingSide = file_of(m.to()) > file_of(m.from());
  r.set("to", castle ? square_name(make_square(kingSide ? 6 : 2, rank_of(m.from()))) : square_name(m.to()));
  r.set("color", color_name(color_of(moving)));
  r.set("piece", piece_letter(type_of(moving)));
  if (promotion) r.set("promotion", piece_letter(m.promotion()));
  if (capture) r.set("captured", enPassant ? std::string("p") : piece_letter(type_of(target)));
  if (castle) r.set("rookFrom", square_name(m.to()));
  r.set("san", san);
  r.set("uci", uci);
  val flags = val::object();
  flags.set("capture", capture);
  flags.set("enPassant", enPassant);
  flags.set("castle", castle ? val(std::string(kingSide ? "king" : "queen"))
                             : val(false));
  flags.set("promotion", promotion);
  const char last = san.empty() ? ' ' : san.back();
  flags.set("check", last == '+' || last == '#');
  flags.set("checkmate", last == '#');
  r.set("flags", flags);
  return r;
}

std::optional<Language> language_of(const std::string& code) { return parse_language(code); }

class GameHandle {
 public:
  GameHandle() = default;

  // ---- construction (static factories return {ok, game} or a failure) ----
  static val from_fen(const std::string& fen, bool chess960) {
    Position pos;
    FenOptions options;
    options.chess960 = chess960;
    if (FenError e = parse_fen(fen, pos, options)) {
      val r = failure("INVALID_FEN", e.message);
      r.set("offset", int(e.offset));
      return r;
    }
    val r = success();
    r.set("game", GameHandle(Game(pos)));
    return r;
  }

  static val chess960_start(int index) {
    std::optional<Game> g = Game::chess960(index);
    if (!g) return failure("INVALID_ARGUMENT", "Chess960 index " + std::to_string(index) + " is not 0..959");
    val r = success();
    r.set("game", GameHandle(std::move(*g)));
    return r;
  }

  static val from_pgn(const std::string& text, const std::string& lang) {
    std::optional<Language> l = language_of(lang);
    if (!l) return failure("INVALID_ARGUMENT", "unknown language \"" + lang + "\"");
    PgnReadOptions options;
    options.language = *l;
    PgnReadResult read = read_pgn(text, options);
    if (!read.ok()) {
      const PgnError& e = read.errors.front();
      val r = failure("PGN_PARSE", e.message);
      r.set("kind", std::string(pgn_error_name(e.kind)));
      r.set("line", e.line);
      r.set("column", e.column);
      return r;
    }
    if (read.games.empty()) return failure("PGN_PARSE", "the PGN text holds no game");
    PgnReplay replay = pgn_to_game(read.games.front());
    if (!replay.ok()) return failure("PGN_PARSE", replay.error);
    GameHandle handle(std::move(replay.game));
    handle.tags_ = read.games.front().tags;
    val r = success();
    r.set("game", std::move(handle));
    return r;
  }

  GameHandle clone() const { return *this; }

  // ---- moves ----
  val moves(const std::string& lang) const {
    const Language l = language_of(lang).value_or(Language::English);
    val list = val::array();
    if (game_.is_over()) return list;
    const Position& pos = game_.position();
    for (Move m : legal_moves(pos)) list.call<void>("push", describe_move(pos, m, l));
    return list;
  }

  val moves_uci() const {
    val list = val::array();
    if (game_.is_over()) return list;
    const Position& pos = game_.position();
    for (Move m : legal_moves(pos)) list.call<void>("push", move_to_uci(pos, m));
    return list;
  }

  // Finds the move `text` names (lenient SAN in `lang`, or UCI) without
  // playing it: {ok, move: <description>} or a failure with candidates.
  val parse(const std::string& text, const std::string& lang) const {
    std::optional<Language> l = language_of(lang);
    if (!l) return failure("INVALID_ARGUMENT", "unknown language \"" + lang + "\"");
    const Position& pos = game_.position();
    SanResult s = parse_san(pos, text, *l);
    if (!s.ok()) {
      val r = failure(san_error_code(s.kind), s.message);
      val candidates = val::array();
      for (Move m : s.candidates) candidates.call<void>("push", move_to_san(pos, m, *l));
      r.set("candidates", candidates);
      if (s.offset >= 0) r.set("offset", s.offset);
      return r;
    }
    val r = success();
    r.set("move", describe_move(pos, s.move, *l));
    return r;
  }

  // Plays text (as parse()); on success returns the description of the move played.
  val play_text(const std::string& text, const std::string& lang) {
    if (game_.is_over()) return failure("GAME_OVER", over_message());
    std::optional<Language> l = language_of(lang);
    if (!l) return failure("INVALID_ARGUMENT", "unknown language \"" + lang + "\"");
    SanResult s = parse_san(game_.position(), text, *l);
    if (!s.ok()) return parse(text, lang);  // the same failure, with its candidates spelled out
    return play_move(s.move);
  }

  // Plays the move with internal id `id` (from moves() or parse()).
  val play_id(int id) {
    if (game_.is_over()) return failure("GAME_OVER", over_message());
    const Move m(static_cast<std::uint16_t>(id));
    if (id < 0 || id > 0xFFFF || !game_.is_legal(m)) {
      return failure("ILLEGAL_MOVE", "not a legal move in this position");
    }
    return play_move(m);
  }

  // Both describe the move in the position before it, which undo() leaves
  // and redo() starts from (no replay from the start).
  val undo() {
    if (game_.ply() == 0) return failure("NOTHING_TO_UNDO", "no move has been played");
    const Move m = game_.history().back().move;
    if (GameError e = game_.undo()) return from_game_error(e);
    val r = success();
    r.set("move", describe_move(game_.position(), m, Language::English));
    return r;
  }

  val redo() {
    const Position before = game_.position();
    if (GameError e = game_.redo()) return from_game_error(e);
    val r = success();
    r.set("move", describe_move(before, game_.history().back().move, Language::English));
    return r;
  }

  // The moves played, as SAN strings in `lang`, or as descriptions when verbose.
  val history(bool verbose, const std::string& lang) const {
    const Language l = language_of(lang).value_or(Language::English);
    val list = val::array();
    Position pos = game_.start_position();
    for (const PlyRecord& rec : game_.history()) {
      if (verbose) {
        val d = describe_move(pos, rec.move, l);
        d.set("before", to_fen(pos));
        list.call<void>("push", d);
      } else {
        list.call<void>("push", move_to_san(pos, rec.move, l));
      }
      UndoInfo undo;
      pos.do_move(rec.move, undo);
    }
    if (verbose) {
      // Each entry also gets the FEN after it (the next one's "before", or the current position).
      const int n = list["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        list[i].set("after", i + 1 < n ? list[i + 1]["before"] : val(to_fen(game_.position())));
      }
    }
    return list;
  }

  // ---- state ----
  std::string fen() const { return to_fen(game_.position()); }
  // 64 characters a1, b1, ..., h8: FEN piece letters, '.' for an empty square.
  std::string board() const {
    std::string squares(64, '.');
    const Position& pos = game_.position();
    for (int s = 0; s < 64; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (p != NO_PIECE) squares[s] = piece_to_char(p);
    }
    return squares;
  }
  std::string turn() const { return color_name(game_.position().side_to_move()); }
  bool in_check() const { return game_.position().in_check(); }
  bool is_checkmate() const { return game_.outcome().reason == OutcomeReason::Checkmate; }
  bool is_stalemate() const { return game_.outcome().reason == OutcomeReason::Stalemate; }
  bool is_dead_position() const { return escaque::is_dead_position(game_.position()); }
  bool is_insufficient_material() const { return escaque::is_insufficient_material(game_.position()); }
  bool can_checkmate(int color) const { return escaque::can_checkmate(game_.position(), Color(color)); }
  int repetition_count() const { return game_.repetition_count(); }
  int ply() const { return game_.ply(); }
  int redo_count() const { return game_.redo_count(); }
  bool is_over() const { return game_.is_over(); }
  bool chess960() const { return game_.position().is_chess960(); }
  std::string draw_offer() const {
    return game_.draw_offer() ? color_name(*game_.draw_offer()) : std::string();
  }
  bool can_claim_draw() const { return game_.can_claim_threefold() || game_.can_claim_fifty_moves(); }

  val outcome() const {
    const Outcome& o = game_.outcome();
    val r = val::object();
    r.set("result", std::string(o.result));
    r.set("reason", std::string(reason_name(o.reason)));
    r.set("winner", o.winner ? val(color_name(*o.winner)) : val::null());
    r.set("by", o.by ? val(color_name(*o.by)) : val::null());
    r.set("termination", std::string(pgn_termination(o.reason)));
    r.set("description", o.is_over() ? describe(o) : std::string("Game in progress"));
    return r;
  }

  // ---- claims and other endings ----
  val claim_draw(int intendedId) {
    ClaimResult c;
    if (intendedId < 0) {
      c = game_.claim_draw();
    } else {
      const Move m(static_cast<std::uint16_t>(intendedId));
      c = game_.claim_draw_with_move(m);
    }
    if (c.error) return from_game_error(c.error);
    val r = success();
    r.set("granted", c.granted);
    r.set("grounds", std::string(reason_name(c.grounds)));
    r.set("intendedMovePlayed", c.intendedMovePlayed);
    r.set("explanation", c.explanation);
    return r;
  }
  val resign(int color) { return from_game_error(game_.resign(Color(color))); }
  val flag(int color) { return from_game_error(game_.flag(Color(color))); }
  val offer_draw(int color) { return from_game_error(game_.offer_draw(Color(color))); }
  val accept_draw(int color) { return from_game_error(game_.accept_draw(Color(color))); }
  val decline_draw(int color) { return from_game_error(game_.decline_draw(Color(color))); }

  // ---- PGN ----
  // clocks: remaining time in milliseconds after each move (may be shorter than the game); tags: [[name, value]...]
  val pgn(const std::string& lang, val clocks, val tags, int lineWidth) const {
    std::optional<Language> l = language_of(lang);
    if (!l) return failure("INVALID_ARGUMENT", "unknown language \"" + lang + "\"");
    std::vector<std::int64_t> clockMillis;
    const int nClocks = clocks["length"].as<int>();
    for (int i = 0; i < nClocks; ++i) clockMillis.push_back(std::int64_t(clocks[i].as<double>()));
    std::vector<PgnTag> allTags = tags_;
    const int nTags = tags["length"].as<int>();
    for (int i = 0; i < nTags; ++i) {
      PgnTag t{tags[i][0].as<std::string>(), tags[i][1].as<std::string>()};
      bool replaced = false;
      for (PgnTag& existing : allTags) {
        if (existing.name == t.name) { existing.value = t.value; replaced = true; }
      }
      if (!replaced) allTags.push_back(std::move(t));
    }
    PgnFromGame from = pgn_from_game(game_, allTags, clockMillis);
    if (!from.ok()) return failure("INVALID_ARGUMENT", from.error);
    PgnWriteOptions options;
    options.language = *l;
    options.lineWidth = lineWidth;
    PgnWriteResult written = write_pgn(from.pgn, options);
    if (!written.ok()) return failure("INVALID_ARGUMENT", written.error);
    val r = success();
    r.set("text", written.text);
    return r;
  }

  val headers() const {
    val r = val::array();
    for (const PgnTag& t : tags_) {
      val pair = val::array();
      pair.call<void>("push", t.name);
      pair.call<void>("push", t.value);
      r.call<void>("push", pair);
    }
    return r;
  }

 private:
  explicit GameHandle(Game game) : game_(std::move(game)) {}

  val play_move(Move m) {
    val description = describe_move(game_.position(), m, Language::English);
    if (GameError e = game_.play(m)) return from_game_error(e);
    val r = success();
    r.set("move", description);
    return r;
  }
  std::string over_message() const {
    return std::string("the game is over: ") + describe(game_.outcome());
  }

  Game game_;
  std::vector<PgnTag> tags_;
};

// Bytes currently allocated by malloc: the leak tests watch it stay flat.
int heap_in_use() { return mallinfo().uordblks; }

}  // namespace
}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque_game) {
  using escaque::GameHandle;
  emscripten::class_<GameHandle>("GameHandle")
      .constructor<>()
      .class_function("fromFen", &GameHandle::from_fen)
      .class_function("chess960", &GameHandle::chess960_start)
      .class_function("fromPgn", &GameHandle::from_pgn)
      .function("clone", &GameHandle::clone)
      .function("moves", &GameHandle::moves)
      .function("movesUci", &GameHandle::moves_uci)
      .function("parse", &GameHandle::parse)
      .function("playText", &GameHandle::play_text)
      .function("playId", &GameHandle::play_id)
      .function("undo", &GameHandle::undo)
      .function("redo", &GameHandle::redo)
      .function("history", &GameHandle::history)
      .function("fen", &GameHandle::fen)
      .function("board", &GameHandle::board)
      .function("turn", &GameHandle::turn)
      .function("inCheck", &GameHandle::in_check)
      .function("isCheckmate", &GameHandle::is_checkmate)
      .function("isStalemate", &GameHandle::is_stalemate)
      .function("isDeadPosition", &GameHandle::is_dead_position)
      .function("isInsufficientMaterial", &GameHandle::is_insufficient_material)
      .function("canCheckmate", &GameHandle::can_checkmate)
      .function("repetitionCount", &GameHandle::repetition_count)
      .function("ply", &GameHandle::ply)
      .function("redoCount", &GameHandle::redo_count)
      .function("isOver", &GameHandle::is_over)
      .function("isChess960", &GameHandle::chess960)
      .function("drawOffer", &GameHandle::draw_offer)
      .function("canClaimDraw", &GameHandle::can_claim_draw)
      .function("outcome", &GameHandle::outcome)
      .function("claimDraw", &GameHandle::claim_draw)
      .function("resign", &GameHandle::resign)
      .function("flag", &GameHandle::flag)
      .function("offerDraw", &GameHandle::offer_draw)
      .function("acceptDraw", &GameHandle::accept_draw)
      .function("declineDraw", &GameHandle::decline_draw)
      .function("pgn", &GameHandle::pgn)
      .function("headers", &GameHandle::headers);
  emscripten::function("heapInUse", &escaque::heap_in_use);
}
