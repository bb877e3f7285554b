// Second stage of PGN input: tokens -> game trees. Tags, the start position, then the movetext
// with its variations, read with an explicit stack of open lines (no recursion, so nesting depth
// is bounded by PgnReadOptions::maxNesting and not by the C++ stack).
#include <algorithm>
#include <memory>

#include "../core/fen.h"
#include "pgn.h"
#include "pgn_lexer.h"
#include "san.h"
#include "san_syntax.h"

namespace escaque {

using pgn_detail::PgnLexer;
using pgn_detail::Token;
using pgn_detail::TokenKind;
using pgn_detail::comment_text;
using pgn_detail::valid_tag_name;

const char* pgn_error_name(PgnErrorKind kind) {
  switch (kind) {
    case PgnErrorKind::None: return "none";
    case PgnErrorKind::UnexpectedCharacter: return "unexpected-character";
    case PgnErrorKind::UnterminatedComment: return "unterminated-comment";
    case PgnErrorKind::UnterminatedString: return "unterminated-string";
    case PgnErrorKind::BadTag: return "bad-tag";
    case PgnErrorKind::BadFen: return "bad-fen";
    case PgnErrorKind::UnsupportedVariant: return "unsupported-variant";
    case PgnErrorKind::BadMove: return "bad-move";
    case PgnErrorKind::BadNullMove: return "bad-null-move";
    case PgnErrorKind::BadAnnotation: return "bad-annotation";
    case PgnErrorKind::UnbalancedParenthesis: return "unbalanced-parenthesis";
    case PgnErrorKind::UnclosedVariation: return "unclosed-variation";
    case PgnErrorKind::VariationWithoutMove: return "variation-without-move";
    case PgnErrorKind::NestingTooDeep: return "nesting-too-deep";
    case PgnErrorKind::ResultInVariation: return "result-in-variation";
  }
  return "none";
}

namespace {

std::string quoted(std::string_view s) { return "'" + san_detail::quote_input(s) + "'"; }

// Tag values: \" and \\ are escapes; any other backslash is kept as it is.
std::string unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    out += raw[i];
  }
  return out;
}

// The offset in a tag value's raw text (escapes in place) of the byte at `unescaped` in its value.
std::size_t raw_offset(std::string_view raw, std::size_t unescaped) {
  std::size_t i = 0;
  for (std::size_t k = 0; k < unescaped && i < raw.size(); ++k)
    i += raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\') ? 2 : 1;
  return i;
}

// Variant names, compared in lower case without blanks, '-' and '_'.
std::string variant_key(std::string_view v) {
  std::string k;
  for (char c : v) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    k += (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
  }
  return k;
}
bool is_chess960_variant(std::string_view v) {
  std::string k = variant_key(v);
  return k == "chess960" || k == "960" || k == "fischerandom" || k == "fischerrandom" ||
         k == "fischerrandomchess" || k == "frc";
}
bool is_standard_variant(std::string_view v) {
  std::string k = variant_key(v);
  return k.empty() || k == "standard" || k == "chess" || k == "normal" || k == "fromposition" ||
         k == "classical" || k == "orthodox";
}

// Whether a FEN's castling field names rook files (Shredder-FEN or X-FEN with an inner rook):
// only Chess960 castling can mean that.
bool fen_names_rook_files(std::string_view fen) {
  int field = 0;
  std::size_t i = 0;
  while (i < fen.size() && fen[i] == ' ') ++i;
  for (; i < fen.size(); ++i) {
    if (fen[i] == ' ') {
      while (i + 1 < fen.size() && fen[i + 1] == ' ') ++i;
      ++field;
      continue;
    }
    if (field == 2 && ((fen[i] >= 'A' && fen[i] <= 'H') || (fen[i] >= 'a' && fen[i] <= 'h'))) return true;
    if (field > 2) break;
  }
  return false;
}

// "Nf3: no white knight..." -> "no white knight..."; "Nf3 is illegal: it leaves..." -> "it leaves...".
std::string_view san_reason(std::string_view message) {
  std::size_t colon = message.find(": ");
  return colon == std::string_view::npos ? message : message.substr(colon + 2);
}

}  // namespace

// ---------------------------------------------------------------- the reader

class PgnReader::Impl {
 public:
  Impl(std::string_view text, const PgnReadOptions& options)
      : lex_(text, options.firstLine, options.firstColumn), lex_text_size_(text.size()), options_(options) {
    options_.maxNesting = std::clamp(options_.maxNesting, 0, PGN_MAX_NESTING);
  }
  Status next(PgnGame& game, PgnError& error, int gameIndex);

  // Per game: where it started, and whether its reading met the end of the text.
  void begin_game() {
    startSet_ = false;
    reachedEnd_ = false;
  }
  PgnReader::Point start_;
  bool startSet_ = false;
  bool reachedEnd_ = false;
  PgnReader::Point resume_point() {
    PgnReader::Point p;
    if (pushedBack_) {
      p.offset = pushed_.offset;
      p.line = pushed_.line;
      p.column = lex_.column(pushed_.lineStart, pushed_.offset);
    } else {
      p.offset = lex_.offset();
      p.line = lex_.line();
      p.column = lex_.column(lex_.line_start(), lex_.offset());
    }
    return p;
  }

 private:
  // An open line: the mainline (frames_[0]) or a variation being read.
  struct Frame {
    PgnLine* line;
    Position pos;     // after the last move of the line
    Position before;  // before the last move: where its variations start
    enum class Target : std::uint8_t { Game, Pending, LastMove } target;
    std::vector<std::string> pending;  // comments for the next move
    Token open;                        // the '(' (for "never closed" errors)
  };

  Token next_token() {
    if (pushedBack_) {
      pushedBack_ = false;
      return pushed_;
    }
    Token t = lex_.next();
    if (t.kind == TokenKind::End || t.kind == TokenKind::UnterminatedComment ||
        (t.kind == TokenKind::UnterminatedString && t.offset + t.text.size() >= lex_text_size_))
      reachedEnd_ = true;
    return t;
  }
  void push_back(const Token& t) {
    pushed_ = t;
    pushedBack_ = true;
  }

  bool read_tags(PgnGame& game, Token& t);
  bool set_up_start(PgnGame& game);
  bool read_movetext(PgnGame& game, Token t);
  bool play(Frame& f, const Token& t);
  bool add_comment(Frame& f, PgnGame& game, const Token& t);
  void close_line(Frame& f);
  static void add_glyph_run(MoveNode& node, std::string_view glyphs) {
    std::uint8_t nags[64];
    const int n = pgn_detail::glyph_run_nags(glyphs, nags, 64);
    node.nags.insert(node.nags.end(), nags, nags + n);
  }

  bool fail(PgnErrorKind kind, const Token& at, const std::string& what) { return fail_at(kind, at, 0, what); }
  bool fail_at(PgnErrorKind kind, const Token& at, int columnShift, const std::string& what);
  bool lexical_error(const Token& t);
  void recover(bool inTags);

  PgnLexer lex_;
  std::size_t lex_text_size_ = 0;
  PgnReadOptions options_;
  Token pushed_;
  bool pushedBack_ = false;
  bool stopped_ = false;
  std::vector<Frame> frames_;  // reused from game to game
  PgnError* error_ = nullptr;
  int gameIndex_ = 0;
  Token lastError_;
  std::vector<std::string> carried_;  // comments read before a tag section, for the game it starts
  // Where the FEN and Variant tag values are, for errors found after the tag section.
  Token fenValue_, variantValue_, setUpValue_;
};

bool PgnReader::Impl::fail_at(PgnErrorKind kind, const Token& at, int columnShift, const std::string& what) {
  PgnError& e = *error_;
  e.kind = kind;
  e.line = at.line;
  e.column = lex_.column(at.lineStart, at.offset) + columnShift;
  e.game = gameIndex_;
  e.message = "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + what;
  lastError_ = at;
  return false;
}

bool PgnReader::Impl::lexical_error(const Token& t) {
  switch (t.kind) {
    case TokenKind::UnterminatedComment:
      return fail(PgnErrorKind::UnterminatedComment, t,
                  "unterminated comment: this '{' has no '}' before the end of the input");
    case TokenKind::UnterminatedString:
      return fail(PgnErrorKind::UnterminatedString, t,
                  "unterminated string: this '\"' has no closing '\"' on its line");
    case TokenKind::BadGlyph:
      if (!t.text.empty() && t.text[0] == '$')
        return fail(PgnErrorKind::BadAnnotation, t,
                    "bad annotation " + quoted(t.text) + ": a NAG is '$' followed by a number from 0 to 255");
      return fail(PgnErrorKind::BadAnnotation, t,
                  "unknown annotation glyph " + quoted(t.text) +
                      ": the glyphs are !, ?, !!, ??, !? and ?!, alone or up to 32 written together");
    case TokenKind::BadCharacter: {
      std::string what = "unexpected character " + quoted(t.text);
      if (t.text == "}") what += ": '}' without an opening '{'";
      else if (t.text == "<" || t.text == ">") what += ": reserved by the PGN standard";
      return fail(PgnErrorKind::UnexpectedCharacter, t, what);
    }
    case TokenKind::TagClose:
      return fail(PgnErrorKind::UnexpectedCharacter, t, "unexpected ']' in the movetext: no tag is open");
    case TokenKind::String:
      return fail(PgnErrorKind::UnexpectedCharacter, t,
                  "unexpected string \"" + san_detail::quote_input(t.text) + "\" in the movetext");
    default:
      return fail(PgnErrorKind::UnexpectedCharacter, t, "unexpected " + quoted(t.text));
  }
}

PgnReader::Status PgnReader::Impl::next(PgnGame& game, PgnError& error, int gameIndex) {
  if (stopped_) return Status::End;
  error_ = &error;
  error = PgnError();
  gameIndex_ = gameIndex;
  game = PgnGame();

  Token t = next_token();
  if (t.kind == TokenKind::End) return Status::End;
  if (!startSet_) {
    start_ = PgnReader::Point{t.offset, t.line, lex_.column(t.lineStart, t.offset)};
    startSet_ = true;
  }
  fenValue_ = variantValue_ = setUpValue_ = Token();
  game.comments = std::move(carried_);
  carried_.clear();
  bool ok = read_tags(game, t);
  if (!ok) {
    recover(true);
    return Status::Error;
  }
  if (options_.headersOnly) {
    if (t.kind == TokenKind::TagOpen) push_back(t);
    else if (t.kind == TokenKind::End) reachedEnd_ = true;
    else if (t.kind != TokenKind::Result) {
      lex_.skip_movetext(t);
      if (lex_.offset() >= lex_text_size_) reachedEnd_ = true;
    }
    if (game.tags.empty()) {  // comments only, or a game without tags: nothing to list
      game.comments.clear();
      return next(game, error, gameIndex);
    }
    return Status::Game;
  }
  if (!set_up_start(game)) {
    push_back(t);  // the first movetext token may already be the result: recovery must see it
    recover(false);
    return Status::Error;
  }
  if (!read_movetext(game, t)) {
    recover(false);
    return Status::Error;
  }
  // Nothing but comments, before a tag section or the end of the input: not a game. A comment
  // before a game's tags (some files start with one) becomes part of that game's comment.
  if (game.tags.empty() && game.moves.empty() && game.result.empty()) {
    carried_ = std::move(game.comments);
    return next(game, error, gameIndex);
  }
  return Status::Game;
}

// Skip mode: go to where the next game starts. Strict mode: stop for good.
void PgnReader::Impl::recover(bool inTags) {
  if (!options_.skipBadGames) {
    stopped_ = true;
    return;
  }
  if (lastError_.kind == TokenKind::UnterminatedComment) {
    lex_.skip_to_tag_line(lastError_);  // the comment swallowed everything: look for a tag line
    return;
  }
  if (lastError_.kind == TokenKind::Result) return;  // a result in a variation still ends the game
  if (inTags) lex_.skip_tag_lines();
  for (;;) {
    Token t = next_token();
    switch (t.kind) {
      case TokenKind::End:
      case TokenKind::Result: return;
      case TokenKind::TagOpen: push_back(t); return;
      case TokenKind::UnterminatedComment: lex_.skip_to_tag_line(t); return;
      default: break;
    }
  }
}

// Reads [Name "value"] pairs while they come; t is the first token, and on return the first
// token after the tag section.
bool PgnReader::Impl::read_tags(PgnGame& game, Token& t) {
  while (t.kind == TokenKind::TagOpen) {
    Token name = next_token();
    if (name.kind == TokenKind::UnterminatedString || name.kind == TokenKind::UnterminatedComment ||
        name.kind == TokenKind::BadCharacter)
      return lexical_error(name);
    if (name.kind != TokenKind::Symbol || !name.glyph.empty() || !valid_tag_name(name.text))
      return fail(PgnErrorKind::BadTag, name,
                  name.kind == TokenKind::End ? std::string("tag pair cut short by the end of the input")
                                              : "expected a tag name after '[', found " + quoted(name.text));
    Token value = next_token();
    if (value.kind == TokenKind::UnterminatedString) return lexical_error(value);
    if (value.kind != TokenKind::String)
      return fail(PgnErrorKind::BadTag, value,
                  "tag " + std::string(name.text) + " has no value: expected a quoted string" +
                      (value.kind == TokenKind::End ? std::string(", found the end of the input")
                                                    : ", found " + quoted(value.text)));
    Token close = next_token();
    if (close.kind != TokenKind::TagClose)
      return fail(PgnErrorKind::BadTag, close,
                  "tag " + std::string(name.text) + " is not closed: expected ']'" +
                      (close.kind == TokenKind::End ? std::string(", found the end of the input")
                                                    : ", found " + quoted(close.text)));
    // The start position is read from the first of each tag (PgnGame::tag), so errors point there
    // (a value token is a String; the reset one at the game's start is not).
    Token* first = name.text == "FEN" ? &fenValue_ : name.text == "Variant" ? &variantValue_
                 : name.text == "SetUp" ? &setUpValue_ : nullptr;
    if (first && first->kind != TokenKind::String) *first = value;
    game.tags.push_back(PgnTag{std::string(name.text), unescape(value.text)});
    t = next_token();
  }
  return true;
}

bool PgnReader::Impl::set_up_start(PgnGame& game) {
  const std::string* variant = game.tag("Variant");
  const bool chess960 = variant && is_chess960_variant(*variant);
  if (variant && !chess960 && !is_standard_variant(*variant))
    return fail_at(PgnErrorKind::UnsupportedVariant, variantValue_, 1,
                   "unsupported variant " + quoted(*variant) + ": escaque reads standard chess and Chess960");
  const std::string* fen = game.tag("FEN");
  if (!fen) {
    const std::string* setUp = game.tag("SetUp");
    if (setUp && *setUp == "1")
      return fail_at(PgnErrorKind::BadFen, setUpValue_, 1, "SetUp \"1\" needs a FEN tag with the start position");
    if (chess960) {
      FenOptions o;
      o.chess960 = true;
      parse_fen(START_FEN, game.start, o);
    }
    return true;
  }
  FenOptions o;
  o.chess960 = chess960 || fen_names_rook_files(*fen);
  o.validate = options_.validateFen;
  FenError err = parse_fen(*fen, game.start, o);
  if (err) {
    // err.offset counts the value's bytes with its escapes undone; the column counts the line's characters.
    const std::size_t at = fenValue_.offset + 1 + raw_offset(fenValue_.text, std::size_t(err.offset));
    const int shift = lex_.column(fenValue_.lineStart, at) - lex_.column(fenValue_.lineStart, fenValue_.offset);
    return fail_at(PgnErrorKind::BadFen, fenValue_, shift, "bad FEN tag: " + err.message);
  }
  return true;
}

bool PgnReader::Impl::add_comment(Frame& f, PgnGame& game, const Token& t) {
  std::string text = comment_text(t.text);
  switch (f.target) {
    case Frame::Target::Game: game.comments.push_back(std::move(text)); break;
    case Frame::Target::Pending: f.pending.push_back(std::move(text)); break;
    case Frame::Target::LastMove: f.line->back().commentsAfter.push_back(std::move(text)); break;
  }
  return true;
}

bool PgnReader::Impl::play(Frame& f, const Token& t) {
  MoveNode node;
  UndoInfo undo;
  const bool null = t.kind == TokenKind::NullMove || (t.text.size() == 2 && t.text[0] == 'Z' && t.text[1] == '0');
  if (t.nag == -1)
    return fail(PgnErrorKind::BadAnnotation, t,
                "unknown annotation glyph " + quoted(t.glyph) + " after " + quoted(t.text) +
                    ": the glyphs are !, ?, !!, ??, !? and ?!, alone or up to 16 written together");
  if (null) {
    if (f.pos.in_check())
      return fail(PgnErrorKind::BadNullMove, t,
                  "null move " + quoted(t.text) + " while the side to move is in check");
    node.move = Move::null();
    f.before = f.pos;
    f.pos.do_null_move(undo);
  } else {
    SanResult r = parse_san(f.pos, t.text, options_.language);
    if (!r.ok()) {
      switch (r.kind) {
        case SanError::Empty:
        case SanError::Syntax: return fail(PgnErrorKind::BadMove, t, r.message);
        case SanError::Ambiguous:
          return fail(PgnErrorKind::BadMove, t,
                      "ambiguous move " + quoted(t.text) + ": " + std::string(san_reason(r.message)));
        default:
          return fail(PgnErrorKind::BadMove, t,
                      "illegal move " + quoted(t.text) + ": " + std::string(san_reason(r.message)));
      }
    }
    node.move = r.move;
    f.before = f.pos;
    f.pos.do_move(r.move, undo);
  }
  if (options_.keepWrittenSan) node.san = t.text;
  if (t.nag > 0) node.nags.push_back(std::uint8_t(t.nag));
  if (t.nag == -2) add_glyph_run(node, t.glyph);
  if (f.target == Frame::Target::Pending) node.commentsBefore = std::move(f.pending);
  f.pending.clear();
  f.line->push_back(std::move(node));
  f.target = Frame::Target::LastMove;
  return true;
}

// Comments still waiting for a move when a line ends go after its last move.
void PgnReader::Impl::close_line(Frame& f) {
  if (f.pending.empty() || f.line->empty()) return;
  auto& after = f.line->back().commentsAfter;
  for (std::string& c : f.pending) after.push_back(std::move(c));
  f.pending.clear();
}

bool PgnReader::Impl::read_movetext(PgnGame& game, Token t) {
  frames_.clear();
  frames_.push_back(Frame{&game.moves, game.start, game.start, Frame::Target::Game, {}, Token()});
  for (;; t = next_token()) {
    Frame& f = frames_.back();
    switch (t.kind) {
      case TokenKind::MoveNumber:
      case TokenKind::Dots:
      case TokenKind::CheckMark: break;
      case TokenKind::Symbol:
      case TokenKind::NullMove:
        if (!play(f, t)) return false;
        break;
      case TokenKind::Comment:
      case TokenKind::LineComment: add_comment(f, game, t); break;
      case TokenKind::Nag:
        if (f.line->empty())
          return fail(PgnErrorKind::BadAnnotation, t, "annotation " + quoted(t.text) + " does not follow a move");
        if (t.nag == 0 && t.text[0] != '$') add_glyph_run(f.line->back(), t.text);
        else f.line->back().nags.push_back(std::uint8_t(t.nag));
        break;
      case TokenKind::VariationOpen: {
        if (f.line->empty())
          return fail(PgnErrorKind::VariationWithoutMove, t,
                      "variation before any move: '(' must follow the move it is an alternative to");
        if (int(frames_.size()) > options_.maxNesting)
          return fail(PgnErrorKind::NestingTooDeep, t,
                      "variations nested more than " + std::to_string(options_.maxNesting) + " levels deep");
        PgnLine* var = &f.line->back().variations.emplace_back();
        Frame inner{var, f.before, f.before, Frame::Target::Pending, {}, t};
        frames_.push_back(std::move(inner));
        break;
      }
      case TokenKind::VariationClose: {
        if (frames_.size() == 1)
          return fail(PgnErrorKind::UnbalancedParenthesis, t, "unbalanced ')': no variation is open");
        close_line(f);
        std::vector<std::string> orphans = std::move(f.pending);  // comments of an empty variation
        const bool empty = f.line->empty();
        frames_.pop_back();
        Frame& outer = frames_.back();
        MoveNode& last = outer.line->back();
        if (empty) last.variations.pop_back();  // "()" carries no move: dropped
        if (last.variations.empty()) {
          // Nothing is left between the move and the next one, so the comments are the move's
          // own, as the same text without the "( )" reads (a comment before a move exists only
          // after its predecessor's variations: the writer could not put it anywhere else).
          for (std::string& c : outer.pending) last.commentsAfter.push_back(std::move(c));
          outer.pending.clear();
          for (std::string& c : orphans) last.commentsAfter.push_back(std::move(c));
          outer.target = Frame::Target::LastMove;
          break;
        }
        outer.target = Frame::Target::Pending;
        for (std::string& c : orphans) outer.pending.push_back(std::move(c));
        break;
      }
      case TokenKind::Result:
        if (frames_.size() > 1)
          return fail(PgnErrorKind::ResultInVariation, t,
                      "game termination marker " + quoted(t.text) + " inside a variation (opened at line " +
                          std::to_string(f.open.line) + ", column " +
                          std::to_string(lex_.column(f.open.lineStart, f.open.offset)) + ")");
        close_line(f);
        game.result = t.text;
        return true;
      case TokenKind::TagOpen:
      case TokenKind::End:
        if (frames_.size() > 1) {
          if (t.kind == TokenKind::TagOpen) push_back(t);  // the next game starts here
          return fail(PgnErrorKind::UnclosedVariation, f.open,
                      std::string("unclosed variation: '(' is never closed before ") +
                          (t.kind == TokenKind::End ? "the end of the input" : "the next game's tags"));
        }
        if (t.kind == TokenKind::TagOpen) push_back(t);
        close_line(f);
        return true;
      default: return lexical_error(t);
    }
  }
}

// ---------------------------------------------------------------- public API

PgnReader::PgnReader(std::string_view text, PgnReadOptions options)
    : impl_(std::make_unique<Impl>(text, options)) {}
PgnReader::~PgnReader() = default;

PgnReader::Point PgnReader::game_start() const { return impl_->start_; }
PgnReader::Point PgnReader::resume_point() { return impl_->resume_point(); }
bool PgnReader::reached_end() const { return impl_->reachedEnd_; }

PgnReader::Status PgnReader::next(PgnGame& game, PgnError& error) {
  impl_->begin_game();
  Status s = impl_->next(game, error, gameIndex_);
  if (s != Status::End) ++gameIndex_;
  return s;
}

PgnReadResult read_pgn(std::string_view text, const PgnReadOptions& options) {
  PgnReadResult result;
  PgnReader reader(text, options);
  PgnGame game;
  PgnError error;
  for (;;) {
    PgnReader::Status s = reader.next(game, error);
    if (s == PgnReader::Status::End) break;
    if (s == PgnReader::Status::Game) result.games.push_back(std::move(game));
    else result.errors.push_back(std::move(error));
  }
  return result;
}

}  // namespace escaque
