// The NNUE evaluation (src/engine/nnue/) and its training data format
// (tools/nnue/training_record.h): records and network files survive a round
// trip and refuse damaged bytes; the incrementally updated accumulator equals
// a fresh one after every kind of move; the evaluation is colour-symmetric;
// the engine searches deterministically with it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../../tools/nnue/training_record.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "engine/nnue/accumulator.h"
#include "engine/nnue/network.h"
#include "uci/uci_session.h"

using namespace escaque;

namespace {

// Positions of every kind: the bench set, plus positions along random games from each.
std::vector<Position> sample_positions(int perGame) {
  std::vector<Position> out;
  std::mt19937 rng(7);
  for (const std::string& fen : bench_positions()) {
    Position pos;
    EXPECT_FALSE(parse_fen(fen, pos)) << fen;
    out.push_back(pos);
    for (int i = 0; i < perGame; ++i) {
      MoveList ml = legal_moves(pos);
      if (ml.size == 0) break;
      UndoInfo u;
      pos.do_move(ml.moves[rng() % ml.size], u);
      out.push_back(pos);
    }
  }
  return out;
}

std::unique_ptr<nnue::Network> random_network(unsigned seed) {
  auto net = std::make_unique<nnue::Network>();
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> ft(-300, 300), out(-nnue::MAX_OUTPUT_WEIGHT, nnue::MAX_OUTPUT_WEIGHT);
  for (auto& w : net->ftWeights) w = std::int16_t(ft(rng));
  for (auto& w : net->ftBias) w = std::int16_t(ft(rng));
  for (auto& bucket : net->outWeights)
    for (auto& w : bucket) w = std::int16_t(out(rng));
  for (int b = 0; b < nnue::OUTPUT_BUCKETS; ++b) net->outBias[b] = 12345 - 1000 * b;
  return net;
}

Position colour_flipped(const Position& pos) {
  Position m;
  m.clear();
  for (int s = 0; s < 64; ++s) {
    const Piece p = pos.piece_on(Square(s));
    if (p != NO_PIECE) m.put_piece(make_piece(~color_of(p), type_of(p)), Square(s ^ 56));
  }
  m.set_side_to_move(~pos.side_to_move());
  m.finish_setup();
  return m;
}

}  // namespace

TEST(NnueData, RecordRoundTripKeepsPiecesSideScoreResultAndClocks) {
  int checked = 0;
  for (const Position& pos : sample_positions(60)) {
    const int score = int(pos.key() % 4001) - 2000, result = int(pos.key() % 3);
    std::uint8_t bytes[nnue_data::RECORD_BYTES];
    nnue_data::encode(nnue_data::pack(pos, score, result), bytes);
    nnue_data::Record r;
    std::string error;
    ASSERT_TRUE(nnue_data::decode(bytes, r, error)) << error << " " << to_fen(pos);
    EXPECT_EQ(r.score, score);
    EXPECT_EQ(r.result, result);
    Position back;
    nnue_data::unpack(r, back);
    for (int s = 0; s < 64; ++s) ASSERT_EQ(back.piece_on(Square(s)), pos.piece_on(Square(s))) << to_fen(pos);
    EXPECT_EQ(back.side_to_move(), pos.side_to_move());
    EXPECT_EQ(back.rule50(), pos.rule50());
    EXPECT_EQ(back.game_ply(), pos.game_ply());
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

TEST(NnueData, ByteLayoutIsTheDocumentedOne) {
  Position pos;
  pos.set_startpos();
  std::uint8_t b[nnue_data::RECORD_BYTES];
  nnue_data::encode(nnue_data::pack(pos, -300, 2), b);
  // a1..h2 and a7..h8 occupied: 0xffff00000000ffff, little-endian.
  const std::uint8_t occupancy[8] = {0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(b[i], occupancy[i]) << i;
  EXPECT_EQ(b[8], 0x13);  // a1 White rook (3) low nibble, b1 White knight (1) high nibble
  EXPECT_EQ(b[23], 0xb9);  // g8 Black knight (9), h8 Black rook (11)
  EXPECT_EQ(b[24], 0xd4);  // -300 = 0xfed4
  EXPECT_EQ(b[25], 0xfe);
  EXPECT_EQ(b[26], 2);
  EXPECT_EQ(b[27], 0);
  EXPECT_EQ(b[31], 0);
}

TEST(NnueData, DamagedRecordsAreRefusedWithTheReason) {
  Position pos;
  pos.set_startpos();
  std::uint8_t good[nnue_data::RECORD_BYTES];
  nnue_data::encode(nnue_data::pack(pos, 10, 1), good);
  nnue_data::Record r;
  std::string error;
  auto damaged = [&](int at, std::uint8_t value) {
    std::uint8_t b[nnue_data::RECORD_BYTES];
    std::copy(good, good + nnue_data::RECORD_BYTES, b);
    b[at] = value;
    error.clear();
    return !nnue_data::decode(b, r, error);
  };
  EXPECT_TRUE(damaged(26, 3));
  EXPECT_NE(error.find("result byte 3"), std::string::npos) << error;
  EXPECT_TRUE(damaged(27, 2));
  EXPECT_NE(error.find("side-to-move byte 2"), std::string::npos) << error;
  EXPECT_TRUE(damaged(8, 0x16));  // a1 holds piece code 6: no such piece
  EXPECT_NE(error.find("piece nibble 0 holds 6"), std::string::npos) << error;
  EXPECT_TRUE(damaged(3, 0xff));  // 40 occupied squares
  EXPECT_NE(error.find("more than 32"), std::string::npos) << error;
  EXPECT_FALSE(damaged(26, 0));
}

TEST(NnueNetwork, FileRoundTripAndRefusals) {
  auto net = random_network(3);
  const std::vector<std::uint8_t> bytes = nnue::save_network(*net);
  ASSERT_EQ(bytes.size(), nnue::NETWORK_FILE_BYTES);
  auto back = std::make_unique<nnue::Network>();
  std::string error;
  ASSERT_TRUE(nnue::load_network(bytes.data(), bytes.size(), *back, error)) << error;
  EXPECT_EQ(nnue::save_network(*back), bytes);

  auto untouched = random_network(4);
  const std::vector<std::uint8_t> before = nnue::save_network(*untouched);
  std::vector<std::uint8_t> bad = bytes;
  bad[0] = 'X';
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("no ESQNNUE2 header"), std::string::npos) << error;
  bad = bytes;
  bad[7] = '1';  // the first format: clipped ReLU, one output layer
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("an ESQNNUE1 network"), std::string::npos) << error;
  bad = bytes;
  bad[12] = 64;  // hidden size 64
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("shape 768x64x8"), std::string::npos) << error;
  bad = bytes;
  bad[16] = 1;  // one output bucket
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("shape 768x128x1"), std::string::npos) << error;
  bad = bytes;
  // The first output weight of bucket 3 set to 200: the kernels' 16-bit products need |w| <= 127.
  const std::size_t outAt = 20 + 2 * std::size_t(nnue::INPUTS * nnue::HIDDEN + nnue::HIDDEN + 3 * 2 * nnue::HIDDEN);
  bad[outAt] = 200;
  bad[outAt + 1] = 0;
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("output weight 200 outside +-127"), std::string::npos) << error;
  bad = bytes;
  bad.pop_back();
  EXPECT_FALSE(nnue::load_network(bad.data(), bad.size(), *untouched, error));
  EXPECT_NE(error.find("expected " + std::to_string(nnue::NETWORK_FILE_BYTES)), std::string::npos) << error;
  EXPECT_EQ(nnue::save_network(*untouched), before);  // a refused file leaves the network as it was
}

TEST(NnueNetwork, BuiltInNetworkLoads) { EXPECT_NE(nnue::default_network(), nullptr); }

TEST(NnueAccumulator, IncrementalUpdatesEqualARefreshAfterEveryKindOfMove) {
  auto net = random_network(5);
  int castles = 0, enPassants = 0, promotions = 0, captures = 0;
  std::mt19937 rng(11);
  for (const std::string& fen : bench_positions()) {
    for (int game = 0; game < 8; ++game) {
      Position pos;
      ASSERT_FALSE(parse_fen(fen, pos));
      nnue::Accumulator acc, next, fresh;
      nnue::refresh(*net, pos, acc);
      for (int ply = 0; ply < 80; ++ply) {
        MoveList ml = legal_moves(pos);
        if (ml.size == 0) break;
        // Prefer the special moves when there are some, so that each kind is exercised.
        Move m = ml.moves[rng() % ml.size];
        for (int i = 0; i < ml.size; ++i)
          if (ml.moves[i].kind() != NORMAL && rng() % 2) m = ml.moves[i];
        castles += m.kind() == CASTLING;
        enPassants += m.kind() == EN_PASSANT;
        promotions += m.kind() == PROMOTION;
        captures += pos.is_capture(m);
        nnue::update(*net, pos, m, acc, next);
        UndoInfo u;
        pos.do_move(m, u);
        nnue::refresh(*net, pos, fresh);
        for (int c = 0; c < 2; ++c)
          for (int i = 0; i < nnue::HIDDEN; ++i)
            ASSERT_EQ(next.values[c][i], fresh.values[c][i]) << to_fen(pos) << " after " << m.raw();
        EXPECT_EQ(nnue::evaluate(*net, next, pos), nnue::evaluate(*net, fresh, pos));
        acc = next;
      }
    }
  }
  EXPECT_GT(castles, 5);
  EXPECT_GT(enPassants, 2);
  EXPECT_GT(promotions, 5);
  EXPECT_GT(captures, 100);
}

TEST(NnueAccumulator, EvaluationIsColourSymmetricAndMatchesTheScalarFormula) {
  auto net = random_network(6);
  std::set<int> buckets;
  for (const Position& pos : sample_positions(20)) {
    nnue::Accumulator a, b;
    nnue::refresh(*net, pos, a);
    const Position m = colour_flipped(pos);
    nnue::refresh(*net, m, b);
    const int v = nnue::evaluate(*net, a, pos);
    ASSERT_EQ(v, nnue::evaluate(*net, b, m)) << to_fen(pos);
    // The formula of arch.h, written out with plain integers: the output layer of the piece count's
    // bucket, squared clipped hidden values.
    int pieces = 0;
    for (int s = 0; s < 64; ++s) pieces += pos.piece_on(Square(s)) != NO_PIECE;
    const int bucket = pieces <= 2 ? 0 : pieces >= 32 ? 7 : (pieces - 2) / 4;
    buckets.insert(bucket);
    long long squares = 0;
    for (int half = 0; half < 2; ++half) {
      const Color p = half == 0 ? pos.side_to_move() : ~pos.side_to_move();
      for (int i = 0; i < nnue::HIDDEN; ++i) {
        int x = net->ftBias[i];
        for (int s = 0; s < 64; ++s)
          if (pos.piece_on(Square(s)) != NO_PIECE)
            x += net->ftWeights[nnue::feature(p, pos.piece_on(Square(s)), Square(s)) * nnue::HIDDEN + i];
        x = std::int16_t(x);
        const long long c = x < 0 ? 0 : x > nnue::QA ? nnue::QA : x;
        squares += c * c * net->outWeights[bucket][half * nnue::HIDDEN + i];
      }
    }
    ASSERT_EQ(v, int((squares / nnue::QA + net->outBias[bucket]) * nnue::SCALE / (nnue::QA * nnue::QB))) << to_fen(pos);
  }
  EXPECT_GE(buckets.size(), 4u) << "the sample reaches several output buckets";
}

namespace {

// A search of the engine's position to `depth`: its node count and best move (UCI).
std::pair<std::uint64_t, std::string> search_to_depth(Engine& e, const char* fen, int depth) {
  e.set_position(fen, {}, false);
  SearchLimits limits;
  limits.depth = depth;
  std::uint64_t nodes = 0;
  std::string best;
  e.go(limits, {[&](const SearchInfo& i) { nodes = i.nodes; }, [&](const BestMove& b) {
                  best = move_to_uci(e.position(), b.move);
                }});
  return {nodes, best};
}

constexpr const char* MIDDLEGAME = "r1bq1rk1/pp1n1ppp/4pn2/b1p5/2BP4/P1N1PN2/1P3PPP/R1BQ1RK1 w - - 1 10";

}  // namespace

TEST(NnueEngine, UseNnueOptionSearchesDeterministicallyAndDiffersFromTheHandWrittenEval) {
  auto search = [](bool nnue) {
    Engine e;
    EXPECT_EQ(e.set_option("Use NNUE", nnue ? "true" : "false").status, OptionResult::Status::Set);
    return search_to_depth(e, MIDDLEGAME, 9);
  };
  const auto a = search(true), b = search(true), hand = search(false);
  EXPECT_EQ(a, b);
  EXPECT_FALSE(a.second.empty());
  EXPECT_NE(a.first, hand.first);
  Engine e;
  const OptionResult r = e.set_option("Use NNUE", "sometimes");
  EXPECT_EQ(r.status, OptionResult::Status::Refused);
  EXPECT_EQ(r.message, "Use NNUE: invalid value 'sometimes', expected true or false; option unchanged");
}

// Native builds carry the network, so "Use NNUE" starts on: the option table, `uci`, the engine's
// choice, its searches and `eval` say so; set to false, the hand-written evaluation. (escaque.wasm, with
// the empty network, starts with it off: tests/node/wasm-module.test.mjs.)
TEST(NnueEngine, UseNnueIsOnByDefaultWhereTheNetworkIsBuiltIn) {
  ASSERT_NE(nnue::default_network(), nullptr);
  const auto& options = Engine::option_descriptions();
  const auto option = std::find_if(options.begin(), options.end(),
                                   [](const OptionDescription& o) { return std::string(o.name) == "Use NNUE"; });
  ASSERT_NE(option, options.end());
  EXPECT_EQ(option->type, OptionType::Check);
  EXPECT_EQ(option->defaultValue, 1);

  Engine byDefault, net, hand;
  EXPECT_EQ(byDefault.network(), nnue::default_network());
  EXPECT_EQ(net.set_option("Use NNUE", "true").status, OptionResult::Status::Set);
  EXPECT_EQ(hand.set_option("Use NNUE", "false").status, OptionResult::Status::Set);
  EXPECT_EQ(hand.network(), nullptr);
  const auto d = search_to_depth(byDefault, MIDDLEGAME, 8);
  EXPECT_EQ(d, search_to_depth(net, MIDDLEGAME, 8));
  EXPECT_NE(d.first, search_to_depth(hand, MIDDLEGAME, 8).first);

  UciSession s;
  auto run = [&s](const std::string& line) {
    std::string out;
    s.handle(line, out);
    return out;
  };
  EXPECT_NE(run("uci").find("option name Use NNUE type check default true\n"), std::string::npos);
  run("position fen " + std::string(MIDDLEGAME));
  const std::string withNet = run("eval"), byHand = (run("setoption name Use NNUE value false"), run("eval"));
  EXPECT_NE(withNet.find(" cp (side to move, network), not searched"), std::string::npos) << withNet;
  EXPECT_NE(byHand.find(" cp (side to move, hand-written evaluation), not searched"), std::string::npos) << byHand;
  run("setoption name Use NNUE value true");
  run("setoption name UCI_LimitStrength value true");
  EXPECT_EQ(run("eval"), byHand);  // a limited level evaluates by hand
}

// The strength levels are calibrated with the hand-written evaluation: with UCI_LimitStrength (or a
// Skill Level below 20) a search evaluates by hand even when Use NNUE is on, and full strength comes
// back to the net, in either order of the options.
TEST(NnueEngine, LimitedStrengthEvaluatesByHandWhateverUseNnueSays) {
  auto search = [](Engine& e, const char* skill) {
    EXPECT_EQ(e.set_option("Skill Level", skill).status, OptionResult::Status::Set);
    return search_to_depth(e, MIDDLEGAME, 7);
  };
  auto engine = [](bool nnue, bool nnueFirst) {
    auto e = std::make_unique<Engine>();
    EXPECT_EQ(e->set_option("Strength Seed", "7").status, OptionResult::Status::Set);
    if (nnueFirst) {
      EXPECT_EQ(e->set_option("Use NNUE", nnue ? "true" : "false").status, OptionResult::Status::Set);
    }
    EXPECT_EQ(e->set_option("UCI_LimitStrength", "true").status, OptionResult::Status::Set);
    EXPECT_EQ(e->set_option("UCI_Elo", "1800").status, OptionResult::Status::Set);
    if (!nnueFirst) {
      EXPECT_EQ(e->set_option("Use NNUE", nnue ? "true" : "false").status, OptionResult::Status::Set);
    }
    return e;
  };
  auto hand = engine(false, true), netFirst = engine(true, true), netLast = engine(true, false);
  const auto h = search(*hand, "20"), n1 = search(*netFirst, "20"), n2 = search(*netLast, "20");
  EXPECT_FALSE(h.second.empty());
  EXPECT_EQ(n1, h);
  EXPECT_EQ(n2, h);
  EXPECT_NE(netFirst->network(), nullptr);  // the choice is kept for full strength
  // Full strength again: the net.
  EXPECT_EQ(netFirst->set_option("UCI_LimitStrength", "false").status, OptionResult::Status::Set);
  EXPECT_EQ(hand->set_option("UCI_LimitStrength", "false").status, OptionResult::Status::Set);
  EXPECT_NE(search(*netFirst, "20").first, search(*hand, "20").first);
}
