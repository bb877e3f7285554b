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

// Accepts both castling forms in either mode (e1g1 and e1h1) as long as the
// meaning is unambiguous: a king move of two squares to g/c in standard
// chess, king onto its own castling rook everywhere.
UciMoveResult parse_uci_move(const Position& pos, std::string_view text);

// The raw ids of `list` (the legal moves of pos) into out, sorted by their UCI
// text: from square, then the to square as UCI writes it, then the promotion
// letter (none < b < n < q < r). A documented, stable order: a UI lists the
// moves alphabetically, and reproducible random playouts need no sort of their
// own. `out` holds list.size ids.
void write_in_uci_order(const Position& pos, const MoveList& list, std::uint16_t* out);

}  // namespace escaque
