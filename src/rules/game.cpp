#include "game.h"

#include <algorithm>

#include "../core/chess960.h"
#include "../core/fen.h"
#include "../core/movegen.h"
#include "../core/uci_move.h"
#include "dead_position.h"

namespace escaque {

namespace {

const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }
const char* color_adjective(Color c) { return c == WHITE ? "white" : "black"; }

GameError make_error(GameErrorKind kind, std::string message) { return GameError{kind, std::move(message)}; }

const char* piece_name(PieceType pt) {
  static const char* names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
  return pt < PIECE_TYPE_NB ? names[pt] : "piece";
}

// Squares of a move as written for errors, whatever the move is (it may be
// garbage: move_to_uci assumes a legal move).
std::string raw_move_text(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == PROMOTION) s += "nbrq"[m.promotion() - KNIGHT];
  return s;
}

// Why a claim is refused, with both counts (the claim may rest on either rule).
std::string claim_shortfall(const Position& p, int count, bool afterIntendedMove) {
  const std::string times = count == 1 ? "once" : std::to_string(count) + " times";
  return std::string(afterIntendedMove ? "the position would have occurred " : "the position has occurred ") +
         times + " (3 needed, FIDE Art. 9.2) and " + std::to_string(p.rule50()) +
         " half-moves without a capture or pawn move (100 needed, FIDE Art. 9.3)";
}

}  // namespace

const char* game_error_name(GameErrorKind kind) {
  switch (kind) {
    case GameErrorKind::None: return "none";
    case GameErrorKind::GameOver: return "game-over";
    case GameErrorKind::IllegalMove: return "illegal-move";
    case GameErrorKind::NothingToUndo: return "nothing-to-undo";
    case GameErrorKind::NothingToRedo: return "nothing-to-redo";
    case GameErrorKind::NoDrawOffer: return "no-draw-offer";
    case GameErrorKind::OwnDrawOffer: return "own-draw-offer";
    case GameErrorKind::DrawOfferStands: return "draw-offer-stands";
    case GameErrorKind::AgreementTooEarly: return "agreement-too-early";
  }
  return "none";
}

// ---------------------------------------------------------------- set-up

Game::Game() {
  start_.set_startpos();
  pos_ = start_;
}

Game::Game(const Position& start) : start_(start), pos_(start) { outcome_ = board_outcome(); }

std::optional<Game> Game::chess960(int index) {
  Position p;
  if (!set_chess960_start(p, index)) return std::nullopt;
  return Game(p);
}

std::optional<Position> Game::position_at(int target) const {
  const int n = ply();
  if (target < 0 || target > n) return std::nullopt;
  // Walk from whichever end is nearer.
  if (target <= n - target) {
    Position p = start_;
    UndoInfo scratch;
    for (int i = 0; i < target; ++i) p.do_move(history_[i].move, scratch);
    return p;
  }
  Position p = pos_;
  for (int i = n - 1; i >= target; --i) p.undo_move(history_[i].move, history_[i].undo);
  return p;
}

bool Game::is_legal(Move m) const { return legal_moves(pos_).contains(m); }

// ---------------------------------------------------------------- repetition

// How often `target`, the position at ply targetPly (the current ply, or the
// next one for an intended move), occurs in this Game, itself included.
int Game::occurrences(const Position& target, int targetPly) const {
  return count_occurrences(
      pos_, ply(), target, targetPly, [this](int j) { return key_at(j); },
      [this](Position& p, int j) { p.undo_move(history_[j].move, history_[j].undo); });
}

// ---------------------------------------------------------------- endings decided by the board

// Checked after every move, in this order: mate takes precedence over the
// 75-move rule (Art. 9.6.2) and over everything else, since it ends the game
// at once (Art. 5.1.1). Stalemate and dead position end the game the moment
// they arise, so in play they never coincide with a fivefold repetition or a
// 150th half-move; the order only matters for a set-up start position.
Outcome Game::board_outcome() const {
  if (!has_legal_move(pos_))
    return pos_.in_check() ? Outcome::win(~pos_.side_to_move(), OutcomeReason::Checkmate)
                           : Outcome::draw(OutcomeReason::Stalemate);
  // The full analysis runs at set-up and after a capture or pawn move (the
  // half-move clock was just reset): only those change the material or the
  // pawn structure the proofs rest on. After a non-capturing piece move the
  // previous verdict ("alive", or the game would be over) is kept; the rare
  // composed position that such a move makes dead through forced play is
  // declared at the next capture or pawn move, which the forced play reaches.
  // Never the unsound side: a draw is only declared when proven.
  bool materialOrPawnsChanged = history_.empty() || pos_.rule50() == 0;
  if (materialOrPawnsChanged && is_dead_position(pos_)) return Outcome::draw(OutcomeReason::DeadPosition);
  if (repetition_count() >= 5) return Outcome::draw(OutcomeReason::FivefoldRepetition);
  if (pos_.rule50() >= 150) return Outcome::draw(OutcomeReason::SeventyFiveMoves);
  return Outcome::ongoing();
}

// ---------------------------------------------------------------- moves

GameError Game::refuse_if_over(const char* action) const {
  if (!is_over()) return {};
  return make_error(GameErrorKind::GameOver,
                    std::string("cannot ") + action + ": the game is over (" + describe(outcome_) + ")");
}

GameError Game::illegal_move_error(Move m) const {
  const Color us = pos_.side_to_move();
  const std::string text = raw_move_text(m);
  const Piece pc = pos_.piece_on(m.from());
  std::string why;
  if (!m.is_ok())
    why = "it does not move anything";
  else if (pc == NO_PIECE)
    why = "there is no piece on " + square_name(m.from());
  else if (color_of(pc) != us)
    why = "the " + std::string(piece_name(type_of(pc))) + " on " + square_name(m.from()) + " is " +
          color_name(~us) + "'s, and " + color_name(us) + " is to move";
  else if (pos_.in_check())
    why = std::string("the ") + color_adjective(us) + " " + piece_name(type_of(pc)) +
          " cannot make this move; note that " + color_name(us) + " is in check";
  else
    why = std::string("the ") + color_adjective(us) + " " + piece_name(type_of(pc)) +
          " cannot make this move, or it would leave the king in check";
  return make_error(GameErrorKind::IllegalMove, text + " is not a legal move in " + to_fen(pos_) + ": " + why);
}

void Game::apply(Move m) {
  const Color mover = pos_.side_to_move();
  PlyRecord rec;
  rec.move = m;
  pos_.do_move(m, rec.undo);
  rec.key = pos_.key();
  rec.repetitions = 1;
  history_.push_back(rec);
  history_.back().repetitions = std::uint8_t(std::min(occurrences(pos_, ply()), 255));

  if (!redo_.empty()) {
    if (redo_.back() == m) redo_.pop_back();  // replaying the undone line keeps the rest of it
    else redo_.clear();
  }
  // Moving instead of accepting rejects the opponent's offer (Art. 9.1.2.1);
  // one's own offer survives one's own move.
  if (drawOffer_ && *drawOffer_ != mover) drawOffer_.reset();
  claimedMove_ = Move::none();
  outcome_ = board_outcome();
  if (is_over()) drawOffer_.reset();
}

GameError Game::play(Move m) {
  if (GameError e = refuse_if_over("play a move")) return e;
  if (!is_legal(m)) return illegal_move_error(m);
  apply(m);
  return {};
}

GameError Game::play_on(Move m) {
  const OutcomeReason r = outcome_.reason;
  if (r != OutcomeReason::DeadPosition && r != OutcomeReason::FivefoldRepetition &&
      r != OutcomeReason::SeventyFiveMoves)
    return play(m);
  if (!is_legal(m)) return illegal_move_error(m);
  const Outcome drawn = outcome_;
  if (endedAtPly_ < 0) endedAtPly_ = ply();
  apply(m);
  outcome_ = drawn;
  return {};
}

GameError Game::undo() {
  if (history_.empty()) return make_error(GameErrorKind::NothingToUndo, "cannot undo: no move has been played");
  const PlyRecord rec = history_.back();
  pos_.undo_move(rec.move, rec.undo);
  history_.pop_back();
  redo_.push_back(rec.move);
  drawOffer_.reset();
  claimedMove_ = Move::none();
  // A move was played from this position, so the board did not end the game
  // here, and the board's verdict depends only on the position and the history
  // before it, both restored: no need to analyse it again. Moves played on after an automatic
  // draw (play_on) keep that draw until the move that made it is taken back.
  if (endedAtPly_ >= 0 && ply() >= endedAtPly_) {
    if (ply() == endedAtPly_) endedAtPly_ = -1;  // back at the draw itself: an ordinary ended game
    return {};
  }
  outcome_ = Outcome::ongoing();
  return {};
}

GameError Game::redo() {
  if (redo_.empty()) return make_error(GameErrorKind::NothingToRedo, "cannot redo: no undone move");
  if (GameError e = refuse_if_over("redo a move")) return e;
  return play(redo_.back());
}

// ---------------------------------------------------------------- draw claims

std::optional<OutcomeReason> Game::claim_grounds_with_move(Move m) const {
  if (is_over() || !is_legal(m)) return std::nullopt;
  Position next = pos_;
  UndoInfo scratch;
  next.do_move(m, scratch);
  if (occurrences(next, ply() + 1) >= 3) return OutcomeReason::ThreefoldRepetition;
  if (next.rule50() >= 100) return OutcomeReason::FiftyMoves;
  return std::nullopt;
}


ClaimResult Game::claim_draw() {
  ClaimResult r;
  if ((r.error = refuse_if_over("claim a draw"))) return r;
  const Color claimant = pos_.side_to_move();
  if (repetition_count() >= 3) {
    r.grounds = OutcomeReason::ThreefoldRepetition;
    r.explanation = "granted: the position has occurred " + std::to_string(repetition_count()) +
                    " times with " + color_name(claimant) + " to move (FIDE Art. 9.2.2)";
  } else if (pos_.rule50() >= 100) {
    r.grounds = OutcomeReason::FiftyMoves;
    r.explanation = "granted: " + std::to_string(pos_.rule50()) +
                    " half-moves without a capture or pawn move (FIDE Art. 9.3.2)";
  } else {
    r.explanation = "refused: " + claim_shortfall(pos_, repetition_count(), false) + "; the game continues" +
                    refused_claim_as_offer(claimant);
    return r;
  }
  return grant_claim(r, claimant);
}

ClaimResult Game::grant_claim(ClaimResult r, Color claimant) {
  r.granted = true;
  outcome_ = Outcome::draw(r.grounds, claimant);
  drawOffer_.reset();
  return r;
}

std::string Game::refused_claim_as_offer(Color claimant) {
  if (drawOffer_) return "";
  drawOffer_ = claimant;
  return " and the claim stands as a draw offer by " + std::string(color_name(claimant)) + " (FIDE Art. 9.1.2.3)";
}

ClaimResult Game::claim_draw_with_move(Move m) {
  ClaimResult r;
  if ((r.error = refuse_if_over("claim a draw"))) return r;
  if (!is_legal(m)) {
    r.error = illegal_move_error(m);
    r.error.message = "cannot claim a draw with this intended move: " + r.error.message;
    return r;
  }
  const Color claimant = pos_.side_to_move();
  const std::string moveText = move_to_uci(pos_, m);

  Position next = pos_;
  UndoInfo scratch;
  next.do_move(m, scratch);
  const int nextCount = occurrences(next, ply() + 1);
  if (nextCount >= 3) {
    r.grounds = OutcomeReason::ThreefoldRepetition;
    r.explanation = "granted: " + moveText + " would make the position occur " + std::to_string(nextCount) +
                    " times (FIDE Art. 9.2.1); the move is not made";
    claimedMove_ = m;
  } else if (next.rule50() >= 100) {
    r.grounds = OutcomeReason::FiftyMoves;
    r.explanation = "granted: " + moveText + " would complete " + std::to_string(next.rule50()) +
                    " half-moves without a capture or pawn move (FIDE Art. 9.3.1); the move is not made";
    claimedMove_ = m;
  } else if (repetition_count() >= 3 || pos_.rule50() >= 100) {
    // The written move does not give the grounds, but the position on the
    // board already does (Art. 9.2.2 / 9.3.2): the game is drawn all the same.
    ClaimResult now = claim_draw();
    now.explanation += "; the intended move " + moveText + " is not made";
    return now;
  } else {
    r.explanation = "refused: after " + moveText + " " + claim_shortfall(next, nextCount, true) + "; " + moveText +
                    " is made (FIDE Art. 9.5.3)";
    apply(m);
    r.intendedMovePlayed = true;
    if (is_over()) r.explanation += "; it ends the game: " + describe(outcome_);
    else r.explanation += refused_claim_as_offer(claimant);
    return r;
  }
  return grant_claim(r, claimant);
}

// ---------------------------------------------------------------- offers, resignation, flags

GameError Game::offer_draw(Color c) {
  if (GameError e = refuse_if_over("offer a draw")) return e;
  if (drawOffer_ == c)
    return make_error(GameErrorKind::DrawOfferStands,
                      std::string(color_name(c)) + "'s draw offer already stands (an offer cannot be repeated "
                                                   "or withdrawn, FIDE Art. 9.1.2.1)");
  if (drawOffer_)
    return make_error(GameErrorKind::DrawOfferStands,
                      std::string(color_name(*drawOffer_)) + "'s draw offer stands: " + color_name(c) +
                          " can accept or decline it");
  drawOffer_ = c;
  return {};
}

GameError Game::accept_draw(Color c) {
  if (GameError e = refuse_if_over("accept a draw")) return e;
  if (!drawOffer_)
    return make_error(GameErrorKind::NoDrawOffer,
                      std::string(color_name(c)) + " cannot accept: no draw offer stands (an offer lapses "
                                                   "when the opponent moves instead, FIDE Art. 9.1.2.1)");
  if (*drawOffer_ == c)
    return make_error(GameErrorKind::OwnDrawOffer,
                      std::string(color_name(c)) + " cannot accept their own draw offer; " + color_name(~c) +
                          " must");
  if (pos_.game_ply() < 2)
    return make_error(GameErrorKind::AgreementTooEarly,
                      "a draw can be agreed only after both players have made at least one move "
                      "(FIDE Art. 5.2.3)");
  outcome_ = Outcome::draw(OutcomeReason::Agreement, c);
  drawOffer_.reset();
  return {};
}

GameError Game::decline_draw(Color c) {
  if (GameError e = refuse_if_over("decline a draw")) return e;
  if (!drawOffer_)
    return make_error(GameErrorKind::NoDrawOffer, std::string(color_name(c)) + " cannot decline: no draw offer stands");
  if (*drawOffer_ == c)
    return make_error(GameErrorKind::OwnDrawOffer, std::string(color_name(c)) +
                                                       " cannot decline their own draw offer (it cannot be "
                                                       "withdrawn either, FIDE Art. 9.1.2.1)");
  drawOffer_.reset();
  return {};
}

GameError Game::resign(Color c) {
  return end_by_act(c, "resign", OutcomeReason::Resignation, OutcomeReason::ResignationVsInsufficientMaterial);
}

GameError Game::flag(Color c) {
  return end_by_act(c, "register a flag fall", OutcomeReason::Timeout, OutcomeReason::TimeoutVsInsufficientMaterial);
}

GameError Game::end_by_act(Color c, const char* action, OutcomeReason won, OutcomeReason drawn) {
  if (GameError e = refuse_if_over(action)) return e;
  outcome_ = can_checkmate(pos_, ~c) ? Outcome::win(~c, won, c) : Outcome::draw(drawn, c);
  drawOffer_.reset();
  return {};
}

}  // namespace escaque
