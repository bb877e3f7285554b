#include "outcome.h"

namespace escaque {

const char* reason_name(OutcomeReason reason) {
  switch (reason) {
    case OutcomeReason::None: return "none";
    case OutcomeReason::Checkmate: return "checkmate";
    case OutcomeReason::Stalemate: return "stalemate";
    case OutcomeReason::DeadPosition: return "dead-position";
    case OutcomeReason::FivefoldRepetition: return "fivefold-repetition";
    case OutcomeReason::SeventyFiveMoves: return "seventy-five-moves";
    case OutcomeReason::ThreefoldRepetition: return "threefold-repetition";
    case OutcomeReason::FiftyMoves: return "fifty-moves";
    case OutcomeReason::Agreement: return "agreement";
    case OutcomeReason::Resignation: return "resignation";
    case OutcomeReason::ResignationVsInsufficientMaterial: return "resignation-vs-insufficient-material";
    case OutcomeReason::Timeout: return "timeout";
    case OutcomeReason::TimeoutVsInsufficientMaterial: return "timeout-vs-insufficient-material";
  }
  return "none";
}

const char* pgn_termination(OutcomeReason reason) {
  switch (reason) {
    case OutcomeReason::None: return "unterminated";
    case OutcomeReason::Timeout:
    case OutcomeReason::TimeoutVsInsufficientMaterial: return "time forfeit";
    default: return "normal";
  }
}

const char* rule_description(OutcomeReason reason) {
  switch (reason) {
    case OutcomeReason::None: return "Game in progress";
    case OutcomeReason::Checkmate: return "Win by checkmate (FIDE Art. 5.1.1)";
    case OutcomeReason::Stalemate: return "Draw by stalemate (FIDE Art. 5.2.1)";
    case OutcomeReason::DeadPosition:
      return "Draw by dead position: neither player can checkmate by any series of legal moves "
             "(FIDE Art. 5.2.2)";
    case OutcomeReason::FivefoldRepetition: return "Draw by fivefold repetition (FIDE Art. 9.6.1)";
    case OutcomeReason::SeventyFiveMoves:
      return "Draw by the 75-move rule: 75 moves by each player without a pawn move or capture "
             "(FIDE Art. 9.6.2)";
    case OutcomeReason::ThreefoldRepetition:
      return "Draw by threefold repetition, claimed by the player having the move (FIDE Art. 9.2)";
    case OutcomeReason::FiftyMoves:
      return "Draw by the 50-move rule, claimed by the player having the move (FIDE Art. 9.3)";
    case OutcomeReason::Agreement: return "Draw by agreement (FIDE Art. 5.2.3 and 9.1)";
    case OutcomeReason::Resignation: return "Win by resignation (FIDE Art. 5.1.2)";
    case OutcomeReason::ResignationVsInsufficientMaterial:
      return "Draw: a player resigned, but the opponent cannot checkmate by any series of legal moves "
             "(FIDE Art. 5.1.2)";
    case OutcomeReason::Timeout: return "Win on time (FIDE Art. 6.9)";
    case OutcomeReason::TimeoutVsInsufficientMaterial:
      return "Draw: a flag fell, but the opponent cannot checkmate by any series of legal moves "
             "(FIDE Art. 6.9)";
  }
  return "Game in progress";
}

std::string describe(const Outcome& o) {
  // Reasons whose sentence needs the acting player but none was recorded fall
  // back to the generic rule text.
  constexpr const char* NAMES[COLOR_NB] = {"White", "Black"};
  const std::string w = o.winner ? NAMES[*o.winner] : "";
  const std::string by = o.by ? NAMES[*o.by] : "";
  const std::string other = o.by ? NAMES[~*o.by] : "";
  // A resignation or a flag fall: the opponent wins, unless the opponent
  // could never checkmate (then the game is drawn).
  auto act_ends = [&](const std::string& act, const char* winWords, const char* article) {
    if (o.winner) return w + winWords + act + article;
    return "Draw: " + act + ", but " + other + " cannot checkmate by any series of legal moves" + article;
  };
  switch (o.reason) {
    case OutcomeReason::Checkmate:
      if (o.winner) return w + " wins by checkmate (FIDE Art. 5.1.1)";
      break;
    case OutcomeReason::Resignation:
    case OutcomeReason::ResignationVsInsufficientMaterial:
      if (o.by) return act_ends(by + " resigned", " wins: ", " (FIDE Art. 5.1.2)");
      break;
    case OutcomeReason::Timeout:
    case OutcomeReason::TimeoutVsInsufficientMaterial:
      if (o.by) return act_ends(by + "'s flag fell", " wins on time: ", " (FIDE Art. 6.9)");
      break;
    case OutcomeReason::ThreefoldRepetition:
      if (o.by) return "Draw by threefold repetition, claimed by " + by + " (FIDE Art. 9.2)";
      break;
    case OutcomeReason::FiftyMoves:
      if (o.by) return "Draw by the 50-move rule, claimed by " + by + " (FIDE Art. 9.3)";
      break;
    case OutcomeReason::Agreement:
      if (o.by) return "Draw by agreement: " + by + " accepted " + other + "'s offer (FIDE Art. 5.2.3 and 9.1)";
      break;
    default: break;
  }
  return rule_description(o.reason);
}

}  // namespace escaque
