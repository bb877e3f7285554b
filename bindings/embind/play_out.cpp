#include "play_out.h"

#include <string>

#include "core/movegen.h"
#include "core/uci_move.h"

namespace escaque::js {

void move_failure(ValOut& j, int index, std::string_view text, const UciMoveResult& m) {
  const char* code = m.error == UciMoveError::Syntax ? "MOVE_SYNTAX"
                     : m.error == UciMoveError::NoPiece ? "NO_SUCH_PIECE" : "ILLEGAL_MOVE";
  std::string message = "position.moves[" + std::to_string(index) + "] \"";
  message.append(text);
  message += "\": ";
  message += m.message;
  failure(j, code, message);
  j.member("index", index);
}

std::string first_legal_move(const Position& pos) {
  const MoveList list = legal_moves(pos);
  return list.size ? move_to_uci(pos, list.moves[0]) : std::string();
}

}  // namespace escaque::js
