#include "san_syntax.h"

#include <cstdint>

namespace escaque::san_detail {

namespace {

// No real move needs more (the longest plausible, "Qh4xe1+ e.p. !?", is 16); the limit keeps
// messages short and bounds the work done on garbage.
constexpr size_t MAX_INPUT = 100;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char to_upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }
char to_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// One UTF-8 code point: its value and byte length, or cp = -1 (length 1) for a byte that does not
// start a well-formed sequence (overlong forms, surrogates and values past U+10FFFF included).
struct CodePoint {
  std::int32_t cp;
  int length;
};

CodePoint decode(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned lead = byte(i);
  if (lead < 0x80) return {std::int32_t(lead), 1};
  int length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? (lead <= 0xEF ? 3 : 0) : lead >= 0xC2 ? 2 : 0;
  if (length == 0 || i + length > s.size()) return {-1, 1};
  std::int32_t cp = std::int32_t(lead & (0x7F >> length));
  for (int k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {-1, 1};
    cp = (cp << 6) | std::int32_t(byte(i + k) & 0x3F);
  }
  static constexpr std::int32_t MIN_FOR_LENGTH[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < MIN_FOR_LENGTH[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {-1, 1};
  return {cp, length};
}

std::string hex_byte(unsigned char b) {
  static constexpr char DIGITS[] = "0123456789ABCDEF";
  return std::string("0x") + DIGITS[b >> 4] + DIGITS[b & 15];
}

// 1-based character (code point) number of byte offset `at`, for messages.
int char_number(std::string_view s, size_t at) {
  int n = 1;
  for (size_t i = 0; i < at && i < s.size();) {
    i += size_t(decode(s, i).length);
    ++n;
  }
  return n;
}

// How a character is named in a message: 'z', space, '–' (U+2013), byte 0xFF.
std::string describe_char(std::string_view s, size_t i) {
  CodePoint c = decode(s, i);
  if (c.cp < 0) return "byte " + hex_byte(static_cast<unsigned char>(s[i]));
  if (c.cp == ' ') return "space";
  if (c.cp < 0x20 || c.cp == 0x7F) return "control character " + hex_byte(static_cast<unsigned char>(s[i]));
  std::string text = "'" + std::string(s.substr(i, size_t(c.length))) + "'";
  if (c.cp >= 0x80) {
    static constexpr char DIGITS[] = "0123456789ABCDEF";
    std::string code;
    for (std::int32_t v = c.cp; v; v >>= 4) code.insert(code.begin(), DIGITS[v & 15]);
    while (code.size() < 4) code.insert(code.begin(), '0');
    text += " (U+" + code + ")";
  }
  return text;
}

bool ends_with_ci(std::string_view s, size_t b, size_t e, std::string_view suffix) {
  if (e - b < suffix.size()) return false;
  for (size_t k = 0; k < suffix.size(); ++k)
    if (to_lower(s[e - suffix.size() + k]) != suffix[k]) return false;
  return true;
}

// Removes from [b, e) everything a scoresheet or a book appends to a move: blanks, annotation
// glyphs, check and mate marks, e.p. marks and the draw offer "(=)", in any order and repeated.
void strip_decorations(std::string_view s, size_t b, size_t& e) {
  static constexpr std::string_view UNICODE_GLYPHS[] = {"\u203C", "\u2047", "\u2048", "\u2049"};  // ‼ ⁇ ⁈ ⁉
  // Longest first. "ep"/"ap" count only after something that is not a letter ("d6ep", "d6 e.p."),
  // so that no move's own letters are ever taken for an e.p. mark.
  static constexpr std::string_view EP_MARKS[] = {"e. p.", "a. p.", "e.p.", "a.p.", "e.p", "a.p",
                                                  "ep.",   "ap.",   "ep",   "ap"};
  for (size_t before = e + 1; before != e;) {
    before = e;
    while (e > b && (is_blank(s[e - 1]) || s[e - 1] == '!' || s[e - 1] == '?' || s[e - 1] == '+' || s[e - 1] == '#'))
      --e;
    for (std::string_view g : UNICODE_GLYPHS)
      if (e - b >= g.size() && s.substr(e - g.size(), g.size()) == g) e -= g.size();
    if (e - b >= 3 && s.substr(e - 3, 3) == "(=)") e -= 3;
    for (std::string_view mark : EP_MARKS) {
      if (e - b > mark.size() && ends_with_ci(s, b, e, mark) && !is_ascii_letter(s[e - mark.size() - 1])) {
        e -= mark.size();
        break;
      }
    }
  }
}

enum class Tok { File, Rank, Dash, Capture, Equals, Slash, LParen, RParen, Letter, Figurine, Other, End };

struct Token {
  Tok kind;
  int length;
  char c = 0;                       // File, Rank, Letter: the ASCII character
  PieceType piece = NO_PIECE_TYPE;  // Figurine
};

Token token_at(std::string_view s, size_t i) {
  if (i >= s.size()) return {Tok::End, 0};
  char c = s[i];
  if (c >= 'a' && c <= 'h') return {Tok::File, 1, c};
  if (c >= '1' && c <= '8') return {Tok::Rank, 1, c};
  switch (c) {
    case '-': return {Tok::Dash, 1, c};
    case 'x': case 'X': case ':': return {Tok::Capture, 1, c};
    case '=': return {Tok::Equals, 1, c};
    case '/': return {Tok::Slash, 1, c};
    case '(': return {Tok::LParen, 1, c};
    case ')': return {Tok::RParen, 1, c};
    default: break;
  }
  if (is_ascii_letter(c)) return {Tok::Letter, 1, c};
  std::string_view rest = s.substr(i);
  if (FigurineMatch f = figurine_at(rest); f.length) return {Tok::Figurine, f.length, 0, f.type};
  // Typographic dashes (word processors turn '-' into them) and the multiplication sign of print.
  if (rest.starts_with("\u2013") || rest.starts_with("\u2014")) return {Tok::Dash, 3, '-'};
  if (rest.starts_with("\u00D7")) return {Tok::Capture, 2, 'x'};
  return {Tok::Other, decode(s, i).length};
}

// Castling: O-O, 0-0, o-o, OO, O-O-O, ... (letters O/o and zeros, each pair optionally joined by a
// dash). Returns 2 or 3 for castling, 0 for "not made of O's and dashes", -1 for a malformed one.
int castling_length(std::string_view body) {
  int os = 0;
  bool lastWasDash = true;  // a leading dash is malformed
  for (size_t i = 0; i < body.size();) {
    Token t = token_at(body, i);
    char c = body[i];
    if (c == 'O' || c == 'o' || c == '0') {
      ++os;
      lastWasDash = false;
    } else if (t.kind == Tok::Dash) {
      if (lastWasDash) return os ? -1 : 0;
      lastWasDash = true;
    } else {
      return 0;
    }
    i += size_t(t.length);
  }
  if (lastWasDash) return -1;
  return os == 2 || os == 3 ? os : -1;
}

class Parser {
 public:
  Parser(std::string_view input, size_t bodyBegin, std::string_view body, Language lang)
      : input_(input), base_(bodyBegin), body_(body), lang_(lang) {}

  SyntaxError run(SanSyntax& out);

 private:
  SyntaxError error(size_t at, const std::string& detail) const {
    return {SanError::Syntax, "'" + quote_input(input_) + "' is not a move: " + detail, int(base_ + at)};
  }
  SyntaxError unexpected(size_t at) const {
    return error(at, "unexpected " + describe_char(input_, at) + " at character " +
                         std::to_string(char_number(input_, at)));
  }
  SyntaxError bad_piece_letter(size_t at, char c) const;
  // The promotion piece named by token t (at body offset `at`); NO_PIECE_TYPE after an error.
  PieceType promotion_piece(const Token& t, size_t at, SyntaxError& err) const;

  std::string_view input_;
  size_t base_;
  std::string_view body_;
  Language lang_;
};

SyntaxError Parser::bad_piece_letter(size_t at, char c) const {
  std::string detail = describe_char(input_, at) + " at character " +
                       std::to_string(char_number(input_, at)) + " is not a piece letter in " +
                       language_name(lang_) + " (" + std::string(letter_list(lang_)) + ")";
  if (c >= 'A' && c <= 'H')
    detail += "; files are written in lower case (" + std::string(1, to_lower(c)) + ")";
  else if (c == 'P')
    detail += "; pawn moves are written without a letter";
  else if (lang_ != Language::English && lang_ != Language::Figurine &&
           piece_from_letter(Language::English, c) != NO_PIECE_TYPE)
    detail += std::string("; ") + c + " is an English letter";
  return error(at, detail);
}

PieceType Parser::promotion_piece(const Token& t, size_t at, SyntaxError& err) const {
  if (t.kind == Tok::Figurine) return t.piece;
  if (t.kind != Tok::Letter && t.kind != Tok::File) {
    err = error(at, "a promotion piece must follow at character " + std::to_string(char_number(input_, at)));
    return NO_PIECE_TYPE;
  }
  char c = t.c;
  if (c >= 'A' && c <= 'Z') {
    PieceType pt = piece_from_letter(lang_, c);
    if (pt == NO_PIECE_TYPE) err = bad_piece_letter(at, c);
    return pt;
  }
  // Lower case: the language's letter of a piece a pawn can become, else UCI's q r b n (so that
  // "e7e8q" works in every language), else a king letter (reported as a wrong promotion).
  PieceType pt = piece_from_letter(lang_, to_upper(c));
  if (pt >= KNIGHT && pt <= QUEEN) return pt;
  switch (c) {
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 'n': return KNIGHT;
    default: break;
  }
  if (pt == KING) return KING;
  err = bad_piece_letter(at, c);
  return NO_PIECE_TYPE;
}

SyntaxError Parser::run(SanSyntax& out) {
  size_t i = 0;

  // 1. The piece: a letter of the language (upper case; lower case only where it cannot be a file)
  //    or a figurine of either colour. None means a pawn, or UCI style with a full origin square.
  Token t = token_at(body_, 0);
  if (t.kind == Tok::Figurine) {
    out.piece = t.piece;
    i += size_t(t.length);
  } else if (t.kind == Tok::Letter) {
    out.piece = piece_from_letter(lang_, to_upper(t.c));
    if (out.piece == NO_PIECE_TYPE) return bad_piece_letter(0, t.c);
    i += 1;
  }

  // 2. Squares and separators: [file][rank][- x :] file rank, plus a lone trailing lower-case
  //    letter that can only be a promotion piece ("e7e8q", Spanish "e8d").
  struct Coord {
    Tok kind;
    int value;
    size_t at;
  };
  Coord coords[8];
  int n = 0;
  for (t = token_at(body_, i); t.kind == Tok::File || t.kind == Tok::Rank || t.kind == Tok::Dash ||
                               t.kind == Tok::Capture;
       t = token_at(body_, i)) {
    if (n == 8) return unexpected(i);
    int value = t.kind == Tok::File ? t.c - 'a' : t.kind == Tok::Rank ? t.c - '1' : 0;
    coords[n++] = {t.kind, value, i};
    i += size_t(t.length);
  }
  int dest = -1;
  for (int k = n - 2; k >= 0 && dest < 0; --k)
    if (coords[k].kind == Tok::File && coords[k + 1].kind == Tok::Rank) dest = k;
  if (dest < 0) {
    if (i < body_.size() && t.kind != Tok::Letter && t.kind != Tok::Figurine && t.kind != Tok::Equals)
      return unexpected(i);
    if (out.piece != NO_PIECE_TYPE && n == 0 && i < body_.size()) return unexpected(i);
    return error(n ? coords[n - 1].at : i, "it has no destination square (a file a-h and a rank 1-8, like e4)");
  }
  out.to = make_square(coords[dest].value, coords[dest + 1].value);

  // What precedes the destination: at most a file, a rank and one separator, in that order.
  int stage = 0;  // 1 after the file, 2 after the rank, 3 after the separator
  for (int k = 0; k < dest; ++k) {
    const Coord& c = coords[k];
    int next = c.kind == Tok::File ? 1 : c.kind == Tok::Rank ? 2 : 3;
    if (next <= stage) return unexpected(c.at);
    if (next == 3 && stage == 0 && out.piece == NO_PIECE_TYPE)
      return error(c.at, describe_char(input_, c.at) + " at character " +
                             std::to_string(char_number(input_, c.at)) +
                             " needs the moving piece or its origin square before it");
    if (next == 1) out.fromFile = c.value;
    if (next == 2) out.fromRank = c.value;
    stage = next;
  }
  if (out.fromFile >= 0 && out.piece == NO_PIECE_TYPE) {
    PieceType lookalike = piece_from_letter(lang_, char('A' + out.fromFile));
    if (lookalike != NO_PIECE_TYPE) out.fileLetterPiece = lookalike;
  }

  // 3. The promotion: =Q, /Q, (Q), Q, a trailing lower-case letter, or a figurine.
  SyntaxError err;
  for (int k = dest + 2; k < n; ++k) {
    if (k == n - 1 && coords[k].kind == Tok::File && i == body_.size()) {
      out.promotionWritten = true;
      out.promotion = promotion_piece({Tok::File, 1, char('a' + coords[k].value)}, coords[k].at, err);
      if (err.kind != SanError::None) return err;
    } else {
      return unexpected(coords[k].at);
    }
  }
  if (!out.promotionWritten && i < body_.size() &&
      (t.kind == Tok::Equals || t.kind == Tok::Slash || t.kind == Tok::LParen || t.kind == Tok::Letter ||
       t.kind == Tok::Figurine)) {
    bool paren = t.kind == Tok::LParen;
    if (t.kind == Tok::Equals || t.kind == Tok::Slash || paren) {
      i += 1;
      if (i == body_.size())
        return error(i - 1, describe_char(input_, i - 1) + " at character " +
                                std::to_string(char_number(input_, i - 1)) +
                                " must be followed by the promotion piece");
      t = token_at(body_, i);
    }
    out.promotionWritten = true;
    out.promotion = promotion_piece(t, i, err);
    if (err.kind != SanError::None) return err;
    i += size_t(t.length);
    if (paren) {
      if (token_at(body_, i).kind != Tok::RParen)
        return i < body_.size() ? unexpected(i) : error(i, "the '(' of the promotion is not closed");
      i += 1;
    }
  }
  if (i < body_.size()) return unexpected(i);
  return {};
}

}  // namespace

std::string quote_input(std::string_view text) {
  constexpr int MAX_CHARS = 40;
  std::string out;
  int chars = 0;
  for (size_t i = 0; i < text.size(); ++chars) {
    if (chars == MAX_CHARS) return out + "...";
    CodePoint c = decode(text, i);
    if (c.cp < 0 || c.cp < 0x20 || c.cp == 0x7F) out += "\\x" + hex_byte(static_cast<unsigned char>(text[i])).substr(2);
    else out.append(text.substr(i, size_t(c.length)));
    i += size_t(c.length);
  }
  return out;
}

std::string_view strip_glyphs(std::string_view text) {
  while (!text.empty() && (is_blank(text.back()) || text.back() == '!' || text.back() == '?')) text.remove_suffix(1);
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  return text;
}

SyntaxError parse_san_syntax(std::string_view text, Language lang, SanSyntax& out) {
  size_t b = 0, e = text.size();
  while (b < e && is_blank(text[b])) ++b;
  while (e > b && is_blank(text[e - 1])) --e;
  if (b == e) return {SanError::Empty, "empty move: there is nothing but blanks", 0};
  if (e - b > MAX_INPUT)
    return {SanError::Syntax,
            "'" + quote_input(text.substr(b)) + "' is not a move: it is " + std::to_string(e - b) +
                " bytes long, and no move takes more than " + std::to_string(MAX_INPUT),
            int(b + MAX_INPUT)};
  size_t bodyEnd = e;
  strip_decorations(text, b, bodyEnd);
  std::string_view body = text.substr(b, bodyEnd - b);
  out.body = body;
  if (body.empty())
    return {SanError::Syntax, "'" + quote_input(text.substr(b, e - b)) + "' is not a move, only annotations",
            int(b)};

  // "12.Nf3", "12...Nf6": a move number is PGN's business, not part of the move.
  size_t digits = 0;
  while (digits < body.size() && body[digits] >= '0' && body[digits] <= '9') ++digits;
  if (digits && digits < body.size() && body[digits] == '.')
    return {SanError::Syntax,
            "'" + quote_input(text.substr(b, e - b)) + "' is not a move: it starts with a move number (" +
                std::string(body.substr(0, digits)) + ".); pass the move alone",
            int(b)};

  int castle = castling_length(body);
  if (castle < 0)
    return {SanError::Syntax,
            "'" + quote_input(text.substr(b, e - b)) + "' is not a move: castling is written O-O or O-O-O",
            int(b)};
  if (castle > 0) {
    out.castling = true;
    out.kingSide = castle == 2;
    return {};
  }
  // Messages quote the input without its surrounding blanks.
  return Parser(text.substr(b, e - b), b, body, lang).run(out);
}

}  // namespace escaque::san_detail
