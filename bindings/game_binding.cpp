// The Game half of the JavaScript surface: class GameHandle wraps escaque::Game
// for the public Chess class (bindings/index.mjs, through the JS GameHandle of
// bindings/escaque.mjs). Internal: names here may change.
//
// Plain exports, no embind (rules_io.h): the calls made per move exchange packed
// bytes through the static io buffer ("the hot path" below); the others take
// their text arguments from the input buffer and answer JSON. Nothing here may
// abort the module or throw across the boundary: every failure comes back as
// {ok: false, code, message, ...}, which the wrapper maps to an EscaqueError
// subclass. A game is its address; the wrapper frees it (escaque_game_delete).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules_io.h"
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

using js::Args;
using js::JsonOut;
using js::io;
using js::IO_BYTES;
using js::IO_TEXT_MAX;

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
  const Piece moving = pos.piece_on(m.from());
  const bool castle = m.kind() == CASTLING;
  const bool enPassant = m.kind() == EN_PASSANT;
  const bool promotion = m.kind() == PROMOTION;
  const Piece target = pos.piece_on(m.to());
  const bool capture = enPassant || (!castle && target != NO_PIECE);
  const std::string san = move_to_san(pos, m, lang);
  j.open('{');
  j.member("id", int(m.raw()));
  j.member("from", square_name(m.from()));
  // Castling is stored king-takes-rook; "to" is where the king lands (g or c file), also in Chess960.
  const bool kingSide = file_of(m.to()) > file_of(m.from());
  j.member("to", square_name(castle ? make_square(kingSide ? 6 : 2, rank_of(m.from())) : m.to()));
  j.member("color", color_name(color_of(moving)));
  j.member("piece", piece_letter(type_of(moving)));
  if (promotion) j.member("promotion", piece_letter(m.promotion()));
  if (capture) j.member("captured", piece_letter(enPassant ? PAWN : type_of(target)));
  if (castle) j.member("rookFrom", square_name(m.to()));
  j.member("san", san);
  j.member("uci", move_to_uci(pos, m));
  j.key("flags");
  j.open('{');
  j.member("capture", capture);
  j.member("enPassant", enPassant);
  j.key("castle");
  if (castle) j.string(kingSide ? "king" : "queen");
  else j.boolean(false);
  j.member("promotion", promotion);
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
  j.member(name, int(reinterpret_cast<std::uintptr_t>(handle)));
  j.close('}');
  return js::finish(j);
}

class GameHandle {
 public:
  GameHandle() = default;
  explicit GameHandle(Game game) : game_(std::move(game)) {}

  // ---- hot path (see the extern "C" functions at the end of this file) ----
  const Game& game() const { return game_; }
  Game& game() { return game_; }
  std::vector<PgnTag>& tags() { return tags_; }
  const std::vector<PgnTag>& tags() const { return tags_; }
  // The legal moves of the current position, generated once per position.
  const MoveList& legal() const {
    if (!legalValid_) {
      // Generated in place: copying a MoveList (516 bytes) would go through
      // a call of memcpy.
      legal_.size = 0;
      generate_moves(game_.position(), legal_);
      legalValid_ = true;
    }
    return legal_;
  }
  // Forgets the list: the position changed (or may have).
  void changed() { legalValid_ = false; }
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

  // Finds the move `text` names (lenient SAN in `lang`, or UCI) without
  // playing it: {ok, move: <description>} or a failure with candidates.
  int parse(std::string_view text, std::string_view lang) const {
    std::optional<Language> l = language_of(lang);
    if (!l) return unknown_language(lang);
    const Position& pos = game_.position();
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

  // Plays text (as parse()); on success returns the description of the move played.
  int play_text(std::string_view text, std::string_view lang) {
    if (game_.is_over()) return js::fail("GAME_OVER", over_message());
    std::optional<Language> l = language_of(lang);
    if (!l) return unknown_language(lang);
    SanResult s = parse_san(game_.position(), text, *l);
    if (!s.ok()) return parse(text, lang);  // the same failure, with its candidates spelled out
    return play_move(s.move);
  }

  // Both describe the move in the position before it, which undo() leaves
  // and redo() starts from (no replay from the start).
  int undo() {
    legalValid_ = false;
    if (game_.ply() == 0) return js::fail("NOTHING_TO_UNDO", "no move has been played");
    const Move m = game_.history().back().move;
    if (GameError e = game_.undo()) return from_game_error(e);
    return answer_move(game_.position(), m);
  }

  int redo() {
    legalValid_ = false;
    const Position before = game_.position();
    if (GameError e = game_.redo()) return from_game_error(e);
    return answer_move(before, game_.history().back().move);
  }

  // The moves played, as SAN strings in `lang`, or as descriptions (with the FEN before and
  // after each) when verbose.
  int history(bool verbose, std::string_view lang) const {
    const Language l = language_of(lang).value_or(Language::English);
    JsonOut j;
    j.open('[');
    Position pos = game_.start_position();
    std::string before = verbose ? to_fen(pos) : std::string();
    for (const PlyRecord& rec : game_.history()) {
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

  int outcome() const {
    const Outcome& o = game_.outcome();
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
    j.member("description", o.is_over() ? describe(o) : std::string("Game in progress"));
    j.close('}');
    return js::finish(j);
  }

  // ---- claims and other endings ----
  int claim_draw(int intendedId) {
    legalValid_ = false;  // a refused claim with an intended move plays it
    ClaimResult c;
    if (intendedId < 0) {
      c = game_.claim_draw();
    } else {
      const Move m(static_cast<std::uint16_t>(intendedId));
      c = game_.claim_draw_with_move(m);
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
  int pgn(Args& args, int lineWidth) const {
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
    std::vector<PgnTag> allTags = tags_;
    while (!args.done()) {
      PgnTag t{args.text(), args.text()};
      bool replaced = false;
      for (PgnTag& existing : allTags) {
        if (existing.name == t.name) { existing.value = t.value; replaced = true; }
      }
      if (!replaced) allTags.push_back(std::move(t));
    }
    PgnFromGame from = pgn_from_game(game_, allTags, clockMillis);
    if (!from.ok()) return js::fail("INVALID_ARGUMENT", from.error);
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

  int headers() const {
    JsonOut j;
    j.open('[');
    for (const PgnTag& t : tags_) {
      j.open('[');
      j.string(t.name);
      j.string(t.value);
      j.close(']');
    }
    j.close(']');
    return js::finish(j);
  }

  std::string over_message() const {
    return std::string("the game is over: ") + describe(game_.outcome());
  }

 private:
  // {ok: true, move: <description of m in pos>}.
  static int answer_move(const Position& pos, Move m) {
    JsonOut j;
    js::success(j);
    j.key("move");
    describe_move(j, pos, m, Language::English);
    j.close('}');
    return js::finish(j);
  }

  int play_move(Move m) {
    legalValid_ = false;
    const Position before = game_.position();
    if (GameError e = game_.play(m)) return from_game_error(e);
    return answer_move(before, m);
  }

  Game game_;
  std::vector<PgnTag> tags_;
  mutable MoveList legal_;
  mutable bool legalValid_ = false;
};

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
  PgnReplay replay = pgn_to_game(read.games.front());
  if (!replay.ok()) return js::fail("PGN_PARSE", replay.error);
  GameHandle* handle = new GameHandle(std::move(replay.game));
  handle->tags() = read.games.front().tags;
  return created("game", handle);
}

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
using escaque::js::io;
using escaque::js::Args;

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
    const int n = escaque::write_description(h.game().position(), m, lang, out, io + escaque::js::IO_BYTES);
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
  if (h.game().is_over() || textLen > escaque::js::IO_TEXT_MAX || langLen > escaque::js::IO_TEXT_MAX) return 0;
  const std::optional<escaque::Language> lang = escaque::io_language(textLen, langLen);
  if (!lang) return 0;
  const std::string_view text(reinterpret_cast<const char*>(io), std::size_t(textLen));
  escaque::Move m = *lang == escaque::Language::English ? escaque::match_uci(h, text) : escaque::Move::none();
  if (m == escaque::Move::none()) {
    const escaque::SanResult s = escaque::parse_san(h.game().position(), text, *lang);
    if (!s.ok()) return 0;
    m = s.move;
  }
  if (!escaque::write_description(h.game().position(), m, escaque::Language::English, io, io + escaque::js::IO_BYTES))
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
  escaque::write_description(h.game().position(), m, escaque::Language::English, io, io + escaque::js::IO_BYTES);
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

// ---------------------------------------------------------------- the rest (JSON answers)

// Lifecycle: a game is its address.
EMSCRIPTEN_KEEPALIVE int escaque_game_new() { return int(reinterpret_cast<std::uintptr_t>(new GameHandle())); }
EMSCRIPTEN_KEEPALIVE void escaque_game_delete(int game) { delete &escaque::handle_at(game); }
EMSCRIPTEN_KEEPALIVE int escaque_game_clone(int game) {
  return int(reinterpret_cast<std::uintptr_t>(new GameHandle(escaque::handle_at(game))));
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_chess960(int game) {
  return escaque::handle_at(game).game().position().is_chess960();
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
  return escaque::handle_at(game).parse(text, args.next());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_play_text(int game) {
  Args args;
  const std::string_view text = args.next();
  return escaque::handle_at(game).play_text(text, args.next());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_undo(int game) { return escaque::handle_at(game).undo(); }
EMSCRIPTEN_KEEPALIVE int escaque_game_redo(int game) { return escaque::handle_at(game).redo(); }
// Arguments: the language.
EMSCRIPTEN_KEEPALIVE int escaque_game_history(int game, int verbose) {
  Args args;
  return escaque::handle_at(game).history(verbose != 0, args.next());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_outcome(int game) { return escaque::handle_at(game).outcome(); }
EMSCRIPTEN_KEEPALIVE int escaque_game_claim_draw(int game, int intendedId) {
  return escaque::handle_at(game).claim_draw(intendedId);
}
// The other endings and the draw offers, by colour (0 white, 1 black).
enum GameAct { RESIGN, FLAG, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW };
EMSCRIPTEN_KEEPALIVE int escaque_game_act(int game, int act, int color) {
  escaque::Game& g = escaque::handle_at(game).game();
  escaque::handle_at(game).changed();
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
  return escaque::handle_at(game).pgn(args, lineWidth);
}
EMSCRIPTEN_KEEPALIVE int escaque_game_headers(int game) { return escaque::handle_at(game).headers(); }

// 64 bytes at io, a1, b1, ..., h8: FEN piece letters, '.' for an empty square.
EMSCRIPTEN_KEEPALIVE int escaque_game_board(int game) {
  const escaque::Position& pos = escaque::handle_at(game).game().position();
  for (int s = 0; s < 64; ++s) {
    const escaque::Piece p = pos.piece_on(escaque::Square(s));
    io[s] = std::uint8_t(p == escaque::NO_PIECE ? '.' : escaque::piece_to_char(p));
  }
  return 64;
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_dead_position(int game) {
  return escaque::is_dead_position(escaque::handle_at(game).game().position());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_is_insufficient_material(int game) {
  return escaque::is_insufficient_material(escaque::handle_at(game).game().position());
}
EMSCRIPTEN_KEEPALIVE int escaque_game_can_checkmate(int game, int color) {
  return escaque::can_checkmate(escaque::handle_at(game).game().position(), escaque::Color(color));
}
// The colour whose draw offer stands (0 white, 1 black), or -1.
EMSCRIPTEN_KEEPALIVE int escaque_game_draw_offer(int game) {
  const auto& offer = escaque::handle_at(game).game().draw_offer();
  return offer ? int(*offer) : -1;
}

}  // extern "C"
