// Fuzz target: the PGN reader (src/notation/pgn_*.cpp): lexer, tags, comments, variations, NAGs,
// lenient SAN, result tokens, skip-mode recovery.
// Input: one option byte, then the PGN text.
//   bits 0-2  language of the movetext (mod 6: English .. Figurine), for reading and writing
//   bit 3     skipBadGames
//   bit 4     write NAGs 1..6 as glyphs (!, ?, ...)
//   bits 5-6  line width of the writer: 80, 0 (one line), 1 (a token a line), 17
//   bit 7     validateFen = false
// Invariants: reading never crashes, never breaks a sanitizer, and stays linear (inputs over
// MAX_INPUT_BYTES bytes are ignored; libFuzzer's -timeout catches a blow-up below that); errors are
// well-formed (kind, message, line and column inside the input, at most one in strict mode);
// every game read is written, the text read back gives one game with the same tree (moves,
// null moves, NAGs, comments, variations, start position, tags as the writer orders them,
// result), and writing that again gives the same bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "fuzz_check.h"
#include "notation/pgn.h"

using namespace escaque;

namespace {

constexpr std::size_t MAX_INPUT_BYTES = 1 << 16;

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
constexpr const char* ROSTER_DEFAULT[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

bool is_result(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

// The written SAN is informational (the writer generates SAN afresh): compare without it.
void drop_san(PgnLine& line) {
  for (MoveNode& n : line) {
    n.san.clear();
    for (PgnLine& v : n.variations) drop_san(v);
  }
}

// The game a reader should find in the writer's output for `g`: the Seven Tag Roster first (first
// occurrence of each name, or its default; Result from the termination marker when the tag is
// missing), then the remaining tags in their order; a termination marker always present.
PgnGame expected_after_writing(PgnGame g) {
  std::vector<PgnTag> tags;
  std::vector<bool> used(g.tags.size(), false);
  for (int k = 0; k < 7; ++k) {
    std::string value = ROSTER_DEFAULT[k];
    bool found = false;
    for (std::size_t i = 0; i < g.tags.size() && !found; ++i)
      if (g.tags[i].name == ROSTER[k]) value = g.tags[i].value, used[i] = found = true;
    if (!found && k == 6 && !g.result.empty()) value = g.result;
    tags.push_back(PgnTag{ROSTER[k], value});
  }
  for (std::size_t i = 0; i < g.tags.size(); ++i)
    if (!used[i]) tags.push_back(g.tags[i]);
  if (g.result.empty()) {
    const std::string* tag = g.tag("Result");
    g.result = tag && is_result(*tag) ? *tag : "*";
  }
  g.tags = std::move(tags);
  drop_san(g.moves);
  return g;
}

int line_count(std::string_view text) {
  int lines = 1;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++lines;
  return lines;
}

std::string describe(const PgnGame& g) {
  PgnWriteResult w = write_pgn(g);
  return w.ok() ? w.text : "(unwritable: " + w.error + ")";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > MAX_INPUT_BYTES) return 0;
  const std::uint8_t opt = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  PgnReadOptions readOptions;
  readOptions.language = ALL_LANGUAGES[(opt & 7) % 6];
  readOptions.skipBadGames = (opt & 8) != 0;
  readOptions.validateFen = (opt & 0x80) == 0;
  PgnWriteOptions writeOptions;
  writeOptions.language = readOptions.language;
  writeOptions.nagGlyphs = (opt & 0x10) != 0;
  static constexpr int WIDTHS[] = {80, 0, 1, 17};
  writeOptions.lineWidth = WIDTHS[(opt >> 5) & 3];

  const PgnReadResult first = read_pgn(text, readOptions);

  // Errors: well-formed, and only one unless skipping.
  FUZZ_REQUIRE(readOptions.skipBadGames || first.errors.size() <= 1, "several errors in strict mode");
  const int lines = line_count(text);
  const int games = int(first.games.size() + first.errors.size());
  for (const PgnError& e : first.errors) {
    FUZZ_REQUIRE(e.kind != PgnErrorKind::None, "error of kind None: " + e.message);
    FUZZ_REQUIRE(!e.message.empty(), "error without a message");
    FUZZ_REQUIRE(e.line >= 1 && e.line <= lines, "error line outside the input: " + e.message);
    FUZZ_REQUIRE(e.column >= 1 && e.column <= int(text.size()) + 1, "error column outside the input: " + e.message);
    FUZZ_REQUIRE(e.game >= 0 && e.game < games, "error game index out of range: " + e.message);
    FUZZ_REQUIRE(e.message.rfind("line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": ",
                                  0) == 0,
                 "error message does not start with its place: " + e.message);
  }
  // Strict mode stops at the first error: the games before it are the same as in skip mode.
  if (readOptions.skipBadGames && !first.errors.empty()) {
    PgnReadOptions strict = readOptions;
    strict.skipBadGames = false;
    const PgnReadResult s = read_pgn(text, strict);
    FUZZ_REQUIRE(s.errors.size() == 1, "strict mode found no error where skip mode found some");
    FUZZ_REQUIRE(s.errors[0].line == first.errors[0].line && s.errors[0].column == first.errors[0].column &&
                      s.errors[0].kind == first.errors[0].kind,
                 "strict and skip modes disagree on the first error: " + s.errors[0].message + " / " +
                      first.errors[0].message);
    FUZZ_REQUIRE(s.games.size() == std::size_t(first.errors[0].game), "strict mode kept a different number of games");
    for (std::size_t i = 0; i < s.games.size(); ++i)
      FUZZ_REQUIRE(s.games[i] == first.games[i], "strict and skip modes read game " + std::to_string(i) + " differently");
  }

  // Every game: write, read back, compare; write again, same bytes.
  PgnReadOptions again = readOptions;
  again.skipBadGames = false;
  for (std::size_t i = 0; i < first.games.size(); ++i) {
    const PgnGame& game = first.games[i];
    const PgnWriteResult written = write_pgn(game, writeOptions);
    FUZZ_REQUIRE(written.ok(), "a game that was read cannot be written: " + written.error);
    const PgnReadResult second = read_pgn(written.text, again);
    FUZZ_REQUIRE(second.ok(), "the writer's output does not read back: " +
                                   (second.errors.empty() ? std::string() : second.errors[0].message) + "\n" +
                                   written.text);
    FUZZ_REQUIRE(second.games.size() == 1,
                 "the writer's output reads as " + std::to_string(second.games.size()) + " games\n" + written.text);
    PgnGame back = second.games[0];
    drop_san(back.moves);
    const PgnGame expected = expected_after_writing(game);
    if (!(back == expected)) {
      std::string what = "read, written and read again, the game differs:";
      if (back.tags != expected.tags) what += " tags";
      if (!(back.start == expected.start)) what += " start";
      if (back.comments != expected.comments) what += " game comments";
      if (back.moves != expected.moves) what += " moves";
      if (back.result != expected.result) what += " result";
      fuzz::fail(what + "\nwritten:\n" + written.text + "\nread back and written:\n" + describe(back));
    }
    FUZZ_REQUIRE(back.start.is_chess960() == game.start.is_chess960(), "Chess960 flag lost:\n" + written.text);
    const PgnWriteResult rewritten = write_pgn(second.games[0], writeOptions);
    FUZZ_REQUIRE(rewritten.ok() && rewritten.text == written.text,
                 "writing the game read back gives other bytes:\n" + written.text + "\nthen:\n" + rewritten.text);
  }
  return 0;
}
