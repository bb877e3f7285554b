#!/usr/bin/env python3
"""Generate tests/data/perft.epd: perft reference counts computed by Stockfish.

Usage:
    python3 scripts/gen-perft-data.py [--out tests/data/perft.epd] [--stockfish PATH]

Every count in the output is computed at generation time by Stockfish
(Debian's Stockfish 15.1, /usr/games/stockfish) through UCI:

    setoption name Threads value 1
    setoption name UCI_Chess960 value <true|false>
    position fen <FEN>
    go perft <N>            -> final line "Nodes searched: <count>"

Output format (one position per line, '#' starts a comment line):

    <FEN with 6 fields> ;D1 <n> ;D2 <n> ... ;Dk <n>
    960 <FEN with 6 fields> ;D1 <n> ;D2 <n> ...      (Chess960 position)

Every depth from 1 to the deepest one is listed.  Positions without legal
moves (checkmate / stalemate) only list ";D1 0".

Chess960 castling rights are written either as Shredder-FEN (rook files,
e.g. "HAha") or as X-FEN ("KQkq" when the castling rook is the outermost rook
on that side of the king, otherwise the rook's file letter); the style
alternates between lines.

Chess960 start positions are numbered with the standard Scharnagl scheme
(0..959, index 518 = RNBQKBNR), see chess960_backrank() below:
    n -> (n mod 4) picks the light-squared bishop file (b, d, f, h);
    n //= 4; (n mod 4) picks the dark-squared bishop file (a, c, e, g);
    n //= 4; (n mod 6) picks the queen's square among the 6 empty squares;
    n //= 6; n (0..9) picks the knights' squares among the 5 remaining squares
             (0:NN--- 1:N-N-- 2:N--N- 3:N---N 4:-NN-- 5:-N-N- 6:-N--N
              7:--NN- 8:--N-N 9:---NN);
    the last 3 squares get rook, king, rook (left to right).

The generator is deterministic: random games use a fixed-seed SplitMix64
PRNG and always choose among Stockfish's legal moves sorted by UCI string.
Each position is validated (one king each, side not to move not in check,
consistent castling rights / en-passant square) and every hand-written edge
case is also emitted colour-mirrored; the mirrored counts must match.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from uci_engine import UciEngine  # noqa: E402

STOCKFISH_DEFAULT = "/usr/games/stockfish"

# Depth selection: deepen until the count at the deepest depth reaches
# MIN_NODES, but never go to a depth whose estimated count exceeds MAX_NODES.
MIN_NODES = 100_000
MAX_NODES = 20_000_000
MAX_DEPTH = 10

SEED = 0x45534341_51554531  # "ESCAQUE1"


# ---------------------------------------------------------------------------
# Stockfish wrapper
# ---------------------------------------------------------------------------

class Engine(UciEngine):
    def __init__(self, path):
        super().__init__(path, {"Threads": 1, "Hash": 16})
        self.c960 = None
        self.set960(False)

    def set960(self, flag):
        if flag != self.c960:
            self.send("setoption name UCI_Chess960 value " + ("true" if flag else "false"))
            self.c960 = flag
            self.sync()

    def perft(self, fen, depth, c960):
        """Return (total, {move: count})."""
        self.set960(c960)
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        moves = {}
        for l in lines[:-1]:
            if ": " in l:
                m, n = l.split(": ", 1)
                if n.strip().isdigit():
                    moves[m.strip()] = int(n)
        total = int(lines[-1].split(":")[1])
        return total, moves

    def legal_moves(self, fen, c960):
        return sorted(self.perft(fen, 1, c960)[1])

    def display(self, fen, moves, c960):
        """Return (fen, checkers) after playing moves from fen."""
        self.set960(c960)
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        out_fen = None
        for l in lines:
            if l.startswith("Fen: "):
                out_fen = l[5:].strip()
        checkers = lines[-1][len("Checkers:"):].strip()
        return out_fen, checkers



# ---------------------------------------------------------------------------
# Deterministic PRNG (SplitMix64)
# ---------------------------------------------------------------------------

class Rng:
    M = (1 << 64) - 1

    def __init__(self, seed):
        self.s = seed & self.M

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & self.M
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.M
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def range(self, lo, hi):  # inclusive
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def weighted(self, items, weights):
        total = sum(weights)
        r = self.below(total)
        for it, w in zip(items, weights):
            if r < w:
                return it
            r -= w
        return items[-1]


# ---------------------------------------------------------------------------
# FEN helpers
# ---------------------------------------------------------------------------

def parse_board(fen):
    """board[(file, rank)] = piece char, rank 0 = rank 1."""
    rows = fen.split()[0].split("/")
    if len(rows) != 8:
        raise ValueError("bad board: " + fen)
    board = {}
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                if ch not in "PNBRQKpnbrqk":
                    raise ValueError("bad piece %r in %s" % (ch, fen))
                board[(f, rank)] = ch
                f += 1
        if f != 8:
            raise ValueError("bad row %r in %s" % (row, fen))
    return board


def sq(name):
    return (ord(name[0]) - 97, int(name[1]) - 1)


def sqname(s):
    return "abcdefgh"[s[0]] + str(s[1] + 1)


def mirror_fen(fen):
    """Colour-flip: mirror ranks, swap piece colours and side to move."""
    f = fen.split()
    rows = f[0].split("/")
    board = "/".join(r.swapcase() for r in reversed(rows))
    stm = "b" if f[1] == "w" else "w"
    if f[2] == "-":
        castle = "-"
    else:
        sw = f[2].swapcase()
        castle = "".join([c for c in sw if c.isupper()] + [c for c in sw if c.islower()])
    ep = "-" if f[3] == "-" else f[3][0] + ("6" if f[3][1] == "3" else "3")
    return " ".join([board, stm, castle, ep, f[4], f[5]])


def castle_rook_squares(fen):
    """Resolve castling rights to a list of (colour, king_sq, rook_sq, letter)."""
    f = fen.split()
    board = parse_board(fen)
    res = []
    if f[2] == "-":
        return res
    for ch in f[2]:
        white = ch.isupper()
        r = 0 if white else 7
        king = "K" if white else "k"
        rook = "R" if white else "r"
        ks = [s for s, p in board.items() if p == king]
        if len(ks) != 1 or ks[0][1] != r:
            raise ValueError("castling right %s without king on back rank: %s" % (ch, fen))
        kf = ks[0][0]
        c = ch.upper()
        if c == "K":
            cand = [x for x in range(7, kf, -1) if board.get((x, r)) == rook]
            if not cand:
                raise ValueError("no rook for %s: %s" % (ch, fen))
            rf = cand[0]
        elif c == "Q":
            cand = [x for x in range(0, kf) if board.get((x, r)) == rook]
            if not cand:
                raise ValueError("no rook for %s: %s" % (ch, fen))
            rf = cand[0]
        elif c in "ABCDEFGH":
            rf = ord(c) - ord("A")
            if board.get((rf, r)) != rook or rf == kf:
                raise ValueError("no rook for %s: %s" % (ch, fen))
        else:
            raise ValueError("bad castling char %s: %s" % (ch, fen))
        res.append(("w" if white else "b", (kf, r), (rf, r), ch))
    return res


def to_xfen(fen):
    """Rewrite castling rights as X-FEN (KQkq for outermost rooks, else files)."""
    f = fen.split()
    if f[2] == "-":
        return fen
    board = parse_board(fen)
    out = []
    for colour, ksq, rsq, ch in castle_rook_squares(fen):
        rook = "R" if colour == "w" else "r"
        r = ksq[1]
        if rsq[0] > ksq[0]:
            outer = [x for x in range(rsq[0] + 1, 8) if board.get((x, r)) == rook]
            c = "K" if not outer else "ABCDEFGH"[rsq[0]]
        else:
            outer = [x for x in range(0, rsq[0]) if board.get((x, r)) == rook]
            c = "Q" if not outer else "ABCDEFGH"[rsq[0]]
        out.append(c if colour == "w" else c.lower())
    f[2] = "".join(out)
    return " ".join(f)


def to_shredder(fen):
    f = fen.split()
    if f[2] == "-":
        return fen
    out = []
    for colour, ksq, rsq, ch in castle_rook_squares(fen):
        c = "ABCDEFGH"[rsq[0]]
        out.append(c if colour == "w" else c.lower())
    f[2] = "".join(out)
    return " ".join(f)


def validate(engine, fen, c960):
    f = fen.split()
    if len(f) != 6:
        raise ValueError("FEN needs 6 fields: " + fen)
    board = parse_board(fen)
    if f[1] not in ("w", "b"):
        raise ValueError("bad side to move: " + fen)
    if sum(1 for p in board.values() if p == "K") != 1 or sum(1 for p in board.values() if p == "k") != 1:
        raise ValueError("need exactly one king per side: " + fen)
    for (x, r), p in board.items():
        if p in "Pp" and r in (0, 7):
            raise ValueError("pawn on back rank: " + fen)
    rights = castle_rook_squares(fen)
    if not c960:
        for colour, ksq, rsq, ch in rights:
            if ch not in "KQkq" or ksq[0] != 4 or rsq[0] not in (0, 7):
                raise ValueError("non-standard castling in standard FEN: " + fen)
    if f[3] != "-":
        ep = sq(f[3])
        white = f[1] == "w"
        if ep[1] != (5 if white else 2):
            raise ValueError("bad ep rank: " + fen)
        pawn_sq = (ep[0], ep[1] - 1) if white else (ep[0], ep[1] + 1)
        orig_sq = (ep[0], ep[1] + 1) if white else (ep[0], ep[1] - 1)
        if board.get(pawn_sq) != ("p" if white else "P") or ep in board or orig_sq in board:
            raise ValueError("inconsistent ep square: " + fen)
    if not (f[4].isdigit() and f[5].isdigit() and int(f[5]) >= 1):
        raise ValueError("bad move counters: " + fen)
    # The side not to move must not be in check.
    flipped = " ".join([f[0], "b" if f[1] == "w" else "w", f[2], "-", "0", "1"])
    _, checkers = engine.display(flipped, [], c960)
    if checkers:
        raise ValueError("side not to move is in check (%s): %s" % (checkers, fen))


# ---------------------------------------------------------------------------
# Chess960 start positions
# ---------------------------------------------------------------------------

KNIGHT_TABLE = ["NN---", "N-N--", "N--N-", "N---N", "-NN--",
                "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"]


def chess960_backrank(n):
    """Scharnagl numbering: 0 = BBQNNRKR, 518 = RNBQKBNR, 959 = RKRNNQBB."""
    assert 0 <= n < 960
    rank = [None] * 8
    n, b1 = divmod(n, 4)
    rank[2 * b1 + 1] = "B"          # light-squared bishop: b, d, f, h
    n, b2 = divmod(n, 4)
    rank[2 * b2] = "B"              # dark-squared bishop: a, c, e, g
    n, q = divmod(n, 6)
    empty = [i for i in range(8) if rank[i] is None]
    rank[empty[q]] = "Q"
    empty = [i for i in range(8) if rank[i] is None]
    for i, c in zip(empty, KNIGHT_TABLE[n]):
        if c == "N":
            rank[i] = "N"
    empty = [i for i in range(8) if rank[i] is None]
    for i, c in zip(empty, "RKR"):
        rank[i] = c
    return "".join(rank)


def chess960_fen(n, style="shredder"):
    br = chess960_backrank(n)
    k = br.index("K")
    rooks = [i for i, c in enumerate(br) if c == "R"]
    if style == "shredder":
        wc = "ABCDEFGH"[rooks[1]] + "ABCDEFGH"[rooks[0]]
    else:
        wc = "KQ"
    castle = wc + wc.lower()
    assert rooks[0] < k < rooks[1]
    return "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1" % (br.lower(), br, castle)


assert chess960_backrank(518) == "RNBQKBNR"
assert chess960_backrank(0) == "BBQNNRKR"
assert chess960_backrank(959) == "RKRNNQBB"
assert len({chess960_backrank(i) for i in range(960)}) == 960


# ---------------------------------------------------------------------------
# Hand-written positions
# ---------------------------------------------------------------------------

# (fen, depth, published count at that depth) -- verified against Stockfish.
FAMOUS = [
    ("CPW position 1: start position",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("CPW position 2: Kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
    ("CPW position 3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083),
    ("CPW position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292),
    ("CPW position 4 (mirrored)",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292),
    ("CPW position 5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("CPW position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551),
]

# Groups of hand-written standard-chess edge cases.  Each group is emitted
# with a comment line; every position is followed by its colour mirror.
EDGE_GROUPS = [
    ("en passant capture that gives (discovered) check", [
        "8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 2",        # removing d5 opens Bb3-f7
        "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 2",         # vacating e5 opens the e-file
        "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2",          # both pawns leave the 5th rank
        "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 2",          # the capturing pawn checks
        "r3k2r/8/8/1pP5/8/8/8/R3K2R w KQkq b6 0 2",    # ep next to castling positions
        "8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 2",         # rook h5 checks black king on b5 after exd6
    ]),
    ("en passant illegal because of a pin (horizontal pin on the 5th/4th rank, diagonal pins)", [
        "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2",          # rook h5 pins both pawns
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",           # capturing pawn next to king
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",          # queen on the 4th rank
        "8/8/8/K1NpP2r/8/8/8/4k3 w - d6 0 2",         # knight blocks: ep legal
        "4k3/6b1/8/4Pp2/8/8/1K6/8 w - f6 0 2",        # diagonal pin, capture along pin: legal
        "4k3/6b1/8/3pP3/8/8/1K6/8 w - d6 0 2",        # diagonal pin, capture off pin: illegal
        "b3k3/8/8/3pP3/8/8/6K1/8 w - d6 0 2",         # removing captured pawn exposes king
    ]),
    ("en passant as evasion of a check by the double-pushed pawn", [
        "7k/8/2p5/Ppp5/K7/PP6/8/8 w - b6 0 2",        # axb6 e.p. is the only legal move
        "8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1",          # exd3 e.p. or king moves
        "8/8/8/7k/4Pp2/8/8/3BK3 b - e3 0 1",          # discovered check by Bd1: e.p. does not help
        "4k3/8/8/2Pp4/2K5/8/8/8 w - d6 0 2",          # king next to checking pawn
    ]),
    ("double check (only king moves are legal)", [
        "4r1k1/8/8/8/8/3n4/3Q4/R3K2R w KQ - 0 1",     # rook + knight, castling rights while in check
        "6k1/8/8/b7/3Q4/8/8/4K2r w - - 0 1",          # bishop + rook, king may not retreat along the ray
        "r2qk2r/ppp2ppp/3N4/8/8/8/8/4R1K1 b kq - 0 1", # knight + rook
        "4k3/8/8/8/1b6/8/2n5/R3K3 w Q - 0 1",          # knight + bishop
    ]),
    ("castling through / into attacked squares, out of check", [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",       # all four castlings legal
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",     # f1 attacked
        "r3k2r/8/8/2b5/8/8/8/R3K2R w KQkq - 0 1",     # g1 attacked
        "r3k2r/8/8/8/8/2n5/8/R3K2R w KQkq - 0 1",     # d1 attacked
        "r3k2r/8/8/8/8/b7/8/R3K2R w KQkq - 0 1",      # c1 attacked
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",       # only b1 attacked: O-O-O legal
        "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",     # king in check
        "r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1",     # pawn attacks f1 and h1
        "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",     # castling blocked by own pieces
        "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1",      # queen blocks O-O-O
    ]),
    ("castling rights lost by capture of a rook on its home square", [
        "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1",     # Bxa8
        "r3k2r/8/8/8/8/8/5n2/R3K2R b KQkq - 0 1",     # Nxh1
        "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",     # bxa8=Q+
        "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1",     # gxh1 (promotion capture)
        "r3k2r/p6p/8/B7/1b6/8/P6P/R3K2R w KQkq - 0 1", # bishops hitting e1/e8 area
    ]),
    ("promotions with capture and check", [
        "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",           # bxa8=Q+/R+
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",           # axb8=Q+/R+
        "4k3/8/8/8/8/8/1p6/R1N1K3 b Q - 0 1",         # bxa1 / bxc1=Q+
        "5n2/R5Pk/8/8/8/8/8/4K3 w - - 0 1",           # promotion with discovered check
        "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1",           # exd8 with king next to pawn
    ]),
    ("under-promotions", [
        "8/4P3/3k4/8/8/8/8/K7 w - - 0 1",             # e8=N+
        "8/2P5/1k6/8/8/8/8/4K3 w - - 0 1",            # c8=N+
        "7k/5P2/6K1/8/8/8/8/8 w - - 0 1",             # f8=Q#/R# vs f8=N, f8=B
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",    # promotion-heavy position
        "8/PPPPk3/8/8/8/8/3Kpppp/8 w - - 0 1",        # eight promoting pawns
    ]),
    ("checkmate and stalemate (no legal moves)", [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",             # stalemate
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",              # stalemate
        "k7/b1K5/8/8/8/8/8/R7 b - - 0 1",             # stalemate with pinned bishop
        "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",            # king + pawn stalemate
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # fool's mate
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1",          # back-rank mate
        "6rk/5Npp/8/8/8/8/8/6K1 b - - 1 1",           # smothered mate
    ]),
    ("pins and check evasions", [
        "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",          # pawn pinned on file may push
        "4k3/8/8/8/8/5b2/4P3/3K4 w - - 0 1",          # pinned pawn may capture the pinner
        "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1",          # bishop pinned diagonally moves on the ray
        "4k3/4q3/8/8/8/8/4N3/4K3 w - - 0 1",          # pinned knight cannot move
        "4k3/8/8/8/8/8/3PPP2/r3K2R w K - 0 1",        # check along the back rank
        "3k4/8/8/8/8/8/2n5/R3K2R w KQ - 0 1",         # knight check, castling rights present
    ]),
    ("many queens (promoted pieces)", [
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",  # 218 legal moves
        "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
        "4k3/8/8/8/8/8/8/QQQQKQQQ b - - 0 1",
        "1q2k1q1/8/8/8/8/8/8/1Q2K1Q1 w - - 0 1",
        "rnbqkbnr/Q1Q4Q/8/8/8/8/q1q4q/RNBQKBNR w - - 0 1",
        "3k4/8/8/2QQQ3/8/8/8/3K4 b - - 0 1",
    ]),
    ("talkchess perft edge-case set (counts from Stockfish, not from memory)", [
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",          # avoid illegal ep #1
        "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",         # avoid illegal ep #2
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",        # ep capture checks opponent
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",             # short castling gives check
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",             # long castling gives check
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",  # castle rights
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",   # castling prevented
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",          # promote out of check
        "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",        # discovered check
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",             # promote to give check
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",              # under-promote to give check
        "K1k5/8/P7/8/8/8/8/8 w - - 0 1",              # self stalemate
        "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",             # stalemate and checkmate
        "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",          # stalemate and checkmate
    ]),
]

# Hand-written Chess960 positions (Shredder-FEN castling rights; every other
# line is rewritten to X-FEN on output).  Each is followed by its mirror.
C960_HAND = [
    ("king and rook adjacent (O-O-O swaps Kd1/Rc1)",
     "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R w HChc - 0 1"),
    ("king and rook adjacent, empty back ranks",
     "2rk3r/8/8/8/8/8/8/2RK3R w HChc - 0 1"),
    ("castling rook on the king's destination square (Rg1, Ke1)",
     "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"),
    ("castling rook on the king's destination square, empty back ranks",
     "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"),
    ("O-O blocked only by the other rook (Rf1 Kg1 Rh1), O-O-O legal",
     "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w HFhf - 0 1"),
    ("O-O-O blocked only by the other rook (Ra1 Kb1 Rc1), O-O legal",
     "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1"),
    ("castling rook shields the king's destination from a queen on a1 (O-O-O illegal)",
     "4k3/8/8/8/8/8/3PPP2/qR2K3 w B - 0 1"),
    ("only the rook's path is attacked (O-O-O legal)",
     "1r2k3/8/8/8/8/8/8/R4K2 w A - 0 1"),
    ("castling rook is not the outermost rook (X-FEN needs a file letter)",
     "4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1"),
    ("king already on g1: O-O moves only the rook",
     "4k3/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HA - 0 1"),
    ("king on b1 next to rook a1",
     "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"),
    ("rook already on d1: O-O-O moves only the king",
     "3rk2r/8/8/8/8/8/8/3RK2R w HDhd - 0 1"),
    ("rook already on f1: O-O moves only the king",
     "r3kr2/8/8/8/8/8/8/R3KR2 w FAfa - 0 1"),
    ("king on c1: O-O-O moves only the rook",
     "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1"),
    ("king path attacked (e1 by rook e8)",
     "4r1k1/8/8/8/8/8/8/1RK4R w HB - 0 1"),
    ("castling gives check with the rook",
     "5k2/8/8/8/8/8/8/1RK4R w HB - 0 1"),
    ("king in check: no castling",
     "1rk3r1/8/8/8/8/8/8/1RK2qR1 w GBgb - 0 1"),
    ("rook capturable on its home square (castling right lost by capture)",
     "1r3kr1/8/8/8/8/8/4n3/1R3KR1 b GBgb - 0 1"),
]


# ---------------------------------------------------------------------------
# Random games
# ---------------------------------------------------------------------------

def is_castle(board, move, c960):
    fr, to = sq(move[:2]), sq(move[2:4])
    p = board.get(fr)
    if p not in ("K", "k"):
        return False
    if c960:
        return board.get(to) == ("R" if p == "K" else "r")
    return abs(fr[0] - to[0]) == 2


def random_game(engine, rng, fen, plies, c960, develop=False, want_ep=False, min_plies=4):
    """Play random legal moves; returns final FEN (None if failed to satisfy want_ep)."""
    for ply in range(plies):
        moves = engine.legal_moves(fen, c960)
        if not moves:
            return fen
        board = parse_board(fen)
        if want_ep and ply >= min_plies:
            them = "p" if fen.split()[1] == "w" else "P"
            eps = []
            for m in moves:
                fr, to = sq(m[:2]), sq(m[2:4])
                p = board.get(fr)
                if p in ("P", "p") and abs(fr[1] - to[1]) == 2:
                    if board.get((to[0] - 1, to[1])) == them or board.get((to[0] + 1, to[1])) == them:
                        eps.append(m)
            if eps and rng.below(3) == 0:
                fen, _ = engine.display(fen, [rng.choice(eps)], c960)
                if fen.split()[3] != "-":
                    return fen
                continue
        if develop:
            weights = []
            for m in moves:
                fr = sq(m[:2])
                p = board.get(fr).upper()
                back = fr[1] in (0, 7)
                if is_castle(board, m, c960):
                    w = 1
                elif p in "NBQ" and back:
                    w = 12
                elif p in "KR":
                    w = 1
                else:
                    w = 3
                weights.append(w)
            m = rng.weighted(moves, weights)
        else:
            m = rng.choice(moves)
        fen, _ = engine.display(fen, [m], c960)
    if want_ep:
        return None
    return fen


def has_castle_move(engine, fen, c960):
    board = parse_board(fen)
    return any(is_castle(board, m, c960) for m in engine.legal_moves(fen, c960))


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

class Generator:
    def __init__(self, engine):
        self.e = engine
        self.lines = []
        self.seen = set()
        self.n_pos = 0
        self.n_960 = 0
        self.deep_total = 0
        self.t_start = time.time()

    def counts(self, fen, c960, depth=None):
        res = []
        d = 1
        while True:
            n, _ = self.e.perft(fen, d, c960)
            res.append(n)
            if n == 0:
                break
            if depth is not None:
                if d >= depth:
                    break
            else:
                if n >= MIN_NODES or d >= MAX_DEPTH:
                    break
                if len(res) >= 2:
                    ratios = [res[-1] / max(res[-2], 1)]
                    if len(res) >= 3:
                        ratios.append(res[-2] / max(res[-3], 1))
                    est = n * max(ratios)
                else:
                    est = n * n
                if est > MAX_NODES:
                    break
            d += 1
        return res

    def comment(self, text):
        self.lines.append("# " + text)

    def add(self, fen, c960=False, depth=None, note=None):
        key = (" ".join(fen.split()[:4]), c960)
        if key in self.seen:
            print("  duplicate skipped: " + fen, file=sys.stderr)
            return None
        self.seen.add(key)
        validate(self.e, fen, c960)
        res = self.counts(fen, c960, depth)
        line = ("960 " if c960 else "") + fen + "".join(" ;D%d %d" % (i + 1, n) for i, n in enumerate(res))
        if note:
            self.lines.append("# " + note)
        self.lines.append(line)
        self.n_pos += 1
        self.n_960 += c960
        self.deep_total += res[-1]
        return res

    def add_with_mirror(self, fen, c960=False, note=None):
        r1 = self.add(fen, c960, note=note)
        m = mirror_fen(fen)
        r2 = self.add(m, c960, depth=len(r1) if r1 else None)
        if r1 is not None and r2 is not None and r1 != r2:
            raise RuntimeError("mirror mismatch for %s: %s vs %s" % (fen, r1, r2))


def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--out", default=os.path.join(root, "tests", "data", "perft.epd"))
    ap.add_argument("--stockfish", default=os.environ.get("STOCKFISH", STOCKFISH_DEFAULT))
    args = ap.parse_args()

    e = Engine(args.stockfish)
    g = Generator(e)
    rng = Rng(SEED)

    g.lines += [
        "# Perft reference data for escaque.",
        "# Generated by scripts/gen-perft-data.py; all counts computed by Stockfish 15.1",
        "# (go perft N, one thread).  Do not edit by hand.",
        "# Format: [960 ]<FEN> ;D1 <n> ;D2 <n> ... (every depth from 1 to the deepest).",
        "# '960 ' prefix = Chess960 position (Shredder-FEN or X-FEN castling rights).",
        "",
    ]

    # 1. Famous positions with published counts.
    g.comment("=== Chess Programming Wiki perft positions (published counts verified) ===")
    for name, fen, depth, expected in FAMOUS:
        print("famous: " + name, file=sys.stderr)
        res = g.add(fen, depth=depth, note=name)
        if res[-1] != expected:
            raise RuntimeError("%s: stockfish gives %d at depth %d, published %d"
                               % (name, res[-1], depth, expected))
    # A frequently mis-typed variant of position 5 (d2 pawn present): its own
    # counts, NOT the published 89941194.
    g.add("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPPPNnPP/RNBQK2R w KQ - 1 8",
          note="CPW position 5 with an extra pawn on d2 (common typo; not the published position)")
    g.add("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
          note="CPW position 6 without the black bishop on g4 (common typo; not the published position)")
    g.lines.append("")

    # 2. Hand-written edge cases (+ mirrors).
    for title, fens in EDGE_GROUPS:
        print("group: " + title, file=sys.stderr)
        g.comment("=== " + title + " (each followed by its colour mirror) ===")
        for fen in fens:
            g.add_with_mirror(fen)
        g.lines.append("")

    # 3. Random games from the start position.
    start = FAMOUS[0][1]
    print("random games", file=sys.stderr)
    g.comment("=== positions after random legal moves from the start position ===")
    n = 0
    while n < 40:
        plies = rng.range(6, 90)
        fen = random_game(e, rng, start, plies, False)
        if g.add(fen, note="%d random plies" % plies) is not None:
            n += 1
    g.lines.append("")
    g.comment("=== random games ending with a double pawn push next to an enemy pawn (en passant square set) ===")
    n = 0
    while n < 16:
        plies = rng.range(8, 70)
        fen = random_game(e, rng, start, plies, False, want_ep=True, min_plies=rng.range(2, 40))
        if fen is None or fen.split()[3] == "-":
            continue
        if g.add(fen) is not None:
            n += 1
    g.lines.append("")
    g.comment("=== random 'developing' games where castling is legal at the root ===")
    n = 0
    while n < 8:
        plies = rng.range(8, 30)
        fen = random_game(e, rng, start, plies, False, develop=True)
        if fen.split()[2] == "-" or not has_castle_move(e, fen, False):
            continue
        if g.add(fen) is not None:
            n += 1
    g.lines.append("")

    # 4. Chess960.
    print("chess960", file=sys.stderr)
    g.comment("=== Chess960 start positions (Scharnagl index; X-FEN KQkq or Shredder-FEN) ===")
    all_br = [chess960_backrank(i) for i in range(960)]

    def first_index(pred, skip=()):
        for i, br in enumerate(all_br):
            if i not in skip and pred(br):
                return i
        raise RuntimeError("no index")

    picked = [0, 518, 959]
    feature = [
        ("king and rook adjacent (RK on a/b)", lambda b: b.startswith("RK")),
        ("king and rook adjacent (KR on g/h)", lambda b: b.endswith("KR")),
        ("king-side rook on g (king's destination)", lambda b: b[6] == "R" and b[7] != "R"),
        ("queen-side rook on c (king's destination), king on d", lambda b: b[2] == "R" and b[3] == "K"),
        ("king on b", lambda b: b[1] == "K"),
        ("king on g", lambda b: b[6] == "K"),
    ]
    feat_of = {}
    for name, pred in feature:
        i = first_index(pred, skip=picked)
        picked.append(i)
        feat_of[i] = name
    while len(picked) < 20:
        i = rng.below(960)
        if i not in picked:
            picked.append(i)
    for k, i in enumerate(picked):
        style = "xfen" if k % 2 else "shredder"
        note = "Chess960 #%d %s" % (i, all_br[i])
        if i in feat_of:
            note += ": " + feat_of[i]
        g.add(chess960_fen(i, style), c960=True, note=note)
    g.lines.append("")

    g.comment("=== Chess960: positions after random moves from start positions ===")
    n = 0
    while n < 24:
        idx = picked[n] if n < len(picked) and n % 2 else rng.below(960)
        develop = n % 3 != 2
        plies = rng.range(4, 28) if develop else rng.range(4, 40)
        fen = random_game(e, rng, chess960_fen(idx), plies, True, develop=develop)
        castle_ok = fen.split()[2] != "-" and has_castle_move(e, fen, True)
        # Every other position must have a legal castling move at the root.
        if not castle_ok and n % 2 == 0:
            continue
        out = to_xfen(fen) if n % 2 else to_shredder(fen)
        note = "from #%d %s, %d plies%s" % (idx, all_br[idx], plies, ", castling legal" if castle_ok else "")
        if g.add(out, c960=True, note=note) is not None:
            n += 1
    g.lines.append("")

    g.comment("=== Chess960: random games ending with an en passant square set ===")
    n = 0
    while n < 4:
        idx = rng.below(960)
        plies = rng.range(8, 40)
        fen = random_game(e, rng, chess960_fen(idx), plies, True, develop=True,
                          want_ep=True, min_plies=rng.range(4, 20))
        if fen is None or fen.split()[3] == "-":
            continue
        out = to_xfen(fen) if n % 2 else to_shredder(fen)
        if g.add(out, c960=True, note="from #%d %s" % (idx, all_br[idx])) is not None:
            n += 1
    g.lines.append("")

    g.comment("=== Chess960 hand-written castling edge cases (each followed by its colour mirror) ===")
    for k, (title, fen) in enumerate(C960_HAND):
        out = to_xfen(fen) if k % 2 else fen
        g.add_with_mirror(out, c960=True, note=title)
    # The "rook not outermost" case in both notations.
    g.add(to_xfen("4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1"), c960=True,
          note="same position, X-FEN notation (GQ)")
    g.lines.append("")

    g.comment("positions: %d (Chess960: %d); sum of counts at deepest depths: %d"
              % (g.n_pos, g.n_960, g.deep_total))
    e.close()

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        fh.write("\n".join(g.lines) + "\n")
    print("wrote %s: %d positions (%d Chess960), deepest-depth total %d nodes, %.1fs"
          % (args.out, g.n_pos, g.n_960, g.deep_total, time.time() - g.t_start), file=sys.stderr)


if __name__ == "__main__":
    main()
