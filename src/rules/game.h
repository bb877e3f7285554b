// Game: a position with its history, and every rule of the FIDE Laws of Chess
// (2023) that ends a game: checkmate, stalemate, dead position, fivefold
// repetition and the 75-move rule (automatic), threefold repetition and the
// 50-move rule (claimed, also with an intended move), draw offers and
// agreement, resignation and flag fall. docs/rules.md lists each rule, its
// article and how it is decided here.
//
// Game is a plain value (copy it to branch off an analysis); it has no global
// state. Every operation either succeeds or returns an error saying what was
// refused and why, leaving the game exactly as it was.
//
// Cost: play() generates the legal moves once to validate the move and once
// to look for mate/stalemate, asks is_dead_position(), and scans the keys of
// the positions since the last capture or pawn move (O(rule50)); it allocates
// nothing except when the history vector grows.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../core/position.h"
#include "outcome.h"
#include "repetition.h"

namespace escaque {

enum class GameErrorKind : std::uint8_t {
  None,
  GameOver,           // the game has ended: no more moves, claims, offers, resignations or flags
  IllegalMove,        // not a legal move in the current position
  NothingToUndo,      // no move has been played
  NothingToRedo,      // no undone move to replay
  NoDrawOffer,        // accepting or declining when the opponent has no offer standing
  OwnDrawOffer,       // a player accepting or declining their own offer
  DrawOfferStands,    // offering while an offer already stands
  AgreementTooEarly,  // Art. 5.2.3: both players must have made at least one move
};

const char* game_error_name(GameErrorKind kind);

struct GameError {
  GameErrorKind kind = GameErrorKind::None;
  std::string message;  // what was refused and why; empty on success
  explicit operator bool() const { return kind != GameErrorKind::None; }
};

// The answer to a draw claim (Art. 9.2, 9.3, 9.5).
struct ClaimResult {
  // Set when the claim could not even be made (game over, intended move not
  // legal). Nothing changed then: no claim, no offer, no move.
  GameError error;
  bool granted = false;  // the claim was correct: the game is drawn (Art. 9.5.2)
  OutcomeReason grounds = OutcomeReason::None;  // ThreefoldRepetition or FiftyMoves when granted
  // A refused claim with an intended move: that move has been made (Art. 9.5.3).
  bool intendedMovePlayed = false;
  std::string explanation;  // why it was granted or refused, with the counts found
};

// One move of the history and what is needed to take it back.
struct PlyRecord {
  Move move;
  UndoInfo undo;              // the state before the move (undo.key is the key before it)
  Key key;                    // key of the position after the move
  std::uint8_t repetitions;   // occurrences of the position after the move, this one included
};

struct GameBytes;  // a game as bytes and back (bindings/embind/game_park.cpp)

class Game {
 public:
  Game();  // the standard start position
  // Starts from any position (usually parsed from FEN). It counts as the first
  // occurrence of itself; nothing before it is known, so repetitions are only
  // found among positions of this Game, while the half-move clock and the move
  // number are taken from the position. If the start position is already over
  // (mate, stalemate, dead, clock >= 150), outcome() says so.
  explicit Game(const Position& start);
  // Chess960 start position by Scharnagl number; empty when index is not 0..959.
  static std::optional<Game> chess960(int index);

  // ---- state ----
  const Position& position() const { return pos_; }
  const Position& start_position() const { return start_; }
  std::span<const PlyRecord> history() const { return history_; }
  int ply() const { return int(history_.size()); }  // moves played in this Game
  // The position after `ply` moves of this Game (0 = start), computed on a
  // copy; empty when ply is outside 0..ply().
  std::optional<Position> position_at(int ply) const;
  const Outcome& outcome() const { return outcome_; }
  bool is_over() const { return outcome_.is_over(); }
  bool is_legal(Move m) const;

  // Occurrences of the current position in this Game, itself included (FIDE's
  // "same position", Art. 9.2.3).
  int repetition_count() const { return history_.empty() ? 1 : history_.back().repetitions; }
  // Whether the player to move may claim now (Art. 9.2.2, 9.3.2).
  bool can_claim_threefold() const { return !is_over() && repetition_count() >= 3; }
  bool can_claim_fifty_moves() const { return !is_over() && pos_.rule50() >= 100; }
  // On what grounds a claim with intended move m (Art. 9.2.1, 9.3.1) would be
  // correct, without claiming; empty if it would not (or m is illegal, or the
  // game is over).
  std::optional<OutcomeReason> claim_grounds_with_move(Move m) const;

  std::optional<Color> draw_offer() const { return drawOffer_; }  // the player whose offer stands
  // The intended move written with a claim granted on its grounds; it is not
  // played (the game ended before it). Move::none() otherwise.
  Move claimed_move() const { return claimedMove_; }
  int redo_count() const { return int(redo_.size()); }

  // ---- moves ----
  // Plays a legal move. A draw offer by the opponent of the mover lapses
  // (moving rejects it, Art. 9.1.2.1). The game ends on its own after the move
  // on mate, stalemate, dead position, fivefold repetition or the 75-move rule.
  // If the move differs from the next undone move, the redo list is cleared.
  GameError play(Move m);
  // Takes back the last move played, whatever ended the game: the outcome is
  // cleared (a resignation, agreement, flag or claim too), any draw offer is
  // withdrawn, and the move goes on the redo list.
  GameError undo();
  // Plays the most recently undone move again.
  GameError redo();
  // Historical games (issue 14): before 2014 fivefold repetition and the 75-move rule ended nothing
  // on their own, and players often go on in a dead position; databases hold such games. play_on(m)
  // plays a legal move after the game ended by one of those automatic draws (dead position,
  // fivefold repetition, 75-move rule): the move joins the history, the outcome stays that draw,
  // and ended_at_ply() says where it happened. Anything else as play(m).
  GameError play_on(Move m);
  // The ply (moves played from the start) at which the game ended, when moves were played on after
  // an automatic draw (play_on); -1 otherwise.
  int ended_at_ply() const { return endedAtPly_; }

  // ---- draw claims by the player having the move (Art. 9.2, 9.3, 9.5) ----
  // Granted if the current position has occurred at least three times, or 50
  // moves by each player have passed without capture or pawn move. A refused
  // claim changes nothing on the board; it counts as a draw offer by the
  // claimant (Art. 9.1.2.3) unless an offer already stands.
  ClaimResult claim_draw();
  // Claim with an intended move, written but not yet made. Granted if the move
  // would produce a third occurrence or complete 50 moves, or if the current
  // position already qualifies; the move is then not made. If refused, the
  // move is made (Art. 9.5.3) and the claim counts as a draw offer.
  ClaimResult claim_draw_with_move(Move m);

  // ---- other endings ----
  // `c` resigns: the opponent wins, unless the opponent cannot checkmate by any
  // series of legal moves, which makes it a draw (Art. 5.1.2, 2023).
  GameError resign(Color c);
  // `c` offers a draw (Art. 9.1.2.1): at any time, on either player's turn. It
  // stands until accepted, declined, or rejected by the opponent moving.
  GameError offer_draw(Color c);
  GameError accept_draw(Color c);   // by the opponent of the offerer; ends the game (Art. 5.2.3)
  GameError decline_draw(Color c);  // by the opponent of the offerer
  // `c`'s flag fell: `c` loses, unless the opponent cannot checkmate by any
  // series of legal moves: draw (Art. 6.9). The game ends, so a second flag is
  // refused: with both flags down, report the one that fell first.
  GameError flag(Color c);

 private:
  // Copies every field below as bytes, for games kept in JavaScript while not in use.
  friend struct GameBytes;

  Key key_at(int ply) const { return ply == 0 ? start_.key() : history_[ply - 1].key; }
  int occurrences(const Position& target, int targetPly) const;
  Outcome board_outcome() const;
  void apply(Move m);
  GameError refuse_if_over(const char* action) const;
  // A claim granted on r.grounds: the game is drawn, any offer lapses.
  ClaimResult grant_claim(ClaimResult r, Color claimant);
  // A refused claim stands as a draw offer (FIDE Art. 9.1.2.3) unless one already stands: what to
  // add to the explanation ("" if nothing).
  std::string refused_claim_as_offer(Color claimant);
  // `c` resigned or lost on time: `won` if the opponent can still checkmate,
  // else `drawn` (Art. 5.1.2, 6.9).
  GameError end_by_act(Color c, const char* action, OutcomeReason won, OutcomeReason drawn);
  GameError illegal_move_error(Move m) const;

  Position start_;
  Position pos_;
  std::vector<PlyRecord> history_;
  std::vector<Move> redo_;  // undone moves, most recent last
  Outcome outcome_;
  std::optional<Color> drawOffer_;
  Move claimedMove_;
  int endedAtPly_ = -1;
};

}  // namespace escaque
