#include "play_out.h"

#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"

namespace escaque::js {

void move_failure(JsonOut& j, int index, std::string_view text, const UciMoveResult& m) {
  const char* code = m.error == UciMoveError::Syntax ? "MOVE_SYNTAX"
                     : m.error == UciMoveError::NoPiece ? "NO_SUCH_PIECE" : "ILLEGAL_MOVE";
  std::string message = "position.moves[" + std::to_string(index) + "] \"";
  message.append(text);
  message += "\": ";
  message += m.message;
  failure(j, code, message);
  j.member("index", index);
}

bool play_out(Args& args, bool chess960, Position& pos, JsonOut& j) {
  FenOptions options;
  options.chess960 = chess960;
  if (FenError e = parse_fen(args.next(), pos, options)) {
    fen_failure(j, e);
    j.close('}');
    return false;
  }
  for (int i = 0; !args.done(); ++i) {
    const std::string_view text = args.next();
    const UciMoveResult m = parse_uci_move(pos, text);
    if (m.error != UciMoveError::None) {
      move_failure(j, i, text, m);
      j.close('}');
      return false;
    }
    UndoInfo undo;
    pos.do_move(m.move, undo);
  }
  return true;
}

std::string first_legal_move(const Position& pos) {
  const MoveList list = legal_moves(pos);
  return list.size ? move_to_uci(pos, list.moves[0]) : std::string();
}

}  // namespace escaque::js
