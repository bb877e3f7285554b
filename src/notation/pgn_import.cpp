// A PGN game as a Game with its result: the mainline replayed, then what the file says about how
// the game ended given to the Game, unless the board says otherwise (then a warning says so).
#include "pgn.h"

namespace escaque {

namespace {

bool is_result(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c + 32);
  return out;
}

// The result the file gives: the termination marker, or the Result tag when the marker is "*" or
// missing; "" when neither is a result.
std::string file_result(const PgnGame& pgn) {
  const std::string* tag = pgn.tag("Result");
  if (!pgn.result.empty() && pgn.result != "*") return pgn.result;
  if (tag && is_result(*tag) && *tag != "*") return *tag;
  return pgn.result.empty() && tag && is_result(*tag) ? *tag : pgn.result;
}

void warn(PgnImport& r, const char* kind, std::string message) {
  r.warnings.push_back(PgnWarning{kind, std::move(message)});
}

}  // namespace

PgnImport import_pgn_game(const PgnGame& pgn) {
  PgnReplay replay = pgn_to_game(pgn);
  PgnImport r{std::move(replay.game), std::move(replay.error), {}, {}};
  if (!r.ok()) return r;
  Game& g = r.game;
  const std::string result = file_result(pgn);
  const std::string* terminationTag = pgn.tag("Termination");
  const std::string termination = terminationTag ? lower(*terminationTag) : std::string();

  if (g.ended_at_ply() >= 0) {
    const int after = g.ply() - g.ended_at_ply();
    warn(r, "played-on",
         describe(g.outcome()) + " at ply " + std::to_string(g.ended_at_ply()) + "; the " + std::to_string(after) +
             (after == 1 ? " move" : " moves") + " played after it are kept");
  }
  if (g.is_over()) {
    if (!result.empty() && result != g.outcome().result)
      warn(r, "result-contradicted",
           "the file gives the result " + result + ", but the moves decide it: " + describe(g.outcome()));
    return r;
  }
  if (result.empty() || result == "*") return r;

  GameError e;
  if (result == "1/2-1/2") {
    if (g.can_claim_threefold() || g.can_claim_fifty_moves()) {
      e = g.claim_draw().error;
    } else {
      const Color mover = g.position().side_to_move();
      e = g.offer_draw(~mover);
      if (!e) e = g.accept_draw(mover);
      if (e && g.draw_offer()) g.decline_draw(mover);
    }
  } else {
    const Color loser = result == "1-0" ? BLACK : WHITE;
    e = termination == "time forfeit" ? g.flag(loser) : g.resign(loser);
  }
  if (e) {
    warn(r, "result-not-applied", "the file gives the result " + result + ", which cannot be given to the game: " +
                                      e.message);
    return r;
  }
  if (result != g.outcome().result)
    warn(r, "result-contradicted",
         "the file gives the result " + result + ", but the rules decide it: " + describe(g.outcome()));
  else if (terminationTag)
    r.termination = *terminationTag;
  return r;
}

}  // namespace escaque
