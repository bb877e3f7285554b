#!/usr/bin/env python3
# How a match spent its clock: reads a PGN written by the match runner (comments like {+0.45/13 0.105s},
# {book} for opening moves) and prints, per ten moves (the last row: move 80 on), the average seconds a
# move of escaque (the player whose name starts with "escaque") and of its opponent, then the average
# seconds a game.
#   python3 bench/time-use.py .cache/results/escaque-...-ethereal.pgn
import collections
import re
import sys

BUCKETS = 9  # moves 0-9, 10-19, ..., 80 on

ours = collections.defaultdict(list)
theirs = collections.defaultdict(list)
ours_per_game, theirs_per_game = [], []
for game in open(sys.argv[1]).read().split('[Event ')[1:]:
    escaque_white = re.search(r'\[White "([^"]+)"', game).group(1).startswith('escaque')
    body = game.split('\n\n', 1)[1]
    book = len(re.findall(r'\{book\}', body))
    spent = {True: 0.0, False: 0.0}
    for i, seconds in enumerate(float(x) for x in re.findall(r'([0-9.]+)s\}', body)):
        ply = book + i
        mine = (ply % 2 == 0) == escaque_white
        (ours if mine else theirs)[min(ply // 2 // 10, BUCKETS - 1)].append(seconds)
        spent[mine] += seconds
    ours_per_game.append(spent[True])
    theirs_per_game.append(spent[False])

mean = lambda xs: sum(xs) / max(1, len(xs))
for k in sorted(ours):
    moves = f'{k * 10}-{k * 10 + 9}' if k < BUCKETS - 1 else f'{k * 10}+'
    print(f'moves {moves}: escaque {mean(ours[k]):.3f} s ({len(ours[k])} moves), opponent {mean(theirs[k]):.3f} s')
print(f'a game: escaque {mean(ours_per_game):.1f} s, opponent {mean(theirs_per_game):.1f} s')
