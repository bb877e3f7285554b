#include "pgn_lexer.h"

#include <cstring>

namespace escaque::pgn_detail {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_high(char c) { return static_cast<unsigned char>(c) >= 0x80; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; }

// Characters a move or tag name may contain: PGN's symbol characters, the glyphs that may be
// glued to a move, and UTF-8 (figurines, '×', dashes, which parse_san reads).
bool is_symbol_char(char c) {
  if (is_letter(c) || is_digit(c) || is_high(c)) return true;
  switch (c) {
    case '_': case '+': case '#': case '=': case ':': case '-': case '/': case '!': case '?': return true;
    default: return false;
  }
}

// Unicode glyphs (3 bytes of UTF-8 each) and the NAGs they stand for.
struct UnicodeGlyph {
  const char* utf8;
  int nag;
};
constexpr std::string_view ELLIPSIS = "\u2026";  // …

constexpr UnicodeGlyph UNICODE_GLYPHS[] = {
    {"\u203C", 3},  // ‼
    {"\u2047", 4},  // ⁇
    {"\u2049", 5},  // ⁉ (!?)
    {"\u2048", 6},  // ⁈ (?!)
};

// The characters skip_movetext stops at: where a tag section, a line, a comment or an escape starts.
struct MovetextStops {
  bool at[256] = {};
  constexpr MovetextStops() {
    for (char c : {'[', '\n', '\r', '{', ';', '%'}) at[std::uint8_t(c)] = true;
  }
};
constexpr MovetextStops MOVETEXT_STOPS{};

}  // namespace

int glyph_nag(std::string_view glyph) {
  static constexpr std::string_view ascii[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int k = 0; k < 6; ++k)
    if (glyph == ascii[k]) return k + 1;
  for (const UnicodeGlyph& g : UNICODE_GLYPHS)
    if (glyph == g.utf8) return g.nag;
  return 0;
}

int glyph_run_nags(std::string_view glyphs, std::uint8_t* out, int max) {
  int n = 0;
  std::size_t i = 0;
  while (i < glyphs.size()) {
    if (n == max) return 0;
    const char c = glyphs[i];
    std::size_t len = 0;
    if (c == '!' || c == '?') {
      len = i + 1 < glyphs.size() && (glyphs[i + 1] == '!' || glyphs[i + 1] == '?') ? 2 : 1;
    } else {
      for (const UnicodeGlyph& g : UNICODE_GLYPHS)
        if (glyphs.substr(i, 3) == g.utf8) len = 3;
    }
    if (len == 0) return 0;
    out[n++] = std::uint8_t(glyph_nag(glyphs.substr(i, len)));
    i += len;
  }
  return n;
}

std::string_view nag_glyph(int nag) {
  static constexpr std::string_view ascii[] = {"!", "?", "!!", "??", "!?", "?!"};
  return nag >= 1 && nag <= 6 ? ascii[nag - 1] : std::string_view();
}

PgnLexer::PgnLexer(std::string_view text, int firstLine, int firstColumn)
    : text_(text), line_(firstLine), firstColumn_(firstColumn) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = lineStart_ = 3;  // BOM: not part of line 1's columns
  firstLineStart_ = lineStart_;
}

Token PgnLexer::make(TokenKind kind, std::size_t start, std::size_t end) {
  Token t;
  t.kind = kind;
  t.text = std::string_view(text_.data() + start, end - start);  // (in range: no substr's check)
  t.offset = start;
  t.line = line_;
  t.lineStart = lineStart_;
  pos_ = end;
  return t;
}

bool PgnLexer::delimiter_at(std::size_t i) const { return i >= text_.size() || !is_symbol_char(text_[i]); }

std::size_t PgnLexer::end_of_line(std::size_t from) const {
  std::size_t i = from;
  while (i < text_.size() && text_[i] != '\n' && text_[i] != '\r') ++i;
  return i;
}

void PgnLexer::count_lines(std::size_t from, std::size_t to) {
  // Most comments have no line break: memchr (word at a time) finds that out faster than a loop.
  const char* p = text_.data();
  if (!std::memchr(p + from, '\n', to - from) && !std::memchr(p + from, '\r', to - from)) return;
  for (std::size_t i = from; i < to; ++i) {
    if (p[i] == '\n') line_break_at(i + 1);
    else if (p[i] == '\r' && (i + 1 >= text_.size() || p[i + 1] != '\n')) line_break_at(i + 1);
  }
}

void PgnLexer::skip_blanks() {
  const std::size_t n = text_.size();
  while (pos_ < n) {
    char c = text_[pos_];
    if (is_blank(c)) {
      ++pos_;
    } else if (c == '\n') {
      line_break_at(++pos_);
    } else if (c == '\r') {
      ++pos_;
      if (pos_ < n && text_[pos_] == '\n') ++pos_;
      line_break_at(pos_);
    } else if (c == '%' && pos_ == lineStart_) {
      pos_ = end_of_line(pos_);  // PGN escape line: skipped whole (spec 6)
    } else {
      return;
    }
  }
}

Token PgnLexer::next() {
  skip_blanks();
  const std::size_t n = text_.size();
  if (pos_ >= n) return make(TokenKind::End, n, n);
  const std::size_t s = pos_;
  const char c = text_[s];
  Token t;
  switch (c) {
    case '[': return make(TokenKind::TagOpen, s, s + 1);
    case ']': return make(TokenKind::TagClose, s, s + 1);
    case '(': return make(TokenKind::VariationOpen, s, s + 1);
    case ')': return make(TokenKind::VariationClose, s, s + 1);
    case '*': return make(TokenKind::Result, s, s + 1);
    case '{': return comment(s);
    case ';': {
      std::size_t e = end_of_line(s + 1);
      Token lc = make(TokenKind::LineComment, s, e);
      lc.text = text_.substr(s + 1, e - s - 1);
      return lc;
    }
    case '"': return string(s);
    case '$': return nag(s);
    case '!': case '?': return glyph_run(s);
    case '.': {
      std::size_t e = s;
      while (e < n && text_[e] == '.') ++e;
      return make(TokenKind::Dots, s, e);
    }
    case '-':
      if (text_.substr(s, 2) == "--") {  // a null move, maybe with a glyph glued: "--", "--!?"
        std::size_t e = s + 2;
        for (;;) {
          if (e < n && (text_[e] == '!' || text_[e] == '?')) {
            ++e;
            continue;
          }
          bool unicode = false;
          for (const UnicodeGlyph& u : UNICODE_GLYPHS) unicode = unicode || text_.substr(e, 3) == u.utf8;
          if (!unicode) break;
          e += 3;
        }
        if (delimiter_at(e)) {
          t = make(TokenKind::NullMove, s, e);
          t.text = text_.substr(s, 2);
          if (e > s + 2) {
            t.glyph = text_.substr(s + 2, e - s - 2);
            t.nag = glyph_nag(t.glyph);
            if (t.nag == 0) t.nag = -1;
          }
          return t;
        }
      }
      if (match_nag(s, "-+", 19, t) || match_nag(s, "-/+", 17, t)) return t;
      break;
    case '+':
      if (match_nag(s, "+-", 18, t) || match_nag(s, "+/-", 16, t) || match_nag(s, "+/=", 14, t) ||
          match_nag(s, "+=", 14, t))
        return t;
      if (delimiter_at(s + 1)) return make(TokenKind::CheckMark, s, s + 1);
      if (text_.substr(s, 2) == "++" && delimiter_at(s + 2)) return make(TokenKind::CheckMark, s, s + 2);
      break;
    case '#':
      if (delimiter_at(s + 1)) return make(TokenKind::CheckMark, s, s + 1);
      break;
    case '=':
      if (match_nag(s, "=", 10, t) || match_nag(s, "=/+", 15, t) || match_nag(s, "=+", 15, t)) return t;
      break;
    default:
      if (is_digit(c)) return number_or_result(s);
      if (is_letter(c)) return symbol(s);
      if (is_high(c)) {
        if (match_nag(s, "\u221E", 13, t)) return t;  // ∞ unclear
        if (text_.substr(s, 3) == ELLIPSIS) {            // "1…" typed by word processors
          std::size_t e = s;
          while (text_.substr(e, 3) == ELLIPSIS) e += 3;
          return make(TokenKind::Dots, s, e);
        }
        for (const UnicodeGlyph& g : UNICODE_GLYPHS)
          if (match_nag(s, g.utf8, g.nag, t)) return t;
        constexpr std::string_view halves = "\u00BD-\u00BD";  // ½-½
        if (text_.substr(s, halves.size()) == halves && delimiter_at(s + halves.size())) {
          Token r = make(TokenKind::Result, s, s + halves.size());
          r.text = "1/2-1/2";
          return r;
        }
        return symbol(s);
      }
      break;
  }
  return make(TokenKind::BadCharacter, s, s + 1);
}

bool PgnLexer::match_nag(std::size_t start, std::string_view spelling, int value, Token& out) {
  if (text_.substr(start, spelling.size()) != spelling || !delimiter_at(start + spelling.size())) return false;
  out = make(TokenKind::Nag, start, start + spelling.size());
  out.nag = value;
  return true;
}

Token PgnLexer::comment(std::size_t start) {
  const void* close = std::memchr(text_.data() + start + 1, '}', text_.size() - start - 1);
  if (!close) {
    Token t = make(TokenKind::UnterminatedComment, start, start + 1);
    pos_ = text_.size();  // everything after '{' belongs to the comment; recovery starts again from t
    return t;
  }
  const std::size_t end = std::size_t(static_cast<const char*>(close) - text_.data());
  Token t = make(TokenKind::Comment, start, end + 1);
  t.text = text_.substr(start + 1, end - start - 1);
  count_lines(start + 1, end);
  return t;
}

// A tag value. The closing quote is the first unescaped quote followed (after blanks) by ']' or
// the end of the line; any other quote is part of the value: real files contain
// [Event "The "Big" Open"]. Failing that, the first unescaped quote closes it (a string outside a
// tag). A string never spans lines.
Token PgnLexer::string(std::size_t start) {
  const std::size_t n = text_.size();
  // The end of the line is found on the way, not first: a file on one line must not cost a scan
  // of the rest of it per string.
  auto at_eol = [&](std::size_t i) { return i >= n || text_[i] == '\n' || text_[i] == '\r'; };
  std::size_t firstQuote = 0;
  auto finish = [&](std::size_t close) {
    Token t = make(TokenKind::String, start, close + 1);
    t.text = text_.substr(start + 1, close - start - 1);
    return t;
  };
  std::size_t i = start + 1;
  for (; !at_eol(i); ++i) {
    if (text_[i] == '\\' && !at_eol(i + 1)) {
      ++i;
      continue;
    }
    if (text_[i] != '"') continue;
    if (!firstQuote) firstQuote = i;
    std::size_t j = i + 1;
    while (!at_eol(j) && is_blank(text_[j])) ++j;
    if (at_eol(j) || text_[j] == ']') return finish(i);
  }
  if (firstQuote) return finish(firstQuote);
  return make(TokenKind::UnterminatedString, start, i);
}

Token PgnLexer::nag(std::size_t start) {
  std::size_t e = start + 1;
  int value = 0;
  while (e < text_.size() && is_digit(text_[e])) {
    if (value <= 255) value = value * 10 + (text_[e] - '0');
    ++e;
  }
  while (!delimiter_at(e)) ++e;  // "$12abc" is one bad token, not $12 followed by a move
  Token t = make(TokenKind::Nag, start, e);
  bool digitsOnly = e > start + 1;
  for (std::size_t i = start + 1; i < e; ++i) digitsOnly = digitsOnly && is_digit(text_[i]);
  if (!digitsOnly || value > 255) t.kind = TokenKind::BadGlyph;
  t.nag = value;
  return t;
}

Token PgnLexer::glyph_run(std::size_t start) {
  std::size_t e = start;
  while (e < text_.size() && (text_[e] == '!' || text_[e] == '?')) ++e;
  if (!delimiter_at(e)) return make(TokenKind::BadCharacter, start, start + 1);
  Token t = make(TokenKind::Nag, start, e);
  t.nag = glyph_nag(t.text);  // 0 for a run of several glyphs ("!!?"): the reader splits it
  if (e - start > 32) t.kind = TokenKind::BadGlyph;  // no annotator writes that many
  return t;
}

bool PgnLexer::ellipsis_at(std::size_t i) const {
  return is_high(text_[i]) && text_.substr(i, 3) == ELLIPSIS;  // (a move number's dots: no compare)
}

Token PgnLexer::number_or_result(std::size_t start) {
  // Every result starts with "1-", "0-" or "1/"; move numbers never do.
  const char second = start + 1 < text_.size() ? text_[start + 1] : '\0';
  if (second == '-' || second == '/') {
    static constexpr std::string_view results[] = {"1-0", "0-1", "1/2-1/2"};
    for (std::string_view r : results)
      if (text_.substr(start, r.size()) == r && delimiter_at(start + r.size()))
        return make(TokenKind::Result, start, start + r.size());
    if (text_.substr(start, 3) == "1/2" && delimiter_at(start + 3)) {  // old files write a draw as "1/2"
      Token r = make(TokenKind::Result, start, start + 3);
      r.text = "1/2-1/2";
      return r;
    }
  }
  std::size_t e = start;
  while (e < text_.size() && is_digit(text_[e])) ++e;
  if (e < text_.size() && (text_[e] == '.' || ellipsis_at(e))) {  // "12." "12..." "12.e4" "12…"
    while (e < text_.size() && (text_[e] == '.' || ellipsis_at(e))) e += text_[e] == '.' ? 1 : 3;
    return make(TokenKind::MoveNumber, start, e);
  }
  if (delimiter_at(e)) return make(TokenKind::MoveNumber, start, e);  // "12 e4": a number without its dot
  return symbol(start);                                               // "0-0", or garbage for parse_san
}

// A move: symbol characters, then possibly an e.p. mark written apart or with dots ("exd6 e.p.",
// "exd6e.p."), which parse_san understands; then the glyph glued to the end is split off.
Token PgnLexer::symbol(std::size_t start) {
  const std::size_t n = text_.size();
  std::size_t e = start;
  while (e < n && is_symbol_char(text_[e])) ++e;

  auto at = [&](std::size_t i) { return i < n ? text_[i] : '\0'; };
  auto ep_tail = [&](std::size_t i) -> std::size_t {  // [eEaA] .? blank? [pP] .? then a delimiter; 0 if not
    char a = lower(at(i));
    if (a != 'e' && a != 'a') return 0;
    ++i;
    if (at(i) == '.') ++i;
    if (at(i) == ' ') ++i;
    if (lower(at(i)) != 'p') return 0;
    ++i;
    if (at(i) == '.') ++i;
    return delimiter_at(i) ? i : 0;
  };
  auto is_e_or_a = [](char c) { return lower(c) == 'e' || lower(c) == 'a'; };
  if (e - start >= 2 && is_digit(text_[e - 1])) {  // "exd6 e.p.", "exd6 ep"
    std::size_t j = e;
    while (j < n && (text_[j] == ' ' || text_[j] == '\t')) ++j;
    if (j > e)
      if (std::size_t tail = ep_tail(j)) e = tail;
  } else if (e - start >= 3 && at(e) == '.' && is_digit(text_[e - 2]) && is_e_or_a(text_[e - 1])) {
    if (std::size_t tail = ep_tail(e - 1)) e = tail;  // "exd6e.p."
  } else if (e - start >= 4 && at(e) == '.' && is_digit(text_[e - 3]) && is_e_or_a(text_[e - 2]) &&
             lower(text_[e - 1]) == 'p') {
    e = e + 1;  // "exd6ep."
  }

  Token t = make(TokenKind::Symbol, start, e);
  // Split off a glued glyph: ASCII ! and ? or the Unicode ones, at the very end.
  std::size_t g = e;
  for (;;) {
    if (g > start + 1 && (text_[g - 1] == '!' || text_[g - 1] == '?')) {
      --g;
      continue;
    }
    bool unicode = false;
    if (g >= start + 4 && is_high(text_[g - 1]))
      for (const UnicodeGlyph& u : UNICODE_GLYPHS)
        if (text_.substr(g - 3, 3) == u.utf8) unicode = true;
    if (!unicode) break;
    g -= 3;
  }
  if (g < e) {
    t.text = text_.substr(start, g - start);
    t.glyph = text_.substr(g, e - g);
    t.nag = glyph_nag(t.glyph);
    std::uint8_t scratch[16];
    if (t.nag == 0) t.nag = t.glyph.size() <= 16 && glyph_run_nags(t.glyph, scratch, 16) ? -2 : -1;
  }
  return t;
}

bool PgnLexer::looks_like_tag_line(std::size_t i) const {
  const std::size_t n = text_.size();
  while (i < n && is_blank(text_[i])) ++i;
  if (i >= n || text_[i] != '[') return false;
  ++i;
  while (i < n && is_blank(text_[i])) ++i;
  if (i >= n || !is_letter(text_[i])) return false;
  while (i < n && (is_letter(text_[i]) || is_digit(text_[i]) || text_[i] == '_')) ++i;
  if (i >= n || !is_blank(text_[i])) return false;
  while (i < n && is_blank(text_[i])) ++i;
  return i < n && text_[i] == '"';
}

void PgnLexer::move_to_next_line() {
  const std::size_t n = text_.size();
  pos_ = end_of_line(pos_);
  if (pos_ < n) {
    if (text_[pos_] == '\r' && pos_ + 1 < n && text_[pos_ + 1] == '\n') ++pos_;
    line_break_at(++pos_);
  }
}

void PgnLexer::skip_to_tag_line(const Token& from) {
  pos_ = from.offset;
  line_ = from.line;
  lineStart_ = from.lineStart;
  do move_to_next_line();
  while (pos_ < text_.size() && !looks_like_tag_line(pos_));
}

void PgnLexer::skip_tag_lines() {
  if (pos_ > lineStart_) move_to_next_line();
  for (;;) {
    std::size_t i = pos_;
    while (i < text_.size() && is_blank(text_[i])) ++i;
    if (i >= text_.size() || text_[i] != '[') return;
    move_to_next_line();
  }
}

void PgnLexer::skip_movetext(const Token& from) {
  pos_ = from.offset;
  line_ = from.line;
  lineStart_ = from.lineStart;
  const std::size_t n = text_.size();
  const char* p = text_.data();
  while (pos_ < n) {
    while (pos_ < n && !MOVETEXT_STOPS.at[std::uint8_t(p[pos_])]) ++pos_;  // moves, numbers, blanks
    if (pos_ >= n) return;
    const char c = p[pos_];
    if (c == '[') return;
    if (c == '\n') {
      line_break_at(++pos_);
    } else if (c == '\r') {
      if (pos_ + 1 < n && p[pos_ + 1] == '\n') ++pos_;
      line_break_at(++pos_);
    } else if (c == '{') {
      const void* close = std::memchr(p + pos_ + 1, '}', n - pos_ - 1);
      const std::size_t end = close ? std::size_t(static_cast<const char*>(close) - p) : n;
      count_lines(pos_ + 1, end);
      pos_ = end < n ? end + 1 : n;
    } else if (c == ';' || (c == '%' && pos_ == lineStart_)) {
      pos_ = end_of_line(pos_);
    } else {
      ++pos_;
    }
  }
}

int PgnLexer::column(std::size_t lineStart, std::size_t offset) {
  std::size_t from = lineStart;
  int col = lineStart == firstLineStart_ ? firstColumn_ : 1;
  if (lineStart == colLineStart_ && offset >= colOffset_) {
    from = colOffset_;
    col = colValue_;
  } else if (lineStart == colLineStart_ && offset - lineStart > colOffset_ - offset) {
    // A little before the last answer (a token read again after it), far into a long line:
    // count back from that answer rather than from the line's start.
    col = colValue_;
    for (std::size_t i = offset; i < colOffset_; ++i)
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) --col;
    from = offset;
  }
  for (std::size_t i = from; i < offset && i < text_.size(); ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;
  colLineStart_ = lineStart;
  colOffset_ = offset;
  colValue_ = col;
  return col;
}

std::string comment_text(std::string_view raw) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!raw.empty() && blank(raw.front())) raw.remove_prefix(1);
  while (!raw.empty() && blank(raw.back())) raw.remove_suffix(1);
  bool breaks = false;
  for (char c : raw) breaks |= c == '\r' || c == '\n';
  if (!breaks) return std::string(raw);
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '\r') {
      if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
      out += ' ';
    } else {
      out += c == '\n' ? ' ' : c;
    }
  }
  return out;
}

bool valid_tag_name(std::string_view name) {
  if (name.empty() || !is_letter(name[0])) return false;
  for (char c : name) {
    bool ok = is_letter(c) || is_digit(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' ||
              c == '-' || c == '/';
    if (!ok) return false;
  }
  return true;
}

}  // namespace escaque::pgn_detail
