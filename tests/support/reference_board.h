// An independent, deliberately slow chess board used as the oracle in tests
// and fuzzers.
//
// It shares nothing with the fast core except the plain value types of
// types.h (so that moves compare directly): no bitboard tables, no magic
// numbers, no incremental state. Every question is answered by walking the
// 8x8 mailbox square by square, exactly as the FIDE Laws describe it. If the
// two implementations agree on millions of positions, a shared blind spot is
// unlikely.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace escaque::ref {

struct Board {
  Piece sq[64];
  Color side = WHITE;
  bool chess960 = false;
  // Rook that may castle, per castling_index(colour, kingSide); SQ_NONE = no right.
  Square castleRook[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  // The square a pawn skipped on its last move (two-square advance), whether
  // or not any capture onto it is possible. Position stores only legal ones.
  Square epCandidate = SQ_NONE;
  int rule50 = 0;
  int fullmove = 1;

  Board() {
    for (Piece& p : sq) p = NO_PIECE;
  }
  Piece at(int file, int rank) const { return sq[rank * 8 + file]; }
  bool holds(int file, int rank, Piece p) const {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8 && at(file, rank) == p;
  }
  Square king(Color c) const {
    for (int s = 0; s < 64; ++s)
      if (sq[s] == make_piece(c, KING)) return Square(s);
    return SQ_NONE;
  }
};

inline bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

constexpr int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
// The first four are orthogonal (rook and queen), the last four diagonal (bishop and queen).
constexpr int RAYS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Every piece of colour `by` that attacks square s, as a set of squares
// (bit i = square i). Walks outwards from s.
inline std::uint64_t attackers(const Board& b, Square s, Color by) {
  std::uint64_t found = 0;
  const int f = file_of(s), r = rank_of(s);
  auto mark = [&](int file, int rank) { found |= std::uint64_t(1) << (rank * 8 + file); };
  // A pawn of `by` attacks diagonally forward, so it stands one rank behind s.
  int pawnRank = by == WHITE ? r - 1 : r + 1;
  for (int df : {-1, 1})
    if (b.holds(f + df, pawnRank, make_piece(by, PAWN))) mark(f + df, pawnRank);
  for (const auto& st : KNIGHT_STEPS)
    if (b.holds(f + st[0], r + st[1], make_piece(by, KNIGHT))) mark(f + st[0], r + st[1]);
  for (const auto& st : KING_STEPS)
    if (b.holds(f + st[0], r + st[1], make_piece(by, KING))) mark(f + st[0], r + st[1]);
  for (int d = 0; d < 8; ++d) {
    PieceType slider = d < 4 ? ROOK : BISHOP;
    for (int ff = f + RAYS[d][0], rr = r + RAYS[d][1]; on_board(ff, rr); ff += RAYS[d][0], rr += RAYS[d][1]) {
      Piece p = b.at(ff, rr);
      if (p == NO_PIECE) continue;
      if (p == make_piece(by, slider) || p == make_piece(by, QUEEN)) mark(ff, rr);
      break;
    }
  }
  return found;
}

inline bool attacked(const Board& b, Square s, Color by) {
  return attackers(b, s, by) != 0;
}

inline bool in_check(const Board& b, Color c) {
  Square k = b.king(c);
  return k != SQ_NONE && attacked(b, k, ~c);
}

// Pieces of colour c pinned to their king: walking out from the king, the
// first piece met is c's own and the next one is an enemy slider moving along
// that line.
inline std::uint64_t pinned(const Board& b, Color c) {
  Square k = b.king(c);
  if (k == SQ_NONE) return 0;
  std::uint64_t result = 0;
  for (int d = 0; d < 8; ++d) {
    PieceType slider = d < 4 ? ROOK : BISHOP;
    int candidate = -1;
    for (int ff = file_of(k) + RAYS[d][0], rr = rank_of(k) + RAYS[d][1]; on_board(ff, rr);
         ff += RAYS[d][0], rr += RAYS[d][1]) {
      Piece p = b.at(ff, rr);
      if (p == NO_PIECE) continue;
      if (candidate < 0) {
        if (color_of(p) != c) break;
        candidate = rr * 8 + ff;
        continue;
      }
      if (p == make_piece(~c, slider) || p == make_piece(~c, QUEEN)) result |= std::uint64_t(1) << candidate;
      break;
    }
  }
  return result;
}

inline Square king_destination(Color c, bool kingSide) {
  return make_square(kingSide ? 6 : 2, c == WHITE ? 0 : 7);
}
inline Square rook_destination(Color c, bool kingSide) {
  return make_square(kingSide ? 5 : 3, c == WHITE ? 0 : 7);
}

// The board after move m, which must be pseudo-legal. Castling is "king takes
// own rook" as in the core's Move encoding.
inline Board make(const Board& b, Move m) {
  Board n = b;
  const Color us = b.side;
  const Square from = m.from(), to = m.to();
  const Piece pc = b.sq[from];
  n.epCandidate = SQ_NONE;
  n.rule50 = b.rule50 + 1;
  if (us == BLACK) n.fullmove = b.fullmove + 1;
  if (m.kind() == CASTLING) {
    bool kingSide = to > from;
    n.sq[from] = NO_PIECE;
    n.sq[to] = NO_PIECE;
    n.sq[king_destination(us, kingSide)] = make_piece(us, KING);
    n.sq[rook_destination(us, kingSide)] = make_piece(us, ROOK);
  } else {
    bool capture = b.sq[to] != NO_PIECE;
    n.sq[from] = NO_PIECE;
    n.sq[to] = m.kind() == PROMOTION ? make_piece(us, m.promotion()) : pc;
    if (m.kind() == EN_PASSANT) {
      n.sq[make_square(file_of(to), rank_of(from))] = NO_PIECE;
      capture = true;
    }
    if (capture || type_of(pc) == PAWN) n.rule50 = 0;
    if (type_of(pc) == PAWN && (rank_of(to) - rank_of(from) == 2 || rank_of(from) - rank_of(to) == 2))
      n.epCandidate = make_square(file_of(from), (rank_of(from) + rank_of(to)) / 2);
  }
  // A right disappears when the king moves or when anything leaves or lands
  // on the rook's square (the rook moved away or was captured there).
  for (int idx = 0; idx < 4; ++idx) {
    if (n.castleRook[idx] == SQ_NONE) continue;
    bool kingMoved = type_of(pc) == KING && Color(idx / 2) == us;
    if (kingMoved || n.castleRook[idx] == from || n.castleRook[idx] == to) n.castleRook[idx] = SQ_NONE;
  }
  n.side = ~us;
  return n;
}

// Castling under the FIDE Laws (Art. 3.8.2 and the Chess960 rules): the right
// exists, every square between the king and its destination and between the
// rook and its destination (destinations included) is empty apart from the
// castling king and rook, the king is not in check, crosses no attacked
// square and does not land in check (the last is checked by legal_moves on
// the resulting board, like any other move).
inline void add_castling(const Board& b, std::vector<Move>& out) {
  const Color us = b.side;
  const Square k = b.king(us);
  if (k == SQ_NONE) return;
  for (bool kingSide : {true, false}) {
    Square r = b.castleRook[castling_index(us, kingSide)];
    if (r == SQ_NONE || b.sq[r] != make_piece(us, ROOK)) continue;
    Square kto = king_destination(us, kingSide), rto = rook_destination(us, kingSide);
    bool ok = true;
    auto span_empty = [&](Square a, Square z) {
      for (int s = a < z ? a : z; s <= (a < z ? z : a); ++s)
        if (s != k && s != r && b.sq[s] != NO_PIECE) ok = false;
    };
    span_empty(k, kto);
    span_empty(r, rto);
    for (int s = k < kto ? k : kto; ok && s <= (k < kto ? kto : k); ++s)
      if (attacked(b, Square(s), ~us)) ok = false;
    if (ok) out.push_back(Move::make(k, r, CASTLING));
  }
}

// Moves obeying how the pieces move, ignoring whether the own king is left in check.
inline std::vector<Move> pseudo_legal_moves(const Board& b) {
  std::vector<Move> out;
  const Color us = b.side;
  const int forward = us == WHITE ? 1 : -1;
  const int startRank = us == WHITE ? 1 : 6, lastRank = us == WHITE ? 7 : 0;
  auto add_pawn_move = [&](Square from, Square to) {
    if (rank_of(to) == lastRank) {
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) out.push_back(Move::make(from, to, PROMOTION, pt));
    } else {
      out.push_back(Move(from, to));
    }
  };
  for (int s = 0; s < 64; ++s) {
    Piece p = b.sq[s];
    if (p == NO_PIECE || color_of(p) != us) continue;
    const Square from = Square(s);
    const int f = file_of(from), r = rank_of(from);
    auto target_ok = [&](int ff, int rr) {
      return on_board(ff, rr) && (b.at(ff, rr) == NO_PIECE || color_of(b.at(ff, rr)) != us);
    };
    switch (type_of(p)) {
      case PAWN: {
        if (on_board(f, r + forward) && b.at(f, r + forward) == NO_PIECE) {
          add_pawn_move(from, make_square(f, r + forward));
          if (r == startRank && b.at(f, r + 2 * forward) == NO_PIECE)
            out.push_back(Move(from, make_square(f, r + 2 * forward)));
        }
        for (int df : {-1, 1}) {
          int ff = f + df, rr = r + forward;
          if (!on_board(ff, rr)) continue;
          Piece victim = b.at(ff, rr);
          if (victim != NO_PIECE && color_of(victim) != us) add_pawn_move(from, make_square(ff, rr));
          if (make_square(ff, rr) == b.epCandidate && victim == NO_PIECE &&
              b.at(ff, r) == make_piece(~us, PAWN))
            out.push_back(Move::make(from, make_square(ff, rr), EN_PASSANT));
        }
        break;
      }
      case KNIGHT:
        for (const auto& st : KNIGHT_STEPS)
          if (target_ok(f + st[0], r + st[1])) out.push_back(Move(from, make_square(f + st[0], r + st[1])));
        break;
      case KING:
        for (const auto& st : KING_STEPS)
          if (target_ok(f + st[0], r + st[1])) out.push_back(Move(from, make_square(f + st[0], r + st[1])));
        break;
      default: {
        PieceType pt = type_of(p);
        for (int d = 0; d < 8; ++d) {
          if ((d < 4 && pt == BISHOP) || (d >= 4 && pt == ROOK)) continue;
          for (int ff = f + RAYS[d][0], rr = r + RAYS[d][1]; on_board(ff, rr);
               ff += RAYS[d][0], rr += RAYS[d][1]) {
            if (!target_ok(ff, rr)) break;
            out.push_back(Move(from, make_square(ff, rr)));
            if (b.at(ff, rr) != NO_PIECE) break;
          }
        }
      }
    }
  }
  add_castling(b, out);
  return out;
}

// A pseudo-legal move is legal when, on a copy, the mover's king is not attacked afterwards.
inline bool is_legal(const Board& b, Move m) {
  return !in_check(make(b, m), b.side);
}

inline std::vector<Move> legal_moves(const Board& b) {
  std::vector<Move> legal;
  for (Move m : pseudo_legal_moves(b))
    if (is_legal(b, m)) legal.push_back(m);
  return legal;
}

// The e.p. square as the core must store it: the candidate, if some legal capture lands there.
inline Square legal_en_passant_square(const Board& b) {
  if (b.epCandidate == SQ_NONE) return SQ_NONE;
  for (Move m : legal_moves(b))
    if (m.kind() == EN_PASSANT) return b.epCandidate;
  return SQ_NONE;
}

inline std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  std::vector<Move> moves = legal_moves(b);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (Move m : moves) n += perft(make(b, m), depth - 1);
  return n;
}

// A small trusting FEN reader, independent of the core's parser, for test
// data only: returns nullopt on anything it does not understand. Castling
// letters: K/Q = outermost rook on that wing (the h/a rook in standard
// chess), A-H = the rook on that file (Shredder-FEN).
inline std::optional<Board> board_from_fen(std::string_view fen, bool chess960) {
  std::vector<std::string> fields;
  std::string cur;
  for (char c : fen) {
    if (c == ' ') {
      if (!cur.empty()) fields.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) fields.push_back(cur);
  if (fields.size() != 6 && fields.size() != 4) return std::nullopt;
  Board b;
  b.chess960 = chess960;
  int file = 0, rank = 7;
  const std::string letters = "PNBRQK";
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8 || rank == 0) return std::nullopt;
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      bool black = c >= 'a' && c <= 'z';
      auto pos = letters.find(black ? char(c - 32) : c);
      if (pos == std::string::npos || file > 7) return std::nullopt;
      b.sq[rank * 8 + file] = make_piece(black ? BLACK : WHITE, PieceType(pos));
      ++file;
    }
    if (file > 8) return std::nullopt;
  }
  if (rank != 0 || file != 8) return std::nullopt;
  if (fields[1] != "w" && fields[1] != "b") return std::nullopt;
  b.side = fields[1] == "w" ? WHITE : BLACK;
  if (fields[2] != "-") {
    for (char c : fields[2]) {
      Color col = c >= 'a' && c <= 'z' ? BLACK : WHITE;
      char upper = col == BLACK ? char(c - 32) : c;
      int backRank = col == WHITE ? 0 : 7;
      Square k = b.king(col);
      if (k == SQ_NONE || rank_of(k) != backRank) return std::nullopt;
      Square rook = SQ_NONE;
      if (upper == 'K' || upper == 'Q') {
        int step = upper == 'K' ? -1 : 1;
        for (int fl = upper == 'K' ? 7 : 0; fl != file_of(k); fl += step)
          if (b.at(fl, backRank) == make_piece(col, ROOK)) {
            rook = make_square(fl, backRank);
            break;
          }
      } else if (upper >= 'A' && upper <= 'H') {
        rook = make_square(upper - 'A', backRank);
      }
      if (rook == SQ_NONE || b.sq[rook] != make_piece(col, ROOK)) return std::nullopt;
      b.castleRook[castling_index(col, rook > k)] = rook;
    }
  }
  if (fields[3] != "-") {
    if (fields[3].size() != 2 || fields[3][0] < 'a' || fields[3][0] > 'h' || fields[3][1] < '1' ||
        fields[3][1] > '8')
      return std::nullopt;
    b.epCandidate = make_square(fields[3][0] - 'a', fields[3][1] - '1');
  }
  if (fields.size() == 6) {
    b.rule50 = std::stoi(fields[4]);
    b.fullmove = std::stoi(fields[5]);
  }
  return b;
}

}  // namespace escaque::ref
