// PGN game trees for JavaScript (bindings/js/pgn.mjs): reads a piece of a PGN file and answers every
// complete game in it in one buffer of bytes (pgn_wire.h), which the JS side decodes into the tree it
// hands out: no per-move calls, no JSON text on either side. Not on a per-move path: compiled for size.
//
//   escaque_pgn_read(flags, firstLine, firstColumn)   arguments: the text (UTF-8), the language
//     flags: 1 the text ends the input (else a game that runs into its end is left for the next
//            call, with more text), 2 headers only
//   -> the answer's length in bytes, at escaque_pgn_output() (pgn_wire.h: records, then consumed,
//      line and column: where the next text should start); index and offset are relative to this
//      text. -1: the language is unknown (nothing read).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "pgn_wire.h"
#include "rules_io.h"
#include "core/digits.h"
#include "core/fen.h"
#include "notation/language.h"
#include "notation/pgn.h"
#include "notation/san.h"

namespace escaque {
namespace {

using pgn_wire::Writer;

Writer out;  // the last answer; its capacity is kept from call to call

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// a == b, spelled out: at -Oz string_view's == is two calls (strlen, memcmp).
bool same(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Whether a comment may hold a command: it has "[%" somewhere.
bool has_command(const std::string& c) {
  for (std::size_t i = 1; i < c.size(); ++i)
    if (c[i] == '%' && c[i - 1] == '[') return true;
  return false;
}

void strings(Writer& w, const std::vector<std::string>& list) {
  w.uvar(list.size());
  for (const std::string& s : list) w.str(s);
}

// The comments after a move, their [%...] commands taken out into fields: clock and emt in
// milliseconds, eval as {cp} or {mate} (with depth when written), the others as strings. The
// first well-formed command of each name wins; one that does not parse is kept as a string.
// One object serves every node (its buffers keep their capacity): read() a node's comments, then
// flags() and write() before the next node's.
class AfterComments {
 public:
  void read(const std::vector<std::string>& comments) {
    texts_.clear();
    others_.clear();
    clock_.reset();
    emt_.reset();
    eval_.reset();
    evalDepth_ = -1;
    any_ = !comments.empty();
    // The texts of comments that hold commands are built one after the other in built_, with room
    // made first: the views into it stay valid.
    std::size_t room = 0;
    for (const std::string& c : comments) room += c.size() + 1;
    built_.clear();
    built_.reserve(room);
    for (const std::string& c : comments) {
      if (!has_command(c)) {  // no command: the text as it is
        if (!c.empty()) texts_.push_back(c);
        continue;
      }
      // The text around each command, joined with one space (blanks run together), trimmed.
      const std::size_t start = built_.size();
      std::size_t from = 0;
      auto append = [&](std::size_t end) {
        for (std::size_t k = from; k < end; ++k)
          if (c[k] != ' ' || (built_.size() > start && built_.back() != ' ')) built_ += c[k];
      };
      parse_commands(c, commands_);
      for (const PgnCommand& cmd : commands_) {
        const std::size_t open = std::size_t(cmd.name.data() - c.data()) - 2;
        const std::size_t close = c.find(']', std::size_t(cmd.value.data() - c.data()) + cmd.value.size());
        append(open);
        from = close + 1;
        take(cmd);
      }
      append(c.size());
      std::string_view t = trim(std::string_view(built_).substr(start));
      if (!t.empty()) texts_.push_back(t);
    }
  }

  std::uint8_t flags() const {
    std::uint8_t f = 0;
    if (any_) f |= pgn_wire::COMMENTS;  // (may still have no text left: count 0)
    if (clock_) f |= pgn_wire::CLOCK;
    if (emt_) f |= pgn_wire::EMT;
    if (eval_) f |= pgn_wire::EVAL;
    if (!others_.empty()) f |= pgn_wire::COMMANDS;
    return f;
  }

  // What flags() announced, in the wire's order.
  void write(Writer& w) const {
    if (any_) {
      w.uvar(texts_.size());
      for (std::string_view t : texts_) w.str(t);
    }
    if (clock_) w.number(*clock_);
    if (emt_) w.number(*emt_);
    if (eval_) {
      w.byte(eval_->mate ? 1 : 0);
      w.svar(eval_->value);
      w.uvar(std::uint64_t(evalDepth_ + 1));
    }
    if (!others_.empty()) {
      w.uvar(others_.size());
      for (const PgnCommand& o : others_) {
        w.str(o.name);
        w.str(o.value);
      }
    }
  }

 private:
  void take(const PgnCommand& cmd) {
    if (same(cmd.name, "clk") && !clock_ && (clock_ = parse_clock(cmd.value))) return;
    if (same(cmd.name, "emt") && !emt_ && (emt_ = parse_clock(cmd.value))) return;
    if (same(cmd.name, "eval") && !eval_) {
      int depth = -1;
      if (eval_depth(cmd.value, depth) && (eval_ = parse_eval(cmd.value))) {
        evalDepth_ = depth;
        return;
      }
    }
    for (const auto& o : others_)
      if (same(o.name, cmd.name)) return;  // the first of a name is kept
    others_.push_back(cmd);
  }
  // "0.35,20": the depth after the comma (-1 when there is none); false when it is not a number.
  static bool eval_depth(std::string_view v, int& depth) {
    const std::size_t comma = v.find(',');
    if (comma == std::string_view::npos) return true;
    std::string_view d = trim(v.substr(comma + 1));
    return parse_digits(d, 4, depth);
  }

  bool any_ = false;
  std::vector<std::string_view> texts_;  // into the comments or built_
  std::string built_;                    // the texts of comments that held commands
  std::vector<PgnCommand> commands_;     // one comment's
  std::optional<std::int64_t> clock_, emt_;
  std::optional<PgnEval> eval_;
  int evalDepth_ = -1;
  std::vector<PgnCommand> others_;  // into the comments
};

AfterComments after;  // (see the class)

// pos: the position before the line's first move; moved along the line.
void line(Writer& w, Position& pos, const PgnLine& moves) {
  w.uvar(moves.size());
  for (const MoveNode& node : moves) {
    after.read(node.commentsAfter);
    std::uint8_t flags = after.flags();
    if (!node.nags.empty()) flags |= pgn_wire::NAGS;
    if (!node.commentsBefore.empty()) flags |= pgn_wire::COMMENTS_BEFORE;
    if (!node.variations.empty()) flags |= pgn_wire::VARIATIONS;
    w.byte(flags);
    if (node.is_null()) {
      w.san("--");
      w.uci(SQ_A1, SQ_A1, 0);
    } else {
      const Move m = node.move;
      w.san(move_to_san(pos, m));
      Square to = m.to();  // UCI as move_to_uci writes it, without making the text
      if (m.kind() == CASTLING && !pos.is_chess960())
        to = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
      w.uci(m.from(), to, m.kind() == PROMOTION ? m.promotion() - KNIGHT + 1 : 0);
    }
    if (!node.nags.empty()) {
      w.uvar(node.nags.size());
      for (std::uint8_t n : node.nags) w.byte(n);
    }
    if (!node.commentsBefore.empty()) strings(w, node.commentsBefore);
    after.write(w);
    if (!node.variations.empty()) {
      w.uvar(node.variations.size());
      for (const PgnLine& v : node.variations) {
        Position start = pos;
        line(w, start, v);
      }
    }
    UndoInfo undo;
    if (node.is_null()) pos.do_null_move(undo);
    else pos.do_move(node.move, undo);
  }
}

void tags(Writer& w, const PgnGame& g) {
  std::size_t count = 0;
  auto first = [&](std::size_t i) {  // a name repeated: the first value, as PgnGame::tag()
    for (std::size_t k = 0; k < i; ++k)
      if (same(g.tags[k].name, g.tags[i].name)) return false;
    return true;
  };
  for (std::size_t i = 0; i < g.tags.size(); ++i) count += first(i);
  w.uvar(count);
  for (std::size_t i = 0; i < g.tags.size(); ++i) {
    if (!first(i)) continue;
    w.tag_name(g.tags[i].name);
    w.str(g.tags[i].value);
  }
}

std::uint8_t result_code(std::string_view r) {
  if (same(r, "1-0")) return 1;
  if (same(r, "0-1")) return 2;
  if (same(r, "1/2-1/2")) return 3;
  return 0;
}

void game(Writer& w, const PgnGame& g, bool headersOnly) {
  tags(w, g);
  if (headersOnly) return;
  const std::string fen = to_fen(g.start);
  w.str(same(fen, START_FEN) ? std::string_view() : std::string_view(fen));
  w.byte(g.start.is_chess960() ? 1 : 0);
  strings(w, g.comments);
  Position pos = g.start;
  line(w, pos, g.moves);
  w.byte(result_code(g.result));
}

void point(Writer& w, const PgnReader::Point& p) {
  w.uvar(p.offset);
  w.uvar(std::uint64_t(p.line));
  w.uvar(std::uint64_t(p.column));
}

int read(std::string_view text, std::string_view lang, int flags, int firstLine, int firstColumn) {
  std::optional<Language> l = parse_language(lang);
  if (!l) return -1;
  const bool final = flags & 1, headersOnly = flags & 2;
  PgnReadOptions options;
  options.language = *l;
  options.skipBadGames = true;
  options.keepWrittenSan = false;
  options.headersOnly = headersOnly;
  options.firstLine = firstLine;
  options.firstColumn = firstColumn;
  PgnReader reader(text, options);
  Writer& w = out;
  w.clear();
  PgnGame g;
  PgnError e;
  PgnReader::Point resume{0, firstLine, firstColumn};
  int count = 0;
  for (int index = 0;; ++index) {
    const PgnReader::Status s = reader.next(g, e);
    if (s == PgnReader::Status::End) {
      if (final) resume = reader.resume_point();  // else comments may belong to a game still to come
      break;
    }
    if (!final && reader.reached_end()) {  // may be cut short: read again with the text that follows
      resume = reader.game_start();
      break;
    }
    w.byte(s == PgnReader::Status::Game ? 1 : 2);
    w.uvar(std::uint64_t(index));
    point(w, reader.game_start());
    if (s == PgnReader::Status::Game) {
      game(w, g, headersOnly);
    } else {
      w.str(pgn_error_name(e.kind));
      w.str(e.message);
      w.uvar(std::uint64_t(e.line));
      w.uvar(std::uint64_t(e.column));
    }
    resume = reader.resume_point();
    ++count;
  }
  w.byte(0);
  w.footer(double(resume.offset), resume.line, resume.column, count);
  return int(w.bytes().size());
}

}  // namespace
}  // namespace escaque

extern "C" {

// See the header comment. Arguments: the text, the language of its piece letters.
// The answer is bytes (pgn_wire.h), not JSON: reading the 10,000 generated games of
// bench/pgn-compare.mjs (31.9 MB) went from 1,866 to 3,426 games per CPU-second against main's JSON
// answer, same run (bench/pgn-read-ab.mjs, load 9-11), of which 1.46x from the format alone (JSON.parse
// and the JSON writer were a third of the time); bench/pgn-compare.mjs: 3,893 games/CPU-s against
// chessops's parsePgn + replay 1,481 (2.63x) and chess.js's loadPgn 163 (23.9x). docs/benchmarks.md,
// "Session 9: PGN read speed".
EMSCRIPTEN_KEEPALIVE int escaque_pgn_read(int flags, int firstLine, int firstColumn) {
  escaque::js::Args args;
  const std::string_view text = args.next();
  return escaque::read(text, args.next(), flags, firstLine, firstColumn);
}

// Where the last answer of escaque_pgn_read starts (its bytes are copied out by pgn.mjs before the
// next call; the buffer keeps its capacity, so the heap stays flat from piece to piece).
EMSCRIPTEN_KEEPALIVE int escaque_pgn_output() { return escaque::js::address_of(escaque::out.bytes().data()); }

}  // extern "C"
