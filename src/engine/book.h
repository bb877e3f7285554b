// A small opening book, so that games against the engine vary from the first move (an engine that
// always searches the start position plays the same game every time at full strength).
//
// The lines are main lines of the common openings, typed here from general opening knowledge (no
// book file is read or downloaded), in UCI notation, which replays with the plain UCI move parser. They are replayed once from the start position
// into a table keyed by the position's Zobrist key, so transpositions between lines are found, and
// each (position, move) pair weighs as many lines as pass through it. Standard chess only.
//
// The UCI option OwnBook (default off: GUIs and match runners bring their own openings) turns it on;
// the app turns it on for games against the engine.
#pragma once

#include <cstdint>
#include <string_view>

#include "../core/position.h"

namespace escaque {

struct BookMove {
  Move move;
  int weight;  // number of book lines that play this move here
};

// The book moves of `pos`, most played first, at most `capacity` of them; returns how many there are.
// Chess960 positions are never in the book.
int book_moves(const Position& pos, BookMove* out, int capacity);

// One of the book moves of `pos`, chosen with probability proportional to its weight from `random`
// (any 64-bit value, e.g. from a PRNG); Move::none() when the position is out of book.
Move pick_book_move(const Position& pos, std::uint64_t random);

// The book's lines as typed (for tests: each must replay legally from the start), and how many
// positions the table holds.
int book_line_count();
std::string_view book_line(int index);
int book_position_count();

}  // namespace escaque
