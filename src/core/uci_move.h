// Moves in UCI's long algebraic form: e2e4, e7e8q, and castling as e1g1 in
// standard chess or king-takes-rook (e1h1) in Chess960, as the UCI protocol
// specifies with UCI_Chess960.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../core/movegen.h"
#include "../core/position.h"

namespace escaque {

std::string move_to_uci(const Position& pos, Move m);

enum class UciMoveError { None, Syntax, NoPiece, Illegal };

struct UciMoveResult {
  Move move;
  UciMoveError error = UciMoveError::None;
  std::string message;  // empty when ok
};

// The move of `legal` (the legal moves of pos) that `text` names in UCI, or
// Move::none(): e2e4, e7e8q (the promotion letter in either case), castling as
// the king onto its own castling rook in either mode (e1h1) and, in standard
// chess, also as the king's two-square step (e1g1). Allocates nothing: every
// reader of UCI text (the UCI session, the package's Chess and Position)
// matches with it, the bindings on the legal list they keep.
Move match_uci(const Position& pos, const MoveList& legal, std::string_view text);

// match_uci on the legal moves of pos, with a refusal's kind and message: a
// syntax error, no piece of the side to move on the origin square, a missing
// promotion letter, or a move that is not legal.
UciMoveResult parse_uci_move(const Position& pos, std::string_view text);

// The raw ids of `list` (the legal moves of pos) into out, sorted by their UCI
// text: from square, then the to square as UCI writes it, then the promotion
// letter (none < b < n < q < r). A documented, stable order: a UI lists the
// moves alphabetically, and reproducible random playouts need no sort of their
// own. `out` holds list.size ids.
void write_in_uci_order(const Position& pos, const MoveList& list, std::uint16_t* out);

}  // namespace escaque
