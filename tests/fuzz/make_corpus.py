#!/usr/bin/env python3
"""Writes the small seed corpus of the fuzz targets: tests/fuzz/corpus/<target>/.

Deterministic (fixed seed), so re-running it reproduces the committed files.
The seeds only give libFuzzer a start in the right shape of input; coverage
comes from the mutations. Input formats are described in each target's source.

    python3 tests/fuzz/make_corpus.py
"""
import os
import random
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

STANDARD = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    "5r1k/8/2p5/2ppP3/4K3/r7/8/8 w - d6 0 2",
    "2r5/1P1k4/8/8/8/8/8/7K w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
]
CHESS960 = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
    "4k3/8/8/8/8/8/8/RRK4R w KB - 0 1",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBgb - 0 1",
]
ODD = [  # only valid without validation (option bit 1)
    "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
    "K1P4r/8/8/8/8/8/8/7k w - - 0 1",
    "4r2k/8/8/8/1b6/3n4/8/4K3 w - - 0 1",
]
BROKEN = [
    "", "8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
]


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    rng = random.Random(20240601)

    # fen_fuzz: option byte (bit 0 Chess960, bit 1 no validation) + FEN.
    n = 0
    for fen in STANDARD:
        write("fen_fuzz", "std-%02d" % n, b"\x00" + fen.encode()); n += 1
    for fen in CHESS960:
        write("fen_fuzz", "960-%02d" % n, b"\x01" + fen.encode()); n += 1
    for fen in ODD:
        write("fen_fuzz", "odd-%02d" % n, b"\x02" + fen.encode()); n += 1
    for fen in BROKEN:
        write("fen_fuzz", "bad-%02d" % n, b"\x00" + fen.encode()); n += 1

    # uci_move_fuzz: option byte + FEN + "\n" + move [+ "\n" + extra session lines].
    uci = [
        (0, STANDARD[0], "e2e4", "d"), (0, STANDARD[1], "e1g1", ""), (0, STANDARD[1], "e1h1", ""),
        (0, STANDARD[1], "e1c1", "position startpos moves e2e4 e7e5"), (0, STANDARD[7], "b7c8n", ""),
        (0, STANDARD[7], "b7b8", ""), (0, STANDARD[6], "e5d6", "isready"), (0, STANDARD[0], "e2e5", ""),
        (0, STANDARD[0], "e7e5", ""), (0, STANDARD[0], "0000", "uci"), (1, CHESS960[2], "c1b1", ""),
        (1, CHESS960[0], "g1h1", "setoption name UCI_Chess960 value true"), (0, "not a fen", "g1f3", ""),
        (3, "", "e2e4", ""),
    ]
    for i, (opt, fen, move, extra) in enumerate(uci):
        data = bytes([opt]) + fen.encode() + b"\n" + move.encode() + (b"\n" + extra.encode() if extra else b"")
        write("uci_move_fuzz", "seed-%02d" % i, data)

    # move_sequence_fuzz: bytes choose moves; first byte >= 0x80 selects a 960 start position.
    for i in range(8):
        write("move_sequence_fuzz", "std-%02d" % i, bytes([0]) + bytes(rng.randrange(256) for _ in range(60)))
    for i in range(8):
        head = bytes([0x80 | rng.randrange(128), rng.randrange(256)])
        write("move_sequence_fuzz", "960-%02d" % i, head + bytes(rng.randrange(256) for _ in range(60)))

    # san_fuzz: option byte + FEN + "\n" + SAN text.
    san = [
        (0, STANDARD[0], "Nf3"), (0, STANDARD[0], "e4"), (0, STANDARD[1], "O-O"), (0, STANDARD[1], "0-0-0"),
        (0, STANDARD[6], "exd6 e.p."), (0, STANDARD[7], "bxc8=N"), (0, STANDARD[7], "b8Q+"),
        (0, STANDARD[3], "Qxa3"), (1, CHESS960[2], "O-O-O"), (0, STANDARD[1], "Nxf7"), (0, STANDARD[1], "Ng1-f3"),
    ]
    for i, (opt, fen, text) in enumerate(san):
        write("san_fuzz", "seed-%02d" % i, bytes([opt]) + fen.encode() + b"\n" + text.encode())


if __name__ == "__main__":
    main()
