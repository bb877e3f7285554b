// PGN game trees for JavaScript (bindings/pgn.mjs): reads a piece of a PGN file and answers every
// complete game in it as one JSON text, in the very shape the JS API hands out (JSON.parse gives
// the tree: no per-move calls, no second pass in JS). Not on a per-move path: compiled for size.
//
//   escaque_pgn_read(flags, firstLine, firstColumn)   arguments: the text (UTF-8), the language
//     flags: 1 the text ends the input (else a game that runs into its end is left for the next
//            call, with more text), 2 headers only
//   -> {ok: true, records: [{index, offset, line, column, game} | {..., error}], consumed, line, column}
//      index and offset are relative to this text; consumed/line/column: where the next text
//      should start (and its first line and column).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "rules_io.h"
#include "core/digits.h"
#include "core/fen.h"
#include "notation/language.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "core/uci_move.h"

namespace escaque {
namespace {

using js::JsonOut;

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

void strings(JsonOut& j, const char* name, const std::vector<std::string>& list) {
  j.key(name);
  j.open('[');
  for (const std::string& s : list) j.string(s);
  j.close(']');
}

// The comments after a move, their [%...] commands taken out into fields: clock and emt in
// milliseconds, eval as {cp} or {mate} (with depth when written), the others as strings.
class AfterComments {
 public:
  explicit AfterComments(const std::vector<std::string>& comments) {
    for (const std::string& c : comments) {
      if (c.find("[%") == std::string::npos) {  // no command: the text as it is
        if (!c.empty()) texts_.push_back(c);
        continue;
      }
      std::string rest;
      std::size_t from = 0;
      for (const PgnCommand& cmd : parse_commands(c)) {
        const std::size_t open = std::size_t(cmd.name.data() - c.data()) - 2;
        const std::size_t close = c.find(']', std::size_t(cmd.value.data() - c.data()) + cmd.value.size());
        rest.append(c, from, open - from);
        from = close + 1;
        take(cmd);
      }
      rest.append(c, from, std::string::npos);
      // Join the text around each command taken out with one space.
      std::string text;
      for (std::size_t i = 0; i < rest.size(); ++i)
        if (rest[i] != ' ' || (!text.empty() && text.back() != ' ')) text += rest[i];
      std::string_view t = trim(text);
      if (!t.empty()) texts_.emplace_back(t);
    }
  }

  void write(JsonOut& j) const {
    strings(j, "comments", texts_);
    if (clock_) j.member("clock", double(*clock_));
    if (emt_) j.member("emt", double(*emt_));
    if (eval_) {
      j.key("eval");
      j.open('{');
      j.member(eval_->mate ? "mate" : "cp", eval_->value);
      if (evalDepth_ >= 0) j.member("depth", evalDepth_);
      j.close('}');
    }
    if (!others_.empty()) {
      j.key("commands");
      j.open('{');
      for (const auto& [name, value] : others_) j.member(name.c_str(), value);
      j.close('}');
    }
  }

 private:
  void take(const PgnCommand& cmd) {
    if (cmd.name == "clk" && !clock_ && (clock_ = parse_clock(cmd.value))) return;
    if (cmd.name == "emt" && !emt_ && (emt_ = parse_clock(cmd.value))) return;
    if (cmd.name == "eval" && !eval_ && eval_depth(cmd.value) && (eval_ = parse_eval(cmd.value))) return;
    for (const auto& o : others_)
      if (o.first == cmd.name) return;  // the first of a name is kept
    others_.emplace_back(std::string(cmd.name), std::string(cmd.value));
  }
  // "0.35,20": the depth after the comma; false when it is not a number.
  bool eval_depth(std::string_view v) {
    const std::size_t comma = v.find(',');
    if (comma == std::string_view::npos) return true;
    std::string_view d = trim(v.substr(comma + 1));
    return parse_digits(d, 4, evalDepth_);
  }

  std::vector<std::string> texts_;
  std::optional<std::int64_t> clock_, emt_;
  std::optional<PgnEval> eval_;
  int evalDepth_ = -1;
  std::vector<std::pair<std::string, std::string>> others_;
};

void line(JsonOut& j, Position pos, const PgnLine& moves) {
  j.open('[');
  for (const MoveNode& node : moves) {
    j.open('{');
    if (node.is_null()) {
      j.member("san", "--");
      j.member("uci", "0000");
    } else {
      j.member("san", move_to_san(pos, node.move));
      j.member("uci", move_to_uci(pos, node.move));
    }
    j.key("nags");
    j.open('[');
    for (std::uint8_t n : node.nags) j.number(n);
    j.close(']');
    strings(j, "commentsBefore", node.commentsBefore);
    AfterComments(node.commentsAfter).write(j);
    j.key("variations");
    j.open('[');
    for (const PgnLine& v : node.variations) line(j, pos, v);
    j.close(']');
    j.close('}');
    UndoInfo undo;
    if (node.is_null()) pos.do_null_move(undo);
    else pos.do_move(node.move, undo);
  }
  j.close(']');
}

void tags(JsonOut& j, const PgnGame& g) {
  j.key("tags");
  j.open('{');
  for (std::size_t i = 0; i < g.tags.size(); ++i) {
    bool seen = false;  // a name repeated: the first value, as PgnGame::tag()
    for (std::size_t k = 0; k < i && !seen; ++k) seen = g.tags[k].name == g.tags[i].name;
    if (!seen) j.member(g.tags[i].name.c_str(), g.tags[i].value);
  }
  j.close('}');
}

void game(JsonOut& j, const PgnGame& g, bool headersOnly) {
  j.open('{');
  tags(j, g);
  if (!headersOnly) {
    j.member("fen", to_fen(g.start));
    j.member("chess960", g.start.is_chess960());
    strings(j, "comments", g.comments);
    j.key("moves");
    line(j, g.start, g.moves);
    j.member("result", g.result.empty() ? std::string_view("*") : std::string_view(g.result));
  }
  j.close('}');
}

void point(JsonOut& j, const PgnReader::Point& p) {
  j.member("offset", double(p.offset));
  j.member("line", p.line);
  j.member("column", p.column);
}

int read(std::string_view text, std::string_view lang, int flags, int firstLine, int firstColumn) {
  std::optional<Language> l = parse_language(lang);
  if (!l) return js::fail("INVALID_ARGUMENT", "unknown language \"" + std::string(lang) + "\"");
  const bool final = flags & 1, headersOnly = flags & 2;
  PgnReadOptions options;
  options.language = *l;
  options.skipBadGames = true;
  options.keepWrittenSan = false;
  options.headersOnly = headersOnly;
  options.firstLine = firstLine;
  options.firstColumn = firstColumn;
  PgnReader reader(text, options);
  JsonOut j;
  js::success(j);
  j.key("records");
  j.open('[');
  PgnGame g;
  PgnError e;
  PgnReader::Point resume{0, firstLine, firstColumn};
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
    j.open('{');
    j.member("index", index);
    point(j, reader.game_start());
    if (s == PgnReader::Status::Game) {
      j.key("game");
      game(j, g, headersOnly);
    } else {
      j.key("error");
      j.open('{');
      j.member("kind", pgn_error_name(e.kind));
      j.member("message", e.message);
      j.member("line", e.line);
      j.member("column", e.column);
      j.close('}');
    }
    j.close('}');
    resume = reader.resume_point();
  }
  j.close(']');
  j.member("consumed", double(resume.offset));
  j.member("line", resume.line);
  j.member("column", resume.column);
  j.close('}');
  return js::finish(j);
}

}  // namespace
}  // namespace escaque

extern "C" {

// See the header comment. Arguments: the text, the language of its piece letters.
EMSCRIPTEN_KEEPALIVE int escaque_pgn_read(int flags, int firstLine, int firstColumn) {
  escaque::js::Args args;
  const std::string_view text = args.next();
  return escaque::read(text, args.next(), flags, firstLine, firstColumn);
}

}  // extern "C"
