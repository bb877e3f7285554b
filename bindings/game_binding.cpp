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
#include <emscripten/emscripten.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "js_result.h"
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

using js::failure;
using js::fen_failure;

using js::success;

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
      return fen_failure(e);
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

  // Where this handle lives in WebAssembly memory: the key of the hot-path
  // exports below (escaque_*), which the wrapper calls directly.
  int address() const { return int(reinterpret_cast<std::uintptr_t>(this)); }

  // ---- hot path (see the extern "C" functions at the end of this file) ----
  const Game& game() const { return game_; }
  // The legal moves of the current position, generated once per position.
  const MoveList& legal() const {
    if (!legalValid_) {
      // Generated in place: copying a MoveList (516 bytes) would go through
      // emscripten_memcpy_big, a call out to JavaScript.
      legal_.size = 0;
      generate_moves(game_.position(), legal_);
      legalValid_ = true;
    }
    return legal_;
  }
  // Plays a legal move; true unless Game refused it (it cannot: m is legal).
  bool play_legal(Move m) {
    legalValid_ = false;
    return !game_.play(m);
  }
  bool undo_fast() {
    legalValid_ = false;
    return !game_.undo();
  }
  bool redo_fast() {
    legalValid_ = false;
    return !game_.redo();
  }

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
    legalValid_ = false;
    if (game_.ply() == 0) return failure("NOTHING_TO_UNDO", "no move has been played");
    const Move m = game_.history().back().move;
    if (GameError e = game_.undo()) return from_game_error(e);
    val r = success();
    r.set("move", describe_move(game_.position(), m, Language::English));
    return r;
  }

  val redo() {
    legalValid_ = false;
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
    legalValid_ = false;  // a refused claim with an intended move plays it
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
    legalValid_ = false;
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
  mutable MoveList legal_;
  mutable bool legalValid_ = false;
};

// Bytes currently allocated by malloc: the leak tests watch it stay flat.
int heap_in_use() { return mallinfo().uordblks; }

}  // namespace
}  // namespace escaque


// ---------------------------------------------------------------- the hot path
//
// embind marshals every value through its generic invokers (no generated code
// under -sDYNAMIC_EXECUTION=0) and builds result objects one property at a
// time, each a call out to JavaScript: a move object cost microseconds. The
// calls an app makes per move (legal moves, play, undo, the state queries)
// therefore go through these plain exports instead, which exchange bytes with
// the wrapper through one static buffer (escaque_io): text in, packed move
// descriptions out, no allocation, no JS objects built on this side.
// Every export either succeeds completely or returns 0 with nothing changed;
// the wrapper then takes the embind path, which builds the error.
namespace escaque {
namespace {

constexpr int IO_BYTES = 16384;
alignas(8) std::uint8_t io[IO_BYTES];
// Text arguments longer than this go through embind (never the case for real moves).
constexpr int IO_TEXT_MAX = 256;

GameHandle& handle_at(int address) { return *reinterpret_cast<GameHandle*>(std::uintptr_t(address)); }

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
  const Piece moving = pos.piece_on(m.from());
  const bool castle = m.kind() == CASTLING;
  const bool enPassant = m.kind() == EN_PASSANT;
  const bool promotion = m.kind() == PROMOTION;
  const Piece target = pos.piece_on(m.to());
  const bool capture = enPassant || (!castle && target != NO_PIECE);
  const bool kingSide = file_of(m.to()) > file_of(m.from());
  const std::string san = move_to_san(pos, m, lang);
  const int n = int(san.size());
  if (n > 255 || out + DESCRIPTION_HEADER + n > limit) return 0;
  const Square kingTo = castle ? make_square(kingSide ? 6 : 2, rank_of(m.from())) : m.to();
  out[0] = std::uint8_t(m.raw() & 0xFF);
  out[1] = std::uint8_t(m.raw() >> 8);
  out[2] = std::uint8_t(m.from());
  out[3] = std::uint8_t(kingTo);
  out[4] = std::uint8_t(color_of(moving));
  out[5] = std::uint8_t(type_of(moving));
  out[6] = promotion ? std::uint8_t(m.promotion()) : 255;
  out[7] = capture ? std::uint8_t(enPassant ? PAWN : type_of(target)) : 255;
  out[8] = castle ? std::uint8_t(m.to()) : 255;
  const char last = n ? san.back() : ' ';
  out[9] = std::uint8_t((capture ? 1 : 0) | (enPassant ? 2 : 0) | (castle ? 4 : 0) | (castle && kingSide ? 8 : 0) |
                        (promotion ? 16 : 0) | (last == '+' || last == '#' ? 32 : 0) | (last == '#' ? 64 : 0));
  out[10] = std::uint8_t(castle && !pos.is_chess960() ? kingTo : m.to());
  out[11] = std::uint8_t(n);
  std::memcpy(out + DESCRIPTION_HEADER, san.data(), std::size_t(n));
  return DESCRIPTION_HEADER + n;
}

// The legal move whose UCI text (as move_to_uci writes it) is `text`, or
// Move::none(). King moves of Chess960 are left to parse_san, which knows
// when a king step and a castling land on the same square.
Move match_uci(const GameHandle& h, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  for (char c : {text[0], text[2]}) if (c < 'a' || c > 'h') return Move::none();
  for (char c : {text[1], text[3]}) if (c < '1' || c > '8') return Move::none();
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  PieceType promo = NO_PIECE_TYPE;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'n': promo = KNIGHT; break;
      case 'b': promo = BISHOP; break;
      case 'r': promo = ROOK; break;
      case 'q': promo = QUEEN; break;
      default: return Move::none();
    }
  }
  const Position& pos = h.game().position();
  const bool chess960 = pos.is_chess960();
  for (Move m : h.legal()) {
    if (m.from() != from) continue;
    if (m.kind() == CASTLING) {
      if (chess960 || promo != NO_PIECE_TYPE) continue;
      if (Position::castling_king_to(pos.side_to_move(), m.to() > m.from()) == to) return m;
      continue;
    }
    if (m.to() != to) continue;
    if (chess960 && type_of(pos.piece_on(from)) == KING) return Move::none();
    if ((m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) == promo) return m;
  }
  return Move::none();
}

}  // namespace
}  // namespace escaque

extern "C" {

using escaque::GameHandle;
using escaque::io;

EMSCRIPTEN_KEEPALIVE int escaque_io() { return int(reinterpret_cast<std::uintptr_t>(io)); }
EMSCRIPTEN_KEEPALIVE int escaque_io_bytes() { return escaque::IO_BYTES; }
EMSCRIPTEN_KEEPALIVE int escaque_io_text_max() { return escaque::IO_TEXT_MAX; }

// The legal moves' ids (uint16) at io; their count (0 when the game is over).
EMSCRIPTEN_KEEPALIVE int escaque_move_ids(int game) {
  const GameHandle& h = escaque::handle_at(game);
  if (h.game().is_over()) return 0;
  const escaque::MoveList& list = h.legal();
  std::uint16_t* out = reinterpret_cast<std::uint16_t*>(io);
  for (int i = 0; i < list.size; ++i) out[i] = list.moves[i].raw();
  return list.size;
}

// Descriptions of every legal move, back to back at io, SAN in the language
// named by the langLen bytes at io (unknown: English, as moves() always did).
// Their count, or -1 if they do not fit (never with 16 KB; the caller then
// takes the embind path).
EMSCRIPTEN_KEEPALIVE int escaque_moves(int game, int langLen) {
  const GameHandle& h = escaque::handle_at(game);
  const escaque::Language lang = escaque::io_language(0, langLen).value_or(escaque::Language::English);
  if (h.game().is_over()) return 0;
  const escaque::MoveList& list = h.legal();
  std::uint8_t* out = io;
  for (escaque::Move m : list) {
    const int n = escaque::write_description(h.game().position(), m, lang, out, io + escaque::IO_BYTES);
    if (!n) return -1;
    out += n;
  }
  return list.size;
}

// Plays the move written as textLen bytes at io (UCI, or lenient SAN in the
// language named by the langLen bytes after it); 1 with its description at io,
// or 0 with nothing changed (game over, unknown language, no such legal move).
EMSCRIPTEN_KEEPALIVE int escaque_play(int game, int textLen, int langLen) {
  GameHandle& h = escaque::handle_at(game);
  if (h.game().is_over() || textLen > escaque::IO_TEXT_MAX || langLen > escaque::IO_TEXT_MAX) return 0;
  const std::optional<escaque::Language> lang = escaque::io_language(textLen, langLen);
  if (!lang) return 0;
  const std::string_view text(reinterpret_cast<const char*>(io), std::size_t(textLen));
  escaque::Move m = *lang == escaque::Language::English ? escaque::match_uci(h, text) : escaque::Move::none();
  if (m == escaque::Move::none()) {
    const escaque::SanResult s = escaque::parse_san(h.game().position(), text, *lang);
    if (!s.ok()) return 0;
    m = s.move;
  }
  if (!escaque::write_description(h.game().position(), m, escaque::Language::English, io, io + escaque::IO_BYTES))
    return 0;
  return h.play_legal(m) ? 1 : 0;
}

// Takes back the last move: 1 with its description (in the position it was
// played from) at io, 0 when no move has been played.
EMSCRIPTEN_KEEPALIVE int escaque_undo(int game) {
  GameHandle& h = escaque::handle_at(game);
  if (h.game().ply() == 0) return 0;
  const escaque::Move m = h.game().history().back().move;
  if (!h.undo_fast()) return 0;
  escaque::write_description(h.game().position(), m, escaque::Language::English, io, io + escaque::IO_BYTES);
  return 1;
}

// Replays the last undone move: 1 with its description at io, 0 with nothing
// changed when there is none or the game is over.
EMSCRIPTEN_KEEPALIVE int escaque_redo(int game) {
  GameHandle& h = escaque::handle_at(game);
  if (h.game().redo_count() == 0 || h.game().is_over()) return 0;
  const escaque::Position before = h.game().position();
  if (!h.redo_fast()) return 0;
  escaque::write_description(before, h.game().history().back().move, escaque::Language::English, io,
                             io + escaque::IO_BYTES);
  return 1;
}

// The FEN at io (ASCII); its length.
EMSCRIPTEN_KEEPALIVE int escaque_fen(int game) {
  const std::string fen = escaque::to_fen(escaque::handle_at(game).game().position());
  const int n = int(std::min<std::size_t>(fen.size(), escaque::IO_BYTES));
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

EMSCRIPTEN_BINDINGS(escaque_game) {
  using escaque::GameHandle;
  emscripten::class_<GameHandle>("GameHandle")
      .constructor<>()
      .class_function("fromFen", &GameHandle::from_fen)
      .class_function("chess960", &GameHandle::chess960_start)
      .class_function("fromPgn", &GameHandle::from_pgn)
      .function("clone", &GameHandle::clone)
      .function("address", &GameHandle::address)
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
