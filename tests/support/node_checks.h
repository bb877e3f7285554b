// Everything that must hold at one node of the game tree, checked against the
// reference board. Shared by the unit tests (which report the text through
// GoogleTest) and the fuzzers (which abort on it), so both test the same
// contract. Returns an empty string when all is well, else what failed.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/check_info.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/uci_move.h"
#include "reference_board.h"
#include "reference_compare.h"

namespace escaque::test {

inline std::vector<std::uint16_t> sorted_raw(const Move* begin, const Move* end) {
  std::vector<std::uint16_t> v;
  v.reserve(std::size_t(end - begin));  // one allocation (each one costs the fuzzers a stack trace)
  for (const Move* m = begin; m != end; ++m) v.push_back(m->raw());
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string describe_set(const std::vector<std::uint16_t>& raw) {
  std::string s;
  for (std::uint16_t r : raw) s += ref::describe_move(Move(r)) + ' ';
  return s;
}

// Cheap checks of the node itself (no moves made). `validate` is the FEN
// option the round trip must pass with (false for positions only accepted
// without validation).
inline std::string check_node_state(const Position& pos, const ref::Board& b, bool validate = true) {
  // Built only on failure: to_fen on every node would dominate the fuzzers' time.
  auto where = [&pos] { return " at " + to_fen(pos) + "\n"; };
  if (std::string d = ref::differences(b, pos); !d.empty())
    return "state differs from the reference: " + d + where();
  if (!pos.is_consistent()) return "is_consistent() is false" + where();
  if (pos.key() != pos.compute_key()) return "key() != compute_key()" + where();
  Square k = b.king(b.side);
  if (k == SQ_NONE) return "no king for the side to move" + where();
  if (pos.checkers() != ref::attackers(b, k, ~b.side))
    return "checkers() differs from the reference" + where();
  for (Color c : {WHITE, BLACK})
    if (pos.pinned(c) != ref::pinned(b, c))
      return std::string("pinned(") + (c == WHITE ? "white" : "black") + ") differs from the reference" +
             where();

  // Legal moves: exactly the reference set, no duplicates.
  MoveList all = legal_moves(pos);
  std::vector<std::uint16_t> fast = sorted_raw(all.begin(), all.end());
  if (std::adjacent_find(fast.begin(), fast.end()) != fast.end())
    return "the generator produced a move twice: " + describe_set(fast) + where();
  std::vector<Move> slowMoves = ref::legal_moves(b);
  std::vector<std::uint16_t> slow = sorted_raw(slowMoves.data(), slowMoves.data() + slowMoves.size());
  if (fast != slow)
    return "legal moves differ from the reference\n  core:      " + describe_set(fast) +
           "\n  reference: " + describe_set(slow) + where();

  // The two halves partition the whole.
  MoveList captures = legal_moves<GEN_CAPTURES>(pos), quiets = legal_moves<GEN_QUIETS>(pos);
  std::vector<std::uint16_t> c = sorted_raw(captures.begin(), captures.end());
  std::vector<std::uint16_t> q = sorted_raw(quiets.begin(), quiets.end());
  std::vector<std::uint16_t> both;
  both.reserve(c.size() + q.size());
  std::merge(c.begin(), c.end(), q.begin(), q.end(), std::back_inserter(both));
  if (both != fast) return "GEN_CAPTURES + GEN_QUIETS != GEN_ALL (or they overlap)" + where();
  for (Move m : captures)
    if (!pos.is_capture(m) && m.kind() != PROMOTION)
      return "GEN_CAPTURES produced the quiet move " + ref::describe_move(m) + where();
  for (Move m : quiets)
    if (pos.is_capture(m) || m.kind() == PROMOTION)
      return "GEN_QUIETS produced " + ref::describe_move(m) + where();
  if (count_legal_moves(pos) != all.size || count_legal_moves<GEN_CAPTURES>(pos) != captures.size ||
      count_legal_moves<GEN_QUIETS>(pos) != quiets.size)
    return "count_legal_moves disagrees with the move lists" + where();
  if (has_legal_move(pos) != (all.size > 0)) return "has_legal_move disagrees with the move list" + where();

  // FEN round trips, both castling notations.
  for (bool shredder : {false, true}) {
    std::string fen = to_fen(pos, shredder);
    Position back;
    FenError e = parse_fen(fen, back, FenOptions{pos.is_chess960(), validate});
    if (e) return "to_fen output does not parse: " + e.message + " (" + fen + ")" + where();
    if (!(back == pos)) return "parse_fen(to_fen(pos)) != pos for " + fen + where();
  }
  return {};
}

// Makes and unmakes every legal move: the child must match the reference's
// child, and undo must restore the node exactly.
inline std::string check_children(Position& pos, const ref::Board& b) {
  const Position before = pos;
  MoveList moves = legal_moves(pos);
  // The searches' fast check test, where it applies (the side not to move has a king).
  std::optional<CheckInfo> checkInfo;
  if (pos.pieces(~pos.side_to_move(), KING)) checkInfo.emplace(pos);
  for (Move m : moves) {
    auto where = [&] { return " for move " + ref::describe_move(m) + " at " + to_fen(before) + "\n"; };
    bool refCapture = m.kind() == EN_PASSANT || (m.kind() != CASTLING && b.sq[m.to()] != NO_PIECE);
    if (pos.is_capture(m) != refCapture) return "is_capture wrong" + where();
    if (pos.moved_piece(m) != b.sq[m.from()]) return "moved_piece wrong" + where();
    std::string uci = move_to_uci(pos, m);
    UciMoveResult parsed = parse_uci_move(pos, uci);
    if (parsed.error != UciMoveError::None || parsed.move != m)
      return "UCI round trip failed: '" + uci + "' " + parsed.message + where();

    bool givesCheck = pos.gives_check(m);
    if (checkInfo && checkInfo->gives_check(pos, m) != givesCheck)
      return std::string("CheckInfo::gives_check says ") + (givesCheck ? "no check" : "check") + where();
    ref::Board child = ref::make(b, m);
    UndoInfo undo;
    pos.do_move(m, undo);
    std::string problem;
    if (std::string d = ref::differences(child, pos); !d.empty())
      problem = "child differs from the reference: " + d;
    else if (pos.key() != pos.compute_key())
      problem = "key after do_move != compute_key()";
    else if (!pos.is_consistent())
      problem = "is_consistent() false after do_move";
    else if (givesCheck != pos.in_check())
      problem = "gives_check disagrees with in_check after the move";
    pos.undo_move(m, undo);
    if (problem.empty() && !(pos == before)) problem = "undo_move did not restore the position";
    if (problem.empty() && pos.key() != before.key()) problem = "undo_move did not restore the key";
    if (!problem.empty()) {
      pos = before;
      return problem + where();
    }
  }
  return {};
}

inline std::string check_node(Position& pos, const ref::Board& b, bool validate = true) {
  if (std::string s = check_node_state(pos, b, validate); !s.empty()) return s;
  return check_children(pos, b);
}

// Checks every node of the tree below pos down to `depth` plies (the leaves
// included). Stops at the first failure. `nodes` counts the nodes visited.
inline std::string check_tree(Position& pos, const ref::Board& b, int depth, std::uint64_t& nodes) {
  ++nodes;
  if (std::string s = check_node(pos, b); !s.empty()) return s;
  if (depth == 0) return {};
  MoveList moves = legal_moves(pos);
  for (Move m : moves) {
    UndoInfo undo;
    pos.do_move(m, undo);
    std::string s = check_tree(pos, ref::make(b, m), depth - 1, nodes);
    pos.undo_move(m, undo);
    if (!s.empty()) return s;
  }
  return {};
}

}  // namespace escaque::test
