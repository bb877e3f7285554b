// First stage of PGN input: text -> tokens, with their line and column. No chess here: the
// reader (pgn_reader.cpp) gives the tokens their meaning. The lexer is lenient about what real
// files contain (BOM, CRLF, '%' escape lines, "1.e4", "1...", glyphs glued to moves, "e.p."),
// and never fails to make progress: every call consumes at least one byte or returns End.
//
// Internal to src/notation; the public API is pgn.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace escaque::pgn_detail {

enum class TokenKind : std::uint8_t {
  End,
  TagOpen,         // [
  TagClose,        // ]
  String,          // "..." (text: between the quotes, escapes not yet resolved)
  Symbol,          // a move or a tag name (text: without a trailing glyph; nag: that glyph, or 0)
  NullMove,        // -- (text: "--"; nag, glyph: a glued glyph as for a Symbol). Z0 is a Symbol
  MoveNumber,      // 12. 12... 12… 12 (the reader ignores them)
  Dots,            // ... or … on its own
  Nag,             // $n, or glyphs on their own: ! ? !! ?? !? ?! += +- ... (nag: the value; 0 for a run
                   // of several glyphs such as "!!?", which glyph_run_nags splits)
  CheckMark,       // + # ++ on their own (ignored)
  Comment,         // {...} (text: between the braces)
  LineComment,     // ;... to the end of the line (text: after the ';')
  VariationOpen,   // (
  VariationClose,  // )
  Result,          // 1-0 0-1 1/2-1/2 * (text: normalised, so "½-½" and "1/2" give "1/2-1/2")
  // Lexical errors. The token's text is what is wrong (the character, the glyph, the opening).
  BadCharacter,          // cannot start a token
  BadGlyph,              // !!! or $300 or $ alone, or a glyph glued to a move that is not one of the six
  UnterminatedComment,   // { without } (offset: the '{')
  UnterminatedString,    // " without its closing quote on the same line (offset: the '"')
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;
  std::size_t offset = 0;     // byte offset of the token's first character
  int line = 1;               // 1-based line of that character
  std::size_t lineStart = 0;  // byte offset where that line starts
  int nag = 0;                // Nag; for a Symbol, its glued glyph (0 none, -1 not known glyphs,
                              // -2 a run of several: glyph_run_nags)
  std::string_view glyph;     // Symbol: the glued glyph as written (for messages)
};

class PgnLexer {
 public:
  // firstLine/firstColumn: where text starts in a larger input (a piece of a stream).
  explicit PgnLexer(std::string_view text, int firstLine = 1, int firstColumn = 1);

  Token next();

  // Recovery after an error (skip mode). Moves on to the next line that looks like the start of
  // a tag pair, '[Name "', after `from` (an offset of a token already read, whose line is known).
  void skip_to_tag_line(const Token& from);
  // From the current position: the rest of the current line, then every line starting with '['.
  void skip_tag_lines();

  // Headers-only reading: from the token `from` (the first of a movetext), skips to the next '['
  // outside comments (the next tag section) or to the end, without reading the moves.
  void skip_movetext(const Token& from);

  // 1-based column of offset in characters (UTF-8 code points), given its line start.
  int column(std::size_t lineStart, std::size_t offset);
  // Where the next token would be looked for, and its line.
  std::size_t offset() const { return pos_; }
  int line() const { return line_; }
  std::size_t line_start() const { return lineStart_; }

 private:
  void skip_blanks();
  void line_break_at(std::size_t next) { ++line_; lineStart_ = next; }
  // Counts line breaks in [from, to) (used for comments, which span lines).
  void count_lines(std::size_t from, std::size_t to);
  std::size_t end_of_line(std::size_t from) const;
  bool delimiter_at(std::size_t i) const;
  bool ellipsis_at(std::size_t i) const;  // "…" (UTF-8) at i < size
  bool looks_like_tag_line(std::size_t lineStart) const;
  void move_to_next_line();
  Token make(TokenKind kind, std::size_t start, std::size_t end);
  Token symbol(std::size_t start);
  Token number_or_result(std::size_t start);
  Token string(std::size_t start);
  Token comment(std::size_t start);
  Token glyph_run(std::size_t start);
  Token nag(std::size_t start);
  // A token spelled out in full (e.g. "+/-"), with a NAG value, if text at start is exactly that
  // followed by a delimiter.
  bool match_nag(std::size_t start, std::string_view spelling, int value, Token& out);

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::size_t lineStart_ = 0;
  // column() cache: counting from the last answer on the same line keeps the cost linear when a
  // skip-mode read reports many errors on one huge line.
  std::size_t colLineStart_ = std::size_t(-1), colOffset_ = 0;
  int colValue_ = 1;
  std::size_t firstLineStart_ = 0;  // the first line's start, whose columns begin at firstColumn_
  int firstColumn_ = 1;
};

// The NAG of an annotation glyph ("!" -> 1 ... "?!" -> 6), or 0 if it is none of the six.
int glyph_nag(std::string_view glyph);
// The NAGs of a run of glyphs written together, read as python-chess reads them: "!!?" is "!!" then
// "?", "!!!?" is "!!" then "!?" (ASCII runs in pairs from the left; each Unicode glyph on its own).
// Returns how many were stored in out (at most max), or 0 if the text holds anything else.
int glyph_run_nags(std::string_view glyphs, std::uint8_t* out, int max);
// The glyph of NAG 1..6 ("!", "?", "!!", "??", "!?", "?!"), or an empty view.
std::string_view nag_glyph(int nag);

// Comment text as stored in the tree: trimmed, each line break (LF, CRLF, CR) one space. The
// writer may wrap a comment at any space, so this is what makes reading it back give the same text.
std::string comment_text(std::string_view raw);

// Tag names the reader accepts and the writer writes: a letter, then letters, digits and '_'
// (PGN), tolerating + # = : - / as well.
bool valid_tag_name(std::string_view name);

}  // namespace escaque::pgn_detail
