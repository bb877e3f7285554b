#!/usr/bin/env python3
# How a match spent its clock: reads a PGN written by the match runner (comments like {+0.45/13 0.105s},
# "book" for opening moves) and prints, per ten moves, the average seconds a move of escaque (the player
# whose name starts with "escaque") and of its opponent, then the average seconds a game.
#   python3 bench/time-use.py .cache/results/escaque-...-ethereal.pgn
import re,sys
txt=open(sys.argv[1]).read()
games=txt.split('[Event ')[1:]
import collections
us=collections.defaultdict(list); them=collections.defaultdict(list)
tot_us=[];tot_them=[]
for g in games:
    white=re.search(r'\[White "([^"]+)"',g).group(1)
    body=g.split('\n\n',1)[1]
    times=[float(x) for x in re.findall(r'([0-9.]+)s\}',body)]
    # times in ply order after book
    nbook=len(re.findall(r'\{book\}',body))
    esc_white=white.startswith('escaque')
    su=st=0
    for i,t in enumerate(times):
        ply=nbook+i
        white_moves = ply%2==0
        mine = white_moves==esc_white
        mv=ply//2
        (us if mine else them)[min(mv//10,8)].append(t)
        if mine: su+=t
        else: st+=t
    tot_us.append(su); tot_them.append(st)
for k in sorted(us): 
    a=us[k];b=them[k]
    print(f"moves {k*10}-{k*10+9}: us {sum(a)/max(1,len(a)):.3f}s ({len(a)})  them {sum(b)/max(1,len(b)):.3f}s")
print("avg total per game us %.1f them %.1f"%(sum(tot_us)/len(tot_us),sum(tot_them)/len(tot_them)))
