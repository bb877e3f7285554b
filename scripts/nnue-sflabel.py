#!/usr/bin/env python3
"""Scores the positions of NNUE training chunks again with Debian's Stockfish (15.1, /usr/games/stockfish).

The chunks of scripts/nnue-datagen.sh carry the score of escaque's own search (a few thousand nodes); a
network trained on them learns what that search already knows. This writes the same records with the
score of a Stockfish search to a fixed depth instead (docs/engine.md, "Net 10"), scaled to escaque's
units, so that tools/nnue/train.cpp can train on them unchanged. Positions Stockfish scores as a mate
are dropped (the trainer keeps no mate scores either).

  scripts/nnue-sflabel.py [--depth 7] [--scale 1.4] [--jobs 2] OUTDIR CHUNK.bin...
  scripts/nnue-sflabel.py --fit OUTDIR [DATA=/work/nnue-data]

The records hold no castling rights or en passant square (training_record.h), so Stockfish sees the
position without them; the halfmove clock is passed on. Scores are centipawns from White's point of
view, Stockfish's (normalised) centipawns times --scale, clamped to ±3000: 1.4 is the factor that best
maps Stockfish's depth-7 scores onto the scores of net 9's own 6 000–12 000-node searches on the same
positions (--fit prints the fit for a labelled OUTDIR against the chunks it came from, after dividing
its scores by --scale again). Resumable: a chunk already in OUTDIR is skipped; each is written to .tmp
and renamed. One Stockfish process per job, Threads 1, Hash 16 MB.
"""
import argparse
import math
import os
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
from uci_engine import UciEngine  # noqa: E402

STOCKFISH = os.environ.get('STOCKFISH', '/usr/games/stockfish')
PIECES = 'PNBRQK'
RECORD = 32


def fen_of(rec):
    """The FEN of a 32-byte record (tools/nnue/training_record.h) and its side to move."""
    occ = struct.unpack_from('<Q', rec, 0)[0]
    board = [None] * 64
    k = 0
    for sq in range(64):
        if occ >> sq & 1:
            byte = rec[8 + k // 2]
            v = (byte >> 4) if k & 1 else (byte & 15)
            k += 1
            board[sq] = PIECES[v & 7] if v < 8 else PIECES[v & 7].lower()
    rows = []
    for rank in range(7, -1, -1):
        row, empty = '', 0
        for f in range(8):
            p = board[rank * 8 + f]
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ''))
    stm = 'w' if rec[27] == 0 else 'b'
    return f"{'/'.join(rows)} {stm} - - {min(rec[30], 99)} 1", stm


def score(engine, fen, depth):
    """('cp', n) or ('mate', n) from the side to move's view: the last exact score of `go depth`."""
    engine.send('position fen ' + fen)
    engine.send(f'go depth {depth}')
    found = None
    for line in engine.read_until(lambda l: l.startswith('bestmove')):
        if line.startswith('info depth') and ' score ' in line and 'bound' not in line:
            t = line.split()
            j = t.index('score')
            found = (t[j + 1], int(t[j + 2]))
    return found


def label(args, chunks):
    sf = UciEngine(STOCKFISH, {'Threads': 1, 'Hash': 16})
    t0, n = time.time(), 0
    for path in chunks:
        dst = os.path.join(args.outdir, os.path.basename(path))
        if os.path.exists(dst):
            continue
        data = open(path, 'rb').read()
        kept = bytearray()
        for i in range(0, len(data) - RECORD + 1, RECORD):
            rec = bytearray(data[i:i + RECORD])
            fen, stm = fen_of(rec)
            found = score(sf, fen, args.depth)
            n += 1
            if found is None or found[0] != 'cp':
                continue
            cp = found[1] if stm == 'w' else -found[1]
            struct.pack_into('<h', rec, 24, max(-3000, min(3000, round(cp * args.scale))))
            kept += rec
        with open(dst + '.tmp', 'wb') as f:
            f.write(kept)
        os.rename(dst + '.tmp', dst)
        print(f'{os.path.basename(path)}: {len(kept) // RECORD} kept of {len(data) // RECORD}; '
              f'{n / (time.time() - t0):.0f} positions/s', flush=True)
    sf.close()


def fit(args):
    """Best factor k mapping the labelled scores (divided by --scale) onto the source chunks' own scores."""
    sig = lambda v: 1 / (1 + math.exp(-v / 400))
    pairs = []
    for name in sorted(os.listdir(args.outdir))[::5]:
        if not name.endswith('.bin'):
            continue
        a = open(os.path.join(args.outdir, name), 'rb').read()
        src = os.path.join(args.chunks[0] if args.chunks else '/work/nnue-data', name)
        if not os.path.exists(src):
            continue
        b = open(src, 'rb').read()
        if len(a) != len(b):  # a mate dropped: the records no longer line up
            continue
        for i in range(0, len(a), RECORD):
            pairs.append((struct.unpack_from('<h', a, i + 24)[0] / args.scale, struct.unpack_from('<h', b, i + 24)[0]))
    if not pairs:
        sys.exit('nnue-sflabel: no chunk to compare')
    print(f'{len(pairs)} positions')
    for k in (1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.8):
        loss = sum((sig(ours) - sig(k * sf)) ** 2 for sf, ours in pairs) / len(pairs)
        print(f'scale {k:.1f}: mean squared difference of win probabilities {loss:.6f}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--depth', type=int, default=7)
    ap.add_argument('--scale', type=float, default=1.4)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--fit', action='store_true')
    ap.add_argument('outdir')
    ap.add_argument('chunks', nargs='*')
    args = ap.parse_args()
    if args.fit:
        return fit(args)
    if not args.chunks:
        ap.error('no chunks to label')
    os.makedirs(args.outdir, exist_ok=True)
    if args.jobs <= 1:
        return label(args, args.chunks)
    children = []
    for j in range(args.jobs):
        pid = os.fork()
        if pid == 0:
            label(args, args.chunks[j::args.jobs])
            os._exit(0)
        children.append(pid)
    status = 0
    for pid in children:
        status |= os.waitpid(pid, 0)[1]
    sys.exit(1 if status else 0)


if __name__ == '__main__':
    main()
