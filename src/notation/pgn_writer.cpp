// PGN export: tags in Seven Tag Roster order, movetext with fresh SAN, wrapped lines.
#include "../core/fen.h"
#include "../core/movegen.h"
#include "pgn.h"
#include "pgn_lexer.h"
#include "san.h"

namespace escaque {

namespace {

constexpr const char* SEVEN_TAG_ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
constexpr const char* ROSTER_DEFAULTS[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

bool is_result(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

int code_points(std::string_view s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Lays words out on lines of at most `width` characters, one space apart. A word is never split;
// one longer than the width gets a line of its own. A line never starts with '%' (that would be
// an escape line, skipped by readers): such a word stays on the line before, even past the width.
class LineWrapper {
 public:
  LineWrapper(std::string& out, int width) : out_(out), width_(width) {}

  // Starts a new word (after a space or a line break), with any opening prefix.
  void word(std::string_view s) {
    flush();
    word_ = prefix_;
    word_ += s;
    prefix_.clear();
    has_ = true;
  }
  // Appends to the current word: ")" after a move, a glyph after its move.
  void glue(std::string_view s) {
    word_ += s;
    has_ = true;
  }
  // "(" is written stuck to the word that follows it.
  void prefix(std::string_view s) { prefix_ += s; }
  // Ends the line (after a ';' comment, which runs to the end of its line).
  void end_line() {
    flush();
    out_ += '\n';
    lineLen_ = 0;
    lineStarted_ = false;
  }
  void finish() {
    flush();
    if (lineStarted_) end_line();
  }

 private:
  void flush() {
    if (!has_) return;
    const int len = code_points(word_);
    if (lineStarted_) {
      if (width_ > 0 && lineLen_ + 1 + len > width_ && (word_.empty() || word_[0] != '%')) {
        out_ += '\n';
        lineLen_ = 0;
      } else {
        out_ += ' ';
        ++lineLen_;
      }
    }
    out_ += word_;
    lineLen_ += len;
    lineStarted_ = true;  // even for an empty word: the next one still needs its separating space
    word_.clear();
    has_ = false;
  }

  std::string& out_;
  int width_;
  int lineLen_ = 0;
  bool lineStarted_ = false;
  std::string word_, prefix_;
  bool has_ = false;
};

std::string escape_tag_value(std::string_view v) {
  std::string out;
  out.reserve(v.size() + 2);
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;  // a value cannot span lines
  }
  return out;
}

class MovetextWriter {
 public:
  MovetextWriter(std::string& out, const PgnWriteOptions& options)
      : wrap_(out, options.lineWidth), options_(options) {}

  bool game(const PgnGame& g, std::string& error);

 private:
  void comment(const std::string& text);
  bool line(Position pos, const PgnLine& moves, int depth, std::string& error);

  LineWrapper wrap_;
  const PgnWriteOptions& options_;
};

// Comments go in braces, split at spaces so that the wrapper may break lines inside them. A text
// containing '}' cannot be a brace comment: it is written as a ';' comment, which ends the line.
void MovetextWriter::comment(const std::string& raw) {
  const std::string text = pgn_detail::comment_text(raw);
  if (text.find('}') != std::string::npos) {
    wrap_.word(";" + text);
    wrap_.end_line();
    return;
  }
  std::size_t start = 0;
  bool first = true;
  for (;;) {
    std::size_t space = text.find(' ', start);
    std::string_view w = std::string_view(text).substr(start, space == std::string::npos ? std::string::npos
                                                                                          : space - start);
    std::string piece = first ? "{" + std::string(w) : std::string(w);
    if (space == std::string::npos) piece += '}';
    wrap_.word(piece);
    first = false;
    if (space == std::string::npos) break;
    start = space + 1;
  }
}

// Kept out of line so that its move list (half a kilobyte) is not part of every recursive frame
// of MovetextWriter::line.
[[gnu::noinline]] bool is_legal_move(const Position& pos, Move m) { return legal_moves(pos).contains(m); }

std::string where(const Position& pos, int depth) {
  std::string s = "move " + std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? "." : "...");
  if (depth > 0) s += " (in a variation " + std::to_string(depth) + " level" + (depth > 1 ? "s" : "") + " deep)";
  return s;
}

bool MovetextWriter::line(Position pos, const PgnLine& moves, int depth, std::string& error) {
  if (depth > PGN_MAX_NESTING) {
    error = "variations nested more than " + std::to_string(PGN_MAX_NESTING) + " levels deep";
    return false;
  }
  bool needNumber = true;
  for (const MoveNode& node : moves) {
    if (options_.comments && !node.commentsBefore.empty()) {
      for (const std::string& c : node.commentsBefore) comment(c);
      needNumber = true;
    }
    std::string san;
    if (node.is_null()) {
      if (pos.in_check()) {
        error = where(pos, depth) + ": a null move cannot be made in check";
        return false;
      }
      san = "--";
    } else {
      if (!is_legal_move(pos, node.move)) {
        Move m = node.move;
        std::string raw = square_name(m.from()) + square_name(m.to());
        error = where(pos, depth) + ": " + raw + " is not a legal move in " + to_fen(pos);
        return false;
      }
      san = move_to_san(pos, node.move, options_.language);
    }
    const int number = pos.fullmove_number();
    if (pos.side_to_move() == WHITE) wrap_.word(std::to_string(number) + ".");
    else if (needNumber) wrap_.word(std::to_string(number) + "...");
    wrap_.word(san);
    needNumber = false;

    if (options_.nags) {
      for (std::size_t k = 0; k < node.nags.size(); ++k) {
        std::string_view glyph = pgn_detail::nag_glyph(node.nags[k]);
        if (k == 0 && options_.nagGlyphs && !glyph.empty()) wrap_.glue(glyph);
        else wrap_.word("$" + std::to_string(node.nags[k]));
      }
    }
    if (options_.comments && !node.commentsAfter.empty()) {
      for (const std::string& c : node.commentsAfter) comment(c);
      needNumber = true;
    }
    if (options_.variations) {
      for (const PgnLine& v : node.variations) {
        if (v.empty()) continue;  // nothing to write: "()" would be read back as nothing anyway
        wrap_.prefix("(");
        if (!line(pos, v, depth + 1, error)) return false;
        wrap_.glue(")");
        needNumber = true;
      }
    }
    UndoInfo undo;
    if (node.is_null()) pos.do_null_move(undo);
    else pos.do_move(node.move, undo);
  }
  return true;
}

bool MovetextWriter::game(const PgnGame& g, std::string& error) {
  if (options_.comments)
    for (const std::string& c : g.comments) comment(c);
  if (!line(g.start, g.moves, 0, error)) return false;
  const std::string* resultTag = g.tag("Result");
  std::string marker = !g.result.empty() ? g.result : resultTag && is_result(*resultTag) ? *resultTag : "*";
  wrap_.word(marker);
  wrap_.finish();
  return true;
}

bool write_tags(const PgnGame& g, std::string& out, std::string& error) {
  std::vector<bool> inRoster(g.tags.size(), false);
  for (int k = 0; k < 7; ++k) {
    std::string_view name = SEVEN_TAG_ROSTER[k];
    std::string value = ROSTER_DEFAULTS[k];
    bool found = false;
    for (std::size_t i = 0; i < g.tags.size() && !found; ++i)
      if (g.tags[i].name == name) {
        value = g.tags[i].value;
        inRoster[i] = found = true;
      }
    if (!found && name == "Result" && !g.result.empty()) value = g.result;
    out += "[" + std::string(name) + " \"" + escape_tag_value(value) + "\"]\n";
  }
  for (std::size_t i = 0; i < g.tags.size(); ++i) {
    if (inRoster[i]) continue;
    const PgnTag& t = g.tags[i];
    if (!pgn_detail::valid_tag_name(t.name)) {
      error = "tag name '" + t.name + "' is not valid: a letter, then letters, digits and '_'";
      return false;
    }
    out += "[" + t.name + " \"" + escape_tag_value(t.value) + "\"]\n";
  }
  return true;
}

bool write_one(const PgnGame& g, std::string& out, const PgnWriteOptions& options, std::string& error) {
  if (!write_tags(g, out, error)) return false;
  out += '\n';
  MovetextWriter writer(out, options);
  return writer.game(g, error);
}

}  // namespace

PgnWriteResult write_pgn(const PgnGame& game, const PgnWriteOptions& options) {
  PgnWriteResult r;
  if (!write_one(game, r.text, options, r.error)) r.text.clear();
  return r;
}

PgnWriteResult write_pgn(std::span<const PgnGame> games, const PgnWriteOptions& options) {
  PgnWriteResult r;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i) r.text += '\n';
    if (!write_one(games[i], r.text, options, r.error)) {
      r.error = "game " + std::to_string(i + 1) + ": " + r.error;
      r.text.clear();
      break;
    }
  }
  return r;
}

}  // namespace escaque
