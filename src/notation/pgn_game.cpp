// PGN tree <-> Game: replaying a mainline with the full rules, and recording a Game with its
// outcome and clocks.
#include "../core/fen.h"
#include "pgn.h"
#include "san.h"

namespace escaque {

namespace {

std::string ply_name(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? ". " : "... ");
}

bool is_standard_start(const Position& pos) {
  Position standard;
  standard.set_startpos();
  return pos == standard;
}

}  // namespace

PgnReplay pgn_to_game(const PgnGame& pgn) {
  PgnReplay r{Game(pgn.start), {}};
  for (std::size_t i = 0; i < pgn.moves.size(); ++i) {
    const MoveNode& node = pgn.moves[i];
    const Position& pos = r.game.position();
    if (node.is_null()) {
      r.error = "ply " + std::to_string(i + 1) + " (" + ply_name(pos) + "--): a null move cannot be played in a Game";
      return r;
    }
    if (r.game.is_over() && r.game.ended_at_ply() < 0 && !r.game.is_legal(node.move)) {
      r.error = "ply " + std::to_string(i + 1) + ": the game was already over (" +
                describe(r.game.outcome()) + ") before " + ply_name(pos) + "a move that is not legal";
      return r;
    }
    std::string san = r.game.is_legal(node.move) ? move_to_san(pos, node.move) : std::string("an illegal move");
    if (GameError e = r.game.play_on(node.move)) {
      r.error = "ply " + std::to_string(i + 1) + " (" + ply_name(pos) + san + "): " + e.message;
      return r;
    }
  }
  return r;
}

PgnFromGame pgn_from_game(const Game& game, std::span<const PgnTag> tags, std::span<const std::int64_t> clockMillis) {
  PgnFromGame r;
  const auto history = game.history();
  if (clockMillis.size() > history.size()) {
    r.error = std::to_string(clockMillis.size()) + " clock times for " + std::to_string(history.size()) +
              " moves: there can be at most one per move";
    return r;
  }
  for (std::size_t i = 0; i < clockMillis.size(); ++i)
    if (clockMillis[i] < 0) {
      r.error = "clock time " + std::to_string(i + 1) + " is negative (" + std::to_string(clockMillis[i]) + " ms)";
      return r;
    }

  PgnGame& p = r.pgn;
  static constexpr std::string_view derived[] = {"Result", "Termination", "SetUp", "FEN", "Variant"};
  for (const PgnTag& t : tags) {
    bool skip = false;
    for (std::string_view d : derived) skip = skip || t.name == d;
    if (!skip) p.tags.push_back(t);
  }
  const Outcome& outcome = game.outcome();
  p.set_tag("Result", outcome.result);
  p.set_tag("Termination", pgn_termination(outcome.reason));
  const Position& start = game.start_position();
  p.start = start;
  if (start.is_chess960()) p.set_tag("Variant", "Chess960");
  if (start.is_chess960() || !is_standard_start(start)) {
    p.set_tag("SetUp", "1");
    p.set_tag("FEN", to_fen(start));
  }
  p.moves.reserve(history.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    MoveNode node;
    node.move = history[i].move;
    if (i < clockMillis.size()) node.commentsAfter.push_back("[%clk " + format_clock(clockMillis[i]) + "]");
    p.moves.push_back(std::move(node));
  }
  p.result = outcome.result;
  return r;
}

}  // namespace escaque
