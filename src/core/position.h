// Position: the board, side to move, castling rights, en passant square and
// move counters, with make/unmake and an incrementally updated Zobrist key.
//
// Position is a plain value (about 200 bytes, copyable). It knows nothing about
// notation or game history: FEN lives in fen.h, SAN/UCI in notation/, the
// history with its draw rules in game.h.
#pragma once

#include <cstdint>

#include "bitboard.h"
#include "types.h"
#include "zobrist.h"

namespace escaque {

// What do_move overwrites and undo_move needs back. Owned by the caller
// (usually on the stack), so making a move never allocates.
struct UndoInfo {
  Key key;
  Bitboard checkers;
  std::uint16_t rule50;
  Piece captured;
  std::uint8_t castling;
  Square epSquare;
};

class Position {
 public:
  Position();  // empty board; use fen.h or set_startpos() to fill it

  // ---- setting up (used by the FEN parser and Chess960 start positions) ----
  void clear();
  void put_piece(Piece p, Square s);
  void set_side_to_move(Color c) { sideToMove_ = c; }
  // Grants castling with the rook on rookSquare; the king must already be on
  // the board. The wing follows from which side of the king the rook stands.
  void add_castling_right(Color c, Square rookSquare);
  // The en passant target square as written in FEN (the square the capturing
  // pawn moves to); kept only if an en passant capture is legal.
  void set_en_passant_candidate(Square s) { epSquare_ = s; }
  void set_clocks(int rule50, int fullmoveNumber);
  void set_chess960(bool on) { chess960_ = on; }
  // Computes the derived state (key, checkers, legal-only e.p.) after setup.
  void finish_setup();
  void set_startpos();

  // ---- queries ----
  Color side_to_move() const { return sideToMove_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return byColor_[WHITE] | byColor_[BLACK]; }
  Bitboard pieces(Color c) const { return byColor_[c]; }
  Bitboard pieces(PieceType pt) const { return byType_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor_[c] & (byType_[a] | byType_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

  int castling_rights() const { return castling_; }
  bool can_castle(CastlingRight r) const { return castling_ & r; }
  Square castling_rook_square(int index) const { return castlingRook_[index]; }
  Bitboard castling_path(int index) const { return castlingPath_[index]; }
  Bitboard castling_king_path(int index) const { return castlingKingPath_[index]; }
  // Square the en passant capture would move to, or SQ_NONE. Set only when
  // at least one en passant capture is legal (FIDE's "same position" and the
  // X-FEN convention both ignore en passant squares that exist only on paper).
  Square en_passant_square() const { return epSquare_; }
  int rule50() const { return rule50_; }
  int game_ply() const { return gamePly_; }
  int fullmove_number() const { return 1 + (gamePly_ - (sideToMove_ == BLACK)) / 2; }
  bool is_chess960() const { return chess960_; }
  Key key() const { return key_; }

  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  bool attacked_by(Color c, Square s, Bitboard occupied) const {
    return attackers_to(s, occupied) & pieces(c);
  }
  // Pieces of colour c that alone stand between a slider of the other
  // colour and c's king (absolute pins).
  Bitboard pinned(Color c) const;

  // ---- moves ----
  // m must be legal in this position (as produced by the move generator).
  void do_move(Move m, UndoInfo& undo);
  void undo_move(Move m, const UndoInfo& undo);
  // Passes the turn (search only; never legal in a game).
  void do_null_move(UndoInfo& undo);
  void undo_null_move(const UndoInfo& undo);

  bool is_capture(Move m) const {
    return (m.kind() != CASTLING && !empty(m.to())) || m.kind() == EN_PASSANT;
  }
  Piece moved_piece(Move m) const { return board_[m.from()]; }
  bool gives_check(Move m) const;
  // Destination of the king for a castling move (g1/c1 relative), which is
  // what users click and what standard-chess UCI writes.
  static Square castling_king_to(Color c, bool kingSide) {
    return relative_square(c, kingSide ? SQ_G1 : SQ_C1);
  }
  static Square castling_rook_to(Color c, bool kingSide) {
    return relative_square(c, kingSide ? SQ_F1 : SQ_D1);
  }

  // Key recomputed from scratch; equals key() unless there is a bug.
  Key compute_key() const;
  // Full internal consistency check (tests and fuzzers).
  bool is_consistent() const;

  bool operator==(const Position& o) const;

 private:
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void update_castling_tables();
  bool en_passant_is_legal(Square ep) const;

  Bitboard byType_[PIECE_TYPE_NB];
  Bitboard byColor_[COLOR_NB];
  Bitboard checkers_;
  Key key_;
  Bitboard castlingPath_[4];      // must be empty (king and rook excluded)
  Bitboard castlingKingPath_[4];  // must not be attacked (king's destination included)
  Piece board_[SQUARE_NB];
  std::uint8_t castlingLoss_[SQUARE_NB];  // rights lost when a move touches the square
  Square castlingRook_[4];
  Color sideToMove_;
  std::uint8_t castling_;
  Square epSquare_;
  std::uint16_t rule50_;
  std::uint16_t gamePly_;
  bool chess960_;
};

}  // namespace escaque
