#include "search.h"

#include <algorithm>

#include "../core/check_info.h"
#include "clock.h"
#include "eval.h"
#include "insertion_sort.h"
#include "see.h"
#include "small_math.h"

namespace escaque {

// ---------------------------------------------------------------------------
// Per-ply data and root moves
// ---------------------------------------------------------------------------

struct Searcher::Frame {
  Move pv[MAX_PLY + 1];
  int pvLength = 0;
  Move currentMove;
  Piece movedPiece = NO_PIECE;
  Value staticEval = VALUE_NONE;
  Move killers[2];
  PieceToHistory* contHist = nullptr;  // continuation table of the move made at this ply
  int pliesFromNull = 0;
  Move excludedMove;  // set while the singular-extension search at this ply leaves the hash move out
  ScoredMoves moves;

  // This ply's principal variation: m, then the child's.
  void set_pv(Move m, const Frame& child) {
    pv[0] = m;
    for (int i = 0; i < child.pvLength; ++i) pv[i + 1] = child.pv[i];
    pvLength = child.pvLength + 1;
  }
};

struct Searcher::RootMove {
  Move move;
  Value score = -VALUE_INFINITE;
  Value previousScore = -VALUE_INFINITE;
  int selDepth = 0;
  std::vector<Move> pv;
  explicit RootMove(Move m) : move(m), pv{m} {}
};

namespace {

constexpr int POLL_INTERVAL = 1024;

// Late-move reductions: grow with the log of the depth and of the move number.
struct ReductionTable {
  int r[64][MAX_MOVES];
  ReductionTable() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < MAX_MOVES; ++m)
        r[d][m] = d == 0 || m == 0 ? 0 : int(0.4 + small_math::ln(d) * small_math::ln(m) / 2.3);
  }
};
const ReductionTable& reductions() {
  static const ReductionTable t;
  return t;
}
int reduction(int depth, int moveCount) {
  return reductions().r[std::min(depth, 63)][std::min(moveCount, MAX_MOVES - 1)];
}

// Late-move pruning: quiet moves beyond this count are not searched at low depth.
int lmp_limit(int depth, bool improving) { return (3 + depth * depth) / (improving ? 1 : 2); }

int stat_bonus(int depth) { return std::min(250 * depth - 150, 1600); }

// The pawn structure's slot in the correction table: a hash of both sides' pawn bitboards.
unsigned pawn_slot(const Position& pos) {
  std::uint64_t h = pos.pieces(WHITE, PAWN) * 0x9E3779B97F4A7C15ull;
  h ^= (pos.pieces(BLACK, PAWN) ^ (h >> 29)) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 32;
  return unsigned(h * 0xD6E8FEB86659FD93ull >> 40) & (CORRECTION_SIZE - 1);
}

bool has_non_pawn_material(const Position& pos, Color c) {
  return pos.pieces(c) != pos.pieces(c, PAWN, KING);
}

}  // namespace

std::string uci_score(Value v) {
  SearchInfo i;
  i.score = v;
  if (i.is_mate()) return "mate " + std::to_string(i.mate_moves());
  return "cp " + std::to_string(v);
}

// ---------------------------------------------------------------------------
// Setup and control
// ---------------------------------------------------------------------------

Searcher::Searcher(TranspositionTable& tt)
    : tt_(tt),
      history_(std::make_unique<History>()),
      frames_(std::make_unique<Frame[]>(MAX_PLY + 4)),
      accumulators_(std::make_unique<nnue::Accumulator[]>(MAX_PLY + 4)) {
  clear_history();
}

Searcher::~Searcher() = default;

Searcher::Frame* Searcher::frame(int ply) const { return &frames_[ply + 2]; }

// What every node of negamax and quiescence does first: count itself, start with an empty PV (so a
// parent never copies a stale one: a null-window child that fails high leaves nothing behind) and
// extend the selective depth reported for PV lines.
template <bool PvNode>
Searcher::Frame* Searcher::enter_node(int ply) {
  Frame* f = frame(ply);
  f->pvLength = 0;
  ++nodes_;
  if (PvNode && ply + 1 > selDepth_) selDepth_ = ply + 1;
  return f;
}

void Searcher::clear_history() { history_->clear(); }

void Searcher::make_move(int ply, Move m, UndoInfo& undo) {
  if (net_) nnue::update(*net_, pos_, m, accumulators_[ply], accumulators_[ply + 1]);
  pos_.do_move(m, undo);
}

std::int16_t& Searcher::correction_entry() const {
  return history_->correction[pos_.side_to_move()][pawn_slot(pos_)];
}

Value Searcher::corrected_eval(Value raw) const {
  return std::clamp(Value(raw + correction_entry() / CORRECTION_GRAIN), -VALUE_MATE_IN_MAX_PLY + 1,
                    VALUE_MATE_IN_MAX_PLY - 1);
}

void Searcher::update_correction(Value raw, Value searched, int depth) {
  std::int16_t& entry = correction_entry();
  const int target = std::clamp((searched - raw) * CORRECTION_GRAIN, -CORRECTION_MAX, CORRECTION_MAX);
  const int weight = std::min(depth + 1, 16);
  entry = std::int16_t((entry * (256 - weight) + target * weight) / 256);
}

Value Searcher::static_eval(int ply) const {
  if (!net_) return evaluate(pos_, *weights_);
  // A network could say anything; it must never claim a mate.
  return std::clamp(Value(nnue::evaluate(*net_, accumulators_[ply], pos_)), -VALUE_MATE_IN_MAX_PLY + 1,
                    VALUE_MATE_IN_MAX_PLY - 1);
}

void Searcher::prepare(const SearchLimits& limits) {
  stopRequested_.store(false, std::memory_order_relaxed);
  pondering_.store(limits.ponder, std::memory_order_relaxed);
  startMs_.store(now_ms(), std::memory_order_relaxed);
  prepared_ = true;
}

void Searcher::ponderhit() {
  // The clock starts now: the time given with "go ponder" is what we have left.
  startMs_.store(now_ms(), std::memory_order_relaxed);
  pondering_.store(false, std::memory_order_relaxed);
}

std::int64_t Searcher::elapsed_ms() const { return now_ms() - startMs_.load(std::memory_order_relaxed); }

void Searcher::push_key(Key k) {
  keys_[keyCount_] = k;
  keyRepeatsEarlier_[keyCount_] = false;
  ++keyCount_;
}

bool Searcher::should_stop() {
  if (stopped_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) return stopped_ = true;
  if (limits_.softNodes && rootDepth_ > 1 && nodes_ >= 4 * limits_.softNodes) return stopped_ = true;
  if (--pollCountdown_ > 0) return false;
  pollCountdown_ = POLL_INTERVAL;
  if (stopRequested_.load(std::memory_order_relaxed)) return stopped_ = true;
  if (hook_ && hook_()) return stopped_ = true;
  // The first iteration always completes on a clock limit, so there is a move to play.
  if (budget_.managed && rootDepth_ > 1 && !pondering_.load(std::memory_order_relaxed) &&
      elapsed_ms() >= budget_.hardMs)
    return stopped_ = true;
  return false;
}

// Draw by the fifty-move rule (unless this is mate), by repetition, or by
// material that cannot mate on either side.
bool Searcher::is_draw(int ply) const {
  if (pos_.rule50() >= 100 && (!pos_.in_check() || has_legal_move(pos_))) return true;
  // The current position is keys_[keyCount_ - 1]; positions with the same key
  // are an even number of plies back and after the last irreversible move.
  const int last = keyCount_ - 1;
  const int reach = std::min<int>(pos_.rule50(), frame(ply)->pliesFromNull);
  for (int i = 4; i <= reach && last - i >= 0; i += 2) {
    if (keys_[last - i] != keys_[last]) continue;
    // The earlier occurrence lies inside the search tree (strictly after the
    // root): the side that could have avoided the repetition did not.
    if (last - i > rootKeyIndex_) return true;
    // It is the root or a position of the game: a draw only if that one had
    // itself occurred before, i.e. this is the third occurrence.
    return keyRepeatsEarlier_[last - i];
  }
  const Bitboard all = pos_.pieces();
  if (popcount(all) <= 3 && !(pos_.pieces(PAWN) | pos_.pieces(ROOK) | pos_.pieces(QUEEN))) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Iterative deepening
// ---------------------------------------------------------------------------

SearchResult Searcher::search(const Position& root, const std::vector<Key>& gameKeys, const SearchLimits& limits,
                              const SearchOptions& options, const InfoListener& info, const StopHook& hook) {
  if (!prepared_) prepare(limits);
  prepared_ = false;
  startMs_.store(now_ms(), std::memory_order_relaxed);
  pos_ = root;
  if (net_) nnue::refresh(*net_, pos_, accumulators_[0]);
  limits_ = limits;
  options_ = options;
  options_.multiPV = std::max(1, options.multiPV);
  hook_ = hook;
  budget_ = plan_time(limits, root.side_to_move(), options.moveOverheadMs);
  nodes_ = 0;
  pollCountdown_ = POLL_INTERVAL;
  stopped_ = false;
  tt_.new_search();

  // Game history (only the part that can still repeat) followed by the root.
  keyCount_ = 0;
  int keep = std::min<int>(int(gameKeys.size()), 1024);
  for (int i = int(gameKeys.size()) - keep; i < int(gameKeys.size()); ++i) push_key(gameKeys[i]);
  push_key(root.key());
  rootKeyIndex_ = keyCount_ - 1;
  for (int i = 0; i < keyCount_; ++i)
    for (int j = i - 2; j >= 0; j -= 2)
      if (keys_[j] == keys_[i]) {
        keyRepeatsEarlier_[i] = true;
        break;
      }

  for (int i = 0; i < MAX_PLY + 4; ++i) {
    Frame& f = frames_[i];
    f.currentMove = Move::none();
    f.movedPiece = NO_PIECE;
    f.staticEval = VALUE_NONE;
    f.killers[0] = f.killers[1] = Move::none();
    f.contHist = &history_->continuation[NO_PIECE][0];
    f.pliesFromNull = 0;
    f.excludedMove = Move::none();
  }
  frame(0)->pliesFromNull = root.rule50();

  rootMoves_.clear();
  for (Move m : legal_moves(root)) {
    if (!limits.searchmoves.empty() &&
        std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) == limits.searchmoves.end())
      continue;
    rootMoves_.emplace_back(m);
  }

  SearchResult result;
  if (rootMoves_.empty()) {
    Value v = root.in_check() ? -VALUE_MATE : VALUE_DRAW;
    if (info) {
      info_ = SearchInfo();
      info_.score = v;
      info(info_);
    }
    result.score = v;
    return result;
  }

  const int maxDepth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
  const int multiPV = std::min<int>(options_.multiPV, int(rootMoves_.size()));
  Move lastBest = Move::none();
  int stableIterations = 0;
  int completedDepth = 0;
  std::vector<RootLine> lines;

  const auto better_root_move = [](const RootMove& a, const RootMove& b) { return a.score > b.score; };
  for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
    for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;
    for (pvIndex_ = 0; pvIndex_ < multiPV && !stopped_; ++pvIndex_) {
      selDepth_ = 0;
      Value previous = rootMoves_[pvIndex_].previousScore;
      Value delta = 18 + std::abs(previous) / 64;
      Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (rootDepth_ >= 4 && previous > -VALUE_INFINITE && !is_mate_score(previous)) {
        alpha = std::max(previous - delta, -VALUE_INFINITE);
        beta = std::min(previous + delta, VALUE_INFINITE);
      }
      while (true) {
        Value v = negamax<true>(0, rootDepth_, alpha, beta, false);
        // Best first; moves not yet improved keep their order (stable sort).
        insertion_sort(rootMoves_.begin() + pvIndex_, rootMoves_.end(), better_root_move);
        if (stopped_) break;
        if (v <= alpha) {
          report_line(pvIndex_, rootDepth_, v, BOUND_UPPER, info);
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -VALUE_INFINITE);
        } else if (v >= beta) {
          report_line(pvIndex_, rootDepth_, v, BOUND_LOWER, info);
          beta = std::min(v + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
      }
      insertion_sort(rootMoves_.begin(), rootMoves_.begin() + pvIndex_ + 1, better_root_move);
    }
    if (stopped_) break;
    completedDepth = rootDepth_;
    report_iteration(rootDepth_, info);
    lines.clear();
    for (int i = 0; i < multiPV; ++i) lines.push_back({rootMoves_[i].move, rootMoves_[i].score});
    if (limits.softNodes && nodes_ >= limits.softNodes) break;

    const Value best = rootMoves_[0].score;
    if (limits.mate > 0 && best >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - best <= 2 * limits.mate) break;
    if (rootMoves_[0].move == lastBest) ++stableIterations;
    else stableIterations = 0;
    lastBest = rootMoves_[0].move;

    // Soft time limit: do not start an iteration that would likely not finish
    // in time. Think longer while the best move is unstable.
    // (A fixed movetime is used in full: the GUI asked for exactly that much.)
    if (budget_.managed && limits.movetime == 0 && !pondering_.load(std::memory_order_relaxed) &&
        !limits.infinite) {
      if (rootMoves_.size() == 1) break;  // only one move: no need to think
      double factor = stableIterations >= 4 ? 0.7 : stableIterations >= 2 ? 1.0 : 1.6;
      if (elapsed_ms() >= std::int64_t(budget_.softMs * factor * 0.6)) break;
    }
  }

  // A stopped iteration may still have found a better move at the root: the
  // sort above put it first only if it was fully searched with a real score.
  const RootMove& best = rootMoves_[0];
  result.bestMove = best.move;
  result.score = best.score == -VALUE_INFINITE ? best.previousScore : best.score;
  result.depth = completedDepth;
  result.nodes = nodes_;
  result.timeMs = elapsed_ms();
  result.lines = std::move(lines);
  // The expected reply: from the PV, else from the hash table; always checked for legality.
  Position next = root;
  UndoInfo undo;
  next.do_move(best.move, undo);
  const MoveList replies = legal_moves(next);
  if (best.pv.size() > 1 && replies.contains(best.pv[1])) {
    result.ponderMove = best.pv[1];
  } else {
    TTHit hit = tt_.probe(next.key());
    if (hit.found && replies.contains(hit.move)) result.ponderMove = hit.move;
  }
  return result;
}

void Searcher::report_line(int index, int depth, Value score, Bound bound, const InfoListener& info) {
  if (!info) return;
  const RootMove& rm = rootMoves_[index];
  const std::int64_t elapsed = elapsed_ms();
  const std::int64_t ms = std::max<std::int64_t>(1, elapsed);
  info_.depth = depth;
  info_.seldepth = std::max(rm.selDepth, 1);
  info_.multipv = index + 1;
  info_.score = score;
  info_.bound = bound;
  info_.nodes = nodes_;
  info_.nps = nodes_ * 1000 / std::uint64_t(ms);
  info_.hashfull = tt_.hashfull();
  info_.timeMs = elapsed;
  info_.pv.clear();
  Position p = pos_;
  for (Move m : rm.pv) {
    if (!legal_moves(p).contains(m)) break;  // never report (or play) a move that is not legal
    info_.pv.push_back(m);
    UndoInfo undo;
    p.do_move(m, undo);
  }
  info(info_);
}

void Searcher::report_iteration(int depth, const InfoListener& info) {
  if (!info) return;
  int lines = std::min<int>(options_.multiPV, int(rootMoves_.size()));
  for (int i = 0; i < lines; ++i) report_line(i, depth, rootMoves_[i].score, BOUND_EXACT, info);
}

// ---------------------------------------------------------------------------
// Statistics updates after a cutoff
// ---------------------------------------------------------------------------

void Searcher::update_quiet_stats(int ply, Move best, int bonus, const Move* quiets, int quietCount) {
  Frame* f = frame(ply);
  History& h = *history_;
  const Color us = pos_.side_to_move();
  auto update = [&](Move m, int b) {
    Piece pc = pos_.moved_piece(m);
    update_history(h.butterfly[us][m.from()][m.to()], b);
    update_history((*frame(ply - 1)->contHist)[pc][m.to()], b);
    update_history((*frame(ply - 2)->contHist)[pc][m.to()], b);
  };
  update(best, bonus);
  for (int i = 0; i < quietCount; ++i) update(quiets[i], -bonus);
  if (f->killers[0] != best) {
    f->killers[1] = f->killers[0];
    f->killers[0] = best;
  }
  Frame* prev = frame(ply - 1);
  if (prev->currentMove.is_ok() && prev->movedPiece != NO_PIECE)
    h.counterMoves[prev->movedPiece][prev->currentMove.to()] = best;
}

void Searcher::update_capture_stats(Move best, int bonus, const Move* captures, int captureCount) {
  History& h = *history_;
  auto update = [&](Move m, int b) {
    Piece pc = pos_.moved_piece(m);
    Piece victim = m.kind() == EN_PASSANT ? make_piece(~pos_.side_to_move(), PAWN) : pos_.piece_on(m.to());
    if (victim == NO_PIECE) return;  // quiet promotion
    update_history(h.capture[pc][m.to()][type_of(victim)], b);
  };
  if (best.is_ok()) update(best, bonus);
  for (int i = 0; i < captureCount; ++i) update(captures[i], -bonus);
}

// ---------------------------------------------------------------------------
// Main search
// ---------------------------------------------------------------------------

template <bool PvNode>
Value Searcher::negamax(int ply, int depth, Value alpha, Value beta, bool cutNode) {
  const bool rootNode = PvNode && ply == 0;
  if (depth <= 0) return quiescence<PvNode>(ply, alpha, beta);

  Frame* f = enter_node<PvNode>(ply);
  if (should_stop()) return VALUE_ZERO;

  const bool inCheck = pos_.in_check();
  const Color us = pos_.side_to_move();

  if (!rootNode) {
    if (is_draw(ply)) return VALUE_DRAW;
    if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : static_eval(ply);
    // Mate distance pruning: no line from here can beat a mate already found closer to the root.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  // A search that leaves out the hash move (the singular-extension test below) is a different
  // search of the same position: it neither reads the hash entry nor writes one.
  const Move excluded = f->excludedMove;
  const Key key = pos_.key();
  const TTHit tte = excluded.is_ok() ? TTHit() : tt_.probe(key);
  const Value ttValue = tte.found ? value_from_tt(tte.value, ply) : VALUE_NONE;
  const Move ttMove = rootNode ? rootMoves_[pvIndex_].move : tte.found ? tte.move : Move::none();

  if (!PvNode && tte.found && tte.depth >= depth && ttValue != VALUE_NONE && pos_.rule50() < 90 &&
      (tte.bound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return ttValue;

  // Static evaluation, sharpened by the hash value when its bound allows.
  // (The hash table keeps the network's evaluation; the pawn-structure correction is applied on top.)
  Value eval, rawEval = VALUE_NONE;
  bool improving = false;
  if (inCheck) {
    f->staticEval = eval = VALUE_NONE;
  } else {
    if (tte.found && tte.eval != VALUE_NONE) {
      rawEval = tte.eval;
    } else {
      rawEval = static_eval(ply);
      if (!tte.found && !excluded.is_ok())
        tt_.store(key, VALUE_NONE, BOUND_NONE, -TranspositionTable::DEPTH_OFFSET, Move::none(), rawEval);
    }
    f->staticEval = eval = corrected_eval(rawEval);
    if (ttValue != VALUE_NONE && (tte.bound & (ttValue > eval ? BOUND_LOWER : BOUND_UPPER))) eval = ttValue;
    // Improving: better than two plies ago (four if we were in check then).
    Value past = frame(ply - 2)->staticEval;
    if (past == VALUE_NONE && ply >= 4) past = frame(ply - 4)->staticEval;
    improving = past == VALUE_NONE || f->staticEval > past;
  }
  frame(ply + 1)->killers[0] = frame(ply + 1)->killers[1] = Move::none();

  if (!PvNode && !inCheck && !excluded.is_ok()) {
    // Reverse futility pruning: far above beta with little depth left, a quiet
    // move will not bring the score back down.
    if (depth <= 8 && eval - 80 * (depth - improving) >= beta && eval < VALUE_MATE_IN_MAX_PLY &&
        beta > -VALUE_MATE_IN_MAX_PLY)
      return (eval + beta) / 2;

    // Razoring: hopeless at low depth unless a capture saves it.
    if (depth <= 3 && eval + 200 + 150 * depth <= alpha) {
      Value v = quiescence<false>(ply, alpha - 1, alpha);
      if (v < alpha) return v;
    }

    // Null-move pruning: if passing still fails high, a real move will too.
    // Not in pawn endings (zugzwang) nor right after another null move.
    if (depth >= 3 && eval >= beta && f->staticEval >= beta - 20 * depth + 160 &&
        frame(ply - 1)->currentMove != Move::null() && has_non_pawn_material(pos_, us) &&
        beta > -VALUE_MATE_IN_MAX_PLY) {
      int R = 3 + depth / 4 + std::min((eval - beta) / 200, 3);
      f->currentMove = Move::null();
      f->movedPiece = NO_PIECE;
      f->contHist = &history_->continuation[NO_PIECE][0];
      UndoInfo undo;
      pos_.do_null_move(undo);
      if (net_) accumulators_[ply + 1] = accumulators_[ply];
      push_key(pos_.key());
      frame(ply + 1)->pliesFromNull = 0;
      Value v = -negamax<false>(ply + 1, depth - R, -beta, -beta + 1, !cutNode);
      pop_key();
      pos_.undo_null_move(undo);
      if (stopped_) return VALUE_ZERO;
      if (v >= beta) return v >= VALUE_MATE_IN_MAX_PLY ? beta : v;
    }
  }

  // Internal iterative reduction: without a hash move this node was never
  // searched before; a shallower search is a cheaper way to find one.
  if (!rootNode && depth >= 4 && ttMove == Move::none() && (PvNode || cutNode) && !excluded.is_ok()) --depth;

  // Singular extension: when the hash move's lower bound holds by a margin over every other move
  // (a reduced search without it fails low below ttValue - 2 * depth), the hash move is searched a
  // ply deeper. When the others also reach beta, several moves refute the parent: cut (multi-cut);
  // when only the bound says the hash move reaches beta, it is searched a ply shallower instead.
  int ttMoveExtension = 0;
  if (!rootNode && !excluded.is_ok() && depth >= 8 && ttMove.is_ok() && (tte.bound & BOUND_LOWER) &&
      tte.depth >= depth - 3 && ttValue != VALUE_NONE && !is_mate_score(ttValue) && ply < 2 * rootDepth_ &&
      legal_moves(pos_).contains(ttMove)) {  // the hash move may come from another position
    const Value singularBeta = ttValue - 2 * depth;
    f->excludedMove = ttMove;
    const Value v = negamax<false>(ply, (depth - 1) / 2, singularBeta - 1, singularBeta, cutNode);
    f->excludedMove = Move::none();
    if (stopped_) return VALUE_ZERO;
    if (v < singularBeta) ttMoveExtension = 1;
    else if (singularBeta >= beta) return singularBeta;
    else if (ttValue >= beta) ttMoveExtension = -1;
  }

  // ---- move loop ----
  ScoredMoves& sm = f->moves;
  if (rootNode) {
    sm.list.size = 0;
    sm.next = 0;
    for (int i = pvIndex_; i < int(rootMoves_.size()); ++i) {
      sm.scores[sm.list.size] = int(rootMoves_.size()) - i;
      sm.list.add(rootMoves_[i].move);
    }
  } else {
    const Frame* prev = frame(ply - 1);
    OrderingContext ctx;
    ctx.history = history_.get();
    ctx.ttMove = ttMove;
    ctx.killers[0] = f->killers[0];
    ctx.killers[1] = f->killers[1];
    ctx.counterMove = prev->currentMove.is_ok() && prev->movedPiece != NO_PIECE
                          ? history_->counterMoves[prev->movedPiece][prev->currentMove.to()]
                          : Move::none();
    ctx.cont[0] = frame(ply - 1)->contHist;
    ctx.cont[1] = frame(ply - 2)->contHist;
    score_main_moves(pos_, ctx, sm);
  }

  const CheckInfo checkInfo(pos_);
  const PieceToHistory* cont[2] = {frame(ply - 1)->contHist, frame(ply - 2)->contHist};
  const bool ttMoveIsCapture = ttMove.is_ok() && pos_.piece_on(ttMove.to()) != NO_PIECE &&
                               ttMove.kind() != CASTLING && sm.list.contains(ttMove);
  Value bestValue = -VALUE_INFINITE;
  Move bestMove = Move::none();
  int moveCount = 0;
  bool skipQuiets = false;
  Move quietsTried[64], capturesTried[32];
  int quietCount = 0, captureCount = 0;

  Move m;
  int orderScore = 0;
  while ((m = pick_next(sm, &orderScore)) != Move::none()) {
    const bool isCapture = pos_.is_capture(m);
    const bool isQuiet = !isCapture && m.kind() != PROMOTION;
    if (m == excluded || (isQuiet && skipQuiets)) continue;
    ++moveCount;
    const bool givesCheck = checkInfo.gives_check(pos_, m);
    const Piece movedPiece = pos_.moved_piece(m);
    const int historyScore = isQuiet ? quiet_history(*history_, cont, us, movedPiece, m) : 0;
    int newDepth = depth - 1;

    // ---- pruning at shallow depth ----
    if (!rootNode && bestValue > -VALUE_MATE_IN_MAX_PLY && has_non_pawn_material(pos_, us)) {
      const int lmrDepth = std::max(newDepth - reduction(depth, moveCount), 0);
      if (isQuiet && !givesCheck) {
        if (moveCount >= lmp_limit(depth, improving) && depth <= 8) {
          skipQuiets = true;
          continue;
        }
        // Futility: the static evaluation is so far below alpha that a quiet move cannot reach it.
        if (!inCheck && lmrDepth <= 7 && f->staticEval + 100 + 90 * lmrDepth <= alpha) continue;
        if (lmrDepth <= 3 && historyScore < -3000 * depth) continue;
        if (lmrDepth <= 7 && !see_ge(pos_, m, -30 * lmrDepth * lmrDepth)) continue;
      } else if (depth <= 7 && !see_ge(pos_, m, -100 * depth)) {
        continue;
      }
    }

    // ---- extensions ----
    if (m == ttMove && ttMoveExtension != 0) newDepth += ttMoveExtension;
    else if (givesCheck && ply < 2 * rootDepth_) ++newDepth;

    // ---- make the move ----
    f->currentMove = m;
    f->movedPiece = movedPiece;
    f->contHist = &history_->continuation[movedPiece][m.to()];
    UndoInfo undo;
    make_move(ply, m, undo);
    push_key(pos_.key());
    frame(ply + 1)->pliesFromNull = f->pliesFromNull + 1;

    Value v;
    const bool reducible = depth >= 3 && moveCount > 1 + int(rootNode) &&
                           (isQuiet || orderScore < SCORE_KILLER);  // quiet moves and losing captures
    if (reducible) {
      int r = reduction(depth, moveCount);
      r -= PvNode;
      r += cutNode;
      r += !improving;
      r -= givesCheck;
      r += ttMoveIsCapture && isQuiet;
      if (isQuiet) {
        if (orderScore >= SCORE_KILLER) --r;  // killers and the countermove
        r -= std::clamp(historyScore / 8000, -2, 2);
      }
      const int d = std::clamp(newDepth - r, 1, newDepth);
      v = -negamax<false>(ply + 1, d, -(alpha + 1), -alpha, true);
      if (v > alpha && d < newDepth) v = -negamax<false>(ply + 1, newDepth, -(alpha + 1), -alpha, !cutNode);
    } else if (!PvNode || moveCount > 1) {
      v = -negamax<false>(ply + 1, newDepth, -(alpha + 1), -alpha, !cutNode);
    }
    if (PvNode && (moveCount == 1 || (v > alpha && (rootNode || v < beta))))
      v = -negamax<true>(ply + 1, newDepth, -beta, -alpha, false);

    pop_key();
    pos_.undo_move(m, undo);
    if (stopped_) return VALUE_ZERO;

    if (rootNode) {
      RootMove& rm = *std::find_if(rootMoves_.begin(), rootMoves_.end(),
                                   [m](const RootMove& r) { return r.move == m; });
      if (moveCount == 1 || v > alpha) {
        rm.score = v;
        rm.selDepth = selDepth_;
        rm.pv.assign(1, m);
        const Frame* child = frame(1);
        for (int i = 0; i < child->pvLength; ++i) rm.pv.push_back(child->pv[i]);
      } else {
        rm.score = -VALUE_INFINITE;
      }
    }

    if (v > bestValue) {
      bestValue = v;
      if (v > alpha) {
        bestMove = m;
        if (PvNode && !rootNode) f->set_pv(m, *frame(ply + 1));
        if (v >= beta) break;
        alpha = v;
      }
    }
    if (m != bestMove) {
      if (isQuiet && quietCount < 64) quietsTried[quietCount++] = m;
      else if (isCapture && captureCount < 32) capturesTried[captureCount++] = m;
    }
  }

  if (moveCount == 0) {
    // Without the excluded move nothing was searched: the test fails low.
    if (excluded.is_ok()) return alpha;
    // No legal move (a root restricted by searchmoves always has one).
    return inCheck ? mated_in(ply) : VALUE_DRAW;
  }

  const bool noisyBest = bestMove.is_ok() && (pos_.is_capture(bestMove) || bestMove.kind() == PROMOTION);
  if (bestValue >= beta && bestMove.is_ok()) {
    const int bonus = stat_bonus(depth);
    if (!noisyBest) {
      update_quiet_stats(ply, bestMove, bonus, quietsTried, quietCount);
      update_capture_stats(Move::none(), bonus, capturesTried, captureCount);
    } else {
      update_capture_stats(bestMove, bonus, capturesTried, captureCount);
    }
  }

  if (!(rootNode && pvIndex_ > 0) && !excluded.is_ok()) {
    Bound bound = bestValue >= beta ? BOUND_LOWER : (PvNode && bestMove.is_ok()) ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(key, value_to_tt(bestValue, ply), bound, depth, bestMove, rawEval);
    // Learn the correction from quiet results whose bound says which side of the evaluation they lie.
    if (!inCheck && !noisyBest && !is_mate_score(bestValue) &&
        !(bound == BOUND_LOWER && bestValue <= f->staticEval) && !(bound == BOUND_UPPER && bestValue >= f->staticEval))
      update_correction(rawEval, bestValue, depth);
  }
  return bestValue;
}

// ---------------------------------------------------------------------------
// Quiescence search: captures (and check evasions) until the position is quiet
// ---------------------------------------------------------------------------

template <bool PvNode>
Value Searcher::quiescence(int ply, Value alpha, Value beta) {
  Frame* f = enter_node<PvNode>(ply);
  if (should_stop()) return VALUE_ZERO;

  const bool inCheck = pos_.in_check();
  if (is_draw(ply)) return VALUE_DRAW;
  if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : static_eval(ply);

  const Key key = pos_.key();
  const TTHit tte = tt_.probe(key);
  const Value ttValue = tte.found ? value_from_tt(tte.value, ply) : VALUE_NONE;
  if (!PvNode && tte.found && tte.depth >= 0 && ttValue != VALUE_NONE &&
      (tte.bound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return ttValue;

  Value bestValue, futilityBase = -VALUE_INFINITE, rawEval = VALUE_NONE;
  if (inCheck) {
    f->staticEval = VALUE_NONE;
    bestValue = -VALUE_INFINITE;
  } else {
    rawEval = tte.found && tte.eval != VALUE_NONE ? tte.eval : static_eval(ply);
    f->staticEval = bestValue = corrected_eval(rawEval);
    if (ttValue != VALUE_NONE && (tte.bound & (ttValue > bestValue ? BOUND_LOWER : BOUND_UPPER)))
      bestValue = ttValue;
    // Stand pat: the side to move need not capture.
    if (bestValue >= beta) {
      if (!tte.found)
        tt_.store(key, value_to_tt(bestValue, ply), BOUND_LOWER, 0, Move::none(), rawEval);
      return bestValue;
    }
    if (bestValue > alpha) alpha = bestValue;
    futilityBase = f->staticEval + 160;
  }

  ScoredMoves& sm = f->moves;
  score_quiescence_moves(pos_, *history_, tte.found ? tte.move : Move::none(), sm);
  Move bestMove = Move::none();
  int moveCount = 0;
  Move m;
  while ((m = pick_next(sm)) != Move::none()) {
    ++moveCount;
    if (!inCheck) {
      if (m.kind() == PROMOTION && m.promotion() != QUEEN) continue;
      // Futility: even winning the victim for free leaves us below alpha.
      if (m.kind() != PROMOTION) {
        Value gain = m.kind() == EN_PASSANT ? SEE_VALUE[PAWN] : SEE_VALUE[type_of(pos_.piece_on(m.to()))];
        if (futilityBase + gain <= alpha) {
          bestValue = std::max(bestValue, futilityBase + gain);
          continue;
        }
      }
      if (!see_ge(pos_, m, 0)) continue;
    }
    f->currentMove = m;
    f->movedPiece = pos_.moved_piece(m);
    f->contHist = &history_->continuation[f->movedPiece][m.to()];
    UndoInfo undo;
    make_move(ply, m, undo);
    push_key(pos_.key());
    frame(ply + 1)->pliesFromNull = f->pliesFromNull + 1;
    Value v = -quiescence<PvNode>(ply + 1, -beta, -alpha);
    pop_key();
    pos_.undo_move(m, undo);
    if (stopped_) return VALUE_ZERO;

    if (v > bestValue) {
      bestValue = v;
      if (v > alpha) {
        bestMove = m;
        if (PvNode) f->set_pv(m, *frame(ply + 1));
        if (v >= beta) break;
        alpha = v;
      }
    }
  }

  if (inCheck && moveCount == 0) return mated_in(ply);

  tt_.store(key, value_to_tt(bestValue, ply), bestValue >= beta ? BOUND_LOWER : BOUND_UPPER, 0, bestMove,
            rawEval);
  return bestValue;
}

}  // namespace escaque
