// The byte format in which escaque_pgn_read (pgn_binding.cpp) hands a piece's games to JavaScript,
// decoded by bindings/js/pgn.mjs ("the wire decoder"). One buffer per call, read front to back once:
//
//   uvar      unsigned LEB128 (7 bits a byte, low first); at most 2^53 - 1
//   svar      zigzag LEB128 (0, -1, 1, -2 ... as 0, 1, 2, 3 ...)
//   number    a non-negative integer: uvar(v * 2) when v < 2^52, else uvar(1) then its decimal digits
//             as a str (exact after JavaScript's rounding, as a JSON number would be)
//   str       uvar(bytes * 2 + (1 if any byte is >= 0x80)), then the UTF-8 bytes
//   san       uvar(code * 2): the SAN's characters, at most 6, five bits each, first character
//             lowest, from the alphabet SAN_ALPHABET below (1-based; 0 ends); or uvar(1) then a str
//   uci       uvar(from | to << 6 | promotion << 12): the squares of the UCI text (a1 = 0, h8 = 63),
//             promotion 0 none, 1..4 n b r q; 0 ("a1a1") is the null move, "0000"
//
//   answer    record* 0, then the footer: four little-endian float64, at the answer's last 32 bytes so
//             that it is read first: consumed, line, column (where the next piece starts), records
//   record    1 uvar(index) uvar(offset) uvar(line) uvar(column) game
//           | 2 uvar(index) uvar(offset) uvar(line) uvar(column) str(kind) str(message) uvar(line) uvar(column)
//   tagname   uvar(k): TAG_NAMES[k - 1] (the names most files use), or uvar(0) then a str
//   game      uvar(tags) (tagname, str value)*  -- headers only: nothing more
//             str(fen, "" for the standard start) byte(chess960) strings(comments) line byte(result)
//             result: 0 "*", 1 "1-0", 2 "0-1", 3 "1/2-1/2"
//   strings   uvar(count) str*
//   line      uvar(count) node*
//   node      byte(flags) san uci, then in this order what flags say is there:
//               1 uvar(count) byte* (NAGs)       2 strings (comments before)   4 strings (comments)
//               8 number (clock, ms)            16 number (emt, ms)
//               32 byte(1 mate, 0 cp) svar(value) uvar(depth + 1, 0 when none written)  (eval)
//               64 uvar(count) (str name, str value)*  (other commands)
//              128 uvar(count) line*            (variations)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

#include "core/types.h"

namespace escaque::pgn_wire {

// The characters a SAN is made of, in code order (code 1 is '1').
inline constexpr std::string_view SAN_ALPHABET = "12345678abcdefghNBRQKx=+#O-";
// Each ASCII character's code (0: not in the alphabet).
struct SanCodes {
  std::uint8_t of[128] = {};
  constexpr SanCodes() {
    for (std::size_t i = 0; i < SAN_ALPHABET.size(); ++i) of[std::uint8_t(SAN_ALPHABET[i])] = std::uint8_t(i + 1);
  }
};
inline constexpr SanCodes SAN_CODES{};

// Tag names sent as a number (the JS side keeps one string of each: no string made, no property
// name hashed per game). bindings/js/pgn.mjs has the same list, in the same order.
inline constexpr std::string_view TAG_NAMES[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "TimeControl",
    "ECO", "Termination", "Opening", "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff", "Variant",
    "FEN", "SetUp", "Annotator", "PlyCount", "EventDate", "WhiteTitle", "BlackTitle", "Time", "Mode",
    "Link", "StartTime", "EndTime", "EndDate", "CurrentPosition", "Timezone", "WhiteFideId", "BlackFideId",
    "WhiteTeam", "BlackTeam", "Board", "Source", "SourceDate"};

enum NodeFlag : std::uint8_t {
  NAGS = 1, COMMENTS_BEFORE = 2, COMMENTS = 4, CLOCK = 8, EMT = 16, EVAL = 32, COMMANDS = 64, VARIATIONS = 128
};

// Compiled for size (-Oz), where std::string's push_back is a call per byte: the buffer is written
// through a pointer, with room made ahead.
class Writer {
 public:
  // Starts a new answer in the same buffer (its capacity is kept between calls).
  void clear() { size_ = 0; }
  std::string_view bytes() const { return std::string_view(buf_.data(), size_); }

  void byte(std::uint8_t b) {
    room(1);
    buf_[size_++] = char(b);
  }
  void uvar(std::uint64_t v) {
    room(10);
    char* p = buf_.data() + size_;
    while (v >= 0x80) {
      *p++ = char(std::uint8_t(v) | 0x80);
      v >>= 7;
    }
    *p++ = char(v);
    size_ = std::size_t(p - buf_.data());
  }
  void svar(std::int64_t v) { uvar(v < 0 ? (std::uint64_t(-(v + 1)) << 1) | 1 : std::uint64_t(v) << 1); }
  void number(std::int64_t v) {
    if (v >= 0 && v < (std::int64_t(1) << 52)) {
      uvar(std::uint64_t(v) << 1);
      return;
    }
    uvar(1);
    str(std::to_string(v));
  }
  void footer(double consumed, double line, double column, double records) {
    room(32);
    for (double d : {consumed, line, column, records}) {
      std::memcpy(buf_.data() + size_, &d, 8);  // WebAssembly is little-endian
      size_ += 8;
    }
  }
  void str(std::string_view s) {
    const std::size_t n = s.size();
    unsigned wide = 0;
    for (std::size_t i = 0; i < n; ++i) wide |= std::uint8_t(s[i]);
    uvar(std::uint64_t(n) * 2 + (wide >> 7));
    room(n);
    std::memcpy(buf_.data() + size_, s.data(), n);
    size_ += n;
  }
  void san(std::string_view s) {
    std::uint32_t code = 0;
    if (s.size() <= 6) {
      for (std::size_t i = s.size(); i-- > 0;) {
        const std::uint8_t c = std::uint8_t(s[i]);
        const std::uint32_t k = c < 128 ? SAN_CODES.of[c] : 0;
        if (k == 0) {
          code = 0;
          break;
        }
        code = code << 5 | k;
      }
    }
    if (code) {
      uvar(std::uint64_t(code) << 1);
    } else {
      uvar(1);
      str(s);
    }
  }
  void tag_name(std::string_view name) {
    for (std::size_t k = 0; k < std::size(TAG_NAMES); ++k) {
      const std::string_view t = TAG_NAMES[k];
      if (t.size() != name.size() || t[0] != name[0]) continue;
      std::size_t i = 1;
      while (i < t.size() && t[i] == name[i]) ++i;
      if (i == t.size()) {
        uvar(k + 1);
        return;
      }
    }
    uvar(0);
    str(name);
  }
  // from, to and promotion as the UCI text gives them (move_to_uci: castling is the king's two
  // squares in standard chess, king takes rook in Chess960); 0 for a null move.
  void uci(Square from, Square to, int promotion) { uvar(unsigned(from) | unsigned(to) << 6 | unsigned(promotion) << 12); }

 private:
  void room(std::size_t n) {
    if (size_ + n > buf_.size()) buf_.resize(std::max(2 * buf_.size(), size_ + n + 4096));
  }
  std::string buf_;
  std::size_t size_ = 0;
};

}  // namespace escaque::pgn_wire
