// The NNUE training data format: one 32-byte record per position, written by
// escaque_nnue_datagen and read by escaque_nnue_train (docs/engine.md, "NNUE
// data"). Every field is little-endian, whatever the host:
//
//   bytes  0..7   occupancy: bit s set when square s (a1 = 0 .. h8 = 63) holds a piece
//   bytes  8..23  the pieces of the occupied squares in ascending square order,
//                 one nibble each (low nibble first): the Piece code, 0..5 White
//                 pawn..king, 8..13 Black pawn..king; unused nibbles are 0
//   bytes 24..25  score: int16, the fixed-node search's score in centipawns from
//                 WHITE's point of view (never a mate score: such positions are skipped)
//   byte  26      result of the game: 0 Black won, 1 draw, 2 White won
//   byte  27      side to move: 0 White, 1 Black
//   bytes 28..29  uint16 game ply of the position (0 = the start position)
//   byte  30      halfmove clock (rule50), capped at 255
//   byte  31      0 (reserved)
//
// Castling rights and the en passant square are not kept: the network does
// not see them. A chunk file is a plain sequence of records.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "core/bitboard.h"
#include "core/position.h"

namespace escaque::nnue_data {

constexpr int RECORD_BYTES = 32;

struct Record {
  Bitboard occupancy = 0;
  std::uint8_t pieces[16] = {};
  std::int16_t score = 0;       // White's view, centipawns
  std::uint8_t result = 1;      // 0, 1, 2 = Black won, draw, White won
  std::uint8_t sideToMove = 0;  // 0 White, 1 Black
  std::uint16_t ply = 0;
  std::uint8_t rule50 = 0;
};

inline Record pack(const Position& pos, int whiteScore, int result) {
  Record r;
  r.occupancy = pos.pieces();
  int i = 0;
  for (Bitboard b = r.occupancy; b; b &= b - 1, ++i) {
    const unsigned code = pos.piece_on(Square(lsb(b)));
    r.pieces[i / 2] |= std::uint8_t(code << (4 * (i & 1)));
  }
  r.score = std::int16_t(whiteScore < -32000 ? -32000 : whiteScore > 32000 ? 32000 : whiteScore);
  r.result = std::uint8_t(result);
  r.sideToMove = std::uint8_t(pos.side_to_move());
  r.ply = std::uint16_t(pos.game_ply());
  r.rule50 = std::uint8_t(pos.rule50() > 255 ? 255 : pos.rule50());
  return r;
}

inline void encode(const Record& r, std::uint8_t out[RECORD_BYTES]) {
  for (int b = 0; b < 8; ++b) out[b] = std::uint8_t(r.occupancy >> (8 * b));
  std::memcpy(out + 8, r.pieces, 16);
  const std::uint16_t s = std::uint16_t(r.score);
  out[24] = std::uint8_t(s & 0xff);
  out[25] = std::uint8_t(s >> 8);
  out[26] = r.result;
  out[27] = r.sideToMove;
  out[28] = std::uint8_t(r.ply & 0xff);
  out[29] = std::uint8_t(r.ply >> 8);
  out[30] = r.rule50;
  out[31] = 0;
}

// False (and `error` says why) when the bytes cannot be a record.
inline bool decode(const std::uint8_t in[RECORD_BYTES], Record& r, std::string& error) {
  r = Record{};
  for (int b = 0; b < 8; ++b) r.occupancy |= Bitboard(in[b]) << (8 * b);
  std::memcpy(r.pieces, in + 8, 16);
  r.score = std::int16_t(std::uint16_t(in[24] | (in[25] << 8)));
  r.result = in[26];
  r.sideToMove = in[27];
  r.ply = std::uint16_t(in[28] | (in[29] << 8));
  r.rule50 = in[30];
  const int n = popcount(r.occupancy);
  if (n > 32) return error = "more than 32 occupied squares (" + std::to_string(n) + ")", false;
  if (r.result > 2) return error = "result byte " + std::to_string(r.result) + " is not 0, 1 or 2", false;
  if (r.sideToMove > 1) return error = "side-to-move byte " + std::to_string(r.sideToMove) + " is not 0 or 1", false;
  for (int i = 0; i < n; ++i) {
    const unsigned code = (r.pieces[i / 2] >> (4 * (i & 1))) & 15;
    if ((code & 7) > 5) return error = "piece nibble " + std::to_string(i) + " holds " + std::to_string(code), false;
  }
  return true;
}

// The piece code (Piece) of the i-th occupied square, in ascending square order.
inline Piece piece_at(const Record& r, int i) { return Piece((r.pieces[i / 2] >> (4 * (i & 1))) & 15); }

// Sets up `pos` with the record's pieces and side to move (no castling, no en passant).
inline void unpack(const Record& r, Position& pos) {
  pos.clear();
  int i = 0;
  for (Bitboard b = r.occupancy; b; b &= b - 1, ++i) pos.put_piece(piece_at(r, i), Square(lsb(b)));
  pos.set_side_to_move(Color(r.sideToMove));
  pos.set_clocks(r.rule50, 1 + r.ply / 2);
  pos.finish_setup();
}

}  // namespace escaque::nnue_data
