// PGN (Portable Game Notation): a game tree, a tolerant reader and a standard writer.
//
//   PgnReadResult r = read_pgn(text);                 // every game of a file, errors with line/column
//   PgnWriteResult w = write_pgn(r.games[0]);         // export format: Seven Tag Roster, SAN, 80 columns
//   PgnReplay g = pgn_to_game(r.games[0]);            // mainline -> Game (outcome, claims)
//   PgnFromGame p = pgn_from_game(game, tags, clocks); // Game -> PGN with Result, Termination, [%clk]
//
// The tree keeps everything a PGN file says about a game: the tags in their order, the start
// position, every move with its annotation glyphs (NAGs), comments and variations, and the result.
// Reading, writing and reading again gives the same tree; writing what was read and written once
// more gives the same bytes. docs/pgn.md describes what is accepted, how comments are attached,
// and every error.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/position.h"
#include "../rules/game.h"
#include "language.h"

namespace escaque {

// ---------------------------------------------------------------- the game tree

struct PgnTag {
  std::string name;
  std::string value;  // unescaped: a quote is '"', not '\"'
  bool operator==(const PgnTag&) const = default;
};

struct MoveNode;
// A line of play: the moves, in order, each made in the position the previous one left.
using PgnLine = std::vector<MoveNode>;

struct MoveNode {
  Move move;  // legal in the position before it; Move::null() for a null move ("--" or "Z0")
  // The move as the input wrote it, without annotation glyphs ("0-0", "Nf3+", "Cf3" in Spanish);
  // empty for moves made in code. Only informational: the writer generates SAN afresh.
  std::string san;
  std::vector<std::uint8_t> nags;  // $1 .. $255 in the order written; glyphs "!" etc. as $1..$6
  // Comments written before the move: at the start of a variation, or after the variations of
  // the previous move (they comment on what comes next). Texts without braces, trimmed, line
  // breaks turned into spaces; command comments ([%clk ...]) stay inside the text.
  std::vector<std::string> commentsBefore;
  std::vector<std::string> commentsAfter;  // comments right after the move (and its NAGs)
  // Alternatives to this move: each line starts in the position before this move.
  std::vector<PgnLine> variations;

  bool is_null() const { return move == Move::null(); }
  bool operator==(const MoveNode&) const = default;
};

struct PgnGame {
  PgnGame();  // no tags, standard start position, no moves, no result

  std::vector<PgnTag> tags;  // in the order read (the writer puts the Seven Tag Roster first)
  // From the FEN tag (with SetUp "1", or alone); Chess960 rules when the Variant tag says so
  // or the FEN's castling field names rook files. The standard start position otherwise.
  Position start;
  std::vector<std::string> comments;  // before the first move of the mainline (the game comment)
  PgnLine moves;                      // the mainline
  // The game termination marker as written at the end of the movetext: "1-0", "0-1",
  // "1/2-1/2" or "*"; empty when the input had none.
  std::string result;

  // The value of the first tag with this name (case-sensitive, as PGN says), or nullptr.
  const std::string* tag(std::string_view name) const;
  // Replaces the value of the first tag with this name, or appends the tag.
  void set_tag(std::string_view name, std::string value);
  // Removes every tag with this name; returns how many there were.
  int remove_tag(std::string_view name);

  bool operator==(const PgnGame&) const = default;
};

// ---------------------------------------------------------------- command comments

// A command inside a comment, "[%clk 0:01:23.4]": name "clk", value "0:01:23.4" (trimmed).
// Views into the comment text.
struct PgnCommand {
  std::string_view name;
  std::string_view value;
};

// Every [%name value] of a comment, in order. A name is letters, digits and '_'; the value runs
// to the next ']'. Anything that does not fit that shape is plain text and is skipped.
std::vector<PgnCommand> parse_commands(std::string_view comment);
// The same into `out` (cleared first), for callers that reuse one vector for many comments.
void parse_commands(std::string_view comment, std::vector<PgnCommand>& out);
// The value of the first command with this name in the comments after the move, if any.
std::optional<std::string_view> find_command(const MoveNode& node, std::string_view name);
// Sets the command in a comment text: replaces the value of the first [%name ...] or appends
// " [%name value]". Used to write clocks and evaluations without disturbing other text.
void set_command(std::string& comment, std::string_view name, std::string_view value);

// Clock values as [%clk] and [%emt] write them: "H:MM:SS", "H:MM:SS.d" (any number of decimals,
// read to the millisecond), also "MM:SS" and plain seconds. Milliseconds, or empty if malformed.
std::optional<std::int64_t> parse_clock(std::string_view text);
// "1:05:03", or "0:01:23.4" when there are tenths (milliseconds below a tenth are dropped).
std::string format_clock(std::int64_t milliseconds);

// [%eval] values: "0.35", "-1.20", "#3", "#-3", optionally followed by ",depth" (ignored).
struct PgnEval {
  bool mate = false;
  int value = 0;  // centipawns from White's point of view; or moves to mate (negative: Black mates)
  bool operator==(const PgnEval&) const = default;
};
std::optional<PgnEval> parse_eval(std::string_view text);

// ---------------------------------------------------------------- reading

enum class PgnErrorKind : std::uint8_t {
  None,
  UnexpectedCharacter,   // a character that cannot start any PGN token here
  UnterminatedComment,   // '{' with no '}' before the end of the input
  UnterminatedString,    // a tag value whose closing quote is missing on its line
  BadTag,                // a tag pair that is not [Name "value"]
  BadFen,                // the FEN tag does not describe a legal position; SetUp "1" without FEN
  UnsupportedVariant,    // a Variant tag naming rules other than standard chess or Chess960
  BadMove,               // a move that is not legal, ambiguous, or not a move at all (parse_san)
  BadNullMove,           // a null move while in check
  BadAnnotation,         // a NAG out of range, an unknown glyph, a NAG before any move
  UnbalancedParenthesis, // ')' with no variation open
  UnclosedVariation,     // the game ends with a variation still open
  VariationWithoutMove,  // '(' before any move of the line: there is nothing to be an alternative to
  NestingTooDeep,        // variations nested deeper than PgnReadOptions::maxNesting
  ResultInVariation,     // a game termination marker inside a variation
};

const char* pgn_error_name(PgnErrorKind kind);

struct PgnError {
  PgnErrorKind kind = PgnErrorKind::None;
  int line = 0;    // 1-based; lines end at LF, CRLF or CR
  int column = 0;  // 1-based, in characters (UTF-8 code points) from the start of the line
  int game = 0;    // 0-based index of the game in the input (bad games count too)
  // "line 12, column 5: illegal move 'Nf6': no white knight can move to f6"
  std::string message;
  explicit operator bool() const { return kind != PgnErrorKind::None; }
};

// Hard limit on variation nesting, for reading and writing: trees are destroyed, compared and
// written recursively, and this keeps that well inside any stack (WebAssembly included).
inline constexpr int PGN_MAX_NESTING = 1024;

struct PgnReadOptions {
  Language language = Language::English;  // piece letters of the movetext (figurines always work)
  // false: stop at the first error (games before it are kept). true: skip each bad game, collect
  // its error and go on with the next one.
  bool skipBadGames = false;
  // Deepest variation nesting accepted (the mainline is depth 0); at most PGN_MAX_NESTING.
  int maxNesting = 256;
  bool validateFen = true;    // semantic FEN checks (kings, pawns, check); syntax is always checked
  bool keepWrittenSan = true; // fill MoveNode::san (costs a small string per move)
  // Tags only: the movetext is skipped without reading its moves (listing a database). Such games
  // have no moves, comments or result; a game without tags is not told apart from the one before.
  bool headersOnly = false;
  // Where the text starts in a larger input read piece by piece (PgnReader::resume_point()):
  // errors then give lines and columns of the whole input.
  int firstLine = 1;
  int firstColumn = 1;
};

struct PgnReadResult {
  std::vector<PgnGame> games;
  std::vector<PgnError> errors;  // at most one unless skipBadGames
  bool ok() const { return errors.empty(); }
};

// Reads every game of text.
PgnReadResult read_pgn(std::string_view text, const PgnReadOptions& options = {});

// Reads games one at a time, for large files. text must outlive the reader.
class PgnReader {
 public:
  explicit PgnReader(std::string_view text, PgnReadOptions options = {});
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  enum class Status { Game, Error, End };
  // Game: `game` holds the next game. Error: `error` says what was wrong with it; in skip mode
  // the reader has moved on to the next game, otherwise every later call returns End.
  // End: no more games.
  Status next(PgnGame& game, PgnError& error);
  int games_seen() const { return gameIndex_; }

  // Where the game (or bad game) last returned by next() starts: its first token.
  struct Point {
    std::size_t offset = 0;  // byte offset in the text
    int line = 1, column = 1;
  };
  Point game_start() const;
  // Where reading goes on after it: a text cut there and read with firstLine/firstColumn from
  // this point gives the same games, lines and columns.
  Point resume_point();
  // Whether reading the last game ran into the end of the text: for a text that is only the start
  // of a stream, that game may be incomplete and must be read again with what follows.
  bool reached_end() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  int gameIndex_ = 0;
};

// ---------------------------------------------------------------- writing

struct PgnWriteOptions {
  Language language = Language::English;  // piece letters of the SAN written
  bool nagGlyphs = false;   // write $1..$6 as !, ?, !!, ??, !?, ?! after the move (when first)
  int lineWidth = 80;       // longest movetext line; 0 = one line. Tokens are never split.
  bool comments = true;     // false: leave comments out
  bool variations = true;   // false: leave variations out
  bool nags = true;         // false: leave NAGs out
};

struct PgnWriteResult {
  std::string text;
  std::string error;  // empty on success; otherwise why the tree cannot be written (text is empty)
  bool ok() const { return error.empty(); }
};

// Export format: the Seven Tag Roster first (Event, Site, Date, Round, White, Black, Result, with
// "?" and "????.??.??" for the missing ones), then the other tags in their order; a blank line;
// the movetext, wrapped; the result. Every move is checked for legality on the way, and
// variations may not nest deeper than PGN_MAX_NESTING.
PgnWriteResult write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});
// Several games, a blank line between them.
PgnWriteResult write_pgn(std::span<const PgnGame> games, const PgnWriteOptions& options = {});

// ---------------------------------------------------------------- Game conversions

// Something an import accepted but that does not say what the file said (Chess.fromPgn's warnings).
struct PgnWarning {
  // "result-contradicted": the moves prove another result than the file's (mate, stalemate, a
  //   dead position, an automatic draw, a resignation against a side that cannot mate);
  // "played-on": moves were played after an automatic draw, which ended the game there (kept);
  // "result-not-applied": the file's result cannot be given to the game (a draw agreed before
  //   each side moved).
  const char* kind;
  std::string message;
};

struct PgnImport {
  Game game;
  std::string error;  // empty when the whole mainline was played (as pgn_to_game)
  std::vector<PgnWarning> warnings;
  // The file's Termination tag, when the result came from the file (resignation, flag, agreement):
  // the game's own would say less ("normal" for an adjudication, say). Empty otherwise.
  std::string termination;
  bool ok() const { return error.empty(); }
};

// The mainline played (pgn_to_game, with play on after an automatic draw), then the file's result
// applied when the board has not decided one: a decisive result as a resignation of the loser (a
// flag fall when Termination says "time forfeit"), a draw as a granted claim when one can be
// claimed, else as an agreement. The result is the termination marker unless that is "*" or missing,
// then the Result tag.
PgnImport import_pgn_game(const PgnGame& pgn);

struct PgnReplay {
  Game game;          // the moves replayed up to the first that could not be
  std::string error;  // empty when the whole mainline was played
  bool ok() const { return error.empty(); }
};

// Plays the mainline into a Game from the tree's start position, so that the outcome, claims and
// repetitions are available. The result token is not applied (PGN does not say how a game ended
// with enough precision). Stops with an error at a null move. Moves after an automatic draw (dead
// position, fivefold repetition, 75-move rule) are played on (Game::play_on): the outcome is that
// draw, Game::ended_at_ply() says where.
PgnReplay pgn_to_game(const PgnGame& pgn);

struct PgnFromGame {
  PgnGame pgn;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// The Game as a PGN tree. tags are written as given (Seven Tag Roster order is the writer's job);
// Result and Termination are set from the Game's outcome (Termination: outcome.h's mapping,
// "unterminated" while in progress); a start position other than the standard one adds SetUp and
// FEN, and Chess960 adds Variant "Chess960". clockMillis, when given, holds the time left on the
// mover's clock after each move, written as [%clk] comments; it may be shorter than the game but
// not longer.
PgnFromGame pgn_from_game(const Game& game, std::span<const PgnTag> tags = {},
                          std::span<const std::int64_t> clockMillis = {});

}  // namespace escaque
