// The Position half of the JavaScript surface: class PositionHandle, a board
// and its own move stack, without a game's rules (no history of claims, no
// outcome, no repetition or dead-position analysis). It serves analysis loops
// (perft, search-like tools, random playouts) where Game's per-move bookkeeping
// would dominate; users see it as the public Position class (bindings/js/index.mjs).
//
// The object is embind's (class_ PositionHandle, below: construction from FEN, copy); its per-move calls
// are plain exports (escaque_position_*), which exchange bytes through the static io buffer
// (rules_io.h) and take the handle's address: the random games through Position make 6–8 of them per
// ply at ~1.2 µs a ply, and an embind method call costs ~100 ns against ~8 ns for a plain export
// (bench/embind-call-cost.mjs; docs/benchmarks.md, "Session 27"). As in game_binding.cpp, every
// per-move export either succeeds or returns 0 with nothing changed, and the wrapper then builds the error.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "rules_io.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/san.h"
#include "rules/dead_position.h"
#include "rules/repetition.h"

namespace escaque {
namespace {

class PositionHandle {
 public:
  PositionHandle() { pos_.set_startpos(); }

  // {ok: true, position} (the caller's: delete()) or {ok: false, code: "INVALID_FEN", message, offset}.
  static emscripten::val from_fen(const std::string& fen, bool chess960) {
    PositionHandle* h = new PositionHandle();
    FenOptions options;
    options.chess960 = chess960;
    if (FenError e = parse_fen(fen, h->pos_, options)) {
      delete h;
      return js::fen_fail(e);
    }
    js::ValOut j;
    js::success(j);
    j.key("position");
    j.value(emscripten::val(h));
    j.close('}');
    return j.value();
  }

  bool chess960() const { return pos_.is_chess960(); }

  const Position& position() const { return pos_; }
  // The legal moves of the current position. A list is kept for each of the
  // last CACHED_DEPTHS depths of the move stack: taking a move back returns
  // to a position whose list is still there, so a loop of play/undo over a
  // list (perft, a search) never regenerates it. A slot holds the list of
  // depth d only while tagged d: playing a move to depth d re-tags its slot.
  const MoveList& legal() const {
    const int depth = int(stack_.size());
    Cached& c = lists_[depth % CACHED_DEPTHS];
    if (c.depth != depth) {
      // Generated in place: copying a MoveList (516 bytes) would go through
      // emscripten_memcpy_big, a call out to JavaScript.
      c.moves.size = 0;
      generate_moves(pos_, c.moves);
      c.depth = depth;
    }
    return c.moves;
  }
  void play(Move m) {
    stack_.push_back(Played{m, {}});
    pos_.do_move(m, stack_.back().undo);
    lists_[stack_.size() % CACHED_DEPTHS].depth = -1;
  }
  // How often the current position occurs on the move stack, itself included (FIDE's "same
  // position", Art. 9.2.3), counted as Game counts (rules/repetition.h). undo.key: the key before move j;
  // with the target at the current ply, keys are asked for plies before it only.
  int repetitions() const {
    const int n = int(stack_.size());
    return count_occurrences(
        pos_, n, pos_, n, [this](int j) { return stack_[j].undo.key; },
        [this](Position& p, int j) { p.undo_move(stack_[j].move, stack_[j].undo); });
  }
  bool undo() {
    if (stack_.empty()) return false;
    const Played& last = stack_.back();
    pos_.undo_move(last.move, last.undo);
    stack_.pop_back();
    return true;
  }
  int plies() const { return int(stack_.size()); }

 private:
  struct Played {
    Move move;
    UndoInfo undo;
  };
  static constexpr int CACHED_DEPTHS = 8;
  struct Cached {
    MoveList moves;
    int depth = -1;  // the stack depth whose position these moves are; -1: none
  };
  Position pos_;
  // A deque: growing it never relocates the moves already played (a vector's
  // relocations copy through emscripten_memcpy_big, a call out to JavaScript).
  std::deque<Played> stack_;
  mutable Cached lists_[CACHED_DEPTHS];
};

PositionHandle& position_at(int address) { return js::object_at<PositionHandle>(address); }

// The legal move that `text` (UCI, or lenient English SAN) names, or Move::none().
Move find_move(const PositionHandle& h, std::string_view text) {
  const Move m = match_uci(h.position(), h.legal(), text);
  if (m != Move::none()) return m;
  const SanResult s = parse_san(h.position(), text);
  return s.ok() ? s.move : Move::none();
}

bool is_legal_id(const PositionHandle& h, int id) {
  if (id < 0 || id > 0xFFFF) return false;
  return h.legal().contains(Move(std::uint16_t(id)));
}

}  // namespace
}  // namespace escaque

extern "C" {

using escaque::PositionHandle;

// The legal moves' ids (uint16) at io, in ascending order of their UCI text; their count.
EMSCRIPTEN_KEEPALIVE int escaque_position_move_ids(int position) {
  const PositionHandle& h = escaque::position_at(position);
  const escaque::MoveList& list = h.legal();
  std::uint16_t* out = reinterpret_cast<std::uint16_t*>(escaque::js::io);
  escaque::write_in_uci_order(h.position(), list, out);
  return list.size;
}

// Plays the legal move with this id: 1, or 0 (not legal here) with nothing changed.
EMSCRIPTEN_KEEPALIVE int escaque_position_play_id(int position, int id) {
  PositionHandle& h = escaque::position_at(position);
  if (!escaque::is_legal_id(h, id)) return 0;
  h.play(escaque::Move(std::uint16_t(id)));
  return 1;
}

// The id of the legal move named by the textLen bytes at io (UCI or English
// SAN), or -1.
EMSCRIPTEN_KEEPALIVE int escaque_position_find(int position, int textLen) {
  const std::string_view text(reinterpret_cast<const char*>(escaque::js::io), std::size_t(textLen));
  const escaque::Move m = escaque::find_move(escaque::position_at(position), text);
  return m == escaque::Move::none() ? -1 : int(m.raw());
}

// SAN of the legal move with this id, written at io; its length, or 0 if not legal.
EMSCRIPTEN_KEEPALIVE int escaque_position_san(int position, int id) {
  const PositionHandle& h = escaque::position_at(position);
  if (!escaque::is_legal_id(h, id)) return 0;
  const std::string san = escaque::move_to_san(h.position(), escaque::Move(std::uint16_t(id)));
  std::memcpy(escaque::js::io, san.data(), san.size());
  return int(san.size());
}

// Plays the legal move with this id and writes its SAN at io (check and mate found from the
// replies, whose list is kept for the next query): the SAN's length, or 0 (not legal here) with
// nothing changed.
EMSCRIPTEN_KEEPALIVE int escaque_position_san_play(int position, int id) {
  PositionHandle& h = escaque::position_at(position);
  if (!escaque::is_legal_id(h, id)) return 0;
  const escaque::Move m(static_cast<std::uint16_t>(id));
  const std::string body = escaque::move_to_san_body(h.position(), m, h.legal());
  h.play(m);
  const int replies = h.legal().size;
  std::uint8_t* out = escaque::js::io;
  std::memcpy(out, body.data(), body.size());
  int n = int(body.size());
  if (h.position().in_check()) out[n++] = replies == 0 ? '#' : '+';
  return n;
}

// How often the current position occurs on the move stack, itself included.
EMSCRIPTEN_KEEPALIVE int escaque_position_repetitions(int position) {
  return escaque::position_at(position).repetitions();
}

EMSCRIPTEN_KEEPALIVE int escaque_position_undo(int position) { return escaque::position_at(position).undo(); }
EMSCRIPTEN_KEEPALIVE int escaque_position_plies(int position) { return escaque::position_at(position).plies(); }

EMSCRIPTEN_KEEPALIVE int escaque_position_fen(int position) {
  const std::string fen = escaque::to_fen(escaque::position_at(position).position());
  std::memcpy(escaque::js::io, fen.data(), fen.size());
  return int(fen.size());
}

// The key of FIDE's "same position" (Art. 9.2.3) at io, as 18 uint16 words:
// 16 of pieces, four squares each in 4 bits (0 empty, else 1 + colour * 6 +
// type), then side to move | castling rights << 1, then the en passant square
// (64 when none; Position keeps it only when a capture is legal). Chess960
// castling rooks are fixed for a game, so the rights say enough. Returns the
// number of words.
EMSCRIPTEN_KEEPALIVE int escaque_position_key(int position) {
  const escaque::Position& pos = escaque::position_at(position).position();
  std::uint16_t* out = reinterpret_cast<std::uint16_t*>(escaque::js::io);
  for (int w = 0; w < 16; ++w) {
    unsigned word = 0;
    for (int k = 0; k < 4; ++k) {
      const escaque::Piece p = pos.piece_on(escaque::Square(w * 4 + k));
      const unsigned code = p == escaque::NO_PIECE ? 0 : 1 + unsigned(escaque::color_of(p)) * 6 + escaque::type_of(p);
      word |= code << (4 * k);
    }
    out[w] = std::uint16_t(word);
  }
  out[16] = std::uint16_t(unsigned(pos.side_to_move()) | unsigned(pos.castling_rights()) << 1);
  const escaque::Square ep = pos.en_passant_square();
  out[17] = std::uint16_t(ep == escaque::SQ_NONE ? 64 : ep);
  return 18;
}

// Bits: 1 in check, 2 no legal move, 4 insufficient material (the narrow, material-only notion),
// 8 black to move; then the half-move clock from bit 8.
EMSCRIPTEN_KEEPALIVE int escaque_position_status(int position) {
  const PositionHandle& h = escaque::position_at(position);
  const escaque::Position& pos = h.position();
  return (pos.in_check() ? 1 : 0) | (h.legal().size == 0 ? 2 : 0) |
         (escaque::is_insufficient_material(pos) ? 4 : 0) | (pos.side_to_move() == escaque::BLACK ? 8 : 0) |
         (pos.rule50() << 8);
}

}  // extern "C"

// The object the JavaScript side holds (embind's PositionHandle); the per-move exports above take
// its address.
EMSCRIPTEN_BINDINGS(escaque_position) {
  using namespace emscripten;
  using escaque::PositionHandle;
  class_<PositionHandle>("PositionHandle")
      .constructor<>()
      .class_function("fromFen", &PositionHandle::from_fen)
      .function("address", optional_override([](const PositionHandle& h) { return escaque::js::address_of(&h); }))
      .function("copy", optional_override([](const PositionHandle& h) { return new PositionHandle(h); }),
                allow_raw_pointers())
      .function("isChess960", &PositionHandle::chess960);
}
