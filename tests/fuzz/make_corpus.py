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


    # pgn_fuzz: option byte (see pgn_fuzz.cpp: language, skip mode, glyphs, line width, FEN checks)
    # + PGN text. Small games typed here, one feature each, plus a few broken ones.
    pgn = [
        (0x00, '[Event "Casual"]\n[White "A \\"quoted\\" name"]\n[Black "B"]\n[Result "1-0"]\n\n'
               '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n'),
        (0x10, '{Game comment} 1. e4 $1 {after} (1. d4 {in a variation} d5 (1... Nf6 2. c4)) 1... c5!? '
               '2. Nf3 ?! d6 ; a line comment\n3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n'),
        (0x00, '1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7# 1-0\n\n1. d4 d5 2. c4 e6 1/2-1/2\n\n1. f3 e5 2. g4 Qh4# 0-1\n'),
        (0x00, '[SetUp "1"]\n[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8=Q+ Kd7 2. Qb7+ -- 3. Qb5+ *\n'),
        (0x00, '[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n'
               '9. O-O O-O 10. Nc3 *\n'),
        (0x00, '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 '
               '9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4 Qf5 '
               '16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 '
               '22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0\n'),
        (0x01, '[Event "Partida"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O Dd6 *\n'),
        (0x05, '1. e4 e5 2. \u2658f3 \u265ec6 3. \u2657b5 *\n'),
        (0x00, '1. e2-e4 e7-e5 2. Ng1-f3 Nb8xc6?! 3. Bf1b5 a7a6 4. Bb5xc6 dxc6 5. 0-0 f6 6. d2d4 exd4 '
               '7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bd7 10. Be3 O-O-O ½-½\n'),
        (0x00, '1. e4 d5 2. exd5 e5 3. dxe6 e.p. Bxe6 4. d4 $14 $32 +- *\n'),
        (0x08, '1. e4 e5 2. Nf6 Nc6 *\n\n[Event "after a bad move"]\n\n1. d4 d5 *\n\n1. e4 ( 2. d4 *\n\n'
               '[Event "x"]\n\n1. c4 {never closed\n'),
        (0x00, '[Event "unterminated\n\n1. e4 *\n'),
        (0x00, '1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3 (1. b3))))) e5 *\n'),
        (0x00, '%escaped line\n[Event "CRLF"]\r\n\r\n1. e4 {a\r\ncomment} e5 $300 *\r\n'),
        (0x60, '1. e4 {a comment with } inside? no} e5 2. Nc3 {%not a command} Nc6 3. Bc4 {[%clk 0:01:02] '
               '[%eval 0.31]} Bc5 0-1\n'),
        (0x00, '\xef\xbb\xbf[Event "BOM"]\n\n1. e4 e5 2. Nf3 Z0 3. Bc4 *\n'),
    ]
    for i, (opt, text) in enumerate(pgn):
        write("pgn_fuzz", "seed-%02d" % i, bytes([opt]) + text.encode("utf-8"))

    # uci_session_fuzz: command lines, one per '\n' (see uci_session_fuzz.cpp for the bounds it adds).
    sessions = [
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1\ngo movetime 50",
        "setoption name MultiPV value 3\nposition startpos\ngo nodes 500\nd",
        "setoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo depth 2",
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1200\ngo wtime 1000 btime 1000 winc 10 binc 10",
        "position startpos moves e2e4 e7e5 g1f3\ngo perft 2",
        "go infinite\nstop\ngo ponder\nponderhit",
        "setoption name Hash value 4096\nsetoption name Clear Hash\neval",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 1\ngo mate 2",
        "position startpos moves e2e5\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\nposition banana\ngo depth x",
        "setoption name OwnBook value true\nposition startpos\ngo movetime 10",
        "go searchmoves e2e4 d2d4 depth 2\ngo depth 2 searchmoves a1a1",
        "setoption name Skill Level value 3\nsetoption name Strength Seed value 7\ngo depth 2",
        "bench x\nfoo bar\n\r\n\tisready\nquit\nisready",
    ]
    for i, text in enumerate(sessions):
        write("uci_session_fuzz", "seed-%02d" % i, text.encode())

if __name__ == "__main__":
    main()
