// class GameHandle: escaque::Game for the public Chess class (bindings/js/index.mjs),
// with its legal moves cached per position. Shared by game_binding.cpp (the
// per-move exports, compiled for speed) and game_embind.cpp (the JSON answers,
// compiled for size); the JavaScript side holds it as embind's GameHandle, and the per-move exports
// take its address.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "rules_io.h"
#include "core/movegen.h"
#include "notation/pgn.h"
#include "rules/game.h"

namespace escaque::js {

// What the JavaScript move objects say about a legal move m of pos (before it is played), for both
// encodings: the packed bytes of the per-move exports and the objects of the embind methods.
struct MoveFacts {
  Piece moving, target;
  bool castle, enPassant, promotion, capture, kingSide;
  Square kingTo;  // where the king lands when castling (g or c file, also in Chess960); else m.to()

  MoveFacts(const Position& pos, Move m)
      : moving(pos.piece_on(m.from())),
        target(pos.piece_on(m.to())),
        castle(m.kind() == CASTLING),
        enPassant(m.kind() == EN_PASSANT),
        promotion(m.kind() == PROMOTION),
        capture(enPassant || (!castle && target != NO_PIECE)),
        // Castling is stored king-takes-rook.
        kingSide(file_of(m.to()) > file_of(m.from())),
        kingTo(castle ? make_square(kingSide ? 6 : 2, rank_of(m.from())) : m.to()) {}
  PieceType captured() const { return enPassant ? PAWN : type_of(target); }
};

class GameHandle {
 public:
  GameHandle() = default;
  explicit GameHandle(Game game) : game_(std::move(game)) {}

  // ---- hot path (game_binding.cpp) ----
  const Game& game() const { return game_; }
  Game& game() { return game_; }
  std::vector<PgnTag>& tags() { return tags_; }
  const std::vector<PgnTag>& tags() const { return tags_; }
  // The Termination tag of an imported game whose result came from the file (import_pgn_game), and
  // the ply it belongs to: written back while the game still ends there.
  std::string importedTermination;
  int importedPly = -1;
  // The legal moves of the current position, generated once per position.
  const MoveList& legal() const {
    if (!legalValid_) {
      // Generated in place: copying a MoveList (516 bytes) would go through
      // a call of memcpy.
      legal_.size = 0;
      generate_moves(game_.position(), legal_);
      legalValid_ = true;
    }
    return legal_;
  }
  // Forgets the list: the position changed (or may have).
  void changed() { legalValid_ = false; }
  // Plays a legal move; true unless Game refused it (it cannot: m is legal).
  bool play_legal(Move m) {
    legalValid_ = false;
    return !game_.play(m);
  }
  GameError undo() {
    legalValid_ = false;
    return game_.undo();
  }
  GameError redo() {
    legalValid_ = false;
    return game_.redo();
  }

 private:
  Game game_;
  std::vector<PgnTag> tags_;
  mutable MoveList legal_;
  mutable bool legalValid_ = false;
};

inline GameHandle& handle_at(int address) { return object_at<GameHandle>(address); }

// The answer to a game operation Game refused, {ok: false, code, message} (rules_io.h); {ok: true}
// for no error. (game_embind.cpp)
emscripten::val game_error_answer(const GameError& e);
// The answer to a move `text` (UCI or lenient SAN in `lang`, "" for English) that could not be played,
// {ok: false, code, message, candidates?, offset?}: the game is over, the language unknown, or the SAN
// parser's refusal with the moves it could mean. (game_embind.cpp)
emscripten::val play_refusal(const GameHandle& h, std::string_view text, std::string_view lang);
// Plays the move `text` names (UCI, or lenient SAN in `lang`, "" for English): 1 with its description
// at io, or 0 with nothing changed (play_refusal says why). (game_binding.cpp: escaque_play)
int play_text(GameHandle& h, std::string_view text, std::string_view lang);

}  // namespace escaque::js
