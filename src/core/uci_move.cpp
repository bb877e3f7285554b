#include "uci_move.h"

#include "../core/fen.h"
#include "../core/movegen.h"

namespace escaque {

std::string move_to_uci(const Position& pos, Move m) {
  if (m == Move::none()) return "0000";
  Square to = m.to();
  if (m.kind() == CASTLING && !pos.is_chess960())
    to = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
  std::string s = square_name(m.from()) + square_name(to);
  if (m.kind() == PROMOTION) s += "nbrq"[m.promotion() - KNIGHT];
  return s;
}

UciMoveResult parse_uci_move(const Position& pos, std::string_view text) {
  UciMoveResult r;
  auto fail = [&](UciMoveError e, std::string msg) {
    r.error = e;
    r.message = std::move(msg);
    return r;
  };
  std::string shown(text);
  if (text.size() != 4 && text.size() != 5)
    return fail(UciMoveError::Syntax, "'" + shown + "' is not a UCI move (like e2e4 or e7e8q)");
  Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
  if (from == SQ_NONE || to == SQ_NONE)
    return fail(UciMoveError::Syntax, "'" + shown + "' is not a UCI move: squares are a1..h8");
  PieceType promo = NO_PIECE_TYPE;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'q': case 'Q': promo = QUEEN; break;
      case 'r': case 'R': promo = ROOK; break;
      case 'b': case 'B': promo = BISHOP; break;
      case 'n': case 'N': promo = KNIGHT; break;
      default:
        return fail(UciMoveError::Syntax, "'" + shown + "': the promotion letter must be q, r, b or n");
    }
  }
  Piece pc = pos.piece_on(from);
  if (pc == NO_PIECE || color_of(pc) != pos.side_to_move())
    return fail(UciMoveError::NoPiece, "'" + shown + "': there is no " +
                                           (pos.side_to_move() == WHITE ? "white" : "black") + " piece on " +
                                           square_name(from));
  MoveList moves = legal_moves(pos);
  for (Move m : moves) {
    if (m.from() != from) continue;
    bool match = false;
    if (m.kind() == CASTLING) {
      Square kto = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
      // King onto its rook always; king two squares sideways in standard chess.
      match = to == m.to() || (!pos.is_chess960() && to == kto && kto != from);
      match = match && promo == NO_PIECE_TYPE;
    } else if (m.to() == to) {
      match = m.kind() == PROMOTION ? m.promotion() == promo : promo == NO_PIECE_TYPE;
    }
    if (match) {
      r.move = m;
      return r;
    }
  }
  bool promotes = type_of(pc) == PAWN && rank_of(to) == (pos.side_to_move() == WHITE ? 7 : 0);
  if (promotes && promo == NO_PIECE_TYPE)
    for (Move m : moves)
      if (m.from() == from && m.to() == to)
        return fail(UciMoveError::Syntax, "'" + shown + "' needs a promotion piece (q, r, b or n)");
  return fail(UciMoveError::Illegal, "'" + shown + "' is not a legal move in this position");
}

}  // namespace escaque
